"""Discounted CFR on the abstract heads-up game of ``lieng.bots.abstraction``, written as
numpy array passes: the solver ``lieng.bots.train`` trains ``expert`` with, and that
``lieng.bots.train_counter`` pins towards a model of an opponent. Its own module so that
both build on it without importing each other (docs/ARCHITECTURE.md, "No cycles").

Needs numpy (the ``dev`` and ``test`` extras); the game never imports it.

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

from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from lieng.engine import RuleSet, evaluate

from .abstraction import ALL_IN, Tree, shove_allowed
from .strength import colex_hands

F = npt.NDArray[np.float64]
ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0
"""DCFR's discounts (Brown & Sandholm 2019)."""

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

    def _values(self, sigma: F, opp: F, traverser: int, best: bool = False,
                played: F | None = None) -> F:
        """The traverser's values, adding its regrets (unless ``best``: a best response's
        values). A node is worth what is ``played`` there (``sigma`` unless a subclass
        mixes something in, ``mixed``); its regret is against what ``sigma`` plays."""
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
                    node_v = (sigma[ids] * vc).sum(1)
                    v[ids] = node_v if played is None else (played[ids] * vc).sum(1)
                    self.regret[ids] += np.where(self.mask[ids], vc - node_v[:, None, :], 0.0)
            else:
                v[ids] = vc.sum(1)
        return v

    def mixed(self, sigma: F) -> F:
        """The strategy played, given the one the regrets make: the same here
        (``train_counter.DataBiasedSolver`` pins part of it to a model)."""
        return sigma

    def iterate(self, count: int) -> None:
        for _ in range(count):
            self.iterations += 1
            t = float(self.iterations)
            for traverser in (0, 1):
                sigma = self.current()
                played = self.mixed(sigma)
                opp, own = self._reach(played, traverser)
                mine = np.concatenate([lv.ids for lv in self.levels if lv.player == traverser])
                pos = t ** ALPHA / (t ** ALPHA + 1.0)
                neg = t ** BETA / (t ** BETA + 1.0)
                r = self.regret[mine]
                self.regret[mine] = np.where(r > 0, r * pos, r * neg)
                self._values(sigma, opp, traverser, played=None if played is sigma else played)
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
