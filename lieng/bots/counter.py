"""``expert``'s heads-up counter-strategy: a *data-biased response* (Johanson & Bowling,
AISTATS 2009) of the abstract game to a model of the play it meets from ``hard``-like
opponents, computed offline by ``python -m lieng.bots.train_counter`` and shipped as
``expert_counter_<preset>.bin`` (docs/BOTS.md "The counter-strategy").

Why a computed response rather than more hand-tuned tilts: issue #20's earlier sessions
moved the lean between the equilibrium and the engine, bluff sizes and steal rates by hand
and gained nothing beyond the noise against ``hard``. The counter-strategy is the
equilibrium's own game solved again with the opponent's nodes pinned, hand bucket by hand
bucket, towards what ``hard`` was seen to do there (``w = PMAX · n / (n + K)``, *n* the
times seen) and free where it was seldom seen — so it takes what the model shows and stays
close to the equilibrium elsewhere, which keeps it hard to exploit.

Every tie-break preset (``COUNTER_PRESETS``) has one, for the league's depth only
(100 × *B* behind the ante, ``DEPTH``); a node and bucket the response never reaches itself
is stored as zeros, and ``expert`` plays the equilibrium there (``probabilities`` returns
None). This module is pure Python, like the rest of the
run-time bot: the file holds probabilities, the tree is rebuilt by ``abstraction``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .abstraction import DEPTHS, Node, build_tree
from .expert_data import frame, unframe

MAGIC = b"LIENGDBR1"
DEPTH = 100
"""The stack depth (× B behind the ante) the counter-strategy is solved for."""
DEPTH_INDEX = DEPTHS.index(DEPTH)


COUNTER_PRESETS: tuple[str, ...] = ("classic", "v8club", "split")
"""The tie-break presets that ship a counter-strategy file (every preset with an ``expert``
equilibrium): ``train --check`` fails when one of these files is missing or damaged, where
``load_counter`` quietly falls back to the equilibrium, so a lost file cannot go unseen."""


def counter_file(preset: str) -> Path:
    """The shipped counter-strategy of one tie-break preset (``COUNTER_PRESETS``)."""
    return Path(__file__).with_name(f"expert_counter_{preset}.bin")


def encode(header: dict[str, object], strategy: bytes) -> bytes:
    """The shipped file: ``expert_data.frame`` with this module's magic."""
    return frame(MAGIC, header, strategy)


def decode(data: bytes) -> tuple[dict[str, object], bytes]:
    """(header, strategy bytes); ``ValueError`` if the file is not one or is damaged."""
    return unframe(data, MAGIC, "expert counter-strategy")


@dataclass
class CounterStrategy:
    """One preset's counter-strategy: per node of the ``DEPTH`` tree, per action, per
    bucket, a probability byte (the layout ``train.quantise`` writes)."""

    nb: int
    probs: bytes
    nodes: list[Node]
    offsets: list[int]

    def probabilities(self, node: int, bucket: int) -> list[float] | None:
        """The action weights at ``node`` for a hand of ``bucket``, or None where the
        response itself never comes (the equilibrium plays there)."""
        off = self.offsets[node] + bucket
        nb = self.nb
        weights = [float(self.probs[off + a * nb]) for a in range(len(self.nodes[node].actions))]
        return weights if sum(weights) > 0 else None


def layout(nodes: list[Node], nb: int) -> tuple[list[int], int]:
    """Each node's byte offset in the strategy, and the strategy's length."""
    offsets = []
    pos = 0
    for nd in nodes:
        offsets.append(pos)
        pos += len(nd.actions) * nb
    return offsets, pos


@lru_cache(maxsize=3)
def load_counter(preset: str, nb: int) -> CounterStrategy | None:
    """The shipped counter-strategy of ``preset`` for hands cut into ``nb`` buckets, or
    None when there is none, it is damaged, or it does not fit the tree and buckets of
    this build (``expert`` then keeps the equilibrium: a stale file is never played)."""
    try:
        header, probs = decode(counter_file(preset).read_bytes())
    except (OSError, ValueError):
        return None
    nodes = build_tree((DEPTH,)).nodes
    offsets, size = layout(nodes, nb)
    if header.get("buckets") != nb or header.get("nodes") != len(nodes) or len(probs) != size:
        return None
    return CounterStrategy(nb, probs, nodes, offsets)
