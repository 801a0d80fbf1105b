"""Each proof is checked once per process (lieng/deal/checked.py), and each received point
(lieng/deal/group.py, ``decode_point``): a second record of the same deal (the host's and
the hosting player's, in one process) takes a step the first checked without checking it
again — and still checks, in full, every step that differs in any byte from one that
checked, and every step or point that failed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from lieng.deal import dleq, lock, shuffle
from lieng.deal import group as g
from lieng.deal.mental import DEALER, DealFault, DealState, PartySecret
from tests.deal.test_group import ORDER_8
from tests.deal.test_mental import setup_for


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Count the calls of ``module.name`` (the proof checks ``DealState`` makes)."""
    calls: list[int] = []
    real: Callable[..., bool] = getattr(module, name)

    def spy(*args: Any) -> bool:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(module, name, spy)
    return calls


def test_a_second_record_takes_checked_steps_without_checking_them_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    shuffles = counting(monkeypatch, shuffle, "verify")
    locks = counting(monkeypatch, lock, "verify")
    unlocks = counting(monkeypatch, dleq, "verify")
    setup = setup_for((0, 1), (2,))
    secs = {p: PartySecret(p) for p in setup.parties}
    host, seat = DealState(setup), DealState(setup)
    for p in setup.parties:
        step = secs[p].shuffle(host)
        host.accept_shuffle(step)
        seat.accept_shuffle(step)
    assert (len(shuffles), len(locks)) == (2, 1)  # each proof once, not once per record
    del unlocks[:]  # the lock proof's own Chaum–Pedersen check
    for p in setup.parties:
        u = secs[p].unlock(host)
        host.accept_unlock(u)
        seat.accept_unlock(u)
    assert len(unlocks) == sum(len(setup.owners) - len(setup.positions_of(p))
                               for p in setup.parties)
    opening = secs[1].open(host, secs[1].my_cards(host))
    before = len(unlocks)
    assert host.accept_opening(opening) == seat.accept_opening(opening)
    assert len(unlocks) == before + 3
    assert seat.current == host.current and seat.keys == host.keys


def test_a_step_one_byte_from_a_checked_one_is_checked_and_refused() -> None:
    setup = setup_for((0, 1))
    secs = {p: PartySecret(p) for p in setup.parties}
    host, seat = DealState(setup), DealState(setup)
    step = secs[0].shuffle(host)
    host.accept_shuffle(step)
    proof = step.proof
    assert isinstance(proof, shuffle.ShuffleProof)
    forged = dataclasses.replace(step, proof=dataclasses.replace(proof, s1=proof.s1 + 1))
    with pytest.raises(DealFault, match="shuffle proof does not check"):
        seat.accept_shuffle(forged)
    seat.accept_shuffle(step)
    for p in setup.parties[1:]:
        s = secs[p].shuffle(host)
        host.accept_shuffle(s)
        seat.accept_shuffle(s)
    u = secs[0].unlock(host)
    host.accept_unlock(u)
    (position, point, pr), *rest = u.cards
    moved = dataclasses.replace(u, cards=((position, point, dataclasses.replace(
        pr, e=pr.e + 1)), *rest))
    with pytest.raises(DealFault, match=f"unlock of card {position + 1} does not check"):
        seat.accept_unlock(moved)
    seat.accept_unlock(u)
    for p in (1, DEALER):
        u = secs[p].unlock(host)
        host.accept_unlock(u)
        seat.accept_unlock(u)
    opening = secs[0].open(host, secs[0].my_cards(host))
    host.accept_opening(opening)
    (position, index, pr), *others = opening.cards
    false = dataclasses.replace(opening, cards=(((position, (index + 1) % 52, pr)),
                                                *others))
    with pytest.raises(DealFault, match=f"its card {position + 1} is not"):
        seat.accept_opening(false)
    assert seat.accept_opening(opening) == host.accept_opening(opening)


def test_a_step_that_failed_is_checked_again_by_each_record(
        monkeypatch: pytest.MonkeyPatch) -> None:
    setup = setup_for((0, 1))
    secs = {p: PartySecret(p) for p in setup.parties}
    records = [DealState(setup) for _ in range(3)]
    step = secs[0].shuffle(records[0])
    swapped = (step.deck[1], step.deck[0], *step.deck[2:])
    bad = dataclasses.replace(step, deck=swapped)
    shuffles = counting(monkeypatch, shuffle, "verify")
    for record in records:
        with pytest.raises(DealFault) as caught:
            record.accept_shuffle(bad)
        assert caught.value.party == 0
    assert len(shuffles) == 3


def test_a_point_is_checked_once_and_a_refused_one_every_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    checks = counting(monkeypatch, g, "is_point")
    fresh = g.base_mul(g.random_scalar())  # a point no earlier test decoded
    assert g.decode_point(fresh) == fresh and g.decode_point(bytes(fresh)) == fresh
    assert len(checks) == 1
    torsion = g.add(fresh, ORDER_8)  # on the curve, outside the subgroup
    for _ in range(2):
        with pytest.raises(g.GroupError):
            g.decode_point(torsion)
    assert len(checks) == 3
