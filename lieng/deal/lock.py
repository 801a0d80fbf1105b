"""The dealer's lock: the whole deck under one more key, in place, with a batched
Chaum–Pedersen proof (docs/PROTOCOL.md section 12.3).

The host's dealer comes last and does not shuffle — the persons before it did, and one
honest shuffle is all the deal needs. Its lock is there so that the bots' cards end under
a key only the host has, and so that its unlock step is the last of the pass: no person
can read its own cards before every person has sent every step (section 12.6).

Proof that ``Y_i = k·X_i`` for every ``i`` and ``K = k·G``: weights ``a_i`` are hashes of
the statement; with ``A = Σ a_i·X_i`` and ``B = Σ a_i·Y_i``, a Chaum–Pedersen proof shows
``log_G K = log_A B``. Soundness: if some ``Y_i − k·X_i`` is not the neutral element,
``Σ a_i·(Y_i − k·X_i)`` is a nonzero linear form in the weights and vanishes for a
``1/L`` fraction of them; a cheater with ``q`` hash queries succeeds with probability at
most about ``2q/L``. Cost: the prover ``2n + 2`` scalar multiplications (``B = k·A``),
the verifier ``2n + 3``.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import dleq
from .group import GroupError, Point, combine, mul
from .transcript import Transcript

LABEL = b"lock"


def _weights(context: bytes, key: Point, xs: Sequence[Point], ys: Sequence[Point]) -> list[int]:
    t = Transcript(LABEL, context).absorb(key).absorb_all(xs).absorb_all(ys)
    return t.challenges(b"a", len(xs))


def _transcript(context: bytes) -> Transcript:
    return Transcript(LABEL + b"/dleq", context)


def lock(deck: Sequence[Point], k: int) -> list[Point]:
    return [mul(k, x) for x in deck]


def prove(context: bytes, k: int, key: Point, xs: Sequence[Point],
          ys: Sequence[Point]) -> dleq.Dleq:
    """Prove ``ys[i] = k·xs[i]`` for all ``i`` and ``key = k·G``."""
    a = combine(_weights(context, key, xs, ys), xs)
    return dleq.prove(_transcript(context), k, key, a, mul(k, a))


def verify(context: bytes, key: Point, xs: Sequence[Point], ys: Sequence[Point],
           proof: dleq.Dleq) -> bool:
    if len(xs) != len(ys) or not xs:
        return False
    w = _weights(context, key, xs, ys)
    try:
        a, b = combine(w, xs), combine(w, ys)
    except GroupError:
        return False
    return dleq.verify(_transcript(context), proof, key, a, b)
