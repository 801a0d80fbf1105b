"""The heads-up minimum defence of normal and hard (heuristic.HeuristicBot._defends): the
fold/call line a best response's raises cannot break (docs/BOTS.md)."""

from __future__ import annotations

import random

import pytest

from lieng.bots import make_bot
from lieng.bots.heuristic import HeuristicBot
from lieng.bots.opponents import LINES
from lieng.bots.own_range import OwnRange
from lieng.bots.own_range import key as own_key
from lieng.bots.strength import colex_hands, strength
from lieng.engine import PRESETS, Action, ActionKind, Card, Hand
from lieng.levels import BotLevel

RULES = PRESETS["classic"]
HANDS = colex_hands()


def _deal(mine: tuple[Card, ...], rng: random.Random, first: bool = False) -> Hand:
    """Seat 1 holds ``mine`` (seat 0 with ``first``); seat 0 acts first."""
    while True:
        theirs = rng.choice(HANDS)
        if not set(theirs) & set(mine):
            break
    a, b = (mine, theirs) if first else (theirs, mine)
    deck = [a[0], b[0], a[1], b[1], a[2], b[2]]
    return Hand(RULES, [1000, 1000], 0, deck=deck)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_small_raise_never_makes_the_top_two_thirds_fold(level: BotLevel) -> None:
    """1 × B into a pot of 2 × B: a bluff pays unless 2/3 of the hands go on."""
    rng = random.Random(1)
    for i, mine in enumerate(rng.sample(HANDS, 300)):
        if strength(mine, RULES) < 1 - 2 / 3 + 0.005:
            continue
        hand = _deal(mine, rng)
        hand.act(0, Action.raise_(1))
        bot = make_bot(level, random.Random(i), "calm")
        assert bot.decide(hand.view_for(1)).kind is not ActionKind.FOLD, mine


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_an_all_in_into_the_antes_is_called_only_by_the_top_two_percent(level: BotLevel) -> None:
    """99 × B into 2 × B: going on with 2/101 of the hands is enough, and any more pays
    the shover's good hands — 8 or 9 points used to call here."""
    rng = random.Random(2)
    seen = {"fold": 0, "call": 0}
    for i, mine in enumerate(rng.sample(HANDS, 600)):
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


def test_own_range_counts_the_hands_each_line_arrives_with() -> None:
    own = OwnRange()
    for i in range(2000):  # checks: the bottom 60 % only, in no particular order
        own.record(0, 0.6 * (i * 7919 % 2000 + 0.5) / 2000)
    assert own.top(0, 0.3) == pytest.approx(0.5, abs=0.05)
    assert own.top(0, 0.7) < 0.02
    assert own.top(2, 0.9) > 0.1  # a line never played keeps its prior: raises hold the top
    # Raises of at least the pot keep their own histogram: steals do not dilute them.
    assert (own_key(2, True), own_key(3, True), own_key(2, False), own_key(0, True)) \
        == (LINES, LINES + 1, 2, 0)


def test_after_a_check_hard_defends_the_top_of_the_hands_it_checks() -> None:
    """hard checked first and faces 4 × B into 2 × B: a bluff pays unless a third of the
    hands it checks go on. It learnt that it checks only hands below 0.6, so the hands
    from 0.4 up call — by the share of all hands it used to fold everything below 0.67."""
    rng = random.Random(3)
    seen = {"fold": 0, "on": 0}
    for i, mine in enumerate(rng.sample(HANDS, 400)):
        s = strength(mine, RULES)
        if not 0.1 < s < 0.6 or abs(s - 0.4) < 0.03:
            continue
        bot = make_bot("hard", random.Random(i), "calm")
        assert isinstance(bot, HeuristicBot) and bot.own is not None
        bot.own.hist[0] = [0.0] * len(bot.own.hist[0])
        for j in range(600):
            bot.own.record(0, 0.6 * (j * 7919 % 600 + 0.5) / 600)
        hand = _deal(mine, rng, first=True)
        hand.act(0, Action.call())
        hand.act(1, Action.raise_(4))
        assert hand.to_act == 0
        action = bot.decide(hand.view_for(0))
        if s > 0.4:
            assert action.kind is not ActionKind.FOLD, (mine, s)
            seen["on"] += 1
        else:
            assert action.kind is ActionKind.FOLD, (mine, s)
            seen["fold"] += 1
    assert seen["fold"] > 20 and seen["on"] > 20
