"""Chaum–Pedersen proofs: "the same secret ``k`` links ``G`` to ``K`` and ``A`` to ``B``"
(``K = k·G`` and ``B = k·A``), without telling ``k``.

The deal uses it twice (docs/PROTOCOL.md section 12): an *unlock* (``A`` is the card with
one lock fewer, ``B`` the card before — so a party can only remove the lock it put on)
and an *opening* at the showdown (``A`` is the card's plain point, ``B`` the card under
the owner's lock alone). Non-interactive by Fiat–Shamir over a ``Transcript``.

Soundness: for a false statement (``log_G K ≠ log_A B``), for each commitment ``(T1,
T2)`` at most one challenge ``e`` has an answer ``s`` (two answers would give
``k = (s − s')/(e − e')`` satisfying both). With ``e`` a hash, a cheating prover needs
about ``L / q`` hash queries, ``q`` its budget — 2^-252 per query. Zero knowledge:
``(T1, T2, s)`` with ``s`` uniform is simulated by choosing ``s`` and ``e`` first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .group import GroupError, L, Point, base_mul, mul, random_scalar, sub
from .transcript import Transcript


@dataclass(frozen=True)
class Dleq:
    """The proof as sent: the challenge and the answer (64 bytes)."""

    e: int
    s: int


def _challenge(t: Transcript, key: Point, a: Point, b: Point, t1: Point, t2: Point) -> int:
    return t.absorb(key, a, b, t1, t2).challenge(b"e")


def prove(t: Transcript, k: int, key: Point, a: Point, b: Point) -> Dleq:
    """Prove ``key = k·G`` and ``b = k·a``; ``t`` carries the proof's label and context."""
    w = random_scalar()
    e = _challenge(t, key, a, b, base_mul(w), mul(w, a))
    return Dleq(e, (w + e * k) % L)


def verify(t: Transcript, proof: Dleq, key: Point, a: Point, b: Point) -> bool:
    """Recompute ``T1 = s·G − e·K`` and ``T2 = s·A − e·B``; the challenge must match."""
    try:
        t1 = sub(base_mul(proof.s), mul(proof.e, key))
        t2 = sub(mul(proof.s, a), mul(proof.e, b))
    except GroupError:
        return False
    return _challenge(t, key, a, b, t1, t2) == proof.e
