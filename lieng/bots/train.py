"""Offline training of the ``expert`` strategy: Discounted CFR on the abstract
heads-up game of ``lieng.bots.abstraction``, written as numpy array passes.

    python -m lieng.bots.train --preset classic --seed 1            # writes expert_classic.bin
    python -m lieng.bots.train --check                             # CI: verify the shipped files
                                                                   # (the counter-strategy too)
    python -m lieng.bots.train --multiway --seed 1                  # 3–6 seats: expert_multiway.bin
    python -m lieng.bots.train --preset classic --curve docs/expert-exploitability.png

This module (and only this one) needs numpy, and matplotlib for ``--curve``: both are in
the ``dev`` extra, never imported by the game.

**Why Discounted CFR, full width.** The abstract game has no chance after the deal and the
only private information is a hand bucket, so one pass over the *public* tree with a
vector of bucket reaches per node is an exact CFR iteration (no sampling noise, unlike
MCCFR). Every node of one tree depth is handled by one numpy operation, so an iteration
over the ~10,700 decisions of all seven stack depths is a few dozen array operations.
DCFR (Brown & Sandholm 2019; α = 1.5, β = 0, γ = 2) discounts early regrets and early
strategies; on poker-like games it needs several times fewer iterations than CFR+ for the
same exploitability, which is what fits training in a few minutes on two shared cores.
Updates alternate between the players. The iteration is deterministic: ``--seed`` is
recorded in the file but draws nothing (there is nothing to sample).

**Showdowns with card removal.** ``joint_matrices`` counts, for every pair of buckets, the
pairs of *disjoint* hands (both players' cards come from one deck) and how many the first
hand wins, loses or ties — exact, over all 22,100 × 18,424 pairs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt

from lieng.engine import PRESETS, TIEBREAKS, RuleSet, evaluate

from . import mccfr, multiway
from .abstraction import (
    ALL_IN,
    DEPTHS,
    FIRST_SIZES,
    LATER_SIZES,
    Tree,
    bucket_min_strengths,
    build_tree,
    hand_buckets,
    shove_allowed,
)
from .expert_data import MAGIC, data_file, decode, encode
from .strength import colex_hands

F = npt.NDArray[np.float64]
DEFAULT_ITERATIONS = 500
ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0
LEAGUE_DEPTH = 100
"""The depth whose exploitability is reported (the league's 100 × B stacks)."""


# ------------------------------------------------------------------------- showdowns

def joint_matrices(rules: RuleSet, buckets: list[int], nb: int) -> tuple[F, F]:
    """``P[a, b]``: chance that player 0 holds a bucket-``a`` hand and player 1 a
    bucket-``b`` hand (cards from one deck); ``M[a, b]``: chance of that *and* player 0
    winning, minus that and player 0 losing (ties count 0).

    Counted exactly, without visiting the 22,100² pairs: the hands of bucket ``b``
    disjoint from ``h`` are all of them, less those holding one of ``h``'s cards (once per
    card), plus those holding two (subtracted twice), less ``h`` itself — and the same sum
    over sorted keys counts how many of them ``h`` beats and loses to (``searchsorted`` on
    (card or pair, key) tags). The counts are integers, so ``P`` and ``M`` are the same
    floats as a pair-by-pair count gives (the training's input hash depends on it);
    ``tests/bots/test_train.py`` checks it against that count on a sample.
    """
    bk = np.array(buckets, dtype=np.int64)
    disjoint, net = pair_counts(rules, buckets, nb)
    count = np.zeros((nb, nb))
    margin = np.zeros((nb, nb))
    for a in range(nb):
        rows = bk == a
        count[a] = disjoint[rows].sum(0)
        margin[a] = net[rows].sum(0)
    total = count.sum()
    return count / total, margin / total


def pair_counts(rules: RuleSet, buckets: list[int], nb: int) -> tuple[npt.NDArray[np.int64],
                                                                        npt.NDArray[np.int64]]:
    """For every hand ``h`` (``colex_hands`` order) and bucket ``b``: how many bucket-``b``
    hands share no card with ``h``, and how many of those ``h`` beats minus how many beat
    it (see ``joint_matrices``)."""
    hands = colex_hands()
    keys = np.array([evaluate(h, rules).key for h in hands], dtype=np.int64)
    span = int(keys.max()) + 1
    cards = np.array([[c.index for c in h] for h in hands], dtype=np.int64)
    pair_of = np.full((52, 52), -1, dtype=np.int64)
    for i, (a, b) in enumerate(combinations(range(52), 2)):
        pair_of[a, b] = i
    pairs = np.stack([pair_of[cards[:, 0], cards[:, 1]], pair_of[cards[:, 0], cards[:, 2]],
                      pair_of[cards[:, 1], cards[:, 2]]], axis=1)
    whole = np.zeros((len(hands), 1), dtype=np.int64)
    bk = np.array(buckets, dtype=np.int64)
    disjoint = np.zeros((len(hands), nb), dtype=np.int64)
    net = np.zeros((len(hands), nb), dtype=np.int64)
    for b in range(nb):
        members = np.nonzero(bk == b)[0]
        for ids, sign in ((whole, 1), (cards, -1), (pairs, 1)):
            # each bucket-b hand listed under every card (pair) it holds, by (group, key)
            tags = np.sort((ids[members] * span + keys[members][:, None]).ravel())
            for j in range(ids.shape[1]):
                base = ids[:, j] * span
                start = np.searchsorted(tags, base, "left")
                below = np.searchsorted(tags, base + keys, "left")
                above = np.searchsorted(tags, base + keys, "right")
                end = np.searchsorted(tags, base + span, "left")
                disjoint[:, b] += sign * (end - start)
                net[:, b] += sign * ((below - start) - (end - above))
        disjoint[bk == b, b] -= 1  # a hand is not disjoint from itself (and ties itself)
    return disjoint, net


# ------------------------------------------------------------------------- the solver

@dataclass
class _Level:
    ids: npt.NDArray[np.int64]
    player: int


class Solver:
    """DCFR over a ``Tree`` with bucketed private hands (see the module docstring)."""

    def __init__(self, tree: Tree, P: F, M: F, bucket_min: list[float]) -> None:
        nodes, terms = tree.nodes, tree.terminals
        n, T = len(nodes), len(terms)
        nb = P.shape[0]
        A = max(len(nd.actions) for nd in nodes)
        self.tree, self.n, self.T, self.nb, self.A = tree, n, T, nb, A
        self.P, self.M = P, M
        dummy = n + T
        child = np.full((n, A), dummy, dtype=np.int64)
        mask = np.zeros((n, A, nb), dtype=bool)
        lo = np.array(bucket_min)
        for i, nd in enumerate(nodes):
            for a, ((kind, amount), c) in enumerate(zip(nd.actions, nd.children, strict=True)):
                child[i, a] = c if c >= 0 else n + (-1 - c)
                if kind == ALL_IN:
                    mask[i, a] = [shove_allowed(x, amount, nd.pot) for x in lo]
                else:
                    mask[i, a] = True
        self.child, self.mask = child, mask
        depth = np.zeros(n, dtype=np.int64)
        for i, nd in enumerate(nodes):
            for c in nd.children:
                if c >= 0:
                    depth[c] = depth[i] + 1
        self.levels: list[_Level] = []
        for d in range(int(depth.max()) + 1):
            ids = np.nonzero(depth == d)[0]
            players = {nodes[i].player for i in ids}
            assert len(players) == 1, "heads-up turns alternate"
            self.levels.append(_Level(ids, players.pop()))
        self.folder = np.array([t.folder for t in terms], dtype=np.int64)
        self.paid = np.array([t.paid for t in terms], dtype=np.float64).reshape(T, 2)
        self.regret = np.zeros((n, A, nb))
        self.ssum = np.zeros((n, A, nb))
        self.iterations = 0

    # --- strategies

    def current(self) -> F:
        rp = np.where(self.mask, np.maximum(self.regret, 0.0), 0.0)
        return _normalise(rp, self.mask)

    def average(self) -> F:
        return _normalise(np.where(self.mask, self.ssum, 0.0), self.mask)

    # --- passes

    def _reach(self, sigma: F, traverser: int) -> tuple[F, F]:
        n, T, nb = self.n, self.T, self.nb
        opp = np.zeros((n + T + 1, nb))
        own = np.zeros((n + T + 1, nb))
        roots = np.array(self.tree.roots)
        opp[roots] = 1.0
        own[roots] = 1.0
        for lv in self.levels:
            ids = lv.ids
            ch = self.child[ids]
            s = sigma[ids]
            if lv.player == traverser:
                opp[ch] = opp[ids][:, None, :]
                own[ch] = own[ids][:, None, :] * s
            else:
                opp[ch] = opp[ids][:, None, :] * s
                own[ch] = own[ids][:, None, :]
        return opp, own

    def _terminal_values(self, opp: F, traverser: int) -> F:
        n, T = self.n, self.T
        r = opp[n:n + T]
        if traverser == 0:
            weight = r @ self.P.T
            showdown = r @ self.M.T
        else:
            weight = r @ self.P
            showdown = -(r @ self.M)
        folder = self.folder
        gain = np.where(folder == traverser, -1.0, 1.0) * \
            self.paid[np.arange(T), np.maximum(folder, 0)]
        fold_v = gain[:, None] * weight
        sd_v = self.paid[:, 0][:, None] * showdown
        return np.where((folder >= 0)[:, None], fold_v, sd_v)

    def _values(self, sigma: F, opp: F, traverser: int, best: bool = False) -> F:
        n, T, nb = self.n, self.T, self.nb
        v = np.zeros((n + T + 1, nb))
        v[n:n + T] = self._terminal_values(opp, traverser)
        for lv in reversed(self.levels):
            ids = lv.ids
            vc = v[self.child[ids]]
            if lv.player == traverser:
                if best:
                    v[ids] = np.where(self.mask[ids], vc, -np.inf).max(1)
                else:
                    s = sigma[ids]
                    node_v = (s * vc).sum(1)
                    v[ids] = node_v
                    self.regret[ids] += np.where(self.mask[ids], vc - node_v[:, None, :], 0.0)
            else:
                v[ids] = vc.sum(1)
        return v

    def iterate(self, count: int) -> None:
        for _ in range(count):
            self.iterations += 1
            t = float(self.iterations)
            for traverser in (0, 1):
                sigma = self.current()
                opp, own = self._reach(sigma, traverser)
                mine = np.concatenate([lv.ids for lv in self.levels if lv.player == traverser])
                pos = t ** ALPHA / (t ** ALPHA + 1.0)
                neg = t ** BETA / (t ** BETA + 1.0)
                r = self.regret[mine]
                self.regret[mine] = np.where(r > 0, r * pos, r * neg)
                self._values(sigma, opp, traverser)
                decay = (t / (t + 1.0)) ** GAMMA
                self.ssum[mine] = self.ssum[mine] * decay + own[mine][:, None, :] * sigma[mine]

    # --- evaluation

    def best_response_values(self, sigma: F) -> list[tuple[float, float]]:
        """Per tree: (value of player 0's best response to ``sigma``'s player 1,
        value of player 1's best response to ``sigma``'s player 0), in B per hand."""
        out = []
        vals = []
        for traverser in (0, 1):
            opp, _ = self._reach(sigma, traverser)
            vals.append(self._values(sigma, opp, traverser, best=True))
        for root in self.tree.roots:
            out.append((float(vals[0][root].sum()), float(vals[1][root].sum())))
        return out

    def exploitability(self, sigma: F) -> list[float]:
        """Per tree: the mean gain of a best response over both positions (B per hand);
        0 at an equilibrium of the abstract game."""
        return [(a + b) / 2.0 for a, b in self.best_response_values(sigma)]

    def game_value(self, sigma: F) -> list[float]:
        """Per tree: player 0's expected winnings when both play ``sigma``."""
        opp, _ = self._reach(sigma, 0)
        saved = self.regret.copy()
        v = self._values(sigma, opp, 0)
        self.regret = saved
        return [float(v[root].sum()) for root in self.tree.roots]


def _normalise(x: F, mask: npt.NDArray[np.bool_]) -> F:
    total = x.sum(1, keepdims=True)
    uniform = mask / np.maximum(mask.sum(1, keepdims=True), 1)
    safe = np.where(total > 0, total, 1.0)
    return np.where(total > 0, x / safe, uniform)


# ------------------------------------------------------------------------- training

def inputs_digest(tree: Tree, buckets: list[int], P: F, M: F) -> str:
    """Hash of everything the strategy was trained on (tree shape, buckets, matrices)."""
    h = hashlib.sha256()
    h.update(repr([(nd.player, nd.depth, nd.bets, nd.actions) for nd in tree.nodes]).encode())
    h.update(bytes(buckets))
    h.update(np.round(P, 12).tobytes())
    h.update(np.round(M, 12).tobytes())
    return h.hexdigest()


def quantise(tree: Tree, sigma: F) -> bytes:
    """Probabilities as bytes 0..255, node by node, action by action, bucket by bucket,
    only for the node's actions (the layout ``expert`` reads)."""
    out = bytearray()
    for i, nd in enumerate(tree.nodes):
        q = np.rint(sigma[i, :len(nd.actions)] * 255.0).astype(np.uint8)
        out += q.tobytes()
    return bytes(out)


def setup(preset: str) -> tuple[Tree, list[int], int, Solver]:
    rules = PRESETS[preset]
    tree = build_tree()
    buckets, nb = hand_buckets(rules)
    P, M = joint_matrices(rules, buckets, nb)
    return tree, buckets, nb, Solver(tree, P, M, bucket_min_strengths(rules))


def train(preset: str, iterations: int, seed: int, curve_every: int = 0,
          log: bool = True) -> tuple[bytes, dict[str, object], list[tuple[int, float]]]:
    t0 = time.perf_counter()
    tree, buckets, nb, solver = setup(preset)
    league = DEPTHS.index(LEAGUE_DEPTH)
    curve: list[tuple[int, float]] = []
    done = 0
    while done < iterations:
        step = min(curve_every or iterations, iterations - done)
        solver.iterate(step)
        done += step
        if curve_every:
            e = solver.exploitability(solver.average())[league]
            curve.append((done, e * 1000.0))
            if log:
                print(f"  {done:5d} iterations: exploitability {e * 1000:.1f} mB/hand "
                      f"({time.perf_counter() - t0:.0f} s)", flush=True)
    sigma = solver.average()
    expl = solver.exploitability(sigma)
    header: dict[str, object] = {
        "preset": preset, "iterations": iterations, "seed": seed, "algorithm": "DCFR",
        "alpha": ALPHA, "beta": BETA, "gamma": GAMMA, "buckets": nb,
        "depths": list(DEPTHS), "first_sizes": list(FIRST_SIZES),
        "later_sizes": list(LATER_SIZES), "nodes": len(tree.nodes),
        "inputs": inputs_digest(tree, buckets, solver.P, solver.M),
        "exploitability_mb": {str(d): round(e * 1000.0, 2) for d, e in
                              zip(DEPTHS, expl, strict=True)},
        "value_p0_mb": {str(d): round(v * 1000.0, 2) for d, v in
                        zip(DEPTHS, solver.game_value(sigma), strict=True)},
        "seconds": round(time.perf_counter() - t0, 1),
    }
    strategy = quantise(tree, sigma)
    sizes = [len(nd.actions) * nb for nd in tree.nodes]
    header["depth_offsets"] = [sum(sizes[:r]) for r in tree.roots]
    header["strategy_sha256"] = hashlib.sha256(strategy).hexdigest()
    return encode(header, bytes(buckets), strategy), header, curve


def check(presets: tuple[str, ...], iterations: int = 30) -> list[str]:
    """Problems with the shipped files (empty: all good). For each preset: the file
    decodes and its strategy hash matches; the tree, buckets and showdown matrices rebuilt
    now hash to what it was trained on; a best response to the shipped (quantised)
    strategy gains no more than the file says (+ rounding slack); and ``iterations`` fresh
    DCFR iterations reproduce the start of training (deterministic)."""
    problems = []
    for preset in presets:
        path = data_file(preset)
        try:
            header, buckets, strategy = decode(path.read_bytes())
        except (OSError, ValueError) as e:
            problems.append(f"{preset}: {e}")
            continue
        tree, fresh_buckets, nb, solver = setup(preset)
        if bytes(fresh_buckets) != buckets:
            problems.append(f"{preset}: hand buckets differ from a fresh build")
        digest = inputs_digest(tree, fresh_buckets, solver.P, solver.M)
        if digest != header.get("inputs"):
            problems.append(f"{preset}: the abstraction changed since training (retrain)")
        if hashlib.sha256(strategy).hexdigest() != header.get("strategy_sha256"):
            problems.append(f"{preset}: strategy bytes do not match their hash")
        sigma = dequantise(tree, strategy, nb, solver.A)
        expl = solver.exploitability(np.where(solver.mask, sigma, 0.0))
        claimed = header.get("exploitability_mb")
        assert isinstance(claimed, dict)
        for d, gain in zip(DEPTHS, expl, strict=True):
            if gain * 1000.0 > float(claimed[str(d)]) + 5.0:
                problems.append(f"{preset}: depth {d} exploitable by {gain * 1000:.1f} "
                                f"mB/hand, file says {claimed[str(d)]}")
        solver.iterate(iterations)
        if not solver.exploitability(solver.average())[DEPTHS.index(LEAGUE_DEPTH)] > 0:
            problems.append(f"{preset}: a fresh run does not reproduce a sane start")
    return problems


def dequantise(tree: Tree, strategy: bytes, nb: int, A: int) -> F:
    sigma = np.zeros((len(tree.nodes), A, nb))
    pos = 0
    for i, nd in enumerate(tree.nodes):
        k = len(nd.actions)
        block = np.frombuffer(strategy, dtype=np.uint8, count=k * nb, offset=pos)
        sigma[i, :k] = block.reshape(k, nb)
        pos += k * nb
    total = sigma.sum(1, keepdims=True)
    return sigma / np.where(total > 0, total, 1.0)


def plot_curve(curves: dict[str, list[tuple[int, float]]], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    for preset, pts in curves.items():
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=preset)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("DCFR iterations")
    ax.set_ylabel("exploitability (milli-bets per hand)")
    ax.set_title(f"expert: best response to the heads-up abstract strategy, {LEAGUE_DEPTH} × B")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lieng.bots.train",
                                     description="Train or check the expert strategy.")
    parser.add_argument("--preset", choices=(*TIEBREAKS, "all"), default="all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None,
                        help=f"DCFR iterations (default {DEFAULT_ITERATIONS}); with "
                             f"--multiway MCCFR iterations (default {mccfr.DEFAULT_ITERATIONS})")
    parser.add_argument("--multiway", action="store_true",
                        help="train the 3–6 seat blueprint (external-sampling MCCFR) "
                             "instead of the heads-up strategies")
    parser.add_argument("--check", action="store_true",
                        help="verify the shipped strategy files and exit")
    parser.add_argument("--curve", type=Path, default=None,
                        help="also record exploitability along the way and plot it here")
    parser.add_argument("--curve-every", type=int, default=50)
    parser.add_argument("--dry-run", action="store_true", help="do not write the file")
    args = parser.parse_args(argv)
    presets: tuple[str, ...] = TIEBREAKS if args.preset == "all" else (args.preset,)
    if args.check:
        t0 = time.perf_counter()
        from . import train_counter  # it builds on this module's solver

        problems = check(presets) + mccfr.check_blueprint()
        if "classic" in presets:
            problems += train_counter.check("classic")
        for p in problems:
            print("FAIL", p)
        print(f"checked {', '.join(presets)}, the classic counter-strategy and the multiway "
              f"blueprint in "
              f"{time.perf_counter() - t0:.1f} s: {'ok' if not problems else 'FAILED'}")
        return 1 if problems else 0
    if args.multiway:
        iterations = args.iterations or mccfr.DEFAULT_ITERATIONS
        print(f"multiway: {iterations} MCCFR iterations, seed {args.seed}", flush=True)
        data, header = mccfr.train_blueprint(args.seed, iterations, progress=True)
        print(json.dumps(header))
        if not args.dry_run:
            multiway.DATA_FILE.write_bytes(data)
            print(f"wrote {multiway.DATA_FILE} ({len(data)} bytes)")
        return 0
    args.iterations = args.iterations or DEFAULT_ITERATIONS
    curves: dict[str, list[tuple[int, float]]] = {}
    for preset in presets:
        print(f"{preset}: {args.iterations} DCFR iterations, seed {args.seed}", flush=True)
        data, header, curve = train(preset, args.iterations, args.seed,
                                    args.curve_every if args.curve else 0)
        curves[preset] = curve
        print(json.dumps({k: header[k] for k in ("seconds", "exploitability_mb",
                                                 "value_p0_mb", "buckets", "nodes",
                                                 "strategy_sha256")}))
        if not args.dry_run:
            data_file(preset).write_bytes(data)
            print(f"wrote {data_file(preset)} ({len(data)} bytes)")
    if args.curve:
        plot_curve(curves, args.curve)
        print(f"wrote {args.curve}")
    return 0


__all__ = ["MAGIC", "Solver", "check", "joint_matrices", "main", "train"]

if __name__ == "__main__":
    sys.exit(main())
