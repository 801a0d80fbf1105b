"""The fixed strategies that copy human habits, and the bots adapting to them."""

from __future__ import annotations

import random

from lieng.bots import make_bot
from lieng.bots.base import Bot
from lieng.bots.expert import ExpertBot
from lieng.bots.heuristic import HeuristicBot
from lieng.engine import PRESETS, Action, ActionKind, Hand
from lieng.levels import BotKind

from .spots import spot as _spot


def _decide(kind: BotKind, cards: str, opp: list[Action], seed: int = 1) -> Action:
    return make_bot(kind, random.Random(seed)).decide(_spot(cards, opp).view_for(1))


def test_tight_plays_only_strong_categories() -> None:
    assert _decide("tight", "2S 3C 5D", [Action.raise_(1)]) == Action.fold()
    assert _decide("tight", "2S 3C 5D", [Action.call()]) == Action.call()  # free check
    assert _decide("tight", "4S 5C 9D", [Action.raise_(20)]) == Action.call()  # 8 points
    assert _decide("tight", "JS QC KD", [Action.call()]) == Action.raise_(20)  # liêng
    assert _decide("tight", "JS QC QD", [Action.raise_(3)]) == Action.call()  # ảnh


def test_threshold_folds_weak_raises_strong_small_and_sometimes_bluffs() -> None:
    weak = [_decide("threshold", "2S 3C 5D", [Action.raise_(2)], s) for s in range(300)]
    bluffs = sum(a.kind is ActionKind.RAISE for a in weak)
    assert all(a == Action.fold() or a.kind is ActionKind.RAISE for a in weak)
    assert 5 <= bluffs <= 45  # 7 % of 300 = 21
    strong = {_decide("threshold", "JS QC KD", [Action.call()], s) for s in range(40)}
    assert strong == {Action.raise_(1), Action.raise_(2)}
    assert _decide("threshold", "3S 4C KD", [Action.raise_(20)]) == Action.call()  # 7 pts


def test_maniac_raises_the_most_and_shover_goes_all_in() -> None:
    assert _decide("maniac", "2S 3C 5D", [Action.call()]) == Action.raise_(20)
    assert _decide("shover", "2S 3C 5D", [Action.call()]) == Action.all_in()
    # Against an all-in only a call is possible: neither lifts the bet.
    hand = _spot("2S 3C 5D", [Action.all_in()], stacks=[200, 1000])
    for kind in ("maniac", "shover"):
        assert make_bot(kind, random.Random(1)).decide(hand.view_for(1)) == Action.call()


def _heads_up(bots: list[Bot], hands: int, seed: int) -> None:
    deal = random.Random(seed)
    for h in range(hands):
        hand = Hand(PRESETS["classic"], [1000, 1000], h % 2, rng=deal)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.act(seat, bots[seat].decide(hand.view_for(seat)))
        for s, bot in enumerate(bots):
            for event in hand.events_for(s):
                bot.observe(event)


def _raises_when_checked_to(bot: Bot, cards: str, tries: int = 60) -> int:
    """How often ``bot`` (seat 1, having watched seat 0) raises ``cards`` after a check."""
    n = 0
    for _ in range(tries):
        action = bot.decide(_spot(cards, [Action.call()]).view_for(1))
        n += action.kind in (ActionKind.RAISE, ActionKind.ALL_IN)
    return n


def test_hard_steals_from_a_folder_within_a_hundred_hands_and_not_from_a_station() -> None:
    vs_tight = make_bot("hard", random.Random(4))
    _heads_up([make_bot("tight", random.Random(5)), vs_tight], 100, 6)
    vs_station = make_bot("hard", random.Random(4))
    _heads_up([make_bot("call", random.Random(5)), vs_station], 100, 6)
    fresh = make_bot("hard", random.Random(4))
    trash = "2S 3C 5D"
    steals = _raises_when_checked_to(vs_tight, trash)
    assert steals >= 40
    assert steals > _raises_when_checked_to(fresh, trash) + 20
    assert _raises_when_checked_to(vs_station, trash) <= 5


def test_hard_value_bets_thinner_against_a_player_who_never_folds() -> None:
    vs_station = make_bot("hard", random.Random(4))
    _heads_up([make_bot("call", random.Random(5)), vs_station], 100, 6)
    assert isinstance(vs_station, HeuristicBot)
    assert vs_station._thin_value([0]) > 0.05
    fresh = make_bot("hard", random.Random(4))
    assert isinstance(fresh, HeuristicBot)
    assert fresh._thin_value([0]) == 0.0


def test_normal_respects_a_maximum_sized_raise_but_not_an_all_in_from_a_short_stack() -> None:
    # 8 points facing 20 × B into a pot of 2 × B: a tight player's sáp or liêng.
    folds = sum(_decide("normal", "4S 5C 9D", [Action.raise_(20)], s) == Action.fold()
                for s in range(40))
    assert folds >= 30


def test_expert_steals_from_a_folder_and_stops_bluffing_a_station() -> None:
    four_points, zero_points = "2S 3C 9D", "2S 3C 5D"
    fresh = ExpertBot(random.Random(4))
    fresh.arms = False  # a new opponent gets the engine; this is about the equilibrium
    # The equilibrium checks 4 points behind and bluffs with its very worst hands.
    assert _raises_when_checked_to(fresh, four_points) == 0
    assert _raises_when_checked_to(fresh, zero_points) >= 50
    vs_tight = ExpertBot(random.Random(4))
    vs_tight.arms = False  # the equilibrium arm with its tilts, not hard's engine
    _heads_up([make_bot("tight", random.Random(5)), vs_tight], 100, 6)
    assert _raises_when_checked_to(vs_tight, four_points) == 60
    vs_station = ExpertBot(random.Random(4))
    vs_station.arms = False
    _heads_up([make_bot("call", random.Random(5)), vs_station], 100, 6)
    assert _raises_when_checked_to(vs_station, zero_points) == 0
