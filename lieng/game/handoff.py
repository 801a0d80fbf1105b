"""The hot-seat's hand-off: whose turn waits for whom, whose screen it is, and the clock
meanwhile — the game part of passing one computer round a table, without the window.

At a hot-seat table the session's "me" is the person whose hand-off was confirmed (the
``viewer``); between turns, hands, during the deal and at the showdown there is none.
When the turn comes to a person who is not the viewer, the turn waits for them
(``pending``) and nobody's clock runs (``Table.timer_paused``) until they confirm that
they have the screen ("Tôi là Lan"): then their turn timer starts afresh (docs/RULES.md
step 6). A person who never comes is folded by the table's own timeout, which the whole
table is told (``time_out``): the wait for each hand-off is timed here (``HandoffWait``,
``Handoff.wait``), in seconds the panel was there to be seen, which the screen passes in.
The screen draws the hand-off panel and puts the viewer's
cards on the board; it decides none of this (tests/game/test_handoff.py).

``Handoff`` is the session's hot-seat policy (``TableSession.policy``): built on a
session, it makes that session the hot-seat's — the board gets the spectator's view
(``spectator``), me may act only once their hand-off is confirmed (``may_act``), broke
people are asked and bots rebuy (``flow``), and what the whole table must hear is said
through the session (``TableSession.said``): a person timed out, a hand-off nobody came
for, a rebuy, a seat left. So the hot-seat screen overrides few of the table screen's
methods: it draws the panel, turns the table to the viewer and shows their cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from lieng.engine import Action, ActionKind, ActionTaken, Card, Event, RuleSet
from lieng.table import Table

from .flow import BetweenHands, BrokePolicy
from .session import TableSession

HANDOFF_LIMIT = 60.0
"""Seconds the hand-off panel waits for the named player before folding them: three
times the default turn timer, so a player fetching a drink isn't folded at once, but one
who walked away doesn't hold up the table for ever."""


def first_person(table: Table) -> int:
    """The seat a hot-seat table shows first: its first person's. Raises ``ValueError``
    for a table of bots alone, which is no hot-seat game."""
    for seat, s in enumerate(table.seats):
        if s.kind == "human":
            return seat
    raise ValueError("a hot-seat table needs at least one person")


def wait_limit(rules: RuleSet, wanted: float | None = HANDOFF_LIMIT) -> float | None:
    """How long a hand-off waits for its person (None: for ever). No turn timer, no
    hand-off limit: nobody is hurried at a table without a clock (docs/RULES.md step 6)."""
    return wanted if rules.turn_seconds > 0 else None


class HandoffWait:
    """The wait for one person's hand-off: ``limit`` seconds (None: for ever, at a table
    without a clock), counted only as the screen passes them in (``wait``) — the seconds
    the panel asking for that person was on top, so a dialog over it (Esc's "end the
    game?") stops the count. When it runs out the person is folded (``Handoff.time_out``)."""

    def __init__(self, limit: float | None = HANDOFF_LIMIT) -> None:
        self.limit = limit
        self.waited = 0.0
        """Seconds waited so far."""

    def wait(self, dt: float) -> bool:
        """``dt`` more seconds waited; True when the wait has run out (the panel then
        times the person out, once)."""
        self.waited += dt
        return self.limit is not None and self.waited >= self.limit

    def left(self) -> float | None:
        """Seconds left before the person is folded (None: no limit), for the panel to
        count down."""
        return None if self.limit is None else max(0.0, self.limit - self.waited)


