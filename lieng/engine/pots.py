"""Side pots (RULES.md step 9): cut contributions into layers and pay each layer.

Like pokerkit, layers come from walking the sorted distinct contribution levels; unlike
it, we cut only at the levels of players still in, which is what merging layers with the
same eligible players gives, so a fold never creates an extra pot on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PotLayer:
    """Chips between two contribution levels and the players still in who paid it all."""

    amount: int
    eligible: tuple[int, ...]
    """Seats still in whose contribution reaches the layer's top, in turn order from the
    first player."""


def turn_order_from(first: int, n: int) -> list[int]:
    """Seats in turn order starting at ``first`` (seat numbers grow in turn order)."""
    return [(first + i) % n for i in range(n)]


def pot_layers(contributed: Sequence[int], still_in: Sequence[bool], first: int) -> list[PotLayer]:
    """Cut the chips put in (antes included) into layers, main pot first.

    Chips a folded player put in above the top still-in level belong to the top layer,
    so no chip is ever left out (docs/RULES.md step 9). Seat 0 all-in for 100, seats 1
    and 2 in for 300: a main pot all three can win and a side pot ("tẩy phụ") for two.

    >>> pot_layers([100, 300, 300], [True, True, True], first=0)
    [PotLayer(amount=300, eligible=(0, 1, 2)), PotLayer(amount=400, eligible=(1, 2))]
    """
    n = len(contributed)
    order = turn_order_from(first, n)
    levels = sorted({contributed[s] for s in range(n) if still_in[s]})
    layers: list[PotLayer] = []
    prev = 0
    for i, level in enumerate(levels):
        top = level if i < len(levels) - 1 else max(contributed)
        amount = sum(min(c, top) - min(c, prev) for c in contributed)
        eligible = tuple(s for s in order if still_in[s] and contributed[s] >= level)
        if amount:
            layers.append(PotLayer(amount, eligible))
        prev = top
    return layers


def live_pot_layers(contributed: Sequence[int], still_in: Sequence[bool],
                    all_in: Sequence[bool], first: int) -> list[PotLayer]:
    """The pot as it stands while betting goes on, for display and for the players' views.

    Until betting ends, a bet that others have not matched yet is not a side pot — they
    may still call it — so the pot is cut only at the levels of players who are all-in
    (they can put in nothing more; RULES.md step 9), plus the top. A Vietnamese table says
    "tẩy phụ" only once somebody is "tố tất". When betting ends, every still-in player's
    level is matched or all-in, and this gives the same layers as ``pot_layers``.
    Eligible for a layer: players still in who reach it or can still reach it (have chips).
    """
    n = len(contributed)
    order = turn_order_from(first, n)
    top = max(contributed) if n else 0
    levels = sorted({contributed[s] for s in range(n) if still_in[s] and all_in[s]} | {top})
    layers: list[PotLayer] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contributed)
        eligible = tuple(s for s in order if still_in[s]
                         and (contributed[s] >= level or not all_in[s]))
        if amount:
            layers.append(PotLayer(amount, eligible))
        prev = level
    return layers


def split_amount(amount: int, winners: Sequence[int]) -> list[int]:
    """Equal shares; odd chips one at a time to the winners in the given (turn) order.

    >>> split_amount(101, [1, 2])
    [51, 50]
    """
    share, odd = divmod(amount, len(winners))
    return [share + (1 if i < odd else 0) for i in range(len(winners))]
