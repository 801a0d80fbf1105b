"""Shuffle and re-lock the deck, with a proof that it is the same cards under one key.

A party with secret ``k`` (public ``K = k·G``) turns the deck ``X_0 … X_{n−1}`` into
``Y_i = k · X_{π(i)}`` for a secret permutation ``π``. ``prove`` shows, without telling
``k`` or ``π``, that such ``k`` and ``π`` exist: no card was duplicated, dropped, swapped
for another or locked under another key. It is the proof of a shuffle of Terelius and
Wikström ("Proofs of restricted shuffles", AFRICACRYPT 2010), in the form of Haenni,
Locher, Koenig and Dubuis ("Pseudo-code algorithms for verifiable re-encryption
mix-nets", FC 2017), with the re-encryption relation replaced by our exponentiation.

The argument (``H_1 … H_n`` and ``H_0`` from ``group.generators``, nobody knows a
relation among them and ``G``):

1. Permutation commitment: ``C_j = r_j·G + H_{π⁻¹(j)}`` — column ``j`` of the
   permutation matrix ``M`` committed with randomness ``r_j``.
2. Challenges ``u_j`` = hashes of the statement and ``C``. Let ``u'_i = u_{π(i)}`` (the
   challenges permuted); then ``Σ_j u_j·C_j = r·G + Σ_i u'_i·H_i`` with ``r = Σ u_j r_j``.
3. Product chain: ``Ĉ_0 = H_0``, ``Ĉ_i = r̂_i·G + u'_i·Ĉ_{i−1}``, so
   ``Ĉ_n = r̂·G + (Π u'_i)·H_0``.
4. One Σ-protocol (challenge ``e`` by Fiat–Shamir) proves knowledge of ``r̄, r̂, r, k,
   r̂_i, u'_i`` with

   - ``Σ C_j − Σ H_i = r̄·G``            (every row of ``M`` sums to 1),
   - ``Ĉ_n − (Π u_j)·H_0 = r̂·G``        (``Π u'_i = Π u_j``),
   - ``Σ u_j·C_j = r·G + Σ u'_i·H_i``   (the ``u'`` are ``M`` applied to ``u``),
   - ``Ĉ_i = r̂_i·G + u'_i·Ĉ_{i−1}``     (the chain uses the same ``u'``),
   - ``Σ u'_i·Y_i = k·Σ u_j·X_j`` and ``K = k·G``  (the outputs are the inputs under
     ``k``, permuted by ``M``).

**Soundness.** From two accepting answers to the same commitments the knowledge
extractor gets the witnesses (special soundness of the Σ-protocol). If the committed
``M`` were not a permutation matrix while its rows sum to 1, then
``Π_i (Σ_j M_{ji} u_j) − Π_j u_j`` is a nonzero polynomial of degree ``n`` in ``u`` and
vanishes at the hashed ``u`` with probability ≤ ``n/L`` (Schwartz–Zippel; TW10 Thm. 1) —
unless the prover can open a commitment two ways, which yields a discrete-logarithm
relation between ``G`` and the ``H_i``. With ``M`` a permutation ``π``, the last relation
says ``Σ_j u_j·(Y_{π⁻¹(j)} − k·X_j) = 0``; if any term is not the neutral element this
holds for at most a ``1/L`` fraction of ``u`` (a nonzero linear map to a group of prime
order ``L``). A cheating party that tries ``q`` challenges (hash evaluations)
therefore succeeds with probability at most about ``q·(n + 2)/L ≈ q·2^-246``: even
``q = 2^80`` leaves 2^-166, far below the 2^-40 the issue asks for. Zero knowledge:
the commitments are perfectly hiding and the answers are uniform given the challenge
(simulation as for any Σ-protocol); the output deck itself hides ``π`` under DDH,
since ``k`` is secret.

Cost (n = 52): the prover does 6n scalar multiplications, the verifier 6n + 3; see
docs/PERFORMANCE.md ("Mental-poker deal") for the times.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .group import (
    GroupError,
    L,
    Point,
    add,
    base_mul,
    combine,
    generators,
    mul,
    random_scalar,
    sub,
    total,
)
from .transcript import Transcript

LABEL = b"shuffle"


@dataclass(frozen=True)
class ShuffleProof:
    """What a party sends with its output deck (4n points and scalars, 4n + 5 in all)."""

    commits: tuple[Point, ...]
    """``C_0 … C_{n−1}``: the permutation commitment."""
    chain: tuple[Point, ...]
    """``Ĉ_1 … Ĉ_n``: the product chain."""
    e: int
    s1: int
    s2: int
    s3: int
    s4: int
    s_hat: tuple[int, ...]
    s_prime: tuple[int, ...]


def random_permutation(n: int) -> list[int]:
    """A uniform permutation of ``0 … n−1`` (Fisher–Yates on the secure generator)."""
    p = list(range(n))
    for i in range(n - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        p[i], p[j] = p[j], p[i]
    return p


def relock(deck: Sequence[Point], k: int, perm: Sequence[int]) -> list[Point]:
    """The shuffled, re-locked deck ``Y_i = k · X_{perm[i]}``."""
    return [mul(k, deck[perm[i]]) for i in range(len(deck))]


def _statement(context: bytes, key: Point, xs: Sequence[Point], ys: Sequence[Point],
               commits: Sequence[Point]) -> Transcript:
    return (Transcript(LABEL, context).absorb(key).absorb_all(xs).absorb_all(ys)
            .absorb_all(commits))


def _final(t: Transcript, chain: Sequence[Point], ts: Sequence[Point],
           t_hat: Sequence[Point]) -> int:
    return t.absorb_all(chain).absorb_all(ts).absorb_all(t_hat).challenge(b"e")


def _product(values: Sequence[int]) -> int:
    acc = 1
    for v in values:
        acc = acc * v % L
    return acc


def prove(context: bytes, k: int, key: Point, xs: Sequence[Point], ys: Sequence[Point],
          perm: Sequence[int]) -> ShuffleProof:
    """Prove ``ys[i] = k · xs[perm[i]]`` and ``key = k·G``; ``context`` binds the proof
    to its hand, deal and party (lieng/deal/transcript.py)."""
    n = len(xs)
    hs = generators(n)
    h0, h = hs[0], hs[1:]
    inv = [0] * n
    for i, j in enumerate(perm):
        inv[j] = i
    r = [random_scalar() for _ in range(n)]
    commits = [add(base_mul(r[j]), h[inv[j]]) for j in range(n)]
    t = _statement(context, key, xs, ys, commits)
    u = t.challenges(b"u", n)
    u_p = [u[perm[i]] for i in range(n)]
    r_hat = [random_scalar() for _ in range(n)]
    chain: list[Point] = []
    prev = h0
    for i in range(n):
        prev = add(base_mul(r_hat[i]), mul(u_p[i], prev))
        chain.append(prev)
    r_bar = sum(r) % L
    # r̂ = Σ r̂_i · Π_{l > i} u'_l: the G-part of Ĉ_n
    r_hat_total, tail = 0, 1
    for i in range(n - 1, -1, -1):
        r_hat_total = (r_hat_total + r_hat[i] * tail) % L
        tail = tail * u_p[i] % L
    r_lin = sum(uj * rj for uj, rj in zip(u, r, strict=True)) % L
    big_e = combine(u, xs)
    w1, w2, w3, w4 = (random_scalar() for _ in range(4))
    w_hat = [random_scalar() for _ in range(n)]
    w_p = [random_scalar() for _ in range(n)]
    t1 = base_mul(w1)
    t2 = base_mul(w2)
    t3 = add(base_mul(w3), combine(w_p, h))
    t4 = sub(combine(w_p, ys), mul(w4, big_e))
    t5 = base_mul(w4)
    prevs = [h0, *chain[:-1]]
    t_hat = [add(base_mul(w_hat[i]), mul(w_p[i], prevs[i])) for i in range(n)]
    e = _final(t, chain, (t1, t2, t3, t4, t5), t_hat)
    return ShuffleProof(
        commits=tuple(commits), chain=tuple(chain), e=e,
        s1=(w1 + e * r_bar) % L, s2=(w2 + e * r_hat_total) % L,
        s3=(w3 + e * r_lin) % L, s4=(w4 + e * k) % L,
        s_hat=tuple((w_hat[i] + e * r_hat[i]) % L for i in range(n)),
        s_prime=tuple((w_p[i] + e * u_p[i]) % L for i in range(n)))


def verify(context: bytes, key: Point, xs: Sequence[Point], ys: Sequence[Point],
           proof: ShuffleProof) -> bool:
    """True when ``proof`` shows ``ys`` is ``xs`` permuted under the key of ``key``.
    Every point must already have passed ``group.decode_point``."""
    n = len(xs)
    if not (len(ys) == len(proof.commits) == len(proof.chain) == len(proof.s_hat)
            == len(proof.s_prime) == n) or n == 0:
        return False
    hs = generators(n)
    h0, h = hs[0], hs[1:]
    t = _statement(context, key, xs, ys, proof.commits)
    u = t.challenges(b"u", n)
    e = proof.e
    try:
        c_bar = sub(total(proof.commits), total(h))
        t1 = sub(base_mul(proof.s1), mul(e, c_bar))
        c_hat = sub(proof.chain[-1], mul(_product(u), h0))
        t2 = sub(base_mul(proof.s2), mul(e, c_hat))
        c_tilde = combine(u, proof.commits)
        t3 = sub(add(base_mul(proof.s3), combine(proof.s_prime, h)), mul(e, c_tilde))
        big_e = combine(u, xs)
        t4 = sub(combine(proof.s_prime, ys), mul(proof.s4, big_e))
        t5 = sub(base_mul(proof.s4), mul(e, key))
        prevs = [h0, *proof.chain[:-1]]
        t_hat = [sub(add(base_mul(proof.s_hat[i]), mul(proof.s_prime[i], prevs[i])),
                     mul(e, proof.chain[i])) for i in range(n)]
    except GroupError:
        return False
    return _final(t, proof.chain, (t1, t2, t3, t4, t5), t_hat) == e
