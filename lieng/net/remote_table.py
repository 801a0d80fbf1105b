"""A LAN seat with a table's surface (``lieng.table.TableLike``), so the table screen can
draw it.

The table screen (lieng/ui/scenes/table.py) drives a ``Table``: it subscribes to events,
calls ``tick(now)`` every frame, reads ``hand.to_act``/``hand.legal()``/``hand.is_over``,
and calls ``act(me, action, now)``. ``RemoteTable`` offers the same surface over a
``LanClient``: ``tick`` drains the client and hands the host's events to the listeners,
``hand`` is a ``RemoteHand`` read from the seat's latest view, and ``act`` sends the
intended action — the host decides (ARCHITECTURE.md: clients send only intentions).

What a local table does for itself the host does here: dealing (``start_hand`` only
waits), rebuys (the host rebuys a broke seat between hands) and the turn timer
(``deadline`` is the host's, moved to the caller's clock when the turn arrives).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lieng.engine import (
    Action,
    Event,
    HandOverError,
    HandView,
    IllegalActionError,
    InvalidSeatError,
    Legal,
    RuleSet,
)
from lieng.table import EventListener, PlayerSpec, Seat, SeatKind, TableLike

from .client import LanClient, LanError
from .fairdeal import DealCheck
from .inbox import Message
from .messages import Closed, Error, Roster, Snapshot, Update, YourTurn, error
from .protocol import BAD_HOST_MESSAGE


class RemoteHand:
    """The parts of ``Hand`` a screen reads, answered from one seat's view."""

    def __init__(self, view: HandView, events: Sequence[Event]) -> None:
        self.view = view
        self.events: list[Event] = list(events)
        """This hand's events as this seat may see them."""

    @property
    def is_over(self) -> bool:
        return self.view.is_over

    @property
    def to_act(self) -> int | None:
        return self.view.to_act

    @property
    def n(self) -> int:
        return self.view.n_seats

    @property
    def first(self) -> int:
        return self.view.first

    @property
    def dealt_in(self) -> tuple[bool, ...]:
        return self.view.dealt_in

    @property
    def start_stacks(self) -> tuple[int, ...]:
        return self.view.start_stacks

    @property
    def stacks(self) -> tuple[int, ...]:
        return self.view.stacks

    @property
    def folded(self) -> tuple[bool, ...]:
        return self.view.folded

    @property
    def pot(self) -> int:
        return 0 if self.view.is_over else self.view.pot

    @property
    def actions(self) -> list[tuple[int, Action]]:
        return [(a.seat, Action(a.kind, a.k)) for a in self.view.actions]

    def legal(self) -> Legal:
        if self.view.legal is None:
            raise HandOverError("it is not this seat's turn")
        return self.view.legal

    def view_for(self, seat: int | None) -> HandView:
        if seat != self.view.seat:
            raise ValueError("a LAN seat only knows its own view")
        return self.view

    def events_for(self, seat: int | None) -> list[Event]:
        self.view_for(seat)  # same rule: only this seat's own log
        return list(self.events)


