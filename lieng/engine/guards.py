"""The checks ``Hand`` runs on its arguments before it builds anything.

A hand that refuses its arguments raises a documented error — ``InvalidHandError``,
``NotEnoughPlayersError`` or ``InvalidCardError`` — never an ``AttributeError`` or a
``TypeError`` from deep inside, and nothing has been changed: callers (the table, the LAN
host, a replay of a damaged history line) can catch one family of errors and go on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card
from .errors import InvalidCardError, InvalidHandError, NotEnoughPlayersError
from .rules import RuleSet


def check_hand_arguments(rules: object, stacks: object, first: object, deck: object,
                         rng: object) -> int:
    """Refuse anything ``Hand(rules, stacks, first, deck, rng)`` cannot use; the number of
    seats otherwise."""
    if not isinstance(rules, RuleSet):
        raise InvalidHandError(f"rules must be a RuleSet, got {type(rules).__name__}")
    if not isinstance(stacks, (list, tuple)):
        raise InvalidHandError(
            f"stacks must be a list of whole numbers, got {type(stacks).__name__}")
    n = len(stacks)
    if not rules.min_players <= n <= rules.max_players:
        raise NotEnoughPlayersError(
            f"a table has {rules.min_players}..{rules.max_players} seats, got {n}")
    for s in stacks:
        if type(s) is not int or s < 0:
            raise InvalidHandError(f"stacks must be whole numbers >= 0, got {s!r}")
    if type(first) is not int or not 0 <= first < n:
        raise InvalidHandError(f"first must be a seat 0..{n - 1}, got {first!r}")
    if deck is not None and not isinstance(deck, (list, tuple)):
        raise InvalidCardError(f"a deck is a list of distinct cards, got {deck!r}")
    if rng is not None and not isinstance(rng, random.Random):
        raise InvalidHandError(
            f"rng must be a random.Random (or None), got {type(rng).__name__}")
    return n


def check_deck(deck: Sequence[object], dealt: int) -> list[Card]:
    """A fixed deck: distinct cards, at least three for each of the ``dealt`` seats."""
    cards = list(deck)
    if any(not isinstance(c, Card) for c in cards) or len(set(cards)) != len(cards):
        raise InvalidCardError("a deck is a list of distinct cards")
    if len(cards) < 3 * dealt:
        raise InvalidCardError(f"the deck needs {3 * dealt} cards, got {len(cards)}")
    return [c for c in cards if isinstance(c, Card)]
