"""The exact hand-strength table and ``win_probability``."""

from __future__ import annotations

import functools
import math
import random
from array import array
from typing import Any

import pytest

from lieng.bots import build_tables
from lieng.bots import strength as S
from lieng.engine import FULL_DECK, PRESETS, TIEBREAKS, Card, RuleSet, evaluate, hand_key
from lieng.engine.ranking import all_hands


@functools.cache
def _fresh_counts(rules: RuleSet) -> tuple[array[int], array[int]]:
    """``compute_counts`` once per preset for both tests below: the build computes the
    same three tables the per-preset test does (the same function on the same rules)."""
    return S.compute_counts(rules)


@pytest.mark.parametrize("preset", TIEBREAKS)
def test_shipped_table_equals_fresh_computation(preset: str) -> None:
    shipped = S.decode_tables(S.DATA_FILE.read_bytes())[preset]
    assert shipped == _fresh_counts(PRESETS[preset])


def test_build_produces_the_shipped_file_contents(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_tables, "compute_counts", _fresh_counts)
    assert S.decode_tables(build_tables.build()) == S.decode_tables(S.DATA_FILE.read_bytes())


def test_hand_index_is_a_bijection_onto_the_table_rows() -> None:
    seen = {S.hand_index(h) for h in all_hands()}
    assert seen == set(range(S.N_HANDS))
    hands = S.colex_hands()
    assert all(S.hand_index(h) == i for i, h in enumerate(hands))


@pytest.mark.parametrize("preset", TIEBREAKS)
def test_counts_match_brute_force_on_a_sample(preset: str) -> None:
    rules = PRESETS[preset]
    keys = {hand_key(h): evaluate(h, rules).key for h in all_hands()}
    rng = random.Random(preset)
    sample = [*rng.sample(all_hands(), 4), tuple(Card.parse_many("AH AD AS")),
              tuple(Card.parse_many("QH KS AD")), tuple(Card.parse_many("4H 5S KD"))]
    for hand in sample:
        mine = hand_key(hand)
        v = keys[mine]
        wins = ties = total = 0
        for other, k in keys.items():
            if other & mine:
                continue
            total += 1
            wins += k < v
            ties += k == v
        assert total == S.N_OPPONENT_HANDS
        assert S.counts(hand, rules) == (wins, ties)
        assert S.strength(hand, rules) == pytest.approx((wins + ties / 2) / total)


def test_counts_stay_within_the_18424_opponent_hands() -> None:
    for preset in TIEBREAKS:
        wins, ties = S.decode_tables(S.DATA_FILE.read_bytes())[preset]
        assert max(w + t for w, t in zip(wins, ties, strict=True)) <= S.N_OPPONENT_HANDS
        # A-A-A beats every hand an opponent can hold.
        aaa = S.hand_index(Card.parse_many("AH AD AS"))
        assert wins[aaa] == S.N_OPPONENT_HANDS and ties[aaa] == 0


def test_v8club_never_ties_and_split_ties_most() -> None:
    hands = S.colex_hands()
    v8 = S.decode_tables(S.DATA_FILE.read_bytes())["v8club"][1]
    split = S.decode_tables(S.DATA_FILE.read_bytes())["split"][1]
    classic = S.decode_tables(S.DATA_FILE.read_bytes())["classic"][1]
    assert sum(v8) == 0  # RULES.md: two v8club hands from one deck never tie
    assert sum(split) > sum(classic) > 0
    assert len(hands) == S.N_HANDS


@functools.cache
def _keys_by_row(preset: str) -> tuple[int, ...]:
    """Every hand's ranking key under ``preset``, in the strength table's row order."""
    return tuple(evaluate(h, PRESETS[preset]).key for h in S.colex_hands())


@functools.cache
def _deals(hand: tuple[Card, ...], samples: int, seed: int) -> Any:
    """``samples`` deals of 15 cards from the 49 ``hand`` leaves (card indexes, one row a
    deal). They depend on the hand and the seed, not the preset, so the three presets'
    runs share them (read-only; one byte a card: 0.9 MB for 60,000 deals)."""
    np = pytest.importorskip("numpy")
    rest = np.array([c.index for c in FULL_DECK if c not in hand], dtype=np.uint8)
    gen = np.random.default_rng(seed)
    dealt = rest[np.argsort(gen.random((samples, len(rest))), axis=1)[:, :15]]
    dealt.flags.writeable = False
    return dealt


def _monte_carlo(hand: tuple[Card, ...], preset: str, samples: int,
                 seed: int) -> list[float]:
    """Pot share against 1..5 random opponents: ``samples`` deals of 15 more cards, the
    opponents' hands dealt from them in turn (a simulation independent of the table's
    pairwise counts: whole hands compared, card removal included)."""
    np = pytest.importorskip("numpy")
    keys = np.array(_keys_by_row(preset))
    c3 = np.array([math.comb(i, 3) for i in range(52)])
    c2 = np.array([math.comb(i, 2) for i in range(52)])
    v = keys[S.hand_index(hand)]
    dealt = _deals(hand, samples, seed)
    alive = np.ones(samples, dtype=bool)  # no opponent so far beats us
    ties = np.ones(samples)  # players sharing the pot so far, us included
    totals = []
    for n in range(5):
        a, b, c = np.sort(dealt[:, 3 * n:3 * n + 3], axis=1).T
        k = keys[c3[c] + c2[b] + a]
        alive &= k <= v
        ties += alive & (k == v)
        totals.append(float(np.sum(alive / ties)) / samples)
    return totals


@pytest.mark.parametrize("preset", TIEBREAKS)
def test_win_probability_within_one_point_of_monte_carlo(preset: str) -> None:
    rng = random.Random(20261129)
    hands = [tuple(Card.parse_many(t)) for t in ("4H 5S KD", "JH JS QD", "AS 8D KC")]
    hands += [tuple(h) for h in rng.sample(all_hands(), 5)]
    for i, hand in enumerate(hands):
        mc = _monte_carlo(hand, preset, 60_000, 20261129 + i)
        for n in range(1, 6):
            model = S.win_probability(hand, n, PRESETS[preset])
            assert abs(model - mc[n - 1]) < 0.01, (hand, n, model, mc[n - 1])


def test_win_probability_edges() -> None:
    aaa = Card.parse_many("AH AD AS")
    assert S.win_probability(aaa, 5) == 1.0
    weak = Card.parse_many("2S 3C 5D")  # 0 points
    assert S.win_probability(weak, 0) == 1.0
    assert S.win_probability(weak, 1) == pytest.approx(S.strength(weak))
    assert S.win_probability(weak, 1) > S.win_probability(weak, 2) > S.win_probability(weak, 5)
    with pytest.raises(ValueError):
        S.win_probability(weak, -1)
    with pytest.raises(ValueError):
        S.hand_index([Card.parse("2S")] * 3)


def _clear_caches() -> None:
    S._shipped.cache_clear()
    S._table.cache_clear()
    S._strength_row.cache_clear()


def test_a_missing_data_file_falls_back_to_computing(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = Card.parse_many("JH QH KH")
    expected = (S.counts(hand, PRESETS["v8club"]), S.strength(hand, PRESETS["v8club"]))
    monkeypatch.setattr(S, "DATA_FILE", S.DATA_FILE.with_name("no-such-file.bin"))
    _clear_caches()
    try:
        assert S._shipped() is None
        assert (S.counts(hand, PRESETS["v8club"]), S.strength(hand, PRESETS["v8club"])) \
            == expected
    finally:
        monkeypatch.undo()
        _clear_caches()
    assert S._shipped() is not None
