"""The standings of a shared table: who won and lost how much, and the game's result for
the history.

Players are ranked by what they won or lost (``Seat.net``), not by the chips in front of
them: at a table with rebuys, chips bought are not chips won. The hot-seat scoreboard
draws this ranking and the hot-seat game saves it when it ends (docs/HOTSEAT.md); it is
the game's, so it is tested without a window (tests/game/test_standings.py).

``GameEnd`` is the hot-seat game's record: where its hands and final standings go, and
the end itself — the standings made and written once, whether the players end the game,
the flow does (no two can pay) or the window closes mid-game. The screen asks it to
finish and draws the scoreboard; it keeps no "ended" of its own for the record.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from lieng.storage.documents import Notice
from lieng.storage.history import GameResult, History, Standing
from lieng.table import Seat, Table

if TYPE_CHECKING:
    from .session import TableSession


def ranked(table: Table) -> list[tuple[int, Seat, int]]:
    """(place, seat, seat index) best first; equal results share a place."""
    order = sorted(range(table.n_seats), key=lambda i: (-table.seats[i].net, i))
    out: list[tuple[int, Seat, int]] = []
    for pos, i in enumerate(order):
        place = pos + 1
        if out and table.seats[i].net == out[-1][1].net:
            place = out[-1][0]
        out.append((place, table.seats[i], i))
    return out


def champion(result: GameResult) -> Standing | None:
    """The one player who won the most chips, if any were won: the final scoreboard
    names them. None when the best places are shared, or nobody is ahead."""
    best = [standing for standing in result.standings if standing.place == 1]
    return best[0] if len(best) == 1 and best[0].net > 0 else None


def completed_hands(table: Table) -> int:
    """Hands played to the end: a hand in play (or voided by ending the game) isn't one."""
    return table.hand_no - (1 if table.in_hand else 0)


def placings(table: Table) -> list[tuple[Standing, int]]:
    """Each player's standing so far — name, kind, level, chips, net and place
    (``ranked``) — with the seat it is, best first: the scoreboard's rows over the table,
    and at the end the final standings."""
    return [(Standing(seat.name, seat.kind, seat.spec.level if seat.kind == "bot" else None,
                      seat.stack, seat.net, place), i)
            for place, seat, i in ranked(table)]


def game_result(table: Table, when: datetime) -> GameResult:
    """The final standings for the history (mode "hotseat"), ranked by chips won."""
    return _result(table, when, placings(table))


def _result(table: Table, when: datetime, placed: list[tuple[Standing, int]]) -> GameResult:
    return GameResult(when, "hotseat", completed_hands(table), tuple(s for s, _i in placed))


class GameEnd:
    """The hot-seat game's record and its end (see the module docstring): ``notify`` is
    told of a storage problem (disk full…), ``clock`` stamps the result and the hands."""

    def __init__(self, session: TableSession[Table],
                 notify: Callable[[Notice | None], None],
                 clock: Callable[[], datetime] = datetime.now) -> None:
        self.session = session
        self.notify = notify
        self.clock = clock
        self.history: History | None = None
        """Where the hands and the final standings go (None: nowhere)."""
        self.result: GameResult | None = None
        """The final standings, once the game is over (``finish``): what the history
        keeps and the final scoreboard draws."""
        self.seats: tuple[int, ...] = ()
        """The seat of each of ``result``'s standings, in their order (the scoreboard
        draws a seat's buy-ins and whether it left beside its standing)."""

    @property
    def over(self) -> bool:
        return self.result is not None

    def record_to(self, history: History | None) -> None:
        """From now on the hands go to ``history`` as the table showed them (the
        spectator's view: ``TableSession.record``), and so will the final standings."""
        self.history = history
        if history is None:
            self.session.stop_recording()
        else:
            self.session.record(history, "hotseat", self.notify, lambda: self.clock())

    def finish(self) -> GameResult | None:
        """The game is over: the standings of the completed hands (a hand in play is not
        counted) are made and written to the history, once. Returns them the first time —
        what the final scoreboard draws — and None when the game had already ended."""
        if self.result is not None:
            return None
        table = self.session.table
        placed = placings(table)
        self.result = _result(table, self.clock(), placed)
        self.seats = tuple(i for _standing, i in placed)
        if self.history is not None:
            self.notify(self.history.append(self.result))
        return self.result
