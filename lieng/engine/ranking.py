"""Hand values: categories, points and the three tie-break presets (RULES.md "Hands").

Each of the 22,100 three-card hands is valued once per preset, the first time it is looked
up (``_PresetTable``), so ``evaluate`` is a single dictionary lookup keyed by the OR of the
cards' bits and start-up pays nothing. Equal ``HandValue``s mean a
split; the order between values is the integer ``key``, which packs

    category (4 bits) | value within the category (6 bits) | preset tie-break (6 bits)

so comparing two hands is comparing two ints.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations

from .cards import FULL_DECK, RANK_LABELS, Card, Suit
from .errors import InvalidCardError
from .rules import TIEBREAKS, RuleSet


class HandCategory(IntEnum):
    """Categories from worst to best: points < Ảnh < Liêng < Sáp (RULES.md "Hands")."""

    POINTS = 0
    ANH = 1
    LIENG = 2
    SAP = 3

    def name_in(self, lang: str) -> str:
        return (_CATEGORY_VI if lang == "vi" else _CATEGORY_EN)[self]


_CATEGORY_VI = {HandCategory.SAP: "Sáp", HandCategory.LIENG: "Liêng",
                HandCategory.ANH: "Ảnh", HandCategory.POINTS: "Điểm"}
_CATEGORY_EN = {HandCategory.SAP: "Trips", HandCategory.LIENG: "Straight",
                HandCategory.ANH: "Face hand", HandCategory.POINTS: "Points"}


_RANK_PLURAL_EN = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
                   8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens",
                   13: "kings", 14: "aces"}
"""English sáp names read as words: "Three aces", never "Three As"."""


class HandValue:
    """The value of one three-card hand under one tie-break preset.

    Totally ordered; ``==`` means the two hands split a pot. Values from different
    presets don't compare (``TypeError``): mixing them is always a bug.
    """

    __slots__ = ("cards", "category", "key", "points", "rank", "tiebreak")

    key: int
    category: HandCategory
    points: int | None
    rank: int
    """Sáp: the rank. Liêng: the top rank (3 for A-2-3). Ảnh: 0. Points: the points."""
    cards: tuple[Card, Card, Card]
    """The cards, in the order a player reads the hand (liêng low to high, A-2-3 as A-2-3)."""
    tiebreak: str

    def __init__(self, key: int, category: HandCategory, points: int | None, rank: int,
                 cards: tuple[Card, Card, Card], tiebreak: str) -> None:
        self.key = key
        self.category = category
        self.points = points
        self.rank = rank
        self.cards = cards
        self.tiebreak = tiebreak

    def name(self, lang: str = "vi") -> str:
        """``"Sáp A"``, ``"Liêng Q-K-A"``, ``"Ảnh"``, ``"9 điểm"`` (or their English:
        ``"Three aces"``, ``"Straight Q-K-A"``, ``"Face hand"``, ``"9 points"`` — one English
        word per category, the same the screens use: trips, straight, face hand).

        >>> from lieng.engine import PRESETS, Card, evaluate
        >>> evaluate(Card.parse_many("AH AS AD"), PRESETS["classic"]).name("en")
        'Three aces'
        """
        vi = lang == "vi"
        if self.category is HandCategory.SAP:
            return f"Sáp {RANK_LABELS[self.rank]}" if vi else f"Three {_RANK_PLURAL_EN[self.rank]}"
        if self.category is HandCategory.LIENG:
            run = "-".join(RANK_LABELS[c.rank] for c in self.cards)
            return f"Liêng {run}" if vi else f"Straight {run}"
        if self.category is HandCategory.ANH:
            return "Ảnh" if vi else "Face hand"
        if vi:
            return f"{self.points} điểm"
        return f"{self.points} point" + ("" if self.points == 1 else "s")

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare HandValue with {type(other).__name__}")
        if other.tiebreak != self.tiebreak:
            raise TypeError(f"hand values from presets {self.tiebreak!r} and {other.tiebreak!r}")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key == self._check(other).key

    def __hash__(self) -> int:
        return hash((self.key, self.tiebreak))

    def __lt__(self, other: HandValue) -> bool:
        return self.key < self._check(other).key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= self._check(other).key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > self._check(other).key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= self._check(other).key

    def __repr__(self) -> str:
        return (f"<HandValue {self.name('en')} [{' '.join(str(c) for c in self.cards)}]"
                f" {self.tiebreak}>")


def _classify(a: Card, b: Card, c: Card
              ) -> tuple[HandCategory, int, int | None, tuple[Card, Card, Card]]:
    """Category, value within it, points and reading order of a hand.

    ``a, b, c`` come in index order, i.e. by rank then suit, which is what the
    "highest card" of the classic preset needs.
    """
    ra, rb, rc = a.rank, b.rank, c.rank
    if ra == rc:
        return HandCategory.SAP, ra, None, (a, b, c)
    if ra == 2 and rb == 3 and rc == 14:
        # read A-2-3 with the ace first; its highest card is the 3
        return HandCategory.LIENG, 3, None, (c, a, b)
    if ra + 1 == rb and rb + 1 == rc:
        return HandCategory.LIENG, rc, None, (a, b, c)
    if ra >= 11 and rc <= 13:
        return HandCategory.ANH, 0, None, (a, b, c)
    points = (sum(1 if r == 14 else (r if r < 10 else 0) for r in (ra, rb, rc))) % 10
    return HandCategory.POINTS, points, points, (a, b, c)


def _tiebreak(tiebreak: str, category: HandCategory, ordered: tuple[Card, Card, Card]) -> int:
    """The preset's tie-break within equal category and value (RULES.md "Tie-break presets")."""
    if tiebreak == "classic":
        # liêng and ảnh compare their highest card (rank, then suit); points tie.
        if category is HandCategory.LIENG or category is HandCategory.ANH:
            high = ordered[2]
            return high.rank * 4 + int(high.suit)
        return 0
    if tiebreak == "v8club" and category is not HandCategory.SAP:
        # highest suit held, then the highest rank held in that suit (A high always).
        suit, rank = max((c.suit, c.rank) for c in ordered)
        return int(suit) * 16 + rank
    return 0


