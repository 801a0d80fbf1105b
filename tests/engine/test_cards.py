import pytest

from lieng.engine import FULL_DECK, Card, InvalidCardError, Suit


@pytest.mark.parametrize("text", ["QH", "qh", "Q♥", " q♥ ", "Q♡"])
def test_parse_queen_of_hearts(text: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (12, Suit.HEARTS)
    assert str(card) == "Q♥"
    assert card.code == "QH"


@pytest.mark.parametrize("text", ["10s", "TS", "10♠", "ts"])
def test_parse_ten(text: str) -> None:
    assert Card.parse(text) is Card(10, Suit.SPADES)


@pytest.mark.parametrize("text", ["", "Q", "1", "11H", "QX", "ZZ", "Q♥♥", "10"])
def test_parse_rejects(text: str) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(text)


def test_parse_many_and_order() -> None:
    cards = Card.parse_many("QH KS AD")
    assert [str(c) for c in cards] == ["Q♥", "K♠", "A♦"]
    assert Card.parse_many("QH, KS,AD") == cards
    assert Card.parse("AH").rank == 14
    assert Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS > Suit.SPADES


def test_deck_is_52_distinct_interned_cards() -> None:
    assert len(FULL_DECK) == 52 == len(set(FULL_DECK))
    for c in FULL_DECK:
        assert Card.parse(c.code) is c
        assert Card.from_index(c.index) is c
        assert c.bit == 1 << c.index
    with pytest.raises(InvalidCardError):
        Card(15, Suit.HEARTS)
