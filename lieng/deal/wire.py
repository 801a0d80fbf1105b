"""The deal's steps as text for a JSON message: fixed binary layouts, base64 (standard
alphabet, padded). Read strictly — a length that is not the layout's, a point that is not
in the group, a scalar that is not canonical, positions out of order: ``WireError`` with a
readable message, and nothing of the step is used (docs/PROTOCOL.md section 12.4).

Layouts (``P`` a 32-byte point, ``S`` a 32-byte little-endian scalar):

* shuffle (a person's): ``K`` P ‖ deck 52 P ‖ commits 52 P ‖ chain 52 P ‖
  ``e, s1, s2, s3, s4`` 5 S ‖ ``ŝ`` 52 S ‖ ``s'`` 52 S — 8,512 bytes;
* lock (the dealer's, lieng/deal/lock.py): ``K`` P ‖ deck 52 P ‖ ``e`` S ‖ ``s`` S —
  1,760 bytes;
* unlock: per card, position (1 byte) ‖ point P ‖ ``e`` S ‖ ``s`` S — 97 bytes;
* opening: per card, position (1 byte) ‖ card index (1 byte) ‖ ``e`` S ‖ ``s`` S — 66 bytes.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator

from .dleq import Dleq
from .group import (
    POINT_BYTES,
    SCALAR_BYTES,
    GroupError,
    decode_point,
    scalar_bytes,
    scalar_from_bytes,
)
from .mental import DEALER, DECK_SIZE, Opening, ShuffleStep, UnlockStep
from .shuffle import ShuffleProof

SHUFFLE_BYTES = POINT_BYTES * (1 + 3 * DECK_SIZE) + SCALAR_BYTES * (5 + 2 * DECK_SIZE)
LOCK_BYTES = POINT_BYTES * (1 + DECK_SIZE) + 2 * SCALAR_BYTES
UNLOCK_CARD_BYTES = 1 + POINT_BYTES + 2 * SCALAR_BYTES
OPEN_CARD_BYTES = 2 + 2 * SCALAR_BYTES
MAX_TEXT = 4 * (SHUFFLE_BYTES + 2) // 3 + 4


class WireError(ValueError):
    """A step that cannot be read; the message says what is wrong with it."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: object, what: str, size: int | None = None, unit: int | None = None) -> bytes:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise WireError(f"the {what} must be base64 text of at most {MAX_TEXT} characters")
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise WireError(f"the {what} is not base64") from None
    if size is not None and len(data) != size:
        raise WireError(f"the {what} must hold {size} bytes, not {len(data)}")
    if unit is not None and len(data) % unit:
        raise WireError(f"the {what} must hold whole {unit}-byte records")
    return data


class _Reader:
    def __init__(self, data: bytes, what: str) -> None:
        self.data, self.at, self.what = data, 0, what

    def take(self, n: int) -> bytes:
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def point(self) -> bytes:
        try:
            return decode_point(self.take(POINT_BYTES))
        except GroupError as exc:
            raise WireError(f"the {self.what} holds a bad point: {exc}") from None

    def scalar(self) -> int:
        try:
            return scalar_from_bytes(self.take(SCALAR_BYTES))
        except GroupError as exc:
            raise WireError(f"the {self.what} holds a bad scalar: {exc}") from None

    def points(self, n: int) -> tuple[bytes, ...]:
        return tuple(self.point() for _ in range(n))

    def scalars(self, n: int) -> tuple[int, ...]:
        return tuple(self.scalar() for _ in range(n))

    def records(self, size: int) -> Iterator[_Reader]:
        while self.at < len(self.data):
            yield _Reader(self.take(size), self.what)


def encode_shuffle(step: ShuffleStep) -> str:
    """A person's shuffle or the dealer's lock, by the type of its proof."""
    p = step.proof
    if isinstance(p, Dleq):
        return _b64(b"".join([step.key, *step.deck, scalar_bytes(p.e), scalar_bytes(p.s)]))
    parts = [step.key, *step.deck, *p.commits, *p.chain,
             *(scalar_bytes(s) for s in (p.e, p.s1, p.s2, p.s3, p.s4, *p.s_hat, *p.s_prime))]
    return _b64(b"".join(parts))


def decode_shuffle(party: int, text: object) -> ShuffleStep:
    """``party``'s step: the dealer's is a lock, anyone else's a shuffle."""
    if party == DEALER:
        r = _Reader(_unb64(text, "lock", LOCK_BYTES), "lock")
        key = r.point()
        deck = r.points(DECK_SIZE)
        return ShuffleStep(party, key, deck, Dleq(r.scalar(), r.scalar()))
    r = _Reader(_unb64(text, "shuffle", SHUFFLE_BYTES), "shuffle")
    key = r.point()
    deck = r.points(DECK_SIZE)
    commits = r.points(DECK_SIZE)
    chain = r.points(DECK_SIZE)
    e, s1, s2, s3, s4 = r.scalars(5)
    proof = ShuffleProof(commits, chain, e, s1, s2, s3, s4, r.scalars(DECK_SIZE),
                         r.scalars(DECK_SIZE))
    return ShuffleStep(party, key, deck, proof)


def encode_unlock(step: UnlockStep) -> str:
    return _b64(b"".join(bytes([pos]) + pt + scalar_bytes(pr.e) + scalar_bytes(pr.s)
                         for pos, pt, pr in step.cards))


def _positions(found: list[int], what: str) -> None:
    if found != sorted(set(found)) or any(p >= DECK_SIZE for p in found):
        raise WireError(f"the {what}'s positions must increase and be below {DECK_SIZE}")


def decode_unlock(party: int, text: object) -> UnlockStep:
    cards = []
    for rec in _Reader(_unb64(text, "unlock", unit=UNLOCK_CARD_BYTES), "unlock").records(
            UNLOCK_CARD_BYTES):
        pos = rec.take(1)[0]
        point = rec.point()
        cards.append((pos, point, Dleq(rec.scalar(), rec.scalar())))
    _positions([c[0] for c in cards], "unlock")
    return UnlockStep(party, tuple(cards))


def encode_opening(opening: Opening) -> str:
    return _b64(b"".join(bytes([pos, index]) + scalar_bytes(pr.e) + scalar_bytes(pr.s)
                         for pos, index, pr in opening.cards))


def decode_opening(party: int, text: object) -> Opening:
    cards = []
    for rec in _Reader(_unb64(text, "opening", unit=OPEN_CARD_BYTES), "opening").records(
            OPEN_CARD_BYTES):
        pos, index = rec.take(2)
        if index >= DECK_SIZE:
            raise WireError("the opening names a card that does not exist")
        cards.append((pos, index, Dleq(rec.scalar(), rec.scalar())))
    _positions([c[0] for c in cards], "opening")
    return Opening(party, tuple(cards))
