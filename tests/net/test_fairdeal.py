"""Commit-then-reveal seeds and the after-hand check (lieng/net/fairdeal.py)."""

from __future__ import annotations

import hashlib
import random
import struct
from typing import Any

import pytest

from lieng.engine import FULL_DECK, PRESETS, Action, Card, Hand
from lieng.net import fairdeal
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
           over: dict[str, object] | None = None) -> tuple[bool | None, str]:
    view = hand.view_for(seat)
    args: dict[str, Any] = dict(
        hand_no=7, host_commit=commit(host), host_value=host,
        commits={s: commit(v) for s, v in values.items()}, values=values, my_seat=seat,
        my_value=values[seat], first=view.first, dealt_in=view.dealt_in,
        my_cards=view.my_cards, shown=view.shown)
    args.update(over or {})
    result = verify_deal(**args)
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


def _documented_deck(seed: bytes) -> list[Card]:
    """docs/PROTOCOL.md section 8, written again from the text: Fisher–Yates over the deck
    in card-index order, draws from the SHA-256 counter stream, rejection above the
    largest multiple of ``i + 1``."""
    words: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(b"lieng-shuffle-v1" + seed
                                    + struct.pack(">Q", block)).digest()
            words.extend(struct.unpack(">8I", digest))
            block += 1
        return words.pop(0)

    deck = sorted(FULL_DECK, key=lambda c: c.index)
    for i in range(51, 0, -1):
        bound = (1 << 32) // (i + 1) * (i + 1)
        while (w := word()) >= bound:
            pass
        j = w % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_the_shuffle_is_the_documented_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A client in another language (or a future Python) must get the same deck: the
    shuffle uses nothing of Python's ``random``."""
    def no_random(*args: object) -> None:
        raise AssertionError("the shuffle must not use Python's random")

    monkeypatch.setattr(random.Random, "__init__", no_random)
    for hand_no in range(1, 60):
        seed = derive_seed(hand_no, new_value(), {0: new_value(), 3: new_value()})
        assert deck_from_seed(seed) == _documented_deck(seed)


def test_the_shuffle_stream_rejects_biased_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word at or above the largest multiple of ``i + 1`` is skipped, not folded in (that
    would favour small positions): feed such a word first and the next one decides."""
    top = 2**32 - 1  # ≥ 2**32 - 2**32 % 52 for the first draw (i = 51)
    stream = iter([top, 5] + [0] * 200)
    monkeypatch.setattr(fairdeal, "shuffle_stream", lambda seed: stream)
    deck = fairdeal.deck_from_seed(b"x")
    # i = 51 swaps with j = 5 % 52 = 5; every later draw is 0 (j = 0).
    assert deck[51] == FULL_DECK[5]
