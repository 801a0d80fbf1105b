"""One hand's mental-poker deal: every party shuffles and locks the deck, then unlocks for
each card's owner only (docs/PROTOCOL.md section 12 is the specification).

Two kinds of object, so that what is secret is visibly apart from what is public:

* ``DealState`` — the public record every process keeps: the setup, each party's
  re-locked deck and key, each dealt card as the unlock pass leaves it. It *checks*
  every step it is given and raises ``DealFault`` naming the party whose step is wrong.
  Nothing in it is secret; the host holds one too. A proof already checked by another
  record in the same process is not checked again (lieng/deal/checked.py).
* ``PartySecret`` — one party's own key and permutation, which never leave its process
  (until the showdown it may open its cards, card by card, with a proof — never the key).

Parties: the persons at the table (each one a seat), then always the ``DEALER`` — the
host's own lock, under which the bots' cards end up, so that they are the host's to read
(the bots are the host's) and nobody else's. The dealer comes last, also in the unlock
pass, so no person can read its own cards before every person has sent every step: a
person cannot look at its cards and then withhold a step to have the hand cancelled.

The deal, given ``DealSetup`` (hand, a fresh nonce, the parties in order, and the seat of
each dealt position — RULES.md step 4 fixes the positions):

1. **Shuffle**: the deck starts as the 52 card points; each person in order re-locks and
   permutes it (``ShuffleStep``) with a shuffle proof; the dealer last locks it in place
   with a batched Chaum–Pedersen proof (lieng/deal/lock.py); everyone checks each proof.
2. **Unlock pass**: each party in order removes its lock from every dealt position it
   does not own (``UnlockStep``), each with a Chaum–Pedersen proof that it removed
   exactly its own lock (the key of its shuffle). Every position owned by ``p`` then
   carries ``p``'s lock alone; ``p`` removes it at home and reads the card.
3. **Showdown**: each hand shown is opened (``Opening``, one seat's cards): each card and
   a proof that its point under the owner's lock is that card's. A folded hand is never opened;
   its cards stay under a lock whose key is never sent.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from lieng.engine import Card

from . import checked, dleq, lock, shuffle
from .cards import card_of, card_points, point_of
from .group import (
    SCALAR_BYTES,
    Point,
    base_mul,
    inverse,
    mul,
    random_scalar,
    scalar_bytes,
    scalar_from_bytes,
)
from .transcript import Transcript

DEALER = 255
"""The party id of the host's own lock (the bots' dealer); persons' ids are their seats."""

DECK_SIZE = 52
SECRET_VERSION = 1


class DealFault(Exception):
    """A step that does not check: ``party`` is who sent it (as relayed), ``reason`` says
    what is wrong — for the table's one line and the cancelled hand."""

    def __init__(self, party: int, reason: str) -> None:
        super().__init__(f"{party_name(party)}: {reason}")
        self.party = party
        self.reason = reason


def party_name(party: int) -> str:
    return "the host's dealer" if party == DEALER else f"seat {party}"


