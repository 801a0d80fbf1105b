"""Cards as points of the group: card ``i`` (``Card.index``, RULES.md "Words") is a hashed
point nobody knows the discrete logarithm of, so a locked card ``k·P_i`` says nothing of
``i`` without ``k`` (DDH), and a party's lock commutes with every other's."""

from __future__ import annotations

from functools import cache

from lieng.engine import FULL_DECK, Card

from .group import Point, hash_to_point

CARD_DOMAIN = b"lieng-mental-v1/card"


@cache
def card_points() -> tuple[Point, ...]:
    """The plain deck: the point of every card, in ``Card.index`` order (``FULL_DECK``)."""
    return tuple(hash_to_point(CARD_DOMAIN, c.index.to_bytes(1, "big")) for c in FULL_DECK)


@cache
def _by_point() -> dict[Point, Card]:
    return dict(zip(card_points(), FULL_DECK, strict=True))


def card_of(point: Point) -> Card | None:
    """The card whose plain point this is, or None (a point still under some lock)."""
    return _by_point().get(point)


def point_of(card: Card) -> Point:
    return card_points()[card.index]
