"""The abstract heads-up game the ``expert`` strategy is computed on.

Pure Python: the training tool (``lieng.bots.train``, numpy) and the bot at run time
(``lieng.bots.expert``, no numpy) build the very same trees from this module, so the
shipped strategy only stores probabilities, in the order this module walks the tree.

**Units.** Every amount is in table bets *B*. Both players ante 1 (dead money), so the pot
starts at 2 and each player has ``depth`` behind.

**Betting.** The rules of RULES.md for two seats: the first player (``P0``) acts, then the
other (``P1``); the round number grows each time the turn comes back to ``P0``; raises
and raising all-ins are allowed in rounds 1..3 only; betting ends when both have matched
and acted since the last raise, or when a player with chips owes nothing and the other is
all-in. A raise puts in the call plus ``k`` with ``k`` in ``FIRST_SIZES`` for the first
raise of a hand and ``LATER_SIZES`` for every re-raise (re-raises with small sizes
multiplied the tree by ten for hands that almost never happen); it must leave chips
behind, otherwise it is an all-in. Heads-up the hand only depends on the *effective*
stack (the smaller one; chips above it always come back), solved for each of ``DEPTHS``.

**Private information.** A hand is a *bucket*: hands sorted by their exact strength
(``strength.strength_row``) cut into ``POINTS_BUCKETS`` equal-mass groups below
``SHOVE_STRENGTH`` and ``TOP_BUCKETS`` above it — sáp, liêng and ảnh decide most big pots,
so they get finer buckets. The boundary at ``SHOVE_STRENGTH`` lets the abstract game keep
the never-do rule exactly: a bucket below it may not move all-in unless the all-in is at
most half the pot.
"""

from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass

from lieng.engine import RuleSet

from .heuristic import SHOVE_STRENGTH
from .strength import N_HANDS, strength_row

FIRST_SIZES: tuple[int, ...] = (1, 2, 4, 8, 20)
"""Raise sizes *k* (× B over the call) for the first raise of a hand."""
LATER_SIZES: tuple[int, ...] = (2, 8, 20)
"""Raise sizes for re-raises."""
DEPTHS: tuple[int, ...] = (4, 10, 20, 40, 70, 100, 150)
"""Effective stacks (× B, behind the ante) the game is solved for."""
MAX_ROUNDS = 3
POINTS_BUCKETS = 24
TOP_BUCKETS = 6

_CLUSTER_GAP = 0.01
FOLD, CALL, RAISE, ALL_IN = "f", "c", "r", "a"


@dataclass(slots=True)
class Node:
    """A decision of the abstract game (``player`` 0 acts first in the hand)."""

    player: int
    depth: int
    """Stack depth of the tree this node belongs to."""
    bets: tuple[int, int]
    """Each player's bet this hand (antes not included), × B."""
    round: int
    actions: list[tuple[str, int]]
    """(kind, chips put in now), in the order the strategy stores them."""
    children: list[int]
    """Index of the next decision node, or ``-1 - t`` for terminal ``t``."""

    @property
    def pot(self) -> int:
        return 2 + self.bets[0] + self.bets[1]

    @property
    def owed(self) -> int:
        return max(self.bets) - self.bets[self.player]

    @property
    def stack(self) -> int:
        return self.depth - self.bets[self.player]


@dataclass(frozen=True, slots=True)
class Terminal:
    """End of an abstract hand: ``folder`` folded (-1: showdown); ``paid`` is each player's
    contribution, antes included."""

    folder: int
    paid: tuple[int, int]


@dataclass(slots=True)
class Tree:
    """Every decision and terminal of the abstract games for all ``DEPTHS`` (a forest:
    ``roots[d]`` is the first decision of the tree for ``DEPTHS[d]``)."""

    nodes: list[Node]
    terminals: list[Terminal]
    roots: list[int]


def build_tree(depths: tuple[int, ...] = DEPTHS) -> Tree:
    """The abstract game trees, nodes numbered depth-first in a fixed order."""
    nodes: list[Node] = []
    terminals: list[Terminal] = []
    roots: list[int] = []
    for depth in depths:
        roots.append(_build(nodes, terminals, depth, (0, 0), 0, 1, (False, False), 0))
    return Tree(nodes, terminals, roots)