@dataclass(frozen=True)
class DealSetup:
    """What the host announces before the deal; everything else is derived from it."""

    hand: int
    nonce: bytes
    """32 fresh random bytes: no step of an earlier deal fits this one."""
    parties: tuple[int, ...]
    """Who shuffles and unlocks, in order: persons' seats, then ``DEALER``."""
    seats: tuple[int, ...]
    """``seats[p]``: the seat dealt position ``p`` (deck position ``p``; RULES.md step 4,
    ``deal_positions``). A seat that is not a party is a bot's: the dealer's to read."""

    def __post_init__(self) -> None:
        if len(self.parties) < 2 or len(set(self.parties)) != len(self.parties):
            raise ValueError("the parties must be distinct: at least one person and the dealer")
        if self.parties[-1] != DEALER or not all(0 <= p < DEALER for p in self.parties[:-1]):
            raise ValueError("the parties are seat numbers, then the DEALER last")
        if not all(0 <= s < DEALER for s in self.seats):
            raise ValueError("every dealt card must belong to a seat")
        if len(self.seats) > DECK_SIZE or len(self.nonce) != 32 or self.hand < 0:
            raise ValueError("bad deal setup")

    @property
    def deal_id(self) -> bytes:
        """Everything the setup says, hashed: the root of every proof's context."""
        h = hashlib.sha256(b"lieng-mental-v1/setup")
        h.update(self.hand.to_bytes(8, "big"))
        h.update(self.nonce)
        h.update(bytes([len(self.parties), *self.parties]))
        h.update(bytes([len(self.seats), *self.seats]))
        return h.digest()

    @property
    def owners(self) -> tuple[int, ...]:
        """The party that receives each position: a person's seat, or the dealer."""
        persons = set(self.parties[:-1])
        return tuple(s if s in persons else DEALER for s in self.seats)

    def positions_of(self, party: int) -> tuple[int, ...]:
        return tuple(p for p, o in enumerate(self.owners) if o == party)

    def positions_of_seat(self, seat: int) -> tuple[int, ...]:
        return tuple(p for p, s in enumerate(self.seats) if s == seat)


def _context(setup: DealSetup, *parts: int) -> bytes:
    return setup.deal_id + b"".join(p.to_bytes(2, "big") for p in parts)


def _unlock_transcript(setup: DealSetup, party: int, position: int) -> Transcript:
    return Transcript(b"unlock", _context(setup, party, position))


def _open_transcript(setup: DealSetup, party: int, position: int) -> Transcript:
    return Transcript(b"open", _context(setup, party, position))


@dataclass(frozen=True)
class ShuffleStep:
    party: int
    key: Point
    deck: tuple[Point, ...]
    proof: shuffle.ShuffleProof | dleq.Dleq
    """A shuffle proof from a person; the dealer's lock proof (lieng/deal/lock.py)."""


@dataclass(frozen=True)
class UnlockStep:
    party: int
    cards: tuple[tuple[int, Point, dleq.Dleq], ...]
    """``(position, the point with this party's lock removed, proof)`` for every dealt
    position the party does not own, in increasing position order."""


@dataclass(frozen=True)
class Opening:
    party: int
    cards: tuple[tuple[int, int, dleq.Dleq], ...]
    """``(position, card index, proof)`` for each card shown."""


