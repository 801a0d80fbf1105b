"""A hand whose persons' cards the host cannot read (the mental-poker deal, PROTOCOL.md 12).

On a LAN table dealt with ``lieng.deal`` each person's three cards are locked under a key
only that person holds; the host's process — which runs this engine — knows the bots'
cards (they are the host's) and nothing of the persons' until a person *opens* its hand
at the showdown. ``SealedHand`` is ``Hand`` with that knowledge and nothing more:

* a sealed seat's ``CardDealt`` events carry no card (``None``) in every log, the host's
  own included, so no record made from the log can hold it;
* betting is exactly ``Hand``'s — no rule needs a card before the showdown;
* when betting ends with a showdown (RULES.md step 8), the hand *waits* (``awaiting``):
  each sealed seat still in either opens (``open``, with cards the deal layer has checked)
  or withholds (``withhold``: a missing, late or false opening), which counts as a fold
  (RULES.md "Choices the sources leave open", showdown openings). Once nobody is awaited,
  the pot is paid as in ``Hand``.

It stays pure: it never reads a clock — the caller decides when an opening is late — and
given the same arguments, actions and openings it produces the same events (``replay``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .actions import Action, ActionKind
from .cards import Card
from .errors import HandOverError, IllegalActionError, InvalidCardError, InvalidHandError
from .events import ActionTaken, CardDealt, Event, HandEnded, PotAwarded
from .guards import check_hand_arguments
from .hand import Hand
from .pots import turn_order_from
from .rules import RuleSet

Opening = tuple[int, tuple[Card, ...] | ActionKind]
"""One showdown answer, as ``SealedHand.openings`` keeps it: the seat and its three cards,
or, for a withheld opening, the action it was logged as (``TIMEOUT`` or ``FOLD``)."""


def _known_cards(known: object, n: int) -> list[tuple[Card, ...] | None]:
    """``known`` checked: one entry per seat, None or three cards, no card twice."""
    if not isinstance(known, (list, tuple)) or len(known) != n:
        raise InvalidHandError(f"known cards: one entry per seat ({n}), got {known!r}")
    out: list[tuple[Card, ...] | None] = []
    seen: set[Card] = set()
    for s, cards in enumerate(known):
        if cards is None:
            out.append(None)
            continue
        if not isinstance(cards, (list, tuple)) or len(cards) != 3 \
                or not all(isinstance(c, Card) for c in cards):
            raise InvalidCardError(f"seat {s}: known cards are three cards or None, "
                                   f"got {cards!r}")
        if seen & set(cards) or len(set(cards)) != 3:
            raise InvalidCardError(f"seat {s}: a card is dealt twice")
        seen |= set(cards)
        out.append(tuple(cards))
    return out


class SealedHand(Hand):
    """A hand in which ``known[s]`` is seat ``s``'s three cards when the host may know
    them (a bot's) and None when it may not (a person's, sealed until opened).

    A seat that sits the hand out (stack below the table bet) must be None: it gets no
    cards. The deal order is ``Hand``'s (RULES.md step 4); which physical card lands where
    is the deal layer's business, so there is no ``deck`` (it is empty).
    """

    def __init__(self, rules: RuleSet, stacks: Sequence[int], first: int,
                 known: Sequence[Sequence[Card] | None]) -> None:
        n = check_hand_arguments(rules, stacks, first, None, None)
        self._known = _known_cards(known, n)
        for s, cards in enumerate(self._known):
            if cards is not None and stacks[s] < rules.table_bet:
                raise InvalidHandError(f"seat {s} sits the hand out and gets no cards")
        self._awaiting: list[int] = []
        self.openings: list[Opening] = []
        """Every showdown answer in order: with the actions, what a replay needs."""
        super().__init__(rules, stacks, first)

    def _deal(self, dealt: Sequence[int], deck: Sequence[Card] | None,
              rng: random.Random | None) -> None:
        """RULES.md step 4's order; a sealed seat's card is None even in the host's log."""
        self.deck = ()
        for pass_no in range(3):
            for s in dealt:
                known = self._known[s]
                card = known[pass_no] if known is not None else None
                if card is not None:
                    self._cards[s].append(card)
                self.events.append(CardDealt(s, card, pass_no))

    # ----------------------------------------------------------------- the showdown

    @property
    def sealed(self) -> tuple[int, ...]:
        """Dealt-in seats whose cards the host does not know (and has not been shown)."""
        return tuple(s for s in range(self.n)
                     if self.dealt_in[s] and self._known[s] is None and not self._cards[s])

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Seats whose opening the showdown waits for, in turn order from the first
        player; empty while betting goes on and once the hand is over."""
        return tuple(self._awaiting)

    def _finish(self) -> None:
        """Betting is over. An uncontested hand is paid at once (its winner never shows,
        RULES.md step 8); a showdown waits for every sealed seat still in."""
        self._to_act = None
        self._legal = None
        still_in = [s for s in turn_order_from(self.first, self.n) if not self._folded[s]]
        sealed = set(self.sealed)
        self._awaiting = [s for s in still_in if s in sealed] if len(still_in) > 1 else []
        if not self._awaiting:
            self._settle()

    def _answer(self, seat: int) -> None:
        self._seat(seat)
        if self._over:
            raise HandOverError("the hand is over")
        if seat not in self._awaiting:
            who = ", ".join(map(str, self._awaiting)) or "nobody"
            raise IllegalActionError(f"the showdown awaits the opening of {who}, "
                                     f"not seat {seat}")

    def open(self, seat: int, cards: Sequence[Card]) -> list[Event]:
        """Seat ``seat`` shows ``cards`` (already checked against the deal's proofs).

        Three distinct cards that nobody else holds, or ``InvalidCardError`` with nothing
        changed; the events the opening caused (the showdown and payout once it was the
        last one awaited, else none)."""
        self._answer(seat)
        if not isinstance(cards, (list, tuple)) or len(cards) != 3 \
                or not all(isinstance(c, Card) for c in cards) or len(set(cards)) != 3:
            raise InvalidCardError(f"an opening is three distinct cards, got {cards!r}")
        held = {c for s in range(self.n) if s != seat for c in self._cards[s]}
        if held & set(cards):
            raise InvalidCardError(f"seat {seat} opened a card another seat holds: "
                                   + " ".join(c.code for c in cards if c in held))
        mark = len(self.events)
        self._cards[seat] = list(cards)
        self.openings.append((seat, tuple(cards)))
        self._awaiting.remove(seat)
        if not self._awaiting:
            self._settle()
        return self.events[mark:]

    def withhold(self, seat: int, late: bool = True) -> list[Event]:
        """Seat ``seat`` did not open in time (``late``) or opened falsely: its hand is
        folded unseen, like a late action (RULES.md step 6) — never a cancelled hand, or
        a losing player could take its chips back. Logged as a ``TIMEOUT`` (late) or
        ``FOLD`` action; returns the events it caused."""
        self._answer(seat)
        mark = len(self.events)
        kind = ActionKind.TIMEOUT if late else ActionKind.FOLD
        self._folded[seat] = True
        self.openings.append((seat, kind))
        taken = ActionTaken(seat, kind, 0, 0, self._bets[seat], self._stacks[seat],
                            self._level, False, False, self._round)
        self._action_events.append(taken)
        self.events.append(taken)
        self._awaiting.remove(seat)
        if not self._awaiting:
            self._settle()
        return self.events[mark:]

    def _settle(self) -> None:
        """Pay out as ``Hand`` does; if every player still in withheld, nobody may win
        and the hand is void: every chip put in goes back (RULES.md, showdown openings)."""
        if any(not f for f in self._folded):
            super()._settle()
            return
        self._over = True
        order = turn_order_from(self.first, self.n)
        payers = [s for s in order if self._contrib[s]]
        for i, s in enumerate(payers):
            amount = self._contrib[s]
            self._stacks[s] += amount
            self.events.append(PotAwarded(i, amount, (s,), (s,), (amount,), True))
        self.events.append(HandEnded(tuple(self._stacks), (), False,
                                     tuple(0 for _ in range(self.n))))

    @property
    def void(self) -> bool:
        """True for a hand that ended with every player still in withholding."""
        return self._over and not self._winners

    @property
    def next_first(self) -> int:
        """The first winner of the main pot (RULES.md step 3); after a void hand nobody
        won, so the first player keeps the lead."""
        if self._over and not self._winners:
            return self.first
        return super().next_first

    # ----------------------------------------------------------------- replays

    @classmethod
    def replay_sealed(cls, rules: RuleSet, stacks: Sequence[int], first: int,
                      known: Sequence[Sequence[Card] | None],
                      actions: Iterable[tuple[int, Action]],
                      openings: Iterable[Opening] = ()) -> SealedHand:
        """Rebuild a sealed hand from its description (as ``Hand.replay``), the showdown
        answers last; raises if an entry no longer fits."""
        hand = cls(rules, stacks, first, known)
        for entries, what in ((actions, "an action"), (openings, "an opening")):
            if isinstance(entries, (str, bytes)) or not isinstance(entries, Iterable):
                raise IllegalActionError(f"{what} list is a list of pairs, got {entries!r}")
        for entry in actions:
            if not isinstance(entry, tuple) or len(entry) != 2:
                raise IllegalActionError(f"an action entry is a (seat, action) pair, "
                                         f"got {entry!r}")
            hand.act(entry[0], entry[1])
        for pair in openings:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise IllegalActionError(f"an opening entry is a (seat, cards) pair, "
                                         f"got {pair!r}")
            seat, answer = pair
            if isinstance(answer, ActionKind):
                hand.withhold(seat, late=answer is ActionKind.TIMEOUT)
            else:
                hand.open(seat, answer)
        return hand

    @classmethod
    def replay(cls, rules: RuleSet, stacks: Sequence[int], first: int, deck: Sequence[Card],
               actions: Iterable[tuple[int, Action]]) -> Hand:
        """A sealed hand has no deck to replay from: ``replay_sealed`` is its replay."""
        raise InvalidHandError("a sealed hand is replayed with SealedHand.replay_sealed, "
                               "from its known cards and openings, not from a deck")
