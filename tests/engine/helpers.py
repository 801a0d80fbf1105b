"""Test helpers: build a deck that gives each seat the cards a scenario needs."""

from __future__ import annotations

from collections.abc import Sequence

from lieng.engine import FULL_DECK, Card


def deck_for(hands: Sequence[str | None], first: int = 0) -> list[Card]:
    """A deck whose deal gives ``hands[s]`` (e.g. ``"AH AS AD"``) to seat ``s``.

    Seats given None sit out (they are not dealt). The rest of the deck follows in a fixed
    order, so the result is a full 52-card deck.
    """
    n = len(hands)
    parsed = {s: Card.parse_many(h) for s, h in enumerate(hands) if h is not None}
    order = [(first + i) % n for i in range(n) if (first + i) % n in parsed]
    deck: list[Card] = []
    for p in range(3):
        for s in order:
            deck.append(parsed[s][p])
    rest = [c for c in FULL_DECK if c not in deck]
    assert len(set(deck)) == len(deck), "a card is used twice"
    return deck + rest