@dataclass
class DealState:
    """The public record of one deal, checked as it grows (see the module docstring)."""

    setup: DealSetup
    keys: dict[int, Point] = field(default_factory=dict)
    decks: list[tuple[Point, ...]] = field(default_factory=list)
    current: dict[int, Point] = field(default_factory=dict)
    """Each dealt position as the unlock pass has left it so far."""
    unlocked_by: list[int] = field(default_factory=list)
    shown: dict[int, Card] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.decks:
            self.decks.append(card_points())

    @property
    def deck(self) -> tuple[Point, ...]:
        return self.decks[-1]

    @property
    def shuffled(self) -> bool:
        return len(self.decks) == len(self.setup.parties) + 1

    @property
    def unlocked(self) -> bool:
        return len(self.unlocked_by) == len(self.setup.parties)

    def waiting_for(self) -> int | None:
        """The party whose step the deal waits for (None once the pass is complete):
        the one a timeout names."""
        parties = self.setup.parties
        if not self.shuffled:
            return parties[len(self.decks) - 1]
        if not self.unlocked:
            return parties[len(self.unlocked_by)]
        return None

    def accept_shuffle(self, step: ShuffleStep) -> None:
        """Check and record the next party's shuffle; ``DealFault`` if it is not theirs to
        send now or its proof fails."""
        expected = self.waiting_for()
        if self.shuffled or step.party != expected:
            raise DealFault(step.party, "sent a shuffle out of turn")
        if step.key in self.keys.values():
            raise DealFault(step.party, "reused another party's key")
        if len(step.deck) != DECK_SIZE or len(set(step.deck)) != DECK_SIZE:
            raise DealFault(step.party, "its deck does not hold 52 distinct cards")
        ctx = _context(self.setup, step.party)
        proof, deck = step.proof, self.deck
        statement = ("shuffle", ctx, step.key, deck, step.deck, proof)
        if step.party == DEALER:
            if not isinstance(proof, dleq.Dleq) or not checked.once(
                    statement, lambda: lock.verify(ctx, step.key, deck, step.deck, proof)):
                raise DealFault(step.party, "its lock proof does not check: the deck is "
                                "not the same cards, in place, under one key")
        elif not isinstance(proof, shuffle.ShuffleProof) or not checked.once(
                statement, lambda: shuffle.verify(ctx, step.key, deck, step.deck, proof)):
            raise DealFault(step.party, "its shuffle proof does not check: "
                            "the deck is not the same cards under one key")
        self.keys[step.party] = step.key
        self.decks.append(step.deck)
        if self.shuffled:
            self.current = {p: self.deck[p] for p in range(len(self.setup.owners))}

    def accept_unlock(self, step: UnlockStep) -> None:
        """Check and record the next party's unlock of every position it does not own."""
        if not self.shuffled or self.unlocked or step.party != self.waiting_for():
            raise DealFault(step.party, "sent an unlock out of turn")
        owners = self.setup.owners
        wanted = [p for p, o in enumerate(owners) if o != step.party]
        if [c[0] for c in step.cards] != wanted:
            raise DealFault(step.party, "did not unlock exactly the cards of the others")
        key = self.keys[step.party]
        before = tuple(self.current[p] for p in wanted)
        bad: list[int] = []

        def check() -> bool:
            for (position, point, proof), was in zip(step.cards, before, strict=True):
                t = _unlock_transcript(self.setup, step.party, position)
                if not dleq.verify(t, proof, key, point, was):
                    bad.append(position)
                    return False
            return True

        statement = ("unlock", _context(self.setup, step.party), key, before, step.cards)
        if not checked.once(statement, check):
            raise DealFault(step.party, f"its unlock of card {bad[0] + 1} does not "
                            "check: it is not its own lock removed")
        for position, point, _ in step.cards:
            self.current[position] = point
        self.unlocked_by.append(step.party)

    def accept_opening(self, opening: Opening) -> dict[int, Card]:
        """Check a shown hand — one seat's cards: each card under the owner's lock alone is
        the card claimed. Returns ``position → card``. The dealer opens one bot's hand at
        a time, so a bot that folded stays hidden like anyone else."""
        if not self.unlocked:
            raise DealFault(opening.party, "opened cards before the deal was complete")
        positions = tuple(c[0] for c in opening.cards)
        setup = self.setup
        seat = setup.seats[positions[0]] if positions and positions[0] < len(setup.seats) \
            else None
        if seat is None or positions != setup.positions_of_seat(seat) \
                or setup.owners[positions[0]] != opening.party:
            raise DealFault(opening.party, "did not open exactly the cards of one of its seats")
        key = self.keys[opening.party]
        under = tuple(self.current[p] for p in positions)
        fault: list[str] = []

        def check() -> bool:
            for (position, index, proof), was in zip(opening.cards, under, strict=True):
                if not 0 <= index < DECK_SIZE:
                    fault.append("opened a card that does not exist")
                    return False
                card = Card.from_index(index)
                t = _open_transcript(self.setup, opening.party, position)
                if not dleq.verify(t, proof, key, point_of(card), was):
                    fault.append(f"its card {position + 1} is not {card.code}")
                    return False
            return True

        statement = ("open", _context(self.setup, opening.party), key, under, opening.cards)
        if not checked.once(statement, check):
            raise DealFault(opening.party, fault[0])
        out = {position: Card.from_index(index) for position, index, _ in opening.cards}
        self.shown.update(out)
        return out


