"""The expert strategy (issue 11): the solver, its best response, the shipped files and the
translation between real and abstract play."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from lieng.bots import make_bot
from lieng.bots.abstraction import (
    ALL_IN,
    CALL,
    DEPTHS,
    FOLD,
    RAISE,
    Node,
    Terminal,
    Tree,
    build_tree,
    hand_buckets,
    nearest_depth,
    pseudo_harmonic,
)
from lieng.bots.expert import ExpertBot, data_file, decode, load_strategy
from lieng.engine import FULL_DECK, PRESETS, TIEBREAKS, Action, ActionKind, Card, Hand

np = pytest.importorskip("numpy")
train = pytest.importorskip("lieng.bots.train")


def _kuhn() -> tuple[Tree, object, object]:
    """Kuhn poker is the abstract game at depth 1 (one chip behind the ante: a bet is an
    all-in of 1) with three cards J < Q < K dealt from one deck."""
    tree = build_tree((1,))
    P = np.full((3, 3), 1.0 / 6.0)
    np.fill_diagonal(P, 0.0)
    M = P * np.sign(np.subtract.outer(np.arange(3), np.arange(3)))
    return tree, P, M


def test_the_depth_one_tree_is_kuhn_poker() -> None:
    tree, _, _ = _kuhn()
    assert [(n.player, [k for k, _ in n.actions]) for n in tree.nodes] == [
        (0, [CALL, ALL_IN]), (1, [CALL, ALL_IN]), (0, [FOLD, CALL]), (1, [FOLD, CALL])]


def test_dcfr_solves_kuhn_poker_to_its_known_value() -> None:
    tree, P, M = _kuhn()
    solver = train.Solver(tree, P, M, [1.0, 1.0, 1.0])
    solver.iterate(20)
    early = solver.exploitability(solver.average())[0]
    solver.iterate(480)
    sigma = solver.average()
    # Kuhn poker's value for the first player is -1/18 (Kuhn 1950).
    assert solver.game_value(sigma)[0] == pytest.approx(-1.0 / 18.0, abs=2e-3)
    late = solver.exploitability(sigma)[0]
    assert 0.0 <= late < 2e-3 < early


def _best_response_by_recursion(tree: Tree, P: list[list[float]], M: list[list[float]],
                                sigma: object, root: int, me: int) -> float:
    """An independent, plain-Python best response: for each of our buckets, walk the tree
    carrying the opponent's reach per bucket and maximise at our own nodes."""
    nb = len(P)

    def value(node: int, b: int, reach: list[float]) -> float:
        if node < 0:
            t: Terminal = tree.terminals[-1 - node]
            total = 0.0
            for o in range(nb):
                p = P[b][o] if me == 0 else P[o][b]
                if t.folder >= 0:
                    u = -t.paid[me] if t.folder == me else t.paid[1 - me]
                    total += reach[o] * p * u
                else:
                    m = M[b][o] if me == 0 else -M[o][b]
                    total += reach[o] * m * t.paid[0]
            return total
        nd: Node = tree.nodes[node]
        if nd.player == me:
            return max(value(c, b, reach) for c in nd.children)
        out = 0.0
        for a, c in enumerate(nd.children):
            out += value(c, b, [reach[o] * float(sigma[node, a, o])  # type: ignore[index]
                                for o in range(nb)])
        return out

    return sum(value(root, b, [1.0] * nb) for b in range(nb))


@pytest.mark.parametrize("depth", [1, 4])
def test_vectorised_best_response_matches_an_independent_recursion(depth: int) -> None:
    rng = np.random.default_rng(depth)
    tree = build_tree((depth,))
    nb = 3
    joint = rng.random((nb, nb))
    P = joint / joint.sum()
    M = P * rng.uniform(-1, 1, (nb, nb))
    solver = train.Solver(tree, P, M, [1.0] * nb)
    sigma = np.where(solver.mask, rng.random(solver.mask.shape), 0.0)
    sigma /= sigma.sum(1, keepdims=True)
    fast = solver.best_response_values(sigma)[0]
    for me in (0, 1):
        slow = _best_response_by_recursion(tree, P.tolist(), M.tolist(), sigma, 0, me)
        assert fast[me] == pytest.approx(slow, rel=1e-9, abs=1e-12)


def test_joint_matrices_count_disjoint_pairs_and_are_antisymmetric() -> None:
    rules = PRESETS["split"]
    buckets, nb = hand_buckets(rules)
    P, M = train.joint_matrices(rules, buckets, nb)
    assert P.sum() == pytest.approx(1.0)
    assert np.allclose(P, P.T)
    assert np.allclose(M, -M.T)
    sizes = np.bincount(buckets, minlength=nb) / len(buckets)
    assert np.allclose(P.sum(1), sizes, atol=2e-3)  # card removal moves it only a little
    # The top bucket (sáp) beats every lower bucket; the lowest loses to all above it.
    assert np.all(M[nb - 1, :nb - 1] > 0) and np.all(M[0, 1:] < 0)


def test_shipped_strategies_pass_the_check() -> None:
    assert train.check(("classic",), iterations=2) == []


def test_shipped_files_are_small_and_load_fast() -> None:
    total = sum(data_file(p).stat().st_size for p in TIEBREAKS)
    assert total < 5_000_000
    for preset in TIEBREAKS:
        header, buckets, _ = decode(data_file(preset).read_bytes())
        assert header["preset"] == preset
        assert list(buckets) == hand_buckets(PRESETS[preset])[0]
    load_strategy.cache_clear()
    t0 = time.perf_counter()
    strat = load_strategy("classic")
    assert strat is not None
    strat.tree(DEPTHS.index(100))
    # Generous bound: this only catches a pathological regression (bench/bots.py measures).
    assert time.perf_counter() - t0 < 3.0


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


def _spot(cards: str, opp_actions: list[Action], stacks: list[int] | None = None) -> Hand:
    mine = Card.parse_many(cards)
    rest = [c for c in FULL_DECK if c not in mine]
    deck = [rest[0], mine[0], rest[1], mine[1], rest[2], mine[2], *rest[3:]]
    hand = Hand(PRESETS["classic"], stacks or [1000, 1000], 0, deck=deck)
    for a in opp_actions:
        hand.act(0, a)
    return hand


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
