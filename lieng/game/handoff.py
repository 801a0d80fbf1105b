"""The hot-seat's hand-off: whose turn waits for whom, whose screen it is, and the clock
meanwhile — the game part of passing one computer round a table, without the window.

At a hot-seat table the session's "me" is the person whose hand-off was confirmed (the
``viewer``); between turns, hands, during the deal and at the showdown there is none.
When the turn comes to a person who is not the viewer, the turn waits for them
(``pending``) and nobody's clock runs (``Table.timer_paused``) until they confirm that
they have the screen ("Tôi là Lan"): then their turn timer starts afresh (docs/RULES.md
step 6). A person who never comes is folded by the table's own timeout, which the whole
table is told (``time_out``). The screen draws the hand-off panel and puts the viewer's
cards on the board; it decides none of this (tests/game/test_handoff.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from lieng.engine import Action
from lieng.table import Table

from .session import TableSession


class Handoff:
    """The hand-off state of the hot-seat ``session``; ``is_person(seat)``: the seat is
    played by a person at this computer (a bot's turn waits for nobody)."""

    def __init__(self, session: TableSession[Table], is_person: Callable[[int], bool]) -> None:
        self.session = session
        self.is_person = is_person
        self.viewer: int | None = None
        """The person whose hand-off was confirmed: the only seat whose cards may be shown.
        None between turns, hands, during the deal and at the showdown."""
        self.pending: int | None = None
        """The person the turn has come to, waiting for the hand-off."""
        self.last_viewer: int | None = None
        self.handoffs = 0
        """Hand-offs confirmed."""
        self.confirmed: Counter[int] = Counter()
        """Confirmed hand-offs per seat."""
        self.timeouts = 0
        """Hand-offs nobody came for (the absent person folded)."""

    @property
    def table(self) -> Table:
        return self.session.table

    def after_events(self) -> bool:
        """The table moved on: the viewer's screen ends with their turn, and a turn that
        has come to another person waits for them. True when the viewer's cards must
        leave the screen now."""
        hand = self.table.hand
        leaves = self.viewer is not None and (hand is None or hand.is_over
                                              or hand.to_act != self.viewer)
        if leaves:
            self.viewer = None
        if hand is None:
            return leaves
        if hand.is_over:
            self.pending = None
            return leaves
        seat = hand.to_act
        if seat is not None and self.is_person(seat) and seat != self.viewer:
            self.table.timer_paused = True  # nobody's clock runs until they have the screen
            self.pending = seat
        return leaves

    def settle(self) -> None:
        """A turn waited for has gone by (folded by its timeout, the hand over): nobody
        is waited for any more."""
        hand = self.table.hand
        if self.pending is not None and (hand is None or hand.is_over
                                         or hand.to_act != self.pending):
            self.pending = None

    def confirm(self, seat: int) -> bool:
        """``seat``'s person has the screen: they are me now, and their turn timer starts
        afresh. False (nothing changes) when the turn is not theirs."""
        hand = self.table.hand
        if hand is None or hand.is_over or hand.to_act != seat:
            return False
        self.pending = None
        self.viewer = self.last_viewer = seat
        self.session.me = seat
        self.table.restart_turn_timer(self.session.clock)
        self.handoffs += 1
        self.confirmed[seat] += 1
        return True

    def time_out(self, seat: int) -> bool:
        """Nobody came for ``seat``'s hand-off: the table times the turn out (a fold the
        whole table is told of). False when the turn is no longer theirs."""
        hand = self.table.hand
        self.pending = None
        if hand is None or hand.is_over or hand.to_act != seat:
            return False
        self.timeouts += 1
        self.table.act(seat, Action.timeout(), self.session.clock)
        return True
