"""Replaying a recorded hand: the history line's events, already
redacted for the player's seat when they were recorded, are fed to the same ``Board`` the
table scene uses, so the replay has the same deal, chip and payout animations — and shows
no card the player did not see (RULES.md step 8: only showdown hands are revealed).

A hand is cut into *steps* a person can follow with next / previous: the deal (everything
up to the first action), then each action, the showdown, each pot paid out. Going back
rebuilds the board from the start up to the previous step with the animations landed.
The story (``lieng.game.story``: the log's lines, the hand's result) is told each step
as it is fed, and rebuilt with the board on every step back; the screen shows the lines of
the events the board has shown (``Board.shown``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lieng.engine import ActionTaken, Event, PotAwarded, Showdown
from lieng.game.story import Story
from lieng.storage.history import HandRecord
from lieng.ui.tabletop.board import Board


def split_steps(events: Sequence[Event]) -> list[list[Event]]:
    """The hand's events in steps: a new step starts at every action, the showdown and
    every pot award; other events join the step before them."""
    steps: list[list[Event]] = []
    for e in events:
        if not steps or isinstance(e, ActionTaken | Showdown | PotAwarded):
            steps.append([])
        steps[-1].append(e)
    return steps


class Replay:
    """Step through one recorded hand on a ``Board``."""

    def __init__(self, record: HandRecord, speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None,
                 fmt: Callable[[int], str] = str) -> None:
        self.record = record
        self.steps = split_steps(record.events)
        self.me = record.viewer if record.viewer is not None else 0
        self.names = [s.name for s in record.seats]
        self._speed = speed
        self._sound = sound
        self._fmt = fmt
        self.log = Story()
        self.board = self._new_board()
        self.pos = 0
        """Steps fed so far (0..len(steps))."""

    def _new_board(self) -> Board:
        board = Board(self.names, self.me, self._speed, self._sound, self._fmt,
                      own_face_up=lambda: True)
        self._mark_bots(board)
        return board

    def _mark_bots(self, board: Board) -> None:
        """Bot seats' plates say so, as they did at the table."""
        for plate, seat in zip(board.seats, self.record.seats, strict=True):
            plate.bot = seat.kind == "bot"
            plate.level = seat.level

    @property
    def at_end(self) -> bool:
        return self.pos >= len(self.steps)

    def next(self) -> bool:
        """Play the next step. A person stepping on skips what the board is still
        animating (``Board.catch_up``): a replay has no table behind it, only its steps."""
        if self.at_end:
            return False
        self.board.catch_up()
        self.board.feed(self.steps[self.pos])
        self.log.feed(self.steps[self.pos])
        self.pos += 1
        return True

    def previous(self) -> bool:
        """Back one step: the board as it stood after the step before, settled."""
        if self.pos <= 1:
            return False
        self.seek(self.pos - 1)
        return True

    def seek(self, pos: int) -> None:
        """The board after ``pos`` steps, every animation landed, silently."""
        pos = max(0, min(len(self.steps), pos))
        self.board = Board(self.names, self.me, lambda: 0.0, None, self._fmt,
                           own_face_up=lambda: True)
        self.log.clear()
        self._mark_bots(self.board)
        for step in self.steps[:pos]:
            self.board.feed(step)
            self.log.feed(step)
        self.board.update(0.0)  # at speed 0 every beat lands in its first frame
        # Further steps animate at the player's speed again.
        self.board.speed = self._speed
        self.board.sound = self._sound or (lambda name: None)
        self.pos = pos
