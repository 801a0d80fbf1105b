"""The two proofs of the deal: Chaum–Pedersen (lieng/deal/dleq.py) and the shuffle
argument (lieng/deal/shuffle.py) — honest proofs pass, every cheat and every change of
context fails."""

from __future__ import annotations

import dataclasses

import pytest

from lieng.deal import dleq, lock, shuffle
from lieng.deal import group as g
from lieng.deal.cards import card_points
from lieng.deal.transcript import Transcript

N = 8


def deck(n: int = N) -> list[bytes]:
    return list(card_points()[:n])


def t(context: bytes = b"ctx") -> Transcript:
    return Transcript(b"test", context)


def test_dleq_passes_for_the_same_key_only() -> None:
    k = g.random_scalar()
    key = g.base_mul(k)
    a = card_points()[3]
    b = g.mul(k, a)
    proof = dleq.prove(t(), k, key, a, b)
    assert dleq.verify(t(), proof, key, a, b)
    assert not dleq.verify(t(b"other"), proof, key, a, b)
    assert not dleq.verify(Transcript(b"other label", b"ctx"), proof, key, a, b)
    assert not dleq.verify(t(), proof, key, b, a)
    assert not dleq.verify(t(), dataclasses.replace(proof, s=proof.s + 1), key, a, b)
    other = g.random_scalar()
    wrong_b = g.mul(other, a)  # a different lock, claimed to be k's
    assert not dleq.verify(t(), dleq.prove(t(), k, key, a, wrong_b), key, a, wrong_b)


def honest(n: int = N) -> tuple[int, bytes, list[bytes], list[bytes], list[int]]:
    k = g.random_scalar()
    xs = deck(n)
    perm = shuffle.random_permutation(n)
    return k, g.base_mul(k), xs, shuffle.relock(xs, k, perm), perm


def test_an_honest_shuffle_proves_for_a_full_deck() -> None:
    k, key, xs, ys, perm = honest(52)
    proof = shuffle.prove(b"ctx", k, key, xs, ys, perm)
    assert shuffle.verify(b"ctx", key, xs, ys, proof)
    assert sorted(ys) != sorted(xs)  # the cards are locked, not just moved


def test_a_shuffle_proof_is_bound_to_its_context_key_and_decks() -> None:
    k, key, xs, ys, perm = honest()
    proof = shuffle.prove(b"hand 1", k, key, xs, ys, perm)
    assert shuffle.verify(b"hand 1", key, xs, ys, proof)
    assert not shuffle.verify(b"hand 2", key, xs, ys, proof)
    assert not shuffle.verify(b"hand 1", g.base_mul(k + 1), xs, ys, proof)
    assert not shuffle.verify(b"hand 1", key, xs[::-1], ys, proof)
    swapped = list(ys)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not shuffle.verify(b"hand 1", key, xs, swapped, proof)
    assert not shuffle.verify(b"hand 1", key, xs[:-1], ys[:-1], proof)


@pytest.mark.parametrize("name", ["e", "s1", "s2", "s3", "s4"])
def test_every_scalar_of_the_proof_matters(name: str) -> None:
    k, key, xs, ys, perm = honest()
    proof = shuffle.prove(b"ctx", k, key, xs, ys, perm)
    bad = dataclasses.replace(proof, **{name: (getattr(proof, name) + 1) % g.L})
    assert not shuffle.verify(b"ctx", key, xs, ys, bad)


@pytest.mark.parametrize("name", ["commits", "chain", "s_hat", "s_prime"])
def test_every_list_of_the_proof_matters(name: str) -> None:
    k, key, xs, ys, perm = honest()
    proof = shuffle.prove(b"ctx", k, key, xs, ys, perm)
    items = list(getattr(proof, name))
    items[2], items[5] = items[5], items[2]
    bad = {"commits": dataclasses.replace(proof, commits=tuple(items)),
           "chain": dataclasses.replace(proof, chain=tuple(items)),
           "s_hat": dataclasses.replace(proof, s_hat=tuple(items)),
           "s_prime": dataclasses.replace(proof, s_prime=tuple(items))}[name]
    assert not shuffle.verify(b"ctx", key, xs, ys, bad)


def test_a_duplicated_card_is_caught() -> None:
    """A cheat that deals itself a second copy of a card: the "permutation" repeats an
    index, and the deck it proves for has one card twice and one card missing."""
    k, key, xs, _, _ = honest()
    perm = [0, 0, *range(2, N)]
    ys = shuffle.relock(xs, k, perm)
    proof = shuffle.prove(b"ctx", k, key, xs, ys, perm)
    assert not shuffle.verify(b"ctx", key, xs, ys, proof)


def test_a_card_swapped_for_one_from_outside_is_caught() -> None:
    """The cheat replaces one card with a card that was not in its input (a card it
    knows, from the plain deck)."""
    k, key, xs, ys, perm = honest()
    ys[3] = g.mul(k, card_points()[40])
    assert not shuffle.verify(b"ctx", key, xs, ys, shuffle.prove(b"ctx", k, key, xs, ys, perm))


def test_a_card_under_another_key_is_caught() -> None:
    """One card locked with a key the cheat could later hand to an accomplice."""
    k, key, xs, ys, perm = honest()
    ys[4] = g.mul(g.random_scalar(), xs[perm[4]])
    assert not shuffle.verify(b"ctx", key, xs, ys, shuffle.prove(b"ctx", k, key, xs, ys, perm))


def test_a_proof_for_another_permutation_fails() -> None:
    k, key, xs, ys, perm = honest()
    other = perm[1:] + perm[:1]
    assert not shuffle.verify(b"ctx", key, xs, ys, shuffle.prove(b"ctx", k, key, xs, ys, other))


def test_the_permutation_is_uniform_enough() -> None:
    """Each of the 6 orders of 3 items turns up (a broken Fisher–Yates shows fewer)."""
    seen = {tuple(shuffle.random_permutation(3)) for _ in range(300)}
    assert len(seen) == 6


def test_the_dealers_lock_proves_in_place_only() -> None:
    """lieng/deal/lock.py: the same cards, same places, one key — a moved card, a card
    under another key or another context fails."""
    k = g.random_scalar()
    key = g.base_mul(k)
    xs = deck(52)
    ys = lock.lock(xs, k)
    proof = lock.prove(b"ctx", k, key, xs, ys)
    assert lock.verify(b"ctx", key, xs, ys, proof)
    assert not lock.verify(b"other", key, xs, ys, proof)
    moved = [ys[1], ys[0], *ys[2:]]
    assert not lock.verify(b"ctx", key, xs, moved, lock.prove(b"ctx", k, key, xs, moved))
    other = list(ys)
    other[9] = g.mul(g.random_scalar(), xs[9])
    assert not lock.verify(b"ctx", key, xs, other, lock.prove(b"ctx", k, key, xs, other))
    assert not lock.verify(b"ctx", key, xs[:-1], ys, proof)
