"""The expert's strategy files: ``expert_<preset>.bin`` beside this module, written by
``python -m lieng.bots.train`` and read once per preset by the bot (docs/BOTS.md).

The format is a magic line, a JSON header (preset, depths, raise sizes, the trainer's
settings), the hand buckets (one byte per hand of the strength table) and the strategy
(per depth, node and bucket, the action probabilities as bytes), zlib-compressed, with a
checksum so a damaged file is refused rather than played.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from lieng.engine import PRESETS

from .abstraction import DEPTHS, Node, build_tree
from .strength import N_HANDS, strength_row

MAGIC = b"LIENGCFR1"


def data_file(preset: str) -> Path:
    """The shipped strategy of one tie-break preset."""
    return Path(__file__).with_name(f"expert_{preset}.bin")


def frame(magic: bytes, header: dict[str, object], body: bytes) -> bytes:
    """A shipped strategy file: magic, header length, JSON header, then zlib(body) — the
    heads-up strategies here and the multiway blueprint (``multiway``) alike."""
    head = json.dumps(header, sort_keys=True).encode()
    return magic + len(head).to_bytes(4, "little") + head + zlib.compress(body, 9)


def unframe(data: bytes, magic: bytes, what: str) -> tuple[dict[str, object], bytes]:
    """``frame`` undone: (header, body); ``ValueError`` naming ``what`` if the file is not
    one or is damaged."""
    if not data.startswith(magic):
        raise ValueError(f"not a Liêng {what}")
    n = int.from_bytes(data[len(magic):len(magic) + 4], "little")
    start = len(magic) + 4
    try:
        header = json.loads(data[start:start + n])
        body = zlib.decompress(data[start + n:])
    except (ValueError, zlib.error) as e:
        raise ValueError(f"damaged {what}: {e}") from None
    if not isinstance(header, dict):
        raise ValueError(f"damaged {what}")
    return header, body


def encode(header: dict[str, object], buckets: bytes, strategy: bytes) -> bytes:
    """``frame`` of buckets + strategy."""
    return frame(MAGIC, header, buckets + strategy)


def decode(data: bytes) -> tuple[dict[str, object], bytes, bytes]:
    """(header, one bucket byte per hand, strategy bytes); ``ValueError`` if damaged."""
    header, raw = unframe(data, MAGIC, "expert strategy")
    if len(raw) < N_HANDS:
        raise ValueError("damaged expert strategy")
    return header, raw[:N_HANDS], raw[N_HANDS:]


@dataclass
class Strategy:
    """One preset's shipped strategy; trees are built per depth on first use."""

    nb: int
    buckets: bytes
    probs: bytes
    depth_offsets: list[int]
    """Byte offset of each depth's first node in ``probs``."""
    bucket_floor: list[float]
    """Weakest strength in each bucket (to bucket a multiway win probability)."""
    _trees: dict[int, tuple[list[Node], list[int]]] = field(default_factory=dict)

    def tree(self, d: int) -> tuple[list[Node], list[int]]:
        """Nodes of the tree for ``DEPTHS[d]`` and each node's byte offset."""
        got = self._trees.get(d)
        if got is None:
            nodes = build_tree((DEPTHS[d],)).nodes
            offsets = []
            pos = self.depth_offsets[d]
            for nd in nodes:
                offsets.append(pos)
                pos += len(nd.actions) * self.nb
            got = self._trees[d] = (nodes, offsets)
        return got

    def probabilities(self, d: int, node: int, bucket: int) -> list[float]:
        nodes, offsets = self.tree(d)
        off = offsets[node] + bucket
        nb = self.nb
        return [float(self.probs[off + a * nb]) for a in range(len(nodes[node].actions))]


@lru_cache(maxsize=3)
def load_strategy(preset: str) -> Strategy | None:
    """The shipped strategy of ``preset``, or None when the file is missing or damaged
    (the bot then plays pot odds: a broken install still plays)."""
    try:
        header, buckets, probs = decode(data_file(preset).read_bytes())
    except (OSError, ValueError):
        return None
    nb = header.get("buckets")
    offs = header.get("depth_offsets")
    if not isinstance(nb, int) or not isinstance(offs, list) or len(offs) != len(DEPTHS):
        return None
    row = strength_row(PRESETS[preset])
    floor = [1.0] * nb
    for b, s in zip(buckets, row, strict=True):
        floor[b] = min(floor[b], s)
    return Strategy(nb, buckets, probs, [int(x) for x in offs], floor)


