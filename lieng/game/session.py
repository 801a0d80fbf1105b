"""One person's seat at a table, as the screens need it: the game without the window.

A ``TableSession`` owns what a table screen used to hold beside its drawing: the table,
what happens between hands (``BetweenHands``), where a rebuy's chips come from (a
bankroll, or the buy-in again), who "me" is, what me may do now, and the table's clock.
The screen draws the session and forwards intents (``act``, ``next_hand``, ``rebuy``); it
decides no rule and keeps no game state of its own, and the same flow runs here without
pygame (tests/game/test_session.py).

**One turn check, one redaction.** ``act`` is the one place of the window's side that
asks "is it me to act, and may I do this?" (a LAN table does not ask again: the host
does, at its own boundary); the events the
session hands its listeners are redacted once, for the seat it shows (``me``; ``None``,
the spectator's view, at a hot-seat table whose board no person's cards may reach) — at
a LAN table by the host, per connection, so the session hands them on as they came
(``TableLike.redacted_for``).

**Time is passed in.** The clock is the screen's to move (``advance``): it stands still
while the board is still animating or a dialog covers the table, which only the screen
can know; the session then ticks the table at that clock (``tick``), so a bot "thinks"
and a turn times out in table time, as docs/ARCHITECTURE.md says.

The hot-seat and LAN screens use the same class, each mode's session assembled outside
the screens and given to them: against bots ``bot_session`` (below), the hot-seat's
``lieng.game.hotseat_game`` (its own broke-seat policy and the spectator's view), a LAN
seat's ``lieng.net.guest_session`` (a table answered from one seat's view,
``RemoteTable``, and a flow that decides nothing: the host does).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from lieng.engine import (
    Action,
    ActionKind,
    ActionTaken,
    Event,
    HandOverError,
    IllegalActionError,
    Legal,
    NotEnoughPlayersError,
    TurnStarted,
    redact,
)
from lieng.table import Table, TableLike

from .announcements import Announcements
from .bot_seating import Arrival, BotSeating
from .flow import AskRebuy, BetweenHands, DealNext, GameOver
from .recorders import HandRecorder, NoticeSink
from .story import HandResult, ResultLine, Story, result_lines

if TYPE_CHECKING:
    from lieng.storage.history import GameMode, History

    from .profile import Profile

TableT = TypeVar("TableT", bound=TableLike, covariant=True)
"""The table a session plays: ``Table`` at the bot and hot-seat tables, ``RemoteTable``
at a LAN table."""

Listener = Callable[[Sequence[Event]], None]
TIMER_WARNING = 5.0
"""Seconds left on my turn when the screen warns me (once a turn: ``turn_warning``)."""
Welcome = Callable[[Sequence[Arrival]], None]


class ChipSource(Protocol):
    """The bankroll side of a rebuy (``lieng.game.profile.Profile``)."""

    def max_buy_in(self) -> int: ...

    def rebuy(self, wanted: int) -> int: ...


class SeatPolicy(Protocol):
    """What a mode decides about "me" beyond the bot table's rule (me is one seat, always
    at the screen): the hot-seat's hand-off (``lieng.game.handoff.Handoff``). The LAN
    table needs none — the host decides — and the bot table is the default."""

    def may_act(self) -> bool:
        """Me may act on me's turn now (the hot-seat: only once me has the screen)."""
        ...

    def after_events(self, events: Sequence[Event]) -> object:
        """The table moved on (called before the events reach the screen)."""
        ...

    def after_flow(self) -> None:
        """The between-hands flow has decided (seats may have changed)."""
        ...


@dataclass(frozen=True)
class RebuyOffer:
    """What the rebuy me is asked about would do: ``amount`` chips onto the table, from
    the bankroll when me plays for real (``bank``: what it holds now; None: the buy-in
    again, from nowhere)."""

    amount: int
    bank: int | None

    @property
    def after(self) -> int:
        """What the bankroll keeps once the rebuy is taken from it."""
        return max(0, (self.bank or 0) - self.amount)


@dataclass(frozen=True)
class TableHeader:
    """What the table's top line says about the table (``TableSession.header``): the hand
    being played or just played (None before a hand was ever dealt — a LAN table
    waiting for its first deal has no "Ván 0"), whether a hand is on, the table bet, the
    rounds the rules allow (docs/RULES.md step 7) and the tie-break preset's name
    (step 8)."""

    hand_no: int | None
    in_hand: bool
    table_bet: int
    max_rounds: int
    preset: str