class _PresetTable(dict[int, HandValue]):
    """Hand values of one preset by hand key, each computed the first time it is asked for.

    Building all 22,100 values of every preset at import cost ~150 ms of start-up — more
    than a bare pygame window's whole start (docs/PERFORMANCE.md) — while a table needs
    one preset and a few hundred hands before the bots' data takes over. After the
    first lookup a hand is a plain dict hit, so ``evaluate`` stays one lookup.
    """

    def __init__(self, tiebreak: str) -> None:
        super().__init__()
        self.tiebreak = tiebreak

    def __missing__(self, key: int) -> HandValue:
        if not isinstance(key, int) or key <= 0 or key >> 52 or key.bit_count() != 3:
            raise KeyError(key)
        classified = _CLASSIFIED.get(key)
        if classified is None:
            classified = _CLASSIFIED[key] = _classify(*_cards_of(key))
        category, rank, points, ordered = classified
        packed = (int(category) << 12) | (rank << 6) | _tiebreak(self.tiebreak, category, ordered)
        value = self[key] = HandValue(packed, category, points, rank, ordered, self.tiebreak)
        return value


def _cards_of(key: int) -> tuple[Card, Card, Card]:
    """The three cards of a three-bit key in index order, lowest bit first (``key & -key``
    isolates it: three steps, not a look at all 52 bits)."""
    low = key & -key
    rest = key ^ low
    mid = rest & -rest
    high = rest ^ mid
    return (FULL_DECK[low.bit_length() - 1], FULL_DECK[mid.bit_length() - 1],
            FULL_DECK[high.bit_length() - 1])


_CLASSIFIED: dict[int, tuple[HandCategory, int, int | None, tuple[Card, Card, Card]]] = {}
"""``_classify`` by hand key, shared by the presets' tables: category, value, points and
reading order do not depend on the tie-break, so a hand valued under a second preset only
adds its tie-break (22,100 entries at most)."""

_TABLES: dict[str, _PresetTable] = {name: _PresetTable(name) for name in TIEBREAKS}


def evaluate(cards: Sequence[Card], rules: RuleSet) -> HandValue:
    """The value of three distinct cards under ``rules.tiebreak``.

    Raises ``InvalidCardError`` for anything other than three distinct cards.

    >>> from lieng.engine import PRESETS, Card
    >>> trips = evaluate(Card.parse_many("7H 7S 7D"), PRESETS["classic"])
    >>> trips.name("en"), trips > evaluate(Card.parse_many("QH KS AD"), PRESETS["classic"])
    ('Three sevens', True)
    """
    try:
        a, b, c = cards
        return _TABLES[rules.tiebreak][a.bit | b.bit | c.bit]
    except (KeyError, ValueError, AttributeError, TypeError):
        raise InvalidCardError(f"a hand is three distinct cards, got {cards!r}") from None


def hand_key(cards: Sequence[Card]) -> int:
    """The lookup key of a hand (the OR of its cards' bits); bots index tables with it."""
    a, b, c = cards
    return a.bit | b.bit | c.bit


def all_hands() -> list[tuple[Card, Card, Card]]:
    """All 22,100 hands, in a fixed order (the order of ``combinations`` over the deck)."""
    return list(combinations(FULL_DECK, 3))


__all__ = ["HandCategory", "HandValue", "Suit", "all_hands", "evaluate", "hand_key"]
