"""A table over many hands: seats, stacks, who plays each seat, the first player, timers.

The engine plays one hand and knows nothing of time; the GUI draws and knows nothing of
rules. This controller sits between them: it starts hands with the right first player
(RULES.md step 3), asks bots for their actions after a human-like pause, folds a seat whose
turn timer ran out (step 6) and carries stacks from hand to hand. It never reads a clock —
every method that depends on time takes ``now`` (seconds, any monotonic origin) from the
caller — so a test, the self-test and a replay drive it exactly like the window does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from .engine import (
    Action,
    Card,
    Event,
    Hand,
    HandView,
    IllegalActionError,
    InvalidHandError,
    InvalidSeatError,
    Legal,
    NotEnoughPlayersError,
    RuleSet,
    SealedHand,
    redact,
)
from .levels import BotKind

SeatKind = Literal["human", "bot", "remote"]


class StaleHandError(IllegalActionError):
    """An action meant for a hand that is not being played (no hand, the hand is over,
    or it names another hand's number): a late or replayed intent from a LAN peer."""


class StaleTurnError(IllegalActionError):
    """An action meant for a turn of this hand that is over (it names another number of
    actions taken): a second click, or one that crossed the turn's timing out."""


class Player(Protocol):
    """Anything that decides for a seat from what that seat may see (bots, autopilots)."""

    def decide(self, view: HandView) -> Action: ...

    def observe(self, event: Event) -> None: ...


@dataclass
class PlayerSpec:
    """Who sits in a seat when the table is set up."""

    name: str
    kind: SeatKind = "human"
    level: BotKind | None = None
    """What ``make_bot`` builds for a bot seat: a level (``lieng.levels.BOT_LEVELS``), or a
    baseline (``lieng.levels.BASELINES``) at a self-test's or a league's table."""
    personality: str | None = None
    stack: int = 1000


@dataclass
class Seat:
    spec: PlayerSpec
    stack: int
    player: Player | None = None
    """The bot (or autopilot) deciding for this seat; None for a person."""
    buy_ins: int = 1
    left: bool = False
    """The player left the table; the seat stays empty (sits out every hand)."""
    net: int = 0
    """Chips won (+) or lost (−) at this table so far, buy-ins not counted."""
    connected: bool = True
    """A person's game is connected (a LAN seat whose connection dropped is not; a local
    seat always is). One seat type for every table: the LAN's seats are this too, as the
    host's roster describes them, with no ``player``."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def kind(self) -> SeatKind:
        return self.spec.kind


EventListener = Callable[[Sequence[Event]], None]


@dataclass
class Timing:
    """Bot thinking time in seconds (RULES.md says nothing; the GUI issue asks 0.6–1.8 s).

    ``scale`` multiplies it (animation speed); 0 makes bots answer at once.
    """

    think_min: float = 0.6
    think_max: float = 1.8
    scale: float = 1.0


class Table:
    """Several hands at one table. See the module docstring for the role of ``now``.

    Bot seats are played by what ``bot_factory`` makes: the table never imports the bots
    (docs/ARCHITECTURE.md, import rules); ``lieng.game.build_table`` injects them.
    """

    def __init__(self, rules: RuleSet, players: Sequence[PlayerSpec], seed: int | None = None,
                 first: int = 0, timing: Timing | None = None,
                 bot_factory: Callable[[PlayerSpec, random.Random], Player] | None = None
                 ) -> None:
        if not isinstance(rules, RuleSet):
            raise InvalidHandError(f"rules must be a RuleSet, got {type(rules).__name__}")
        if not rules.min_players <= len(players) <= rules.max_players:
            raise NotEnoughPlayersError(
                f"a table has {rules.min_players}..{rules.max_players} seats, got {len(players)}")
        # Checked here, not at the first deal: a bad stack would otherwise only surface
        # when ``start_hand`` builds the engine's ``Hand``, in the middle of a game.
        for spec in players:
            if type(spec.stack) is not int or spec.stack < 0:
                raise InvalidHandError(f"a stack is a whole number >= 0, got {spec.stack!r}")
        if type(first) is not int or not 0 <= first < len(players):
            raise InvalidHandError(f"first must be a seat 0..{len(players) - 1}, got {first!r}")
        self.rules = rules
        self.seed = seed
        # Seeded for replays, self-tests and tests only; real games shuffle securely
        # (``random.SystemRandom`` is ``secrets.SystemRandom``, without importing ``secrets``).
        self._deck_rng: random.Random | None = random.Random(seed) if seed is not None else None
        self._rng: random.Random = (random.Random(seed + 1) if seed is not None
                                    else random.SystemRandom())
        if bot_factory is None and any(spec.kind == "bot" for spec in players):
            raise ValueError("a table with bot seats needs a bot_factory "
                             "(lieng.game.build_table passes the bots')")
        self._bot_factory = bot_factory
        self.timing = timing or Timing()
        self.seats: list[Seat] = []
        for spec in players:
            self.seats.append(Seat(spec, spec.stack, self._make_player(spec)))
        self.first = first
        self.hand: Hand | None = None
        self.hand_no = 0
        self.turn_started_at: float = 0.0
        self.showdown_started_at: float | None = None
        """When a ``SealedHand``'s showdown began waiting for openings (else None)."""
        self._bot_due: float | None = None
        self._listeners: list[EventListener] = []
        self.away: frozenset[int] = frozenset()
        """Seats sitting the current hand out with their stacks kept (``start_hand``)."""
        self.timer_paused = False
        """While True no timeout is applied (hot-seat hand-off, a replay)."""
        self.turn_limit: float | None = None
        """Turn timer in seconds overriding ``rules.turn_seconds`` (which is whole seconds)
        when set: the LAN host's own timer, which its command line takes as a float
        (``host_cli --timer 12.5``; the tests use fractions of a second)."""

    # ----------------------------------------------------------------- set-up

    def _make_player(self, spec: PlayerSpec) -> Player | None:
        if spec.kind != "bot" or self._bot_factory is None:
            return None
        return self._bot_factory(spec, random.Random(self._rng.getrandbits(64)))

    def subscribe(self, listener: EventListener) -> None:
        """``listener(events)`` is called with every batch of events, in order."""
        self._listeners.append(listener)

    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this table, else ``InvalidSeatError`` (the engine's
        rule: no bools, floats or negative seats — ``-1`` would be the last seat)."""
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise InvalidSeatError(f"there is no seat {seat!r} at this table "
                                   f"(0..{len(self.seats) - 1})")
        return seat

    def set_player(self, seat: int, player: Player | None) -> None:
        """Put an autopilot (or nobody) in charge of a seat — the self-test uses this."""
        self.seats[self._seat(seat)].player = player

    @property
    def stacks(self) -> list[int]:
        """Stacks as they stand: during a hand, what the seats have behind."""
        if self.hand is not None and not self.hand.is_over:
            return [seat.stack if i in self.away else behind
                    for i, (seat, behind) in enumerate(zip(self.seats, self.hand.stacks,
                                                           strict=True))]
        return [s.stack for s in self.seats]

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    def can_play(self, seat: int) -> bool:
        self._seat(seat)
        return not self.seats[seat].left and self.seats[seat].stack >= self.rules.table_bet

    def can_continue(self) -> bool:
        """At least two seats can pay the ante (RULES.md step 2)."""
        return sum(self.can_play(s) for s in range(self.n_seats)) >= 2

    def rebuy(self, seat: int, amount: int) -> None:
        """Add chips to a seat between hands (a rebuy)."""
        self._seat(seat)
        if self.in_hand:
            raise RuntimeError("chips can only be added between hands")
        if type(amount) is not int or amount <= 0:
            # A float or bool stack would only be refused by the next hand's deal.
            raise ValueError(f"a rebuy adds a whole number of chips > 0, got {amount!r}")
        self.seats[seat].stack += amount
        self.seats[seat].buy_ins += 1
        self.seats[seat].left = False

    def leave(self, seat: int) -> int:
        """The seat's player leaves between hands; returns the chips they take with them."""
        self._seat(seat)
        if self.in_hand:
            raise RuntimeError("players leave between hands")
        seat_ = self.seats[seat]
        chips, seat_.stack, seat_.left = seat_.stack, 0, True
        return chips

    def seat_newcomer(self, seat: int, spec: PlayerSpec) -> Seat:
        """Between hands, someone new sits down in ``seat``: a fresh ``Seat`` (its own
        stack, buy-ins and net) played by whom ``bot_factory`` makes for ``spec``. The one
        who sat there is gone for good (``lieng.game.bot_seating``: a broke bot leaves)."""
        self._seat(seat)
        if self.in_hand:
            raise RuntimeError("a new player sits down between hands")
        if type(spec.stack) is not int or spec.stack < 0:
            raise InvalidHandError(f"a stack is a whole number >= 0, got {spec.stack!r}")
        if spec.kind == "bot" and self._bot_factory is None:
            raise ValueError("a bot seat needs the table's bot_factory")
        new = Seat(spec, spec.stack, self._make_player(spec))
        self.seats[seat] = new
        return new

    # ----------------------------------------------------------------- playing

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.is_over

    def start_hand(self, now: float = 0.0, deck: Sequence[Card] | None = None,
                   away: Collection[int] = ()) -> list[Event]:
        """Deal the next hand. Raises ``NotEnoughPlayersError`` when fewer than two can pay.

        ``deck`` fixes the deal order (the LAN host deals the deck its fair-deal seed
        implies); otherwise the table's seeded generator, or the secure one, shuffles.
        ``away`` seats sit this hand out and keep their stacks untouched: a LAN player
        whose connection is gone pays no ante until they are back (docs/RULES.md,
        "A player who is away").
        """
        if self.in_hand:
            raise RuntimeError("a hand is already being played")
        self.away = frozenset(self._seat(i) for i in away)
        stacks = [0 if s.left or i in self.away else s.stack
                  for i, s in enumerate(self.seats)]
        if deck is not None:
            self.hand = Hand(self.rules, stacks, self.first, deck=deck)
        else:
            self.hand = Hand(self.rules, stacks, self.first, rng=self._deck_rng)
        self.hand_no += 1
        events = list(self.hand.events)
        self._after(events, now)
        return events

    def start_sealed_hand(self, known: Sequence[Sequence[Card] | None],
                          now: float = 0.0, away: Collection[int] = ()) -> list[Event]:
        """Deal the next hand from a mental deal already complete (PROTOCOL.md 12): the
        host knows ``known[s]`` (its bots' cards) and no person's (None). The first turn's
        clock starts now, when every player's cards are readable. ``away`` as in
        ``start_hand`` (the deal left those seats out too)."""
        if self.in_hand:
            raise RuntimeError("a hand is already being played")
        self.away = frozenset(self._seat(i) for i in away)
        stacks = [0 if s.left or i in self.away else s.stack
                  for i, s in enumerate(self.seats)]
        self.hand = SealedHand(self.rules, stacks, self.first, known)
        self.hand_no += 1
        events = list(self.hand.events)
        self._after(events, now)
        return events

    def open(self, seat: int, cards: Sequence[Card], now: float = 0.0) -> list[Event]:
        """A checked opening at a sealed hand's showdown (``SealedHand.open``)."""
        hand = self.hand
        if not isinstance(hand, SealedHand):
            raise RuntimeError("no sealed hand is being played")
        events = hand.open(seat, cards)
        self._after(events, now)
        return events

    def withhold(self, seat: int, now: float = 0.0, late: bool = True) -> list[Event]:
        """A missing, late or false opening: a fold (RULES.md, showdown openings)."""
        hand = self.hand
        if not isinstance(hand, SealedHand):
            raise RuntimeError("no sealed hand is being played")
        events = hand.withhold(seat, late)
        self._after(events, now)
        return events

    def act(self, seat: int, action: Action, now: float = 0.0,
            turn: tuple[int, int] | None = None) -> list[Event]:
        """Apply a seat's action (raises ``IllegalActionError`` and changes nothing if the
        engine rejects it: ``NotYourTurnError`` when another seat is to act).

        ``turn`` is the turn the action was meant for — (hand number, actions taken so
        far) — as a LAN peer names it (docs/PROTOCOL.md, "action"): an action for another
        hand raises ``StaleHandError``, for a turn of this hand already over
        ``StaleTurnError``. The table is the one place the host checks a turn: the engine
        checks whose turn it is, the table which turn, and the host only says why on the
        wire (``lieng.net.host``)."""
        hand = self.hand
        if turn is not None:
            if hand is None or hand.is_over or turn[0] != self.hand_no:
                raise StaleHandError(f"hand {turn[0]} is not being played "
                                     f"(now: {self.hand_no})")
            if turn[1] != len(hand.actions):
                raise StaleTurnError("that turn is over")
        if hand is None:
            raise RuntimeError("no hand is being played")
        events = hand.act(seat, action)
        self._after(events, now)
        return events

    def tick(self, now: float) -> list[Event]:
        """Let time pass: a bot whose thinking time is over acts; a turn whose timer ran out
        is folded (RULES.md step 6). Returns the events this caused."""
        hand = self.hand
        if isinstance(hand, SealedHand) and hand.awaiting:
            # The showdown's openings are due with the turn timer (RULES.md step 6).
            deadline = self.deadline
            if deadline is None or now < deadline:
                return []
            return [e for s in hand.awaiting for e in self.withhold(s, now)]
        if hand is None or hand.is_over or hand.to_act is None:
            return []
        seat = hand.to_act
        player = self.seats[seat].player
        if player is not None:
            if self._bot_due is not None and now >= self._bot_due:
                return self.act(seat, player.decide(hand.view_for(seat)), now)
            return []
        deadline = self.deadline
        if deadline is not None and now >= deadline:
            return self.act(seat, Action.timeout(), now)
        return []

    redacted_for: int | None = None
    """A local table's events are the whole truth (``TableLike.redacted_for``)."""

    closed: tuple[str, str] | None = None
    """A local table never closes under its players (``TableLike.closed``)."""

    @property
    def deadline(self) -> float | None:
        """When the current person's turn times out, or None (bot turn, timer off, paused)."""
        hand = self.hand
        limit = self.turn_limit if self.turn_limit is not None else self.rules.turn_seconds
        if isinstance(hand, SealedHand) and hand.awaiting and self.showdown_started_at \
                is not None:
            return self.showdown_started_at + limit if limit > 0 else None
        if (hand is None or hand.to_act is None or limit <= 0
                or self.timer_paused or self.seats[hand.to_act].player is not None):
            return None
        return self.turn_started_at + limit

    def restart_turn_timer(self, now: float) -> None:
        """Start the current turn's clock again (hot-seat: after the hand-off is confirmed)."""
        self.timer_paused = False
        self.turn_started_at = now

    def _after(self, events: Sequence[Event], now: float) -> None:
        hand = self.hand
        assert hand is not None
        for i, seat_ in enumerate(self.seats):
            if seat_.player is not None:
                for e in events:
                    seat_.player.observe(redact(e, i))
        if hand.to_act is not None:
            self.turn_started_at = now
            if self.seats[hand.to_act].player is not None:
                t = self.timing
                self._bot_due = now + self._rng.uniform(t.think_min, t.think_max) * t.scale
            else:
                self._bot_due = None
        waiting = isinstance(hand, SealedHand) and bool(hand.awaiting)
        if not waiting:
            self.showdown_started_at = None
        elif self.showdown_started_at is None:
            self.showdown_started_at = now
        if hand.is_over:
            self._bot_due = None
            for i, seat_ in enumerate(self.seats):
                if i in self.away:
                    continue  # sat out with its chips set aside
                seat_.net += hand.stacks[i] - hand.start_stacks[i]
                seat_.stack = hand.stacks[i]
            self.first = hand.next_first
        for listener in self._listeners:
            listener(events)



class HandLike(Protocol):
    """What the table screen reads of the hand being played (``Hand``, or ``RemoteHand``
    answered from one seat's view over LAN)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def actions(self) -> Sequence[tuple[int, Action]]: ...

    @property
    def pot(self) -> int:
        """Chips in the middle now, antes included (0 once paid out)."""
        ...

    @property
    def events(self) -> Sequence[Event]:
        """The hand's log as this table knows it (all of it for ``Hand``; one seat's
        redaction for a LAN ``RemoteHand``)."""
        ...

    def legal(self) -> Legal: ...


class TableLike(Protocol):
    """What the table screen (lieng/ui/scenes/table.py) uses of a table: exactly the
    surface ``Table`` and the LAN's ``RemoteTable`` share, so one screen draws both with
    no ``type: ignore`` where they meet."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def hand(self) -> HandLike | None: ...

    @property
    def hand_no(self) -> int: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def in_hand(self) -> bool: ...

    @property
    def deadline(self) -> float | None: ...

    @property
    def redacted_for(self) -> int | None:
        """The seat whose redaction this table's events already are (a LAN table's: its
        seat's, done once by the host); None: the whole truth (a local table)."""
        ...

    @property
    def closed(self) -> tuple[str, str] | None:
        """Why and with what words the table ended under the player (a LAN table whose
        host left or whose connection dropped); None while it is there to play on."""
        ...

    def subscribe(self, listener: EventListener) -> None: ...

    def tick(self, now: float) -> Sequence[Event]: ...

    def act(self, seat: int, action: Action, now: float) -> Sequence[Event]: ...

    def start_hand(self, now: float) -> Sequence[Event]: ...

    def can_continue(self) -> bool: ...

    def can_play(self, seat: int) -> bool: ...

    def rebuy(self, seat: int, amount: int) -> None: ...

    def leave(self, seat: int) -> int: ...