class RemoteTable:
    """See the module docstring. ``me`` is the client's seat."""

    def __init__(self, client: LanClient) -> None:
        if client.seat is None or client.rules is None:
            raise ValueError("connect the client first")
        self.client = client
        self.me: int = client.seat
        self.rules: RuleSet = client.rules
        self.timer_paused = False
        self.hand: RemoteHand | None = None
        self.hand_no = 0
        self.seats: list[Seat] = []
        self.closed: tuple[str, str] | None = None
        self.checks: list[Message] = []
        """``deal_check`` messages: the fair-deal result of each hand, for the screen."""
        self.errors: list[Message] = []
        self._listeners: list[EventListener] = []
        self._deadline: float | None = None
        self._pending_turn_seconds: float | None = None
        self._timed_turn: tuple[int, int] | None = None
        self._update_roster()
        n = len(self.seats)
        if not n:
            self.seats = [Seat(PlayerSpec(f"{i + 1}", "remote"), 0) for i in range(
                len(client.view.stacks) if client.view is not None else 2)]
        if client.view is not None:
            self.hand = RemoteHand(client.view, [])
            self.hand_no = client.hand_no

    # ----------------------------------------------------------------- Table's surface

    def subscribe(self, listener: EventListener) -> None:
        self._listeners.append(listener)

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.is_over

    @property
    def watching(self) -> bool:
        """Joined mid-hand: the hand on is shown without a seat in it, and this seat plays
        from the next deal (docs/RULES.md, "A player who joins mid-hand")."""
        hand = self.hand
        return hand is not None and hand.view.seat != self.me

    @property
    def stacks(self) -> list[int]:
        """As ``Table.stacks``: during a hand, what the seats dealt in have behind; a seat
        sitting it out has its chips set aside — the hand holds 0 for an away seat (RULES.md
        "A player who is away") — so the roster's stack is its own."""
        hand = self.hand
        if hand is not None and not hand.is_over:
            dealt, seats = hand.dealt_in, self.seats
            return [seats[i].stack if i < len(seats) and i < len(dealt) and not dealt[i]
                    else behind for i, behind in enumerate(hand.stacks)]
        return [s.stack for s in self.seats]

    @property
    def redacted_for(self) -> int:
        """The host redacted every event for this seat before sending it (``redact``,
        once per connection): the session does not redact them again."""
        return self.me

    @property
    def deadline(self) -> float | None:
        return self._deadline if self.hand is not None and self.hand.to_act is not None \
            else None

    def can_play(self, seat: int) -> bool:
        return not self.seats[seat].left

    def can_continue(self) -> bool:
        """The host decides; the table is over when it says ``closed``."""
        return self.closed is None

    def start_hand(self, now: float = 0.0) -> list[Event]:
        """The host deals; the next hand arrives through ``tick``."""
        return []

    def rebuy(self, seat: int, amount: int) -> None:
        """The host rebuys a broke seat between hands; nothing to ask for."""

    def leave(self, seat: int) -> int:
        """Seats come and go at the host (a player leaves by leaving the table); nothing
        leaves here, and the between-hands flow never asks it of a LAN table, whose seats
        all sit out when broke (``lieng.game.flow``)."""
        return 0

    def restart_turn_timer(self, now: float) -> None:
        """The host's timer runs on; nothing to restart here."""

    def act(self, seat: int, action: Action, now: float = 0.0) -> list[Event]:
        """Hand this seat's intended action on to the host, which decides (its table
        checks the hand, the turn and the action: the host's boundary trusts no client).
        The window's turn check is its session's (``TableSession.act``: whose turn, shown,
        allowed), so nothing here asks again whose turn it is. Raises
        ``IllegalActionError`` when the intent cannot go: the connection is closed, or no
        turn of this seat's is open to answer — the host offered none, or it was answered
        already (``LanClient.send_action``: the turn the request names, once). The
        resulting events arrive via ``tick``."""
        if seat != self.me:
            raise InvalidSeatError(f"this table plays seat {self.me} only, not {seat}")
        if self.closed is not None or self.client.closed is not None:
            # A key pressed as the network fails must not reach a closed client: its
            # loop may be stopped.
            raise IllegalActionError("the connection to the host is closed")
        if not self.client.send_action(action):
            raise IllegalActionError("no turn of this seat's is open to answer")
        return []

    def tick(self, now: float) -> list[Event]:
        """Take in what the host sent; returns the new events (also given to listeners)."""
        out: list[Event] = []
        for msg in self.client.poll():
            try:
                out += self._take(msg, now)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
                # The client checks what it hands over, so this is a last guard: one bad
                # message is reported and skipped, the rest of the batch still counts.
                self.errors.append(Message(error(BAD_HOST_MESSAGE, str(exc))))
        if self._pending_turn_seconds is not None:
            # The host's first turn of a hand also counts the deal's landing on every
            # screen (``host.deal_seconds``); this window gates the turn on its own deal,
            # so it never shows more than one turn (a playtest read "22 giây" at a
            # 20-second table).
            limit = self.rules.turn_seconds
            left = self._pending_turn_seconds
            self._deadline = now + (min(left, float(limit)) if limit > 0 else left)
            self._pending_turn_seconds = None
        return out

    def reconnect(self) -> None:
        """After a lost connection (``closed[0] == "disconnected"``): join again with the
        session token — same seat, and a snapshot that rebuilds the hand. Raises
        ``LanError`` (e.g. ``bad_token`` once the host's grace period is over). Blocks for
        up to the client's timeout: a window calls ``connect_again`` on a worker thread
        and ``adopt`` on its own."""
        self.adopt(self.connect_again())

    def connect_again(self) -> LanClient:
        """The slow half of ``reconnect``: a new, connected client for this seat. Touches
        no state of this table, so it may run on any thread."""
        old = self.client
        old.close()
        client = LanClient(old.host, old.port, name=old.name, password=old.password,
                           token=old.token, timeout=old.timeout,
                           deal_secrets=old.deal_secrets)
        client.connect()
        if client.seat != self.me:  # pragma: no cover - the host keeps seats by token
            client.close()
            raise LanError("bad_token", "the host gave a different seat")
        return client

    def adopt(self, client: LanClient) -> None:
        """Play on through ``client`` (from ``connect_again``); its snapshot arrives by
        ``tick``."""
        self.client = client
        self.closed = None
        self._deadline = None
        self._timed_turn = None

    def close(self) -> None:
        """Leave the table (the host keeps the seat for its grace period)."""
        self.client.close()

    # ----------------------------------------------------------------- messages

    def _take(self, msg: Message, now: float) -> list[Event]:
        body = msg.body
        match body:
            case Snapshot(view=HandView() as view) | Update(view=view):
                return self._take_view(body, view)
            case YourTurn():
                self._pending_turn_seconds = body.seconds
            case Roster():
                self._update_roster()
            case DealCheck():
                self.checks.append(msg)
            case Closed():
                self.closed = (body.reason, body.message)
            case Error():
                self.errors.append(msg)
        return []

    def _take_view(self, msg: Snapshot | Update, view: HandView) -> list[Event]:
        events = list(msg.events)
        new_hand = msg.hand != self.hand_no or self.hand is None
        if new_hand or isinstance(msg, Snapshot):
            self.hand = RemoteHand(view, events)
        else:
            assert self.hand is not None
            self.hand.view = view
            self.hand.events += events
        turn = (msg.hand, len(view.actions))
        self.hand_no = turn[0]
        if view.to_act != self.me:
            self._deadline = None
        elif turn != self._timed_turn:
            # Until ``your_turn`` brings the host's clock, assume a full turn.
            self._timed_turn = turn
            self._pending_turn_seconds = self.client.turn_seconds
        if view.is_over and isinstance(msg, Update):
            self._hand_over(view)
        if events:  # a snapshot's log too: the screen rebuilds the hand from it
            for listener in self._listeners:
                listener(events)
        return events

    def _hand_over(self, view: HandView) -> None:
        """Stacks after the payout. A rebuy is the host's decision (its between-hands flow,
        ``lieng.game``): this table does not guess it, the roster the host sends right
        after the hand brings the new stacks and buy-ins."""
        for i, seat in enumerate(self.seats[:len(view.stacks)]):
            if view.dealt_in[i]:  # a seat sitting out (away) kept its chips aside
                seat.stack = view.stacks[i]

    def _update_roster(self) -> None:
        roster = self.client.roster
        if roster is None:
            return
        seats: list[Seat] = []
        start = self.client.rebuy_stack or 1000
        for i, name in enumerate(roster.names):
            kind: SeatKind = "bot" if roster.kinds[i] == "bot" else "remote"
            stack = roster.stacks[i] if roster.stacks is not None else start
            level = roster.levels[i] if roster.levels is not None else None
            seat = Seat(PlayerSpec(name or "…", kind, level, stack=start), stack,
                        connected=roster.connected[i])
            if roster.buy_ins is not None:
                seat.buy_ins = roster.buy_ins[i]
            seats.append(seat)
        self.seats = seats


if TYPE_CHECKING:
    def _is_table_like(table: RemoteTable) -> TableLike:
        """mypy proves here that the table screen can draw a ``RemoteTable``."""
        return table
