"""Fair deal: the shuffle seed comes from every player, so nobody — host included — picks
the cards (issue 7, "Fair deal"; RULES.md step 4 asks for a fair shuffle).

Per hand:

1. The host draws a 32-byte value ``h`` and sends ``SHA-256(h)`` to everyone.
2. Each seated, connected player draws a value ``v_s`` and sends ``SHA-256(v_s)``.
3. Once the commits are in, the host publishes them; each player then sends ``v_s`` —
   to the host only, so nobody can compute the deck while the hand is played.
4. ``seed = SHA-256("lieng-deal-v1" | hand number | h | v_s for each seat in order)``;
   the deck is ``shuffled_deck(random.Random(seed))``, that generator used for nothing else.
5. After the hand the host publishes ``h`` and every ``v_s``. Each client checks ``h``
   against the commit it saw *before* sending its own value (so the host could not pick
   ``h`` after seeing it), every value against its commit, its own value unchanged, and
   that the cards it held and the cards shown are where that deck puts them.

The price, documented in docs/PROTOCOL.md: once a hand is over the published values let
anyone recompute the whole deck, folded hands included. They are never sent as cards,
and the reference client uses the deck only to check its own and the shown cards.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lieng.engine import Card, shuffled_deck

DOMAIN = b"lieng-deal-v1"
VALUE_BYTES = 32


def new_value() -> bytes:
    """A fresh secret contribution from the operating system's secure generator."""
    return secrets.token_bytes(VALUE_BYTES)


def commit(value: bytes) -> bytes:
    return hashlib.sha256(value).digest()


def derive_seed(hand_no: int, host_value: bytes, values: Mapping[int, bytes]) -> bytes:
    """The shuffle seed from the host's value and every player's, in seat order."""
    h = hashlib.sha256(DOMAIN)
    h.update(hand_no.to_bytes(8, "big"))
    h.update(host_value)
    for seat in sorted(values):
        h.update(seat.to_bytes(1, "big"))
        h.update(values[seat])
    return h.digest()


def deck_from_seed(seed: bytes) -> list[Card]:
    """The deck a seed implies. ``random.Random`` seeded from an int is the same on every
    CPython 3.x, which is what lets a client recompute the host's shuffle."""
    return shuffled_deck(random.Random(int.from_bytes(seed, "big")))


def cards_by_seat(deck: Sequence[Card], first: int, dealt_in: Sequence[bool]
                  ) -> dict[int, tuple[Card, ...]]:
    """Where the engine's deal puts the deck (RULES.md step 4: one card at a time from the
    first player, three passes, only dealt-in seats)."""
    n = len(dealt_in)
    order = [(first + i) % n for i in range(n) if dealt_in[(first + i) % n]]
    out: dict[int, list[Card]] = {s: [] for s in order}
    i = 0
    for _ in range(3):
        for s in order:
            out[s].append(deck[i])
            i += 1
    return {s: tuple(c) for s, c in out.items()}


@dataclass(frozen=True)
class DealCheck:
    """The outcome of checking one hand's deal; ``reason`` says what failed."""

    hand: int
    ok: bool
    reason: str


def verify_deal(hand_no: int, host_commit: bytes, host_value: bytes,
                commits: Mapping[int, bytes], values: Mapping[int, bytes],
                my_seat: int | None, my_value: bytes | None, first: int,
                dealt_in: Sequence[bool], my_cards: Sequence[Card],
                shown: Mapping[int, Sequence[Card]]) -> DealCheck:
    """Everything a client can check after a hand (see the module docstring, step 5)."""
    def fail(reason: str) -> DealCheck:
        return DealCheck(hand_no, False, reason)

    if commit(host_value) != host_commit:
        return fail("the host's value does not match the commit it sent before the deal")
    for seat, value in values.items():
        if commits.get(seat) != commit(value):
            return fail(f"seat {seat}'s value does not match its commit")
    if my_value is not None and my_seat is not None and values.get(my_seat) != my_value:
        return fail("my own contribution was left out or changed")
    deck = deck_from_seed(derive_seed(hand_no, host_value, values))
    dealt = cards_by_seat(deck, first, dealt_in)
    if my_seat is not None and dealt_in[my_seat] and tuple(my_cards) != dealt.get(my_seat):
        return fail("the cards I was dealt are not the ones the seed implies")
    for seat, cards in shown.items():
        if tuple(cards) != dealt.get(seat):
            return fail(f"seat {seat}'s shown cards are not the ones the seed implies")
    return DealCheck(hand_no, True, "check passed")
