"""Fiat–Shamir transcripts: every challenge is a hash of everything the proof is about.

A transcript starts from a *label* naming the proof (``b"shuffle"``, ``b"unlock"``,
``b"open"``) under the protocol's domain, then absorbs the *context* — the hand, the
deal's nonce, the party and what position or stage the proof is for — and then every
public value and commitment of the proof, each prefixed by its length, so two different
sequences of items never hash alike. A proof made for one hand, position or party fails
anywhere else: that is what makes a replayed unlock worthless (tests/deal/test_deal.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from .group import hash_to_scalar

DOMAIN = b"lieng-mental-v1"


class Transcript:
    """An append-only list of length-prefixed items, hashed with SHA-512."""

    def __init__(self, label: bytes, context: bytes) -> None:
        self._h = hashlib.sha512()
        self._item(DOMAIN)
        self._item(label)
        self._item(context)

    def _item(self, data: bytes) -> None:
        self._h.update(len(data).to_bytes(4, "big"))
        self._h.update(data)

    def absorb(self, *items: bytes) -> Transcript:
        for item in items:
            self._item(item)
        return self

    def absorb_all(self, items: Iterable[bytes]) -> Transcript:
        """A list of items, its length first (so where one list ends is fixed)."""
        items = list(items)
        self._item(len(items).to_bytes(4, "big"))
        for item in items:
            self._item(item)
        return self

    def challenge(self, tag: bytes) -> int:
        """A scalar from the transcript so far; ``tag`` tells apart several challenges
        drawn at the same point. Does not change the transcript."""
        h = self._h.copy()
        h.update(len(tag).to_bytes(4, "big"))
        h.update(tag)
        return hash_to_scalar(h.digest())

    def challenges(self, tag: bytes, n: int) -> list[int]:
        """``n`` independent scalars (each its own hash of the transcript, tag and index)."""
        return [self.challenge(tag + i.to_bytes(4, "big")) for i in range(n)]
