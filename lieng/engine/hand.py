"""One hand of Liêng as a pure state machine (RULES.md "A hand, step by step").

``Hand`` takes actions and appends events; it never draws, sleeps, reads a clock or
touches a file (ARCHITECTURE.md). Given the same rules, stacks, first player, deck and
actions it produces the same events, which is what replays, hand histories and LAN
snapshots rely on. Every action goes through ``legal()`` first, so a rejected action
raises ``IllegalActionError`` before anything changes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .actions import Action, ActionKind, Legal
from .cards import FULL_DECK, Card
from .errors import (
    HandOverError,
    IllegalActionError,
    InvalidCardError,
    InvalidSeatError,
    NotEnoughPlayersError,
    NotYourTurnError,
)
from .events import (
    ActionTaken,
    AntePosted,
    CardDealt,
    Event,
    HandEnded,
    HandStarted,
    PotAwarded,
    RoundStarted,
    Showdown,
    ShownHand,
    TurnStarted,
)
from .guards import check_deck, check_hand_arguments
from .pots import PotLayer, live_pot_layers, pot_layers, split_amount, turn_order_from
from .ranking import HandValue, evaluate
from .rules import RuleSet
from .views import HandView, redact

_EMPTY = range(0)


def shuffled_deck(rng: random.Random | None = None) -> list[Card]:
    """A shuffled 52-card deck: the system's secure generator (``random.SystemRandom``,
    the class ``secrets.SystemRandom`` names — ``secrets`` itself, with ``hmac`` and
    ``hashlib``, was 5-9 ms of opening a table) unless a seeded ``rng`` is given for a
    replay or a test (RULES.md step 4)."""
    deck = list(FULL_DECK)
    (rng if rng is not None else random.SystemRandom()).shuffle(deck)
    return deck


class Hand:
    """A hand from the ante to the last payout.

    ``stacks`` has one entry per seat in turn order; a seat with less than the table bet
    sits the hand out. ``deck`` fixes the deal order (dealt from the front, one card at a
    time from the first player, three passes); otherwise ``rng`` (a seeded
    ``random.Random``) or the system's secure generator shuffles.
    """

    def __init__(self, rules: RuleSet, stacks: Sequence[int], first: int = 0,
                 deck: Sequence[Card] | None = None,
                 rng: random.Random | None = None) -> None:
        n = check_hand_arguments(rules, stacks, first, deck, rng)
        B = rules.table_bet
        self.rules = rules
        self.n = n
        self.start_stacks: tuple[int, ...] = tuple(stacks)
        self.dealt_in: tuple[bool, ...] = tuple(s >= B for s in stacks)
        dealt = [s for s in turn_order_from(first, n) if self.dealt_in[s]]
        if len(dealt) < 2:
            raise NotEnoughPlayersError(
                "fewer than two players can pay the table bet; no hand is dealt")
        # RULES.md step 3: the first player, or the next dealt-in seat in turn order.
        self.first: int = dealt[0]

        self._stacks = list(stacks)
        self._bets = [0] * n
        self._contrib = [0] * n
        self._folded = [not d for d in self.dealt_in]
        self._acted = [False] * n
        self._cards: list[list[Card]] = [[] for _ in range(n)]
        self._level = 0
        self._round = 0
        self._to_act: int | None = None
        self._legal: Legal | None = None
        self._over = False
        self._uncontested = False
        self._winners: tuple[int, ...] = ()
        self._shown: dict[int, tuple[Card, ...]] = {}
        self._action_events: list[ActionTaken] = []
        self.actions: list[tuple[int, Action]] = []
        """Every accepted action, in order: with the deck, what a replay needs."""
        self.events: list[Event] = []
        """The whole log, unredacted. Only the host may read it; seats use ``events_for``."""

        ev = self.events
        ev.append(HandStarted(rules, self.start_stacks, self.first, self.dealt_in))
        for s in dealt:  # RULES.md step 2: antes are dead money, not a bet
            self._stacks[s] -= B
            self._contrib[s] = B
            ev.append(AntePosted(s, B, self._stacks[s]))
        self._deal(dealt, deck, rng)
        self._round = 1
        ev.append(RoundStarted(1))
        # The first player leads, or the next player with chips (RULES.md step 3).
        lead = next((s for s in dealt if self._stacks[s] > 0), None)
        if lead is None or self._betting_done():
            self._finish()
        else:
            self._start_turn(lead)

    def _deal(self, dealt: Sequence[int], deck: Sequence[Card] | None,
              rng: random.Random | None) -> None:
        """RULES.md step 4. ``SealedHand`` (sealed.py) deals cards the host cannot read."""
        self.deck: tuple[Card, ...] = tuple(
            shuffled_deck(rng) if deck is None else check_deck(deck, len(dealt)))
        for i, card in enumerate(self.deck[:3 * len(dealt)]):
            s, pass_no = dealt[i % len(dealt)], i // len(dealt)
            self._cards[s].append(card)
            self.events.append(CardDealt(s, card, pass_no))

    # ----------------------------------------------------------------- public state

    @property
    def to_act(self) -> int | None:
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        return tuple(self._bets)

    @property
    def contributed(self) -> tuple[int, ...]:
        return tuple(self._contrib)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def bet_level(self) -> int:
        return self._level

    @property
    def round(self) -> int:
        return self._round

    @property
    def pot(self) -> int:
        """Chips in the middle now (0 once paid out)."""
        return 0 if self._over else sum(self._contrib)

    @property
    def winners(self) -> tuple[int, ...]:
        """Winners of the main pot, in turn order from the first player (empty until over)."""
        return self._winners

    @property
    def uncontested(self) -> bool:
        return self._uncontested

    @property
    def next_first(self) -> int:
        """First player of the next hand: the first winner of this hand's main pot
        (RULES.md step 3). Only meaningful once the hand is over."""
        if not self._over:
            raise HandOverError("the hand is not over yet")
        return self._winners[0]

    def _seat(self, seat: object, allow_none: bool = False) -> int | None:
        """``seat`` if it is a seat of this hand (or None when ``allow_none``); otherwise
        ``InvalidSeatError``. ``type(seat) is int`` on purpose: ``True`` and ``0.0`` equal 0
        in Python, and a float or bool that slipped through would be stored in the log
        (which then no longer replays) or index a list; ``-1`` would index the last seat."""
        if seat is None and allow_none:
            return None
        if type(seat) is not int:
            raise InvalidSeatError(f"a seat is a whole number 0..{self.n - 1}, got {seat!r}")
        if not 0 <= seat < self.n:
            raise InvalidSeatError(f"there is no seat {seat}: this hand has seats "
                                   f"0..{self.n - 1}")
        return seat

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards. Omniscient: for the host, the history writer and tests only.
        ``InvalidSeatError`` for anything that is not a seat of the hand."""
        self._seat(seat)
        return tuple(self._cards[seat])

    def value_of(self, seat: int) -> HandValue:
        """The value of a seat's three cards (``InvalidSeatError`` for a non-seat,
        ``InvalidCardError`` for a seat that was not dealt in)."""
        self._seat(seat)
        return evaluate(self._cards[seat], self.rules)

    def legal(self) -> Legal:
        """What the seat to act may do. Raises ``HandOverError`` once betting has ended."""
        if self._legal is None:
            raise HandOverError("the hand is over; nobody is to act")
        return self._legal

    def layers(self) -> list[PotLayer]:
        """The pot cut into layers (side pots, RULES.md step 9). While betting goes on,
        only all-in players' levels cut it (``live_pot_layers``): an unmatched bet is not a
        side pot yet."""
        still_in = [not f for f in self._folded]
        if self._over or self._to_act is None:
            return pot_layers(self._contrib, still_in, self.first)
        all_in = [not f and s == 0 for f, s in zip(self._folded, self._stacks, strict=True)]
        return live_pot_layers(self._contrib, still_in, all_in, self.first)

    # ----------------------------------------------------------------- acting

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat`` and return the events it caused.

        Raises ``IllegalActionError`` (a ``ValueError``) with a reason for anything
        RULES.md forbids; the hand is then exactly as it was.
        """
        self._seat(seat)  # the type first: 0.0 == 0 and False == 0 in Python
        if self._over:
            raise HandOverError("the hand is over")
        if seat != self._to_act:
            raise NotYourTurnError(f"it is seat {self._to_act}'s turn, not seat {seat}'s")
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        legal = self._legal
        assert legal is not None
        # The fields are read once, here: a subclass whose ``k`` is a property could
        # answer the range check with one number and the chip count with another.
        kind, k = action.kind, action.k
        if not isinstance(kind, ActionKind):
            raise IllegalActionError(f"unknown action kind {kind!r}")
        if kind is not ActionKind.RAISE and (type(k) is not int or k != 0):
            # Only a raise has a multiple; a stray k would be stored in the log and compare
            # unequal to the same action read back from a history or the network.
            raise IllegalActionError(f"only a raise takes a multiple, got {action!r}")
        B = self.rules.table_bet
        if kind is ActionKind.RAISE:
            if type(k) is not int:
                raise IllegalActionError(f"a raise multiple is a whole number, got {k!r}")
            if not legal.raise_k:
                raise IllegalActionError(self._why_no_raise(seat))
            if k not in legal.raise_k:
                raise IllegalActionError(
                    f"a raise must be {legal.raise_k.start}..{legal.raise_k.stop - 1} × {B}, "
                    f"got {k}")
            amount = legal.owed + k * B
        elif kind is ActionKind.ALL_IN:
            if legal.all_in is None:
                raise IllegalActionError(
                    "an all-in here would lift the bet: " + self._why_no_raise(seat))
            amount = legal.all_in
        elif kind is ActionKind.CALL:
            amount = legal.call
        elif kind is ActionKind.FOLD or kind is ActionKind.TIMEOUT:
            amount = 0
        else:  # pragma: no cover - the enum is closed
            raise IllegalActionError(f"unknown action {action!r}")

        mark = len(self.events)
        # The log keeps a plain ``Action`` of the fields checked above, never the object
        # passed in (which may be a subclass that changes later).
        self.actions.append((seat, Action(kind, k)))
        raised = False
        if kind is ActionKind.FOLD or kind is ActionKind.TIMEOUT:
            self._folded[seat] = True
        else:
            self._stacks[seat] -= amount
            self._bets[seat] += amount
            self._contrib[seat] += amount
            if self._bets[seat] > self._level:
                self._level = self._bets[seat]
                raised = True
                acted = self._acted
                for s in range(self.n):
                    acted[s] = False
        self._acted[seat] = True
        taken = ActionTaken(seat, kind, amount, k if kind is ActionKind.RAISE else 0,
                            self._bets[seat], self._stacks[seat], self._level, raised,
                            not self._folded[seat] and self._stacks[seat] == 0, self._round)
        self._action_events.append(taken)
        self.events.append(taken)
        self._to_act = None
        self._legal = None
        if self._betting_done():
            self._finish()
        else:
            self._start_turn(self._next_to_act(seat), after=seat)
        return self.events[mark:]

    def _why_no_raise(self, seat: int) -> str:
        if self._round > self.rules.max_rounds:
            return f"raises are allowed in the first {self.rules.max_rounds} rounds only"
        if not self._others_with_chips(seat):
            return "nobody else still in has chips to answer a raise"
        return "a raise must leave chips behind; bet the whole stack with an all-in"

    def _others_with_chips(self, seat: int) -> bool:
        st, fo = self._stacks, self._folded
        return any(s != seat and not fo[s] and st[s] > 0 for s in range(self.n))

    def _compute_legal(self, seat: int) -> Legal:
        rules = self.rules
        B = rules.table_bet
        stack = self._stacks[seat]
        owed = self._level - self._bets[seat]
        can_raise = self._round <= rules.max_rounds and self._others_with_chips(seat)
        raise_k = _EMPTY
        if can_raise:
            k_max = min(rules.raise_max, (stack - owed - 1) // B)
            if k_max >= rules.raise_min:
                raise_k = range(rules.raise_min, k_max + 1)
        all_in = stack if (stack <= owed or can_raise) else None
        return Legal(seat, True, min(owed, stack), owed, raise_k, all_in, B)

    def _betting_done(self) -> bool:
        """RULES.md step 8."""
        fo, st, acted = self._folded, self._stacks, self._acted
        bets, level = self._bets, self._level
        still_in = [s for s in range(self.n) if not fo[s]]
        if len(still_in) <= 1:
            return True
        with_chips = [s for s in still_in if st[s] > 0]
        if len(with_chips) <= 1 and all(bets[s] >= level for s in with_chips):
            return True
        return all(acted[s] and bets[s] >= level for s in with_chips)

    def _next_to_act(self, seat: int) -> int:
        fo, st, acted, bets, level, n = (self._folded, self._stacks, self._acted, self._bets,
                                          self._level, self.n)
        for i in range(1, n + 1):
            s = (seat + i) % n
            if not fo[s] and st[s] > 0 and (not acted[s] or bets[s] < level):
                return s
        raise AssertionError("betting is not done but nobody can act")  # pragma: no cover

    def _start_turn(self, seat: int, after: int | None = None) -> None:
        if after is not None:
            # RULES.md step 7: a new round each time the turn reaches or passes the first
            # player's seat, whether or not that player can still act.
            n = self.n
            steps = (seat - after) % n or n
            if ((self.first - after) % n or n) <= steps:
                self._round += 1
                self.events.append(RoundStarted(self._round))
        self._to_act = seat
        self._legal = self._compute_legal(seat)
        self.events.append(TurnStarted(seat, self._round, self._legal))

    def _finish(self) -> None:
        """Betting is over (step 8): pay out; ``SealedHand`` first awaits openings."""
        self._to_act = None
        self._legal = None
        self._settle()

    def _settle(self) -> None:
        self._over = True
        ev = self.events
        order = turn_order_from(self.first, self.n)
        still_in = [s for s in order if not self._folded[s]]
        total = sum(self._contrib)
        if len(still_in) == 1:
            # RULES.md step 8: uncontested; the winner's cards stay hidden.
            w = still_in[0]
            self._uncontested = True
            self._stacks[w] += total
            ev.append(PotAwarded(0, total, (w,), (w,), (total,), False))
            self._winners = (w,)
        else:
            values = {s: evaluate(self._cards[s], self.rules) for s in still_in}
            shown = []
            for s in still_in:
                c = self._cards[s]
                shown.append(ShownHand(s, (c[0], c[1], c[2]), values[s]))
                self._shown[s] = tuple(c)
            ev.append(Showdown(tuple(shown)))
            for i, layer in enumerate(self.layers()):
                if len(layer.eligible) == 1:
                    winners: Sequence[int] = layer.eligible
                    refund = True
                else:
                    best = max(values[s] for s in layer.eligible)
                    winners = [s for s in layer.eligible if values[s] == best]
                    refund = False
                shares = split_amount(layer.amount, winners)
                for s, share in zip(winners, shares, strict=True):
                    self._stacks[s] += share
                ev.append(PotAwarded(i, layer.amount, layer.eligible, tuple(winners),
                                     tuple(shares), refund))
                if i == 0:
                    self._winners = tuple(winners)
        ev.append(HandEnded(tuple(self._stacks), self._winners, self._uncontested,
                            tuple(a - b for a, b in zip(self._stacks, self.start_stacks,
                                                        strict=True))))

    # ----------------------------------------------------------------- views

    def view_for(self, seat: int | None) -> HandView:
        """What ``seat`` may know now: its own cards, never others' before showdown.
        ``seat`` None is a spectator; anything else that is not a seat of the hand raises
        ``InvalidSeatError`` (``-1`` must not show the last seat's cards)."""
        self._seat(seat, allow_none=True)
        mine: tuple[Card, ...] = tuple(self._cards[seat]) if seat is not None else ()
        return HandView(
            seat=seat, rules=self.rules, first=self.first, dealt_in=self.dealt_in,
            start_stacks=self.start_stacks, stacks=tuple(self._stacks),
            bets=tuple(self._bets), contributed=tuple(self._contrib),
            folded=tuple(self._folded), bet_level=self._level, round=self._round,
            to_act=self._to_act,
            legal=self._legal if seat is not None and seat == self._to_act else None,
            my_cards=mine, shown=dict(self._shown),
            layers=tuple(self.layers()) if not self._over else (),
            actions=tuple(self._action_events), is_over=self._over)

    def events_for(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` may see it: other seats' dealt cards are None.
        ``InvalidSeatError`` for anything but a seat of the hand or None (a spectator)."""
        self._seat(seat, allow_none=True)
        return [redact(e, seat) for e in self.events]

    # ----------------------------------------------------------------- replays

    @classmethod
    def replay(cls, rules: RuleSet, stacks: Sequence[int], first: int, deck: Sequence[Card],
               actions: Iterable[tuple[int, Action]]) -> Hand:
        """Rebuild a hand from its description; raises if an action is no longer legal
        (``IllegalActionError`` too for an entry that is not a ``(seat, action)`` pair)."""
        if deck is None:
            raise InvalidCardError("a replay needs the deck the hand was dealt from")
        hand = cls(rules, stacks, first, deck=deck)
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise IllegalActionError(f"actions must be (seat, action) pairs, got {actions!r}")
        for entry in actions:
            if not isinstance(entry, tuple) or len(entry) != 2:
                raise IllegalActionError(f"an action entry is a (seat, action) pair, "
                                         f"got {entry!r}")
            hand.act(entry[0], entry[1])
        return hand

