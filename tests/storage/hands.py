"""Small fixed-deck hands shared by the history and statistics tests.

Seat 0 is the local player ("Tôi"). Decks are dealt one card at a time from the first
player, three passes (RULES.md step 4), so with three seats the local player gets
deck[0], deck[3], deck[6].
"""

from __future__ import annotations

from datetime import datetime

from lieng.engine import PRESETS, Action, Card, Hand
from lieng.storage.history import HandRecord, SeatRecord

ME = SeatRecord("Tôi", "human")
EASY = SeatRecord("Máy dễ", "bot", "easy")
HARD = SeatRecord("Máy khó", "bot", "hard")
WHEN = datetime(2026, 11, 29, 20, 15, 0)


def play(stacks: list[int], deck: str, actions: list[tuple[int, Action]], first: int = 0,
         tiebreak: str = "classic") -> Hand:
    hand = Hand(PRESETS[tiebreak], stacks, first, deck=Card.parse_many(deck))
    for seat, action in actions:
        assert hand.to_act == seat, (hand.to_act, seat)
        hand.act(seat, action)
    assert hand.is_over
    return hand


def hand_a() -> Hand:
    """Me Sáp A raise 2, easy calls, hard folds: I win a 70-chip pot, net +40."""
    return play([1000, 1000, 1000], "AS 2C 3D AH 5C 7D AD 9C 4S",
                [(0, Action.raise_(2)), (1, Action.call()), (2, Action.fold())])


def hand_b() -> Hand:
    """I fold at once; easy (7 points) and hard (3 points) check it down. Net −10."""
    return play([1000, 1000, 1000], "2S 3C 4D 7H 8C 9D 5S 6C JD",
                [(0, Action.fold()), (1, Action.call()), (2, Action.call())])


def hand_c() -> Hand:
    """Heads-up with hard: I check, hard raises 1, I call; hard's Liêng Q-K-A beats my
    6 points. Pot 40, net −20."""
    return play([1000, 1000], "2D QH 5D KH 9S AH",
                [(0, Action.call()), (1, Action.raise_(1)), (0, Action.call())])


def known_records() -> list[HandRecord]:
    seats3 = [ME, EASY, HARD]
    records = [
        HandRecord.from_hand(hand_a(), 0, seats3, WHEN),
        HandRecord.from_hand(hand_b(), 0, seats3, replace_minute(WHEN, 16)),
        HandRecord.from_hand(hand_c(), 0, [ME, HARD], replace_minute(WHEN, 17)),
    ]
    # not counted: a hot-seat hand (no viewer) and a hand I sat out (stack below the bet)
    records.append(HandRecord.from_hand(hand_a(), None, seats3, WHEN, mode="hotseat"))
    sat_out = play([5, 1000, 1000], "AS 2C 3D AH 5C 7D",
                   [(1, Action.fold())], first=1)
    records.append(HandRecord.from_hand(sat_out, 0, seats3, WHEN))
    return records


def replace_minute(when: datetime, minute: int) -> datetime:
    return when.replace(minute=minute)
