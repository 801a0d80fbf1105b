"""Commit-then-reveal seeds and the after-hand check (lieng/net/fairdeal.py)."""

from __future__ import annotations

import random

import pytest

from lieng.engine import FULL_DECK, PRESETS, Action, Hand
from lieng.net.fairdeal import (
    cards_by_seat,
    commit,
    deck_from_seed,
    derive_seed,
    new_value,
    verify_deal,
)


def test_the_deal_positions_are_the_engines() -> None:
    rng = random.Random(2)
    for _ in range(200):
        n = rng.randint(2, 6)
        stacks = [rng.choice([0, 1000]) for _ in range(n)]
        stacks[rng.randrange(n)] = stacks[(rng.randrange(n - 1) + 1) % n] = 1000
        if sum(s > 0 for s in stacks) < 2:
            continue
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hand = Hand(PRESETS["classic"], stacks, rng.randrange(n), deck=deck)
        dealt = cards_by_seat(deck, hand.first, hand.dealt_in)
        assert dealt == {s: hand.cards_of(s) for s in range(n) if hand.dealt_in[s]}


def test_every_value_changes_the_deck() -> None:
    host, a, b = new_value(), new_value(), new_value()
    base = deck_from_seed(derive_seed(1, host, {0: a, 1: b}))
    assert sorted(base, key=lambda c: c.index) == list(FULL_DECK)
    assert deck_from_seed(derive_seed(1, host, {0: a, 1: b})) == base
    assert deck_from_seed(derive_seed(2, host, {0: a, 1: b})) != base
    assert deck_from_seed(derive_seed(1, new_value(), {0: a, 1: b})) != base
    assert deck_from_seed(derive_seed(1, host, {0: a, 1: new_value()})) != base
    assert deck_from_seed(derive_seed(1, host, {0: b, 1: a})) != base


def _played_hand(seed: int) -> tuple[Hand, bytes, dict[int, bytes]]:
    host = random.Random(seed).randbytes(32)
    values = {s: random.Random(seed * 10 + s).randbytes(32) for s in range(3)}
    deck = deck_from_seed(derive_seed(7, host, values))
    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 1, deck=deck)
    while not hand.is_over:
        hand.act(hand.legal().seat, Action.call())
    return hand, host, values


def _check(hand: Hand, host: bytes, values: dict[int, bytes], seat: int,
           over: dict[str, object] | None = None) -> tuple[bool, str]:
    view = hand.view_for(seat)
    args: dict[str, object] = dict(
        hand_no=7, host_commit=commit(host), host_value=host,
        commits={s: commit(v) for s, v in values.items()}, values=values, my_seat=seat,
        my_value=values[seat], first=view.first, dealt_in=view.dealt_in,
        my_cards=view.my_cards, shown=view.shown)
    args.update(over or {})
    result = verify_deal(**args)  # type: ignore[arg-type]
    return result.ok, result.reason


def test_an_honest_deal_passes_for_every_seat() -> None:
    hand, host, values = _played_hand(1)
    assert hand.view_for(0).shown  # everyone called: a showdown to check too
    for seat in range(3):
        assert _check(hand, host, values, seat) == (True, "check passed")


@pytest.mark.parametrize("cheat", ["host_value", "my_value", "other_value", "my_cards",
                                   "shown", "dropped_me"])
def test_each_kind_of_cheating_is_caught(cheat: str) -> None:
    hand, host, values = _played_hand(2)
    seat = 0
    over: dict[str, object] = {}
    if cheat == "host_value":  # the host picked its value after seeing the others
        over["host_value"] = new_value()
    elif cheat == "my_value":
        over["values"] = {**values, seat: new_value()}
    elif cheat == "other_value":
        over["values"] = {**values, 2: new_value()}
    elif cheat == "my_cards":
        view = hand.view_for(seat)
        other = next(c for c in FULL_DECK if c not in view.my_cards)
        over["my_cards"] = (other, *view.my_cards[1:])
    elif cheat == "shown":
        view = hand.view_for(seat)
        over["shown"] = {s: tuple(reversed(c)) for s, c in view.shown.items()}
    elif cheat == "dropped_me":
        over["values"] = {s: v for s, v in values.items() if s != seat}
        over["commits"] = {s: commit(v) for s, v in values.items() if s != seat}
    ok, reason = _check(hand, host, values, seat, over)
    assert not ok and reason != "check passed"


class _MT19937:
    """The generator docs/PROTOCOL.md names, written out independently of ``random``."""

    def __init__(self, key: list[int]) -> None:
        n = 624
        mt = [0] * n
        mt[0] = 19650218
        for i in range(1, n):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        i, j = 1, 0
        for _ in range(max(n, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) \
                & 0xFFFFFFFF
            i, j = i + 1, j + 1
            if i >= n:
                mt[0], i = mt[n - 1], 1
            if j >= len(key):
                j = 0
        for _ in range(n - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= n:
                mt[0], i = mt[n - 1], 1
        mt[0] = 0x80000000
        self.mt, self.index = mt, n

    def next_uint32(self) -> int:
        mt = self.mt
        if self.index >= 624:
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)


def test_the_shuffle_is_the_documented_one() -> None:
    """A client in another language (or a future Python) must get the same deck."""
    for hand_no in range(1, 30):
        seed = derive_seed(hand_no, new_value(), {0: new_value(), 3: new_value()})
        x = int.from_bytes(seed, "big")
        words = []
        while x:
            words.append(x & 0xFFFFFFFF)
            x >>= 32
        gen = _MT19937(words or [0])
        deck = list(FULL_DECK)
        for i in range(51, 0, -1):
            k = (i + 1).bit_length()
            while (j := gen.next_uint32() >> (32 - k)) > i:
                pass
            deck[i], deck[j] = deck[j], deck[i]
        assert deck == deck_from_seed(seed)
