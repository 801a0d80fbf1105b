"""The prime-order group the mental-poker deal works in (docs/PROTOCOL.md section 12).

Points are the prime-order subgroup of edwards25519 (order ``L``, the group Ed25519
signatures use), reached through libsodium's ``crypto_core_ed25519_*`` and
``crypto_scalarmult_ed25519_*noclamp`` as PyNaCl exposes them. The issue suggested
ristretto255; PyNaCl 1.6 does not expose it (its bundled libsodium has the functions,
but not as symbols anyone may call), and the subgroup gives the same prime-order group
*provided every point received is checked to lie in it*: ``decode_point`` does that with
``crypto_core_ed25519_is_valid_point``, which rejects non-canonical encodings, points of
small order and points with a torsion component (tests/deal/test_group.py shows it on a
point of order 8 and on a card point plus that point). Points are made only by
``hash_to_point`` (Elligator 2 then a cofactor clearing, which lands in the subgroup),
by scalar multiples and sums of subgroup points, so the group never leaves the subgroup.

Scalars are Python ints modulo ``L``; arithmetic on them is exact and cheap. A point is
its 32-byte canonical encoding (``bytes``): equal points have equal bytes.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from functools import cache

import nacl.bindings as sodium
import nacl.exceptions

L = 2**252 + 27742317777372353535851937790883648493
"""The order of the prime-order subgroup of edwards25519."""

POINT_BYTES = 32
SCALAR_BYTES = 32

Point = bytes
"""A canonical 32-byte encoding of a point of the prime-order subgroup."""


class GroupError(ValueError):
    """A point that is not one of the group's, or an operation that left the group
    (a product that is the neutral element, which honest values never reach)."""


def random_scalar() -> int:
    """A uniform nonzero scalar from the operating system's secure generator."""
    return 1 + secrets.randbelow(L - 1)


def scalar_bytes(s: int) -> bytes:
    return (s % L).to_bytes(SCALAR_BYTES, "little")


def scalar_from_bytes(data: bytes) -> int:
    """A received scalar: exactly 32 bytes, canonical (below ``L``)."""
    if len(data) != SCALAR_BYTES:
        raise GroupError(f"a scalar has {SCALAR_BYTES} bytes, not {len(data)}")
    s = int.from_bytes(data, "little")
    if s >= L:
        raise GroupError("a scalar must be below the group order")
    return s


def hash_to_scalar(data: bytes) -> int:
    """A scalar from 64 bytes of SHA-512: uniform modulo ``L`` to within 2^-259."""
    return int.from_bytes(hashlib.sha512(data).digest(), "little") % L


def inverse(s: int) -> int:
    if s % L == 0:
        raise GroupError("zero has no inverse")
    return pow(s, -1, L)


def is_point(data: bytes) -> bool:
    """True for the canonical encoding of a point of the prime-order subgroup, other than
    the neutral element (libsodium's check: canonical, on the curve, not of small order,
    in the main subgroup)."""
    return len(data) == POINT_BYTES and bool(sodium.crypto_core_ed25519_is_valid_point(data))


KNOWN_POINTS = 4096
"""Points ``decode_point`` remembers having checked: a six-person hand's steps carry
about 1,300 (each party's deck, commitments and product chain, the unlocked cards)."""

_known: OrderedDict[bytes, None] = OrderedDict()
_known_lock = threading.Lock()


def decode_point(data: bytes) -> Point:
    """A received point, checked: every point from another process goes through here.
    A point this process already checked (the host's record and, in the same process,
    the hosting player's seat read the same steps) is not checked again: the check is
    of the 32 bytes alone, and the bytes are compared in full."""
    point = bytes(data)
    with _known_lock:
        if point in _known:
            _known.move_to_end(point)
            return point
    if not is_point(point):
        raise GroupError("not a point of the prime-order group")
    with _known_lock:
        _known[point] = None
        while len(_known) > KNOWN_POINTS:
            _known.popitem(last=False)
    return point


def mul(s: int, p: Point) -> Point:
    """``s · p``. libsodium checks ``p`` again (subgroup, not small order) and refuses a
    product equal to the neutral element: both are ``GroupError``."""
    try:
        return sodium.crypto_scalarmult_ed25519_noclamp(scalar_bytes(s), p)
    except (nacl.exceptions.RuntimeError, nacl.exceptions.TypeError,
            nacl.exceptions.ValueError) as exc:
        raise GroupError(f"scalar multiplication failed: {exc}") from None


def base_mul(s: int) -> Point:
    """``s · G`` for the standard base point ``G`` (about 5× faster than ``mul``)."""
    try:
        return sodium.crypto_scalarmult_ed25519_base_noclamp(scalar_bytes(s))
    except (nacl.exceptions.RuntimeError, nacl.exceptions.ValueError) as exc:
        raise GroupError(f"scalar multiplication failed: {exc}") from None


def add(p: Point, q: Point) -> Point:
    return sodium.crypto_core_ed25519_add(p, q)


def sub(p: Point, q: Point) -> Point:
    return sodium.crypto_core_ed25519_sub(p, q)


def total(points: Iterable[Point]) -> Point:
    """The sum of at least one point."""
    it = iter(points)
    try:
        acc = next(it)
    except StopIteration:
        raise GroupError("the sum of no points is the neutral element") from None
    for p in it:
        acc = add(acc, p)
    return acc


def combine(scalars: Sequence[int], points: Sequence[Point]) -> Point:
    """``Σ s_i · p_i`` — the multi-exponentiation every proof here is made of."""
    if len(scalars) != len(points):
        raise GroupError("as many scalars as points are needed")
    return total(mul(s, p) for s, p in zip(scalars, points, strict=True))


def hash_to_point(domain: bytes, data: bytes) -> Point:
    """A point nobody knows the discrete logarithm of (relative to ``G`` or any other
    such point): SHA-512 of a length-prefixed domain and the data, mapped by libsodium's
    ``from_uniform`` (Elligator 2 and cofactor clearing, so in the subgroup)."""
    digest = hashlib.sha512(len(domain).to_bytes(2, "big") + domain + data).digest()
    point = sodium.crypto_core_ed25519_from_uniform(digest[:32])
    if not is_point(point):  # never seen; checked so the claim above is not an assumption
        raise GroupError("hash_to_point left the group")
    return point


GENERATOR_DOMAIN = b"lieng-mental-v1/generator"


@cache
def generators(n: int) -> tuple[Point, ...]:
    """``n + 1`` independent generators ``H_0 … H_n`` for the shuffle argument's
    commitments (``H_0`` starts its product chain): hashed, so nobody knows a relation
    between them, ``G`` or the card points (lieng/deal/shuffle.py relies on it)."""
    return tuple(hash_to_point(GENERATOR_DOMAIN, i.to_bytes(4, "big")) for i in range(n + 1))