@dataclass
class PartySecret:
    """One party's secrets for one deal. Kept only in that party's process (and, for a
    reconnect, in its own file for the length of the hand — ``to_bytes``)."""

    party: int
    key: int = field(default_factory=random_scalar)
    perm: list[int] = field(default_factory=lambda: shuffle.random_permutation(DECK_SIZE))
    """Unused by the dealer, which locks in place."""

    @property
    def public_key(self) -> Point:
        return base_mul(self.key)

    def to_bytes(self) -> bytes:
        """What a client writes (atomically, in its own data folder) to get its cards
        back after a reconnect, and deletes when the hand ends: party, key, permutation
        (86 bytes)."""
        return bytes([SECRET_VERSION, self.party]) + scalar_bytes(self.key) + bytes(self.perm)

    @classmethod
    def from_bytes(cls, data: bytes) -> PartySecret:
        """The secret saved by ``to_bytes``; ``ValueError`` for anything else."""
        if len(data) != 2 + SCALAR_BYTES + DECK_SIZE or data[0] != SECRET_VERSION:
            raise ValueError("not a saved deal secret of this version")
        key = scalar_from_bytes(data[2:2 + SCALAR_BYTES])
        perm = list(data[2 + SCALAR_BYTES:])
        if key == 0 or sorted(perm) != list(range(DECK_SIZE)):
            raise ValueError("a saved deal secret with a bad key or permutation")
        return cls(data[1], key, perm)

    def shuffle(self, state: DealState) -> ShuffleStep:
        """This party's re-locked, permuted deck and its proof (its turn in the shuffle);
        the dealer's deck locked in place."""
        ctx = _context(state.setup, self.party)
        key = self.public_key
        if self.party == DEALER:
            locked = lock.lock(state.deck, self.key)
            return ShuffleStep(self.party, key, tuple(locked),
                               lock.prove(ctx, self.key, key, state.deck, locked))
        deck = shuffle.relock(state.deck, self.key, self.perm)
        proof = shuffle.prove(ctx, self.key, key, state.deck, deck, self.perm)
        return ShuffleStep(self.party, key, tuple(deck), proof)

    def unlock(self, state: DealState) -> UnlockStep:
        """Remove this party's lock from every dealt card of the others (after every
        shuffle has been checked: unlocking an unchecked deck could decrypt for a cheat)."""
        if not state.shuffled:
            raise ValueError("unlock only a deck whose every shuffle was checked")
        inv = inverse(self.key)
        key = self.public_key
        out = []
        for position, owner in enumerate(state.setup.owners):
            if owner == self.party:
                continue
            before = state.current[position]
            after = mul(inv, before)
            t = _unlock_transcript(state.setup, self.party, position)
            out.append((position, after, dleq.prove(t, self.key, key, after, before)))
        return UnlockStep(self.party, tuple(out))

    def my_cards(self, state: DealState) -> dict[int, Card]:
        """This party's cards, read once the unlock pass is complete. A point that is no
        card cannot happen after checked proofs; it is a ``DealFault`` of the last
        unlocker all the same."""
        if not state.unlocked:
            raise ValueError("the unlock pass is not complete")
        inv = inverse(self.key)
        out: dict[int, Card] = {}
        for position in state.setup.positions_of(self.party):
            card = card_of(mul(inv, state.current[position]))
            if card is None:
                raise DealFault(state.unlocked_by[-1], "a card of mine reads as no card")
            out[position] = card
        return out

    def open(self, state: DealState, cards: Mapping[int, Card]) -> Opening:
        """Show one seat's cards (the showdown): each with a proof, never the key."""
        key = self.public_key
        out = []
        for position in sorted(cards):
            t = _open_transcript(state.setup, self.party, position)
            proof = dleq.prove(t, self.key, key, point_of(cards[position]),
                               state.current[position])
            out.append((position, cards[position].index, proof))
        return Opening(self.party, tuple(out))


def deal_positions(first: int, dealt_in: Sequence[bool]) -> tuple[int, ...]:
    """The seat of each dealt position: one card at a time from the first player, three
    passes, dealt-in seats only (RULES.md step 4)."""
    n = len(dealt_in)
    order = [(first + i) % n for i in range(n) if dealt_in[(first + i) % n]]
    return tuple(s for _ in range(3) for s in order)


