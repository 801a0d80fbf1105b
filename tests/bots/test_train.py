"""The offline solver behind ``expert``: DCFR, the best response, the exact
showdown matrices and the shipped files' check. Needs numpy (the ``test`` and ``dev``
extras); the game itself never imports it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from lieng.bots.abstraction import (
    ALL_IN,
    CALL,
    FOLD,
    Node,
    Terminal,
    Tree,
    build_tree,
    hand_buckets,
)
from lieng.bots.strength import colex_hands
from lieng.engine import PRESETS, evaluate

np = pytest.importorskip("numpy")
if TYPE_CHECKING:
    from numpy.typing import NDArray
train = pytest.importorskip("lieng.bots.train")
dcfr = pytest.importorskip("lieng.bots.dcfr")


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
    solver = dcfr.Solver(tree, P, M, [1.0, 1.0, 1.0])
    solver.iterate(20)
    early = solver.exploitability(solver.average())[0]
    solver.iterate(480)
    sigma = solver.average()
    # Kuhn poker's value for the first player is -1/18 (Kuhn 1950).
    assert solver.game_value(sigma)[0] == pytest.approx(-1.0 / 18.0, abs=2e-3)
    late = solver.exploitability(sigma)[0]
    assert 0.0 <= late < 2e-3 < early


def _best_response_by_recursion(tree: Tree, P: list[list[float]], M: list[list[float]],
                                sigma: NDArray[Any], root: int, me: int) -> float:
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
            out += value(c, b, [reach[o] * float(sigma[node, a, o])
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
    solver = dcfr.Solver(tree, P, M, [1.0] * nb)
    sigma = np.where(solver.mask, rng.random(solver.mask.shape), 0.0)
    sigma /= sigma.sum(1, keepdims=True)
    fast = solver.best_response_values(sigma)[0]
    for me in (0, 1):
        slow = _best_response_by_recursion(tree, P.tolist(), M.tolist(), sigma, 0, me)
        assert fast[me] == pytest.approx(slow, rel=1e-9, abs=1e-12)


def test_joint_matrices_count_disjoint_pairs_and_are_antisymmetric() -> None:
    rules = PRESETS["split"]
    buckets, nb = hand_buckets(rules)
    P, M = dcfr.joint_matrices(rules, buckets, nb)
    assert P.sum() == pytest.approx(1.0)
    assert np.allclose(P, P.T)
    assert np.allclose(M, -M.T)
    sizes = np.bincount(buckets, minlength=nb) / len(buckets)
    assert np.allclose(P.sum(1), sizes, atol=2e-3)  # card removal moves it only a little
    # The top bucket (sáp) beats every lower bucket; the lowest loses to all above it.
    assert np.all(M[nb - 1, :nb - 1] > 0) and np.all(M[0, 1:] < 0)


def test_pair_counts_match_a_count_pair_by_pair() -> None:
    """The inclusion–exclusion count (``dcfr.pair_counts``) against every opponent hand
    looked at one by one, for a sample of hands under each preset."""
    hands = colex_hands()
    masks = np.array([c0.bit | c1.bit | c2.bit for c0, c1, c2 in hands], dtype=np.uint64)
    rng = random.Random(7)
    for preset in ("classic", "v8club", "split"):
        rules = PRESETS[preset]
        buckets, nb = hand_buckets(rules)
        bk = np.array(buckets)
        keys = np.array([evaluate(h, rules).key for h in hands])
        disjoint, net = dcfr.pair_counts(rules, buckets, nb)
        for i in rng.sample(range(len(hands)), 25):
            free = (masks & masks[i]) == 0
            sign = np.sign(keys[i] - keys) * free
            assert disjoint[i].tolist() == np.bincount(bk, weights=free, minlength=nb).tolist()
            assert net[i].tolist() == np.bincount(bk, weights=sign, minlength=nb).tolist()


def test_shipped_strategies_pass_the_check() -> None:
    assert train.check(("classic",), iterations=2) == []




def test_check_catches_a_damaged_strategy(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from lieng.bots import expert_data

    header, buckets, strategy = expert_data.decode(expert_data.data_file("split").read_bytes())
    damaged = bytearray(strategy)
    damaged[len(damaged) // 2] ^= 0xFF
    path = tmp_path / "expert_split.bin"
    path.write_bytes(expert_data.encode(header, buckets, bytes(damaged)))
    monkeypatch.setattr(train, "data_file", lambda preset: path)
    problems = train.check(("split",), iterations=1)
    assert any("hash" in p for p in problems)