class Handoff:
    """The hand-off state of the hot-seat ``session``, and its policy (see the module
    docstring); ``is_person(seat)``: the seat is played by a person at this computer (a
    bot's turn waits for nobody); ``rebuy_allowed``: broke people may buy chips again
    (else a broke seat leaves); ``limit``: how long a hand-off waits (``wait_limit``: no
    limit at a table without a clock)."""

    def __init__(self, session: TableSession[Table], is_person: Callable[[int], bool],
                 rebuy_allowed: bool = True, limit: float | None = HANDOFF_LIMIT) -> None:
        self.session = session
        self.limit = wait_limit(session.table.rules, limit)
        """How long each hand-off waits for its person (None: for ever)."""
        self.wait: HandoffWait | None = None
        """The wait for the pending person's hand-off, timed afresh for each (None: nobody
        is waited for)."""
        self.is_person = is_person
        self.rebuy_allowed = rebuy_allowed
        self.on_viewer_gone: Callable[[int], None] | None = None
        """The screen's: take this seat's cards off the board. Called as the turn leaves
        the viewer, before the events that ended it are drawn."""
        self._told = 0
        """The flow's seat changes already told to the table."""
        self._timing_out = False
        """A hand-off nobody came for is being timed out (told once, as that)."""
        self.viewer: int | None = None
        """The person whose hand-off was confirmed: the only seat whose cards may be shown.
        None between turns, hands, during the deal and at the showdown."""
        self._pending: int | None = None
        self.last_viewer: int | None = None
        self.handoffs = 0
        """Hand-offs confirmed."""
        self.confirmed: Counter[int] = Counter()
        """Confirmed hand-offs per seat."""
        self.timeouts = 0
        """Hand-offs nobody came for (the absent person folded)."""
        session.spectator = True  # nobody's dealt cards reach the board
        session.flow = BetweenHands(session.table, self._broke, needs_people=True)
        session.policy = self

    @property
    def pending(self) -> int | None:
        """The person the turn has come to, waiting for the hand-off."""
        return self._pending

    @pending.setter
    def pending(self, seat: int | None) -> None:
        """Another person waited for (or nobody): their wait starts from nothing."""
        if seat != self._pending:
            self.wait = None if seat is None else HandoffWait(self.limit)
        self._pending = seat

    def _broke(self, seat: int) -> BrokePolicy:
        """Broke people are asked (rebuy or leave) when the setup allows rebuys, bots
        rebuy by themselves; without rebuys a broke seat leaves. The game ends when no
        person is left (``lieng.game.flow``)."""
        if not self.rebuy_allowed:
            return "leave"
        return "ask" if self.is_person(seat) else "rebuy"

    def name(self, seat: int) -> str:
        return self.table.seats[seat].name

    def hands_over(self, seat: int) -> bool:
        """The turn that waits for ``seat`` passes the computer to another person ("Đưa
        máy cho Lan"), rather than coming back to whoever had it last ("Lượt của Lan")."""
        return self.last_viewer is None or self.last_viewer != seat

    # ----------------------------------------------------------------- the policy

    def may_act(self) -> bool:
        """Only the person whose hand-off was confirmed acts: me is the viewer."""
        return self.viewer is not None and self.viewer == self.session.me

    def after_flow(self) -> None:
        """Tell the table the seat changes the flow made (bots' rebuys at once, people's
        choices): "Minh đã mua thêm 1.000", "Lan rời bàn"."""
        changes = self.session.flow.changes
        for change in changes[self._told:]:
            if change.kind == "rebuy":
                self.session.said.say("hotseat.rebought", who=self.name(change.seat),
                                      amount=change.chips)
            else:
                self.session.said.say("hotseat.left", who=self.name(change.seat))
        self._told = len(changes)

    def rebuy(self, seat: int) -> None:
        """A broke person chose to buy chips again."""
        self.session.flow.rebuy(seat)
        self.after_flow()

    def leave(self, seat: int) -> None:
        """A broke person chose to leave the table."""
        self.session.flow.leave(seat)
        self.after_flow()

    @property
    def table(self) -> Table:
        return self.session.table

    def after_events(self, events: Sequence[Event] = ()) -> bool:
        """The table moved on (``events``, before they are drawn): the viewer's screen
        ends with their turn, a turn that has come to another person waits for them, and
        a person the table timed out is named to everyone. True when the viewer's cards
        left the screen now (``on_viewer_gone`` was told)."""
        for e in events:
            if isinstance(e, ActionTaken) and e.kind is ActionKind.TIMEOUT \
                    and self.is_person(e.seat) and not self._timing_out:
                self.session.said.say("hotseat.timed_out", who=self.name(e.seat))
        self.settle()
        hand = self.table.hand
        gone = self.viewer
        leaves = gone is not None and (hand is None or hand.is_over or hand.to_act != gone)
        if leaves:
            self.viewer = None
            if self.on_viewer_gone is not None and gone is not None:
                self.on_viewer_gone(gone)
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

    def confirm(self, seat: int) -> tuple[Card, ...] | None:
        """``seat``'s person has the screen: they are me now, their turn timer starts
        afresh, and their own cards — the only ones the screen may show besides the
        spectator's view (``hand.view_for(seat)``) — are returned for it to put face up.
        None (nothing changes) when the turn is not theirs. The game reads the hand; the
        screen only places what it is given."""
        hand = self.table.hand
        if hand is None or hand.is_over or hand.to_act != seat:
            return None
        self.pending = None
        self.viewer = self.last_viewer = seat
        self.session.me = seat
        self.table.restart_turn_timer(self.session.clock)
        self.handoffs += 1
        self.confirmed[seat] += 1
        return hand.view_for(seat).my_cards

    def close_view(self) -> None:
        """The viewer's screen ends now (the game is over): their cards leave it."""
        gone, self.viewer = self.viewer, None
        if gone is not None and self.on_viewer_gone is not None:
            self.on_viewer_gone(gone)

    def time_out(self, seat: int) -> bool:
        """Nobody came for ``seat``'s hand-off: the table times the turn out (a fold the
        whole table is told of, once: "Lan không đến, bị bỏ bài"). False when the turn is
        no longer theirs."""
        hand = self.table.hand
        self.pending = None
        if hand is None or hand.is_over or hand.to_act != seat:
            return False
        self.timeouts += 1
        self._timing_out = True
        try:
            self.table.act(seat, Action.timeout(), self.session.clock)
        finally:
            self._timing_out = False
        self.session.said.say("hotseat.handoff_timeout", who=self.name(seat))
        return True
