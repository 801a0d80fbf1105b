"""Hand strength from exact counts (RULES.md "Hands" and "Tie-break presets").

For every one of the 22,100 hands and every preset we count, over the 18,424 hands an
opponent can hold once our three cards are out of the deck (card removal, C(49, 3)), how
many we beat and how many we tie. Ties are kept separately in the table and count *half*
in ``strength`` — a heads-up tie splits the pot, so half is what a tie is worth.

The counts come from inclusion–exclusion over sorted hand keys, not from 407 million
comparisons: hands below ``v`` that avoid cards a, b, c =
``all(<v) − Σ with(x, <v) + Σ with(x, y, <v) − [abc < v]``; each term is one bisection.
That takes about a second per preset in pure Python, so the result is shipped as
``strength.bin`` (built by ``python -m lieng.bots.build_tables``) and only read at run time.

Hands are indexed in colex order: ``C(c, 3) + C(b, 2) + a`` for card indices a < b < c,
so turning cards into a table row needs no dictionary.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from pathlib import Path

from lieng.engine import FULL_DECK, PRESETS, TIEBREAKS, Card, RuleSet, evaluate

N_HANDS = 22_100
"""C(52, 3): all three-card hands."""
N_OPPONENT_HANDS = 18_424
"""C(49, 3): the hands one opponent can hold once our three cards are removed."""
DATA_FILE = Path(__file__).with_name("strength.bin")
_MAGIC = b"LIENGSTR1"

_C3 = [comb(i, 3) for i in range(52)]
_C2 = [comb(i, 2) for i in range(52)]


def hand_index(cards: Sequence[Card]) -> int:
    """Row of a hand in the tables: colex rank of its three card indices (0..22,099)."""
    a, b, c = sorted(card.index for card in cards)
    if not a < b < c:
        raise ValueError(f"a hand is three distinct cards, got {cards!r}")
    return _C3[c] + _C2[b] + a


@cache
def colex_hands() -> tuple[tuple[Card, Card, Card], ...]:
    """All hands in table order (index ``i`` is the hand whose ``hand_index`` is ``i``).

    Built once and shared (a tuple, so no caller can change it for the others): building
    it costs ≈ 40 ms, and a bot evaluation asks for it per deal.
    """
    out: list[tuple[Card, Card, Card]] = [None] * N_HANDS  # type: ignore[list-item]
    for a, b, c in combinations(FULL_DECK, 3):
        out[_C3[c.index] + _C2[b.index] + a.index] = (a, b, c)
    return tuple(out)


def compute_counts(rules: RuleSet) -> tuple[array[int], array[int]]:
    """Exact (wins, ties) against one random opponent for every hand, under ``rules``.

    About 0.15 s per preset; ``build_tables`` runs it once and ships the result.
    """
    hands = colex_hands()
    keys = [evaluate(h, rules).key for h in hands]
    all_sorted = sorted(keys)
    by_card: list[list[int]] = [[] for _ in range(52)]
    by_pair: dict[int, list[int]] = {}
    for (a, b, c), key in zip(hands, keys, strict=True):
        ia, ib, ic = a.index, b.index, c.index
        by_card[ia].append(key)
        by_card[ib].append(key)
        by_card[ic].append(key)
        for p in (ia * 52 + ib, ia * 52 + ic, ib * 52 + ic):
            by_pair.setdefault(p, []).append(key)
    for lst in by_card:
        lst.sort()
    for lst in by_pair.values():
        lst.sort()
    wins = array("H", bytes(2 * N_HANDS))
    ties = array("H", bytes(2 * N_HANDS))
    for i, ((a, b, c), v) in enumerate(zip(hands, keys, strict=True)):
        ia, ib, ic = a.index, b.index, c.index
        lists = (all_sorted, by_card[ia], by_card[ib], by_card[ic],
                 by_pair[ia * 52 + ib], by_pair[ia * 52 + ic], by_pair[ib * 52 + ic])
        signs = (1, -1, -1, -1, 1, 1, 1)
        below = 0
        upto = 0
        for sign, lst in zip(signs, lists, strict=True):
            below += sign * bisect_left(lst, v)
            upto += sign * bisect_right(lst, v)
        # The last inclusion–exclusion term is the hand itself: equal, never below.
        wins[i] = below
        ties[i] = upto - 1 - below
    return wins, ties


def encode_tables(tables: dict[str, tuple[array[int], array[int]]]) -> bytes:
    """The shipped file: magic, then wins and ties per preset in ``TIEBREAKS`` order,
    little-endian uint16, zlib-compressed."""
    raw = bytearray()
    for name in TIEBREAKS:
        for arr in tables[name]:
            a = array("H", arr)
            if a.itemsize != 2:  # pragma: no cover - every CPython has 2-byte "H"
                raise RuntimeError("uint16 arrays are needed")
            raw += a.tobytes() if _little_endian() else _swapped(a).tobytes()
    return _MAGIC + zlib.compress(bytes(raw), 9)


def decode_tables(data: bytes) -> dict[str, tuple[array[int], array[int]]]:
    if not data.startswith(_MAGIC):
        raise ValueError("not a Liêng strength table")
    raw = zlib.decompress(data[len(_MAGIC):])
    if len(raw) != len(TIEBREAKS) * 2 * 2 * N_HANDS:
        raise ValueError("strength table has the wrong size")
    out: dict[str, tuple[array[int], array[int]]] = {}
    step = 2 * N_HANDS
    for p, name in enumerate(TIEBREAKS):
        parts = []
        for j in range(2):
            a = array("H")
            a.frombytes(raw[(2 * p + j) * step:(2 * p + j + 1) * step])
            parts.append(a if _little_endian() else _swapped(a))
        out[name] = (parts[0], parts[1])
    return out


def _little_endian() -> bool:
    return sys.byteorder == "little"


def _swapped(a: array[int]) -> array[int]:
    b = array("H", a)
    b.byteswap()
    return b


@lru_cache(maxsize=1)
def _shipped() -> dict[str, tuple[array[int], array[int]]] | None:
    """The shipped tables, or None if the file is missing or damaged."""
    try:
        return decode_tables(DATA_FILE.read_bytes())
    except (OSError, ValueError, zlib.error):
        return None


@lru_cache(maxsize=3)
def _table(tiebreak: str) -> tuple[array[int], array[int]]:
    """(wins, ties) for one preset: shipped, or computed afresh (about 0.15 s, not written)
    when the data file is missing — a broken install still plays, only slower to start."""
    shipped = _shipped()
    if shipped is not None:
        return shipped[tiebreak]
    return compute_counts(PRESETS[tiebreak])


@lru_cache(maxsize=3)
def _strength_row(tiebreak: str) -> tuple[float, ...]:
    wins, ties = _table(tiebreak)
    return tuple((w + 0.5 * t) / N_OPPONENT_HANDS for w, t in zip(wins, ties, strict=True))


def counts(cards: Sequence[Card], rules: RuleSet = PRESETS["classic"]) -> tuple[int, int]:
    """(wins, ties) of ``cards`` against the 18,424 hands one opponent can hold."""
    wins, ties = _table(rules.tiebreak)
    i = hand_index(cards)
    return wins[i], ties[i]


def strength(cards: Sequence[Card], rules: RuleSet = PRESETS["classic"]) -> float:
    """Chance to beat one random opponent hand, a tie counting half (0..1)."""
    return _strength_row(rules.tiebreak)[hand_index(cards)]


def strength_row(rules: RuleSet) -> tuple[float, ...]:
    """``strength`` of every hand, indexed by ``hand_index`` — for bots that look up a lot."""
    return _strength_row(rules.tiebreak)


def win_probability(cards: Sequence[Card], opponents: int = 3,
                    rules: RuleSet = PRESETS["classic"]) -> float:
    """Chance to beat all ``opponents`` random hands (ties count as the pot share won).

    Every opponent is taken to beat us independently with the exact one-opponent odds;
    see ``docs/BOTS.md`` for how close that is to simulation.
    """
    if opponents < 0:
        raise ValueError(f"opponents must be >= 0, got {opponents}")
    wins, ties = _table(rules.tiebreak)
    i = hand_index(cards)
    w = wins[i] / N_OPPONENT_HANDS
    t = ties[i] / N_OPPONENT_HANDS
    return _share(w, t, opponents)


def _share(w: float, t: float, n: int) -> float:
    """Expected pot share against ``n`` independent opponents who each lose to us with
    chance ``w`` and tie with chance ``t``:
    sum over j tied opponents of C(n, j)·t^j·w^(n-j)/(j+1)."""
    return sum(comb(n, j) * t ** j * w ** (n - j) / (j + 1) for j in range(n + 1))
