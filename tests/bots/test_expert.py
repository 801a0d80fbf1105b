"""The ``expert`` bot at run time: the shipped files, the translation between
real and abstract play, and decisions. No numpy here: the game does not have it."""

from __future__ import annotations

import itertools
import random

from lieng.bots import make_bot
from lieng.bots.abstraction import DEPTHS, RAISE, hand_buckets, nearest_depth, pseudo_harmonic
from lieng.bots.expert import ExpertBot
from lieng.bots.expert_data import data_file, decode, load_strategy
from lieng.engine import PRESETS, TIEBREAKS, Action, ActionKind, Hand

from .spots import spot as _spot


def test_shipped_files_are_small_and_load_fast() -> None:
    total = sum(data_file(p).stat().st_size for p in TIEBREAKS)
    assert total < 5_000_000
    for preset in TIEBREAKS:
        header, buckets, _ = decode(data_file(preset).read_bytes())
        assert header["preset"] == preset
        assert list(buckets) == hand_buckets(PRESETS[preset])[0]
    load_strategy.cache_clear()
    strat = load_strategy("classic")  # how long it takes: bench/bots.py, never a test
    assert strat is not None
    assert strat.tree(DEPTHS.index(100)) is not None


def test_pseudo_harmonic_mapping() -> None:
    assert pseudo_harmonic(0.5, 0.5, 1.0) == 1.0
    assert pseudo_harmonic(1.0, 0.5, 1.0) == 0.0
    xs = [0.5 + 0.05 * i for i in range(11)]
    ps = [pseudo_harmonic(x, 0.5, 1.0) for x in xs]
    assert all(a > b for a, b in itertools.pairwise(ps))
    # The midpoint leans to the larger size (harmonic, not arithmetic).
    assert pseudo_harmonic(0.75, 0.5, 1.0) < 0.5


def test_nearest_depth_by_ratio() -> None:
    assert DEPTHS[nearest_depth(99)] == 100
    assert DEPTHS[nearest_depth(1000)] == DEPTHS[-1]
    assert DEPTHS[nearest_depth(0.1)] == DEPTHS[0]
    assert DEPTHS[nearest_depth(13)] == 10




def test_expert_follows_the_tree_and_its_mixed_strategy() -> None:
    # With the best hand facing a check, the strategy bets (it never checks back A-A-A
    # every time), and draws different sizes with different seeds.
    kinds = set()
    for seed in range(60):
        hand = _spot("AS AH AD", [Action.call()])
        action = make_bot("expert", random.Random(seed)).decide(hand.view_for(1))
        kinds.add(action.kind)
        assert action.kind is not ActionKind.FOLD
    assert ActionKind.RAISE in kinds or ActionKind.ALL_IN in kinds
    # The worst hand folds to a maximum raise.
    folds = sum(make_bot("expert", random.Random(s)).decide(
        _spot("2S 3C 5D", [Action.raise_(20)]).view_for(1)).kind is ActionKind.FOLD
        for s in range(30))
    assert folds == 30


def test_expert_walks_real_raises_onto_abstract_sizes() -> None:
    bot = ExpertBot(random.Random(3))
    strat = load_strategy("classic")
    assert strat is not None
    nodes, _ = strat.tree(DEPTHS.index(100))
    for k, expected in ((1, 1), (4, 4), (20, 20)):
        hand = _spot("4S 5C 9D", [Action.raise_(k)])
        view = hand.view_for(1)
        node = bot._walk(view, nodes)
        assert node is not None
        nd = nodes[node]
        assert nd.player == 1 and nd.bets == (expected, 0), (k, nd.bets)
    # A raise of 3 lies between the abstract 2 and 4: read as either, never as anything else.
    seen = set()
    for seed in range(40):
        bot = ExpertBot(random.Random(seed))
        node = bot._walk(_spot("4S 5C 9D", [Action.raise_(3)]).view_for(1), nodes)
        assert node is not None
        seen.add(nodes[node].bets[0])
    assert seen == {2, 4}
    assert RAISE in {k for k, _ in nodes[0].actions}


def test_field_core_plays_legal_multiway_hands_and_walks_the_field() -> None:
    # The measured alternative for 3-6 seats: the heads-up core against "the field".
    rng = random.Random(8)
    rules = PRESETS["classic"]
    bots = [ExpertBot(random.Random(i)) for i in range(2)]
    for b in bots:
        b.field_core = True
    others = [make_bot(k, random.Random(9)) for k in ("hard", "maniac")]
    players = [bots[0], others[0], bots[1], others[1]]
    walked = 0
    for h in range(60):
        hand = Hand(rules, [1000] * 4, h % 4, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view_for(seat)
            player = players[seat]
            if isinstance(player, ExpertBot):
                strat = load_strategy("classic")
                assert strat is not None
                nodes, _ = strat.tree(DEPTHS.index(40))  # 99 B behind scaled by 2/4
                walked += player._walk(view, nodes) is not None
            hand.act(seat, player.decide(view))  # the engine rejects anything illegal
        for s, p in enumerate(players):
            for event in hand.events_for(s):
                p.observe(event)
    assert walked > 20
