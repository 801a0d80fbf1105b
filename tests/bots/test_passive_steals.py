"""``expert``'s engine heads-up steals from a passive player seen to fold
(``PassiveRead.steal``, issue #20's eleventh session, docs/BOTS.md "Adapting to the
table"): the smallest raise with a weak hand into an unopened pot once the player has
faced ``STEAL_EVIDENCE`` bets and folded to half of them — not against a player who
calls, not before the evidence, not with a good hand, never for ``hard``, for
``normal`` from a model kept for that alone, and from public information only."""

from __future__ import annotations

import dataclasses
import random

import pytest

from lieng.bots.base import legal_of
from lieng.bots.heuristic import (
    HARD_READ_EVIDENCE,
    HARD_READ_RAISE,
    LEVEL_PARAMS,
    STEAL_EVIDENCE,
    HeuristicBot,
)
from lieng.bots.opponents import SeatStats
from lieng.bots.personality import PERSONALITIES
from lieng.bots.strength import colex_hands, strength
from lieng.engine import PRESETS, Action, ActionKind, Hand

RULES = PRESETS["classic"]
B = RULES.table_bet


def _stats(faced: float, folded: float, decisions: float = 40, raises: float = 2) -> SeatStats:
    return SeatStats(decisions=decisions, raises=raises, faced=faced, folded_faced=folded)


FOLDER = _stats(20, 13)
"""Folded to 13 of 20 bets (a fold rate of 0.55 with the prior, below the 0.6 from which
every level steals with any hand), raised 2 of 40 decisions: a tight, passive player."""
CALLER = _stats(20, 3)


def _hands(lo: float, hi: float, n: int = 60) -> list[Hand]:
    """Heads-up hands where seat 0, first to act, holds a hand of strength ``lo``–``hi``."""
    rng = random.Random(7)
    pool = colex_hands()
    band = [h for h in pool if lo <= strength(h, RULES) < hi]
    out: list[Hand] = []
    while len(out) < n:
        mine = rng.choice(band)
        rest = [c for c in rng.choice(pool) if c not in mine]
        if len(rest) < 3:
            continue
        out.append(Hand(RULES, [100 * B] * 2, 0,
                        deck=[mine[0], rest[0], mine[1], rest[1], mine[2], rest[2]]))
    return out


def _first(hand: Hand, opponent: SeatStats, level: str = "expert", seed: int = 1) -> Action:
    bot = HeuristicBot(level, random.Random(seed), PERSONALITIES["calm"], "x")
    assert bot.reader is not None  # normal's read-only model, else the bot's own
    bot.reader.seats[1] = dataclasses.replace(opponent)
    return bot.decide(hand.view_for(0))


def _min_raises(hands: list[Hand], opponent: SeatStats, level: str = "expert") -> float:
    """Share of ``hands`` opened with the smallest legal raise."""
    n = 0
    for i, h in enumerate(hands):
        a = _first(h, opponent, level, i)
        lo = legal_of(h.view_for(0)).raise_k.start
        n += a.kind is ActionKind.RAISE and a.k == lo
    return n / len(hands)


def test_weak_hands_steal_from_a_passive_folder_only() -> None:
    weak = _hands(0.05, 0.4)
    assert _min_raises(weak, FOLDER) > 0.6
    # Not from a player who calls, nor before it has faced enough bets, nor from an
    # aggressor, nor as hard.
    assert _min_raises(weak, CALLER) < 0.2
    early = _stats(STEAL_EVIDENCE - 1, STEAL_EVIDENCE - 1)
    assert _min_raises(weak, early) < 0.2
    assert _min_raises(weak, _stats(20, 13, decisions=40, raises=20)) < 0.2
    assert _min_raises(weak, FOLDER, "hard") < 0.2
    assert LEVEL_PARAMS["hard"].passive is None
    assert _min_raises(weak, LONG_FOLDER, "hard") < 0.2


LONG_FOLDER = _stats(20, 13, decisions=HARD_READ_EVIDENCE, raises=2)
"""FOLDER seen over ``HARD_READ_EVIDENCE`` decisions, raising under ``HARD_READ_RAISE``."""


