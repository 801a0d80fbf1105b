"""The heads-up minimum defence of normal and hard (heuristic.HeuristicBot._defends): the
fold/call line a best response's raises cannot break (docs/BOTS.md)."""

from __future__ import annotations

import random

import pytest

from lieng.bots import make_bot
from lieng.bots.strength import colex_hands, strength
from lieng.engine import PRESETS, Action, ActionKind, Card, Hand

RULES = PRESETS["classic"]


def _deal(mine: tuple[Card, ...], rng: random.Random) -> Hand:
    while True:
        theirs = rng.choice(colex_hands())
        if not set(theirs) & set(mine):
            break
    deck = [theirs[0], mine[0], theirs[1], mine[1], theirs[2], mine[2]]
    return Hand(RULES, [1000, 1000], 0, deck=deck)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_small_raise_never_makes_the_top_two_thirds_fold(level: str) -> None:
    """1 × B into a pot of 2 × B: a bluff pays unless 2/3 of the hands go on."""
    rng = random.Random(1)
    for i, mine in enumerate(rng.sample(colex_hands(), 300)):
        if strength(mine, RULES) < 1 - 2 / 3 + 0.005:
            continue
        hand = _deal(mine, rng)
        hand.act(0, Action.raise_(1))
        bot = make_bot(level, random.Random(i), "calm")
        assert bot.decide(hand.view_for(1)).kind is not ActionKind.FOLD, mine


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_an_all_in_into_the_antes_is_called_only_by_the_top_two_percent(level: str) -> None:
    """99 × B into 2 × B: going on with 2/101 of the hands is enough, and any more pays
    the shover's good hands — 8 or 9 points used to call here."""
    rng = random.Random(2)
    seen = {"fold": 0, "call": 0}
    for i, mine in enumerate(rng.sample(colex_hands(), 600)):
        s = strength(mine, RULES)
        hand = _deal(mine, rng)
        hand.act(0, Action.all_in())
        action = make_bot(level, random.Random(i), "calm").decide(hand.view_for(1))
        if s < 1 - 2 / 101:
            assert action.kind is ActionKind.FOLD, (mine, s)
            seen["fold"] += 1
        else:
            assert action.kind is ActionKind.CALL, (mine, s)
            seen["call"] += 1
    assert seen["fold"] > 500 and seen["call"] > 0
