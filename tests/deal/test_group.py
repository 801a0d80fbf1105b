"""The group the deal works in (lieng/deal/group.py): only points of the prime-order
subgroup get in — the reason edwards25519 may stand in for ristretto255 here."""

from __future__ import annotations

import pytest

from lieng.deal import group as g
from lieng.deal.cards import card_of, card_points, point_of
from lieng.engine import FULL_DECK

IDENTITY = bytes([1]) + bytes(31)
ORDER_2 = bytes.fromhex("ec" + "ff" * 30 + "7f")
ORDER_8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")


def times(n: int, p: bytes) -> bytes:
    """``n·p`` by additions (libsodium's multiplication refuses small-order points)."""
    acc = p
    for _ in range(n - 1):
        acc = g.add(acc, p)
    return acc


def test_the_torsion_points_used_below_really_have_small_order() -> None:
    assert times(8, ORDER_8) == IDENTITY and times(4, ORDER_8) != IDENTITY
    assert times(2, ORDER_2) == IDENTITY


@pytest.mark.parametrize("point", [IDENTITY, ORDER_2, ORDER_8, bytes(32)])
def test_small_order_points_are_refused(point: bytes) -> None:
    assert not g.is_point(point)
    with pytest.raises(g.GroupError):
        g.decode_point(point)
    with pytest.raises(g.GroupError):
        g.mul(g.random_scalar(), point)


def test_a_card_point_plus_torsion_is_on_the_curve_but_refused() -> None:
    """The subgroup check, not just an on-curve check: ``P + T`` with ``T`` of order 8 is
    a valid curve point whose order is 8·L."""
    p = point_of(FULL_DECK[7])
    mixed = g.add(p, ORDER_8)
    assert mixed != p and g.sub(mixed, ORDER_8) == p  # a genuine curve point
    assert not g.is_point(mixed)
    with pytest.raises(g.GroupError):
        g.mul(3, mixed)


def test_non_canonical_and_short_encodings_are_refused() -> None:
    p = point_of(FULL_DECK[0])
    # y = 2^255 − 19 is the field's 0 written non-canonically
    non_canonical = bytes.fromhex("ed" + "ff" * 30 + "7f")
    assert not g.is_point(non_canonical)
    assert not g.is_point(p[:31])
    assert not g.is_point(p + b"\0")


def test_points_from_hashes_are_in_the_group_and_distinct() -> None:
    points = card_points()
    assert len(set(points)) == 52 and all(g.is_point(p) for p in points)
    assert all(g.is_point(h) for h in g.generators(52))
    assert not set(points) & set(g.generators(52))
    assert [card_of(point_of(c)) for c in FULL_DECK] == list(FULL_DECK)
    assert card_of(g.mul(2, points[0])) is None


def test_locks_commute_and_unlock() -> None:
    p = point_of(FULL_DECK[30])
    a, b = g.random_scalar(), g.random_scalar()
    assert g.mul(a, g.mul(b, p)) == g.mul(b, g.mul(a, p))
    assert g.mul(g.inverse(a), g.mul(a, p)) == p
    assert g.mul(g.L + 5, p) == g.mul(5, p)


def test_scalars_from_the_wire_are_strict() -> None:
    assert g.scalar_from_bytes(g.scalar_bytes(12345)) == 12345
    with pytest.raises(g.GroupError, match="below"):
        g.scalar_from_bytes(g.L.to_bytes(32, "little"))
    with pytest.raises(g.GroupError, match="32 bytes"):
        g.scalar_from_bytes(b"\1" * 31)
    with pytest.raises(g.GroupError):
        g.inverse(g.L)