def _build(nodes: list[Node], terminals: list[Terminal], depth: int, bets: tuple[int, int],
           player: int, rnd: int, acted: tuple[bool, bool], raises: int) -> int:
    me = len(nodes)
    node = Node(player, depth, bets, rnd, [], [])
    nodes.append(node)
    other = 1 - player
    level = max(bets)
    owed = level - bets[player]
    stack = depth - bets[player]
    can_raise = rnd <= MAX_ROUNDS and depth - bets[other] > 0
    acts: list[tuple[str, int]] = []
    if owed > 0:
        acts.append((FOLD, 0))
    acts.append((CALL, min(owed, stack)))
    if can_raise:
        for k in FIRST_SIZES if raises == 0 else LATER_SIZES:
            if owed + k < stack:
                acts.append((RAISE, owed + k))
    if stack > owed and can_raise:
        acts.append((ALL_IN, stack))
    node.actions = acts
    for kind, amount in acts:
        if kind == FOLD:
            node.children.append(-1 - len(terminals))
            terminals.append(Terminal(player, (1 + bets[0], 1 + bets[1])))
            continue
        nb = [bets[0], bets[1]]
        nb[player] += amount
        new_level = max(nb)
        raised = nb[player] > level
        na = [False, False] if raised else list(acted)
        na[player] = True
        with_chips = [s for s in (0, 1) if depth - nb[s] > 0]
        done = (len(with_chips) <= 1 and all(nb[s] >= new_level for s in with_chips)) \
            or all(na[s] and nb[s] >= new_level for s in with_chips)
        if done:
            node.children.append(-1 - len(terminals))
            terminals.append(Terminal(-1, (1 + nb[0], 1 + nb[1])))
            continue
        nxt_round = rnd + 1 if other == 0 else rnd
        node.children.append(_build(nodes, terminals, depth, (nb[0], nb[1]), other, nxt_round,
                                    (na[0], na[1]), raises + int(raised)))
    return me


def nearest_depth(effective: float) -> int:
    """Index into ``DEPTHS`` of the solved depth closest (by ratio) to ``effective`` B."""
    best = 0
    best_gap = float("inf")
    for i, d in enumerate(DEPTHS):
        gap = abs(math.log(max(effective, 0.5)) - math.log(d))
        if gap < best_gap:
            best, best_gap = i, gap
    return best


# ------------------------------------------------------------------------- buckets

def bucket_thresholds(rules: RuleSet) -> list[float]:
    """Strength values that start a new bucket (sorted, first bucket starts at 0)."""
    row = sorted(strength_row(rules))
    low = [s for s in row if s < SHOVE_STRENGTH]
    high = [s for s in row if s >= SHOVE_STRENGTH]
    # Under classic and split, equal points tie: their strengths differ only by card
    # removal (< 0.003) and jump by ~0.09 between point values. A cut inside such a
    # cluster would split equal hands, so cuts snap to the start of the nearest cluster.
    distinct = sorted(set(low))
    starts = [b for a, b in itertools.pairwise(distinct) if b - a > _CLUSTER_GAP]
    cuts: list[float] = []
    for j in range(1, POINTS_BUCKETS):
        c = low[j * len(low) // POINTS_BUCKETS]
        if len(starts) >= 5:
            c = _nearest(starts, c)
        if not cuts or c > cuts[-1]:
            cuts.append(c)
    if high:
        cuts.append(high[0])
        for j in range(1, TOP_BUCKETS):
            c = high[j * len(high) // TOP_BUCKETS]
            if c - cuts[-1] > 0.0015:
                cuts.append(c)
    return cuts


def _nearest(xs: list[float], c: float) -> float:
    return min(xs, key=lambda x: abs(x - c))


def hand_buckets(rules: RuleSet) -> tuple[list[int], int]:
    """Bucket of every hand (by ``hand_index``) and the number of buckets.

    Hands of equal strength always share a bucket (cuts are strength values).
    """
    cuts = bucket_thresholds(rules)
    row = strength_row(rules)
    out = [bisect.bisect_right(cuts, s) for s in row]
    assert len(out) == N_HANDS
    return out, len(cuts) + 1


def shove_allowed(bucket_min_strength: float, allin: int, pot: int) -> bool:
    """The never-do rule in abstract units: all-in by choice needs ``SHOVE_STRENGTH`` or a
    short stack (the all-in at most half the pot)."""
    return bucket_min_strength >= SHOVE_STRENGTH or 2 * allin <= pot


def bucket_min_strengths(rules: RuleSet) -> list[float]:
    """Weakest strength in each bucket."""
    buckets, nb = hand_buckets(rules)
    row = strength_row(rules)
    lo = [1.0] * nb
    for b, s in zip(buckets, row, strict=True):
        lo[b] = min(lo[b], s)
    return lo


# ------------------------------------------------------------------------- translation

def pseudo_harmonic(x: float, a: float, b: float) -> float:
    """Chance to read a bet of pot fraction ``x`` as the smaller abstract size ``a`` rather
    than ``b`` (a ≤ x ≤ b): Ganzfried & Sandholm's pseudo-harmonic mapping,
    ((b − x)(1 + a)) / ((b − a)(1 + x)). It is exploitable by neither size being
    systematically mistaken for the other, unlike mapping to the nearest size."""
    if b <= a:
        return 1.0
    x = min(max(x, a), b)
    return ((b - x) * (1.0 + a)) / ((b - a) * (1.0 + x))
