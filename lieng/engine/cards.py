"""Cards and suits (RULES.md "Words").

A ``Card`` is an immutable value. All 52 cards are created once and shared, so a card can
carry precomputed keys (``index`` 0..51 and ``bit`` = ``1 << index``) that the hand
evaluator combines into a lookup key without any sorting.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import ClassVar

from .errors import InvalidCardError

RANK_LABELS: dict[int, str] = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A",
}
"""Rank as printed on a card. A is 14 (high); RULES.md treats it as low only inside A-2-3."""


class Suit(IntEnum):
    """Suits with the order Cơ ♥ > Rô ♦ > Chuồn ♣ > Bích ♠ (RULES.md "Words")."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def name_in(self, lang: str) -> str:
        """The suit's name for people: ``"Cơ"`` in Vietnamese, ``"hearts"`` in English."""
        return (_SUIT_NAMES_VI if lang == "vi" else _SUIT_NAMES_EN)[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
_SUIT_LETTERS = {Suit.SPADES: "S", Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H"}
_SUIT_NAMES_VI = {Suit.SPADES: "Bích", Suit.CLUBS: "Chuồn", Suit.DIAMONDS: "Rô", Suit.HEARTS: "Cơ"}
_SUIT_NAMES_EN = {Suit.SPADES: "spades", Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds",
                  Suit.HEARTS: "hearts"}

_SUIT_BY_TEXT: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_BY_TEXT[_s.letter] = _s
    _SUIT_BY_TEXT[_s.symbol] = _s
# Outline variants and the Vietnamese initials (C = Cơ would clash with Clubs, so only
# the symbols and English letters are accepted for suits; ranks accept 10 and T).
_SUIT_BY_TEXT.update({"♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS, "♤": Suit.SPADES})

_RANK_BY_TEXT: dict[str, int] = {label: rank for rank, label in RANK_LABELS.items()}
_RANK_BY_TEXT["T"] = 10
_RANK_BY_TEXT["1"] = 14  # never produced, but "1" is how some players write an ace


class Card:
    """One playing card. Use ``Card.parse`` or ``Card.of``; instances are interned.

    ``rank`` is 2..14 (A = 14), ``suit`` a ``Suit``; ``str(card)`` is ``"Q♥"`` and
    ``card.code`` the ASCII form ``"QH"`` used in files and network messages.
    """

    __slots__ = ("_text", "bit", "code", "index", "rank", "suit")

    rank: int
    suit: Suit
    index: int
    bit: int
    code: str
    _ALL: ClassVar[tuple[Card, ...]]

    def __new__(cls, rank: int, suit: Suit) -> Card:
        if type(rank) is not int or not 2 <= rank <= 14:
            raise InvalidCardError(f"rank must be a whole number 2..14, got {rank!r}")
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
            raise InvalidCardError(f"suit must be a Suit, got {suit!r}")
        try:
            return cls._ALL[(rank - 2) * 4 + int(suit)]
        except AttributeError:  # building the table itself
            return object.__new__(cls)

    def __init__(self, rank: int, suit: Suit) -> None:
        if getattr(self, "_text", None) is not None:
            return
        self.rank = rank
        self.suit = Suit(suit)
        self.index = (rank - 2) * 4 + int(suit)
        self.bit = 1 << self.index
        self.code = RANK_LABELS[rank] + self.suit.letter
        self._text = RANK_LABELS[rank] + self.suit.symbol

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        return cls(rank, suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        if type(index) is not int or not 0 <= index < 52:  # True is not card 1
            raise InvalidCardError(f"card index must be 0..51, got {index!r}")
        return cls._ALL[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"QH"``, ``"10s"``, ``"TS"``, ``"Q♥"`` (case and spaces ignored)."""
        if not isinstance(text, str):
            raise InvalidCardError(f"a card is written as text like 'QH', got {text!r}")
        t = unicodedata.normalize("NFC", text).strip().upper()
        if len(t) < 2:
            raise InvalidCardError(f"not a card: {text!r}")
        rank = _RANK_BY_TEXT.get(t[:-1])
        suit = _SUIT_BY_TEXT.get(t[-1])
        if rank is None or suit is None:
            raise InvalidCardError(f"not a card: {text!r}")
        return cls._ALL[(rank - 2) * 4 + int(suit)]

    @classmethod
    def parse_many(cls, text: str | Iterable[str]) -> list[Card]:
        """Read several cards: ``"QH KS AD"`` (spaces or commas) or a list of card texts."""
        if isinstance(text, str):
            parts = text.replace(",", " ").split()
        elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray)):
            parts = list(text)
        else:  # ``list(5)`` would raise a TypeError the caller doesn't expect
            raise InvalidCardError(f"cards are written as text like 'QH KS', got {text!r}")
        return [cls.parse(p) for p in parts]

    @classmethod
    def deck(cls) -> list[Card]:
        """A fresh, ordered 52-card deck (2♠ first, A♥ last)."""
        return list(cls._ALL)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __reduce__(self) -> tuple[object, tuple[int, Suit]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        """Cards order by rank, then suit — the "highest card" of RULES.md's classic preset."""
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index


Card._ALL = tuple(Card(rank, suit) for rank in range(2, 15) for suit in Suit)

FULL_DECK: tuple[Card, ...] = Card._ALL
"""The 52 cards, ordered by index (rank major, suit minor)."""


def cards_text(cards: Sequence[Card]) -> str:
    """``"Q♥ K♠ A♦"`` — how cards are written for people."""
    return " ".join(str(c) for c in cards)


def cards_codes(cards: Sequence[Card]) -> list[str]:
    """ASCII codes for files and network messages: ``["QH", "KS", "AD"]``."""
    return [c.code for c in cards]