class TableSession(Generic[TableT]):
    """The table as seat ``me`` plays it (see the module docstring).

    ``rebuy``: the chips a rebuy adds (default: me's starting stack). ``flow``: the
    between-hands decisions; by default the bot table's — me is asked to rebuy when broke,
    a broke bot sits out, and beating every bot wins the table (``lieng.game.flow``).
    ``spectator``: the listeners get the spectator's view (``redact(e, None)``) instead of
    me's.
    """

    def __init__(self, table: TableT, me: int = 0, rebuy: int | None = None,
                 flow: BetweenHands | None = None, spectator: bool = False) -> None:
        self.table = table
        self.me = me
        self.rebuy_amount = rebuy if rebuy is not None else table.seats[me].spec.stack
        self.bank: ChipSource | None = None
        """Where rebuys come from when playing for real (the bankroll); None: the buy-in
        again, from nowhere."""
        self.flow = flow if flow is not None else BetweenHands(
            table, lambda seat: "ask" if seat == self.me else "sit_out", self._offer)
        self.spectator = spectator
        self.clock = 0.0
        """Table time, in seconds: moved by ``advance`` only."""
        self.story = Story(lambda: self.table.hand_no,
                           lambda: [seat.name for seat in self.table.seats])
        """The log's lines and each hand's result, told from the public events as they
        arrive (``lieng.game.story``); the screens put them into words."""
        self.said = Announcements()
        """What the table told the player in words — a timed-out turn, a rebuy, a
        hand-off (``lieng.game.announcements``); the screen draws each new one."""
        self.events = 0
        """Events the table has sent so far; the next one's number."""
        self._turn_event = -1
        self._warned_turn: tuple[int, int] | None = None
        """The number of the last ``TurnStarted``."""
        self._shown: Callable[[], int] | None = None
        self._listeners: list[Listener] = []
        self.policy: SeatPolicy | None = None
        """The mode's say about me beyond the bot table's (the hot-seat's hand-off)."""
        self.seating: BotSeating | None = None
        """Who takes a broke bot's seat between hands (the bot table's newcomers,
        ``lieng.game.bot_seating``); None: nobody comes (the hot-seat and LAN tables)."""
        self._welcomers: list[Welcome] = []
        self._moved_on: int | None = None
        """The hand whose result me moved on from (``next_hand`` was asked after it)."""
        self._pace: Callable[[], float] | None = None
        """The window's speed setting, read whenever the table may start a bot's turn
        (``paced_by``)."""
        self.recorder: HandRecorder | None = None
        """Writes every hand the table finishes to the history (``record``; when me plays
        for the bankroll's chips, the bankroll's recorder: ``play_for_real``)."""
        table.subscribe(self._on_events)

    # ----------------------------------------------------------------- events

    def subscribe(self, listener: Listener) -> None:
        """``listener`` gets every batch of the table's events, redacted for the seat this
        session shows — the only events a screen ever receives."""
        self._listeners.append(listener)

    def _on_events(self, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, TurnStarted):
                self._turn_event = self.events
            elif isinstance(e, ActionTaken) and e.kind is ActionKind.TIMEOUT \
                    and e.seat == self.me and not self.spectator:
                self.said.say("msg.timeout")  # the hot-seat tells whose (its screen)
            self.events += 1
        self.story.feed(events)
        if self.policy is not None:
            self.policy.after_events(events)
        seat = None if self.spectator else self.me
        # Redacted once: a LAN table's events are already this seat's (the host's work).
        done = seat is not None and seat == self.table.redacted_for
        shown = list(events) if done else [redact(e, seat) for e in events]
        for listener in list(self._listeners):
            listener(shown)

    # ----------------------------------------------------------------- what is shown

    def drawn_by(self, shown: Callable[[], int]) -> None:
        """A board draws this session's events, in order: ``shown()`` says how many of
        them it has shown so far (``lieng.ui.tabletop.board.Board.shown``). From then on
        a turn is the player's to take only once the board shows it (``shown_legal``) —
        the board never reads the table, and the table never waits for the board."""
        self._shown = shown

    @property
    def shown(self) -> int:
        """How many of the events the board has shown (all of them when nothing draws
        the session: a test, a self-test)."""
        return self.events if self._shown is None else min(self.events, self._shown())

    @property
    def caught_up(self) -> bool:
        """The board has shown every event the table has sent."""
        return self.shown >= self.events

    def header(self) -> TableHeader:
        """What the top line says now: the table's rules, the hand's number (none before
        the first deal) and whether a hand is on."""
        table = self.table
        rules = table.rules
        return TableHeader(table.hand_no if table.hand_no > 0 else None, table.in_hand,
                           rules.table_bet, rules.max_rounds, rules.tiebreak)

    @property
    def in_hand(self) -> bool:
        """A hand is being played (leaving now gives it up: the leave dialog says so)."""
        return self.table.in_hand

    @property
    def closed(self) -> bool:
        """The table closed under its players (a LAN host left, the connection dropped):
        no turn, no clock and no seat acting, whatever its last view says."""
        return self.table.closed is not None

    def pot(self) -> int:
        """Chips in the middle now, antes included — what the quick bets (½ pot, pot) are
        sized against; 0 between hands."""
        hand = self.table.hand
        return 0 if hand is None else hand.pot

    def shown_legal(self) -> Legal | None:
        """What me may do now, once the board shows the turn (None otherwise): it is me
        to act and the turn's ``TurnStarted`` is among the events shown. The board plays a
        hand's first turn only once the last card of the deal has landed, so nobody acts
        on cards they cannot see yet, and no turn clock runs during the deal
        (docs/RULES.md step 6). Whose turn it is is asked once, by ``legal``."""
        return self.legal() if self._turn_event < self.shown else None

    def result_shown(self) -> HandResult | None:
        """The last hand's result once the board has shown its end (the story's)."""
        return self.story.result_shown(self.shown)

    def result_waiting(self) -> bool:
        """The last hand's result is shown (the board has shown its end) and me has not
        moved on from it — the next hand was not asked for since: the screen shows the
        result panel until me moves on (or its delay runs out) and ``next_hand`` is
        asked, once."""
        result = self.result_shown()
        return result is not None and result.hand_no != self._moved_on

    def result_lines(self) -> list[ResultLine]:
        """The result panel's big lines once the board has shown the hand's end: me's
        net, or at a hot-seat table (the spectator's view: no "you") everyone's, by name
        (``lieng.game.story.result_lines``)."""
        return result_lines(self.result_shown(), self.me, everyone=self.spectator)

    # ----------------------------------------------------------------- the turn

    def my_turn(self) -> bool:
        """A hand is on and it is me to act (and, at a hot-seat table, me has the
        screen: ``SeatPolicy.may_act``). A closed table has no turn: its last view may
        still say me is to act, but nobody is there to take the action or run the clock
        (a playtest saw "Đến lượt bạn" count down under "Bàn đã đóng")."""
        hand = self.table.hand
        return hand is not None and not hand.is_over and hand.to_act == self.me \
            and not self.closed \
            and (self.policy is None or self.policy.may_act())

    def legal(self) -> Legal | None:
        """What me may do now (None: not me to act — nor when a LAN host's view of the
        turn says nothing of what may be done, as no honest host sends)."""
        hand = self.table.hand
        if hand is None or not self.my_turn():
            return None
        try:
            return hand.legal()
        except HandOverError:
            return None

    def act(self, action: Action) -> bool:
        """Me's ``action``; False when it is not me to act, the board does not show the
        turn yet, the action is not among what me may do, or the table refuses it.

        **The window's one turn check.** Whose turn it is, whether the board shows it and
        whether ``action`` is allowed are asked here, once (``shown_legal``), for every
        mode; the table then only acts. A local ``Table`` is the rules' authority (the
        engine refuses what the rules refuse, docs/RULES.md step 6), a LAN table only
        hands the intent on to the host, which checks it against its own table — the
        host's boundary, which trusts no client (``RemoteTable.act``,
        docs/ARCHITECTURE.md "The path of a 'Tố' click")."""
        legal = self.shown_legal()
        if legal is None or not legal.allows(action):
            return False
        try:
            self.table.act(self.me, action, self.clock)
        except IllegalActionError:
            return False
        return True

    # ----------------------------------------------------------------- time

    def paced_by(self, speed: Callable[[], float]) -> None:
        """The bots think at ``speed()`` times their thinking time (the window's speed
        setting: 0 answers at once), read at each tick and deal — the screen ticks the
        session every frame the table is seen, so a change in the settings holds from the
        next bot turn on; an action of me's takes the last tick's pace (the click's path
        reads no setting: docs/ARCHITECTURE.md). A LAN table's bots think on the host, at
        its pace: nothing to set."""
        self._pace = speed
        self._set_pace()

    def _set_pace(self) -> None:
        table = self.table
        if self._pace is not None and isinstance(table, Table):
            table.timing.scale = self._pace()

    def advance(self, dt: float) -> None:
        """Table time moves on by ``dt`` seconds (the screen calls it only while the
        table is there to be seen: see the module docstring)."""
        self.clock += dt

    def tick(self) -> None:
        """Let the table act at the current clock: a bot's move, a turn timing out."""
        self._set_pace()
        self.table.tick(self.clock)

    def remaining(self) -> float | None:
        """Seconds left on the turn timer (None: no timer is running — nor on a closed
        table, where no turn is running out)."""
        deadline = None if self.closed else self.table.deadline
        return None if deadline is None else max(0.0, deadline - self.clock)

    def turn_warning(self) -> bool:
        """True once in each of my turns: the first time its timer shows
        ``TIMER_WARNING`` seconds or fewer (the screen sounds it; docs/RULES.md step 6: a
        turn that runs out folds). A turn is a hand and a count of actions, so a raise
        that comes back to me is a new turn."""
        rem, hand = self.remaining(), self.table.hand
        if rem is None or hand is None or rem > TIMER_WARNING or not self.my_turn():
            return False
        mark = (self.table.hand_no, len(hand.actions))
        if self._warned_turn == mark:
            return False
        self._warned_turn = mark
        return True

    # ----------------------------------------------------------------- the record

    def record(self, history: History, mode: GameMode, notify: NoticeSink,
               clock: Callable[[], datetime] = datetime.now) -> HandRecorder:
        """From now on every hand the table finishes goes to ``history`` as this session
        shows it — me's view, or the spectator's at a hot-seat table (``spectator``: the
        hands shown at the showdown only) — in place of the recorder there was."""
        self.stop_recording()
        self.recorder = HandRecorder(self.table, history, None if self.spectator else self.me,
                                     mode, notify, clock=clock)
        return self.recorder

    def stop_recording(self) -> None:
        """No more hands to the history (the player left, or the history changed)."""
        recorder, self.recorder = self.recorder, None
        if recorder is not None:
            recorder.stop()

    # ----------------------------------------------------------------- between hands

    def welcomed_by(self, welcome: Welcome) -> None:
        """``welcome`` hears who sat down in a broke bot's seat, between the newcomers
        sitting down and the next deal (a screen puts the new name on the plate before the
        hand's first event reaches its board)."""
        self._welcomers.append(welcome)

    def _seat_newcomers(self) -> None:
        """Between hands, broke bots leave and newcomers sit down (docs/RULES.md step 2:
        a seat that cannot pay the ante does not play; ``lieng.game.bot_seating``)."""
        table = self.table
        if self.seating is None or not isinstance(table, Table) or table.in_hand:
            return
        came = self.seating.refill(table)
        if came:
            for welcome in list(self._welcomers):
                welcome(came)

    def next_hand(self) -> AskRebuy | GameOver | None:
        """Deal the next hand (None), or say what the flow decided instead: a rebuy to
        ask me about, or the end of the table. Broke bots' seats are taken by newcomers
        first, when the session seats them (``seating``). Me has moved on from the last
        hand's result (``result_waiting``), whatever the flow decides."""
        result = self.story.result
        self._moved_on = result.hand_no if result is not None else None
        self._seat_newcomers()
        decision = self.flow.next()
        if self.policy is not None:
            self.policy.after_flow()
        if not isinstance(decision, DealNext):
            return decision
        self._set_pace()
        try:
            self.table.start_hand(self.clock)
        except NotEnoughPlayersError:  # the flow checked; kept for a table changed meanwhile
            return GameOver("too_few")
        return None

    def _offer(self, seat: int) -> int:
        """A rebuy's chips: the buy-in again, or what the bankroll still has."""
        if self.bank is None:
            return self.rebuy_amount
        return min(self.rebuy_amount, self.bank.max_buy_in())

    def rebuy_offer(self, asked: AskRebuy) -> RebuyOffer:
        """What the flow's question to me (``asked``) would do, for the screen to say."""
        bank = self.bank.max_buy_in() if self.bank is not None else None
        return RebuyOffer(asked.amount, bank)

    def rebuy(self) -> int:
        """Me rebuys: the buy-in again, taken from the bankroll when there is one; returns
        the chips added."""
        amount = self.rebuy_amount if self.bank is None else self.bank.rebuy(self.rebuy_amount)
        self.flow.rebuy(self.me, amount)
        return amount


def play_for_real(session: TableSession[Table], profile: Profile, amount: int) -> None:
    """Me plays with the bankroll's chips: ``amount`` leaves it now, every hand is
    recorded, rebuys come from it (``Profile.sit_down``; ``Profile.stand_up`` gives the
    stack back)."""
    profile.sit_down(session.table, session.me, amount)
    session.bank = profile
    session.rebuy_amount = amount
    session.recorder = profile.recorder  # the bankroll's: history line, then the bank


def bot_session(table: Table, seating: BotSeating | None = None,
                profile: Profile | None = None, buy_in: int | None = None
                ) -> TableSession[Table]:
    """The session of a game against bots, as the new-game dialog set it up: me in seat
    0 with the bot table's flow (me asked to rebuy when broke, a broke bot sits out), broke
    bots' seats taken by newcomers (``seating``), and played for real — ``buy_in`` chips
    from the ``profile``'s bankroll (``play_for_real``) — when both are given."""
    session = TableSession(table)
    session.seating = seating
    if profile is not None and buy_in is not None:
        play_for_real(session, profile, buy_in)
    return session