def test_the_gate_tried_for_hard_steals_only_past_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not shipped (it opened against ``expert`` on a report seed, docs/BOTS.md twelfth
    session); the gate's ``evidence`` and ``max_raise`` work as they say."""
    read = LEVEL_PARAMS["expert"].passive
    assert read is not None
    monkeypatch.setitem(LEVEL_PARAMS, "hard", dataclasses.replace(
        LEVEL_PARAMS["hard"], passive=dataclasses.replace(
            read, evidence=HARD_READ_EVIDENCE, max_raise=HARD_READ_RAISE)))
    weak = _hands(0.05, 0.4)
    assert LONG_FOLDER.raise_rate() < HARD_READ_RAISE
    assert _min_raises(weak, LONG_FOLDER, "hard") > 0.6
    assert _min_raises(weak, FOLDER, "hard") < 0.2  # 40 decisions: too few
    assert _min_raises(weak, _stats(20, 3, decisions=HARD_READ_EVIDENCE, raises=2),
                       "hard") < 0.2
    # Raising 15 % (as expert can read to hard): no aggressor, but the gate stays shut.
    raiser = _stats(20, 13, decisions=200, raises=30)
    assert raiser.raise_rate() >= HARD_READ_RAISE
    assert _min_raises(weak, raiser, "hard") < 0.2


def test_normal_steals_from_a_passive_folder_with_a_read_only_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``normal`` models no one: its steal's EV uses the price-growing prior (fewer steals
    than ``expert``'s), only its gate reads the player, from a model kept for that."""
    weak = _hands(0.05, 0.4)
    assert HeuristicBot("normal", random.Random(1), PERSONALITIES["calm"], "x").model is None
    early = _stats(STEAL_EVIDENCE - 1, STEAL_EVIDENCE - 1)
    aggressor = _stats(20, 13, decisions=40, raises=20)
    with_steal = {name: _min_raises(weak, st, "normal") for name, st in
                  (("folder", FOLDER), ("caller", CALLER), ("early", early),
                   ("aggressor", aggressor))}
    params = LEVEL_PARAMS["normal"]
    assert params.passive is not None
    monkeypatch.setitem(LEVEL_PARAMS, "normal", dataclasses.replace(
        params, passive=dataclasses.replace(params.passive, steal=None)))
    without = _min_raises(weak, FOLDER, "normal")
    assert with_steal["folder"] >= without + 0.1
    for name in ("caller", "early", "aggressor"):
        assert with_steal[name] == without, name


def test_without_the_steal_the_same_hands_check(monkeypatch: pytest.MonkeyPatch) -> None:
    params = LEVEL_PARAMS["expert"]
    assert params.passive is not None
    monkeypatch.setitem(LEVEL_PARAMS, "expert", dataclasses.replace(
        params, passive=dataclasses.replace(params.passive, steal=None)))
    assert _min_raises(_hands(0.05, 0.4), FOLDER) < 0.2


def test_hands_with_showdown_value_do_not_steal() -> None:
    read = LEVEL_PARAMS["expert"].passive
    assert read is not None and read.steal is not None
    middling = _hands(read.steal_below, 0.55)
    assert _min_raises(middling, FOLDER) < 0.2


def test_the_steal_does_not_depend_on_the_opponents_cards() -> None:
    # Only public information: the same cards of ours against a strong and a weak hand
    # of the opponent's, the same decision (the same random draws).
    pool = sorted(colex_hands(), key=lambda h: strength(h, RULES))
    weak_opp, strong_opp = pool[len(pool) // 10], pool[-1]
    for i, mine in enumerate(h for h in pool[len(pool) // 5:len(pool) // 3:97]):
        acts = []
        for theirs in (weak_opp, strong_opp):
            if set(mine) & set(theirs):
                break
            hand = Hand(RULES, [100 * B] * 2, 0,
                        deck=[mine[0], theirs[0], mine[1], theirs[1], mine[2], theirs[2]])
            acts.append(_first(hand, FOLDER, seed=i))
        if len(acts) == 2:
            assert acts[0] == acts[1]
