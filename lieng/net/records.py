"""What the host keeps of each finished hand: tests replay them, and the deal proof's
decision (lieng/net/fairdeal.py ``proof_allowed``) reads them."""

from __future__ import annotations

from dataclasses import dataclass

from lieng.engine import Action, Card, HandView
from lieng.table import Table

MAX_KEPT_HANDS = 500
"""Finished hands kept in ``LanHost.history`` (like the client's ``MAX_KEPT_HANDS``)."""


@dataclass
class PlayedHand:
    """What the host keeps of a finished hand (tests and the after-hand proof)."""

    hand: int
    first: int
    dealt_in: tuple[bool, ...]
    deck: tuple[Card, ...]
    cards: dict[int, tuple[Card, ...]]
    shown: tuple[int, ...]
    start_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    actions: tuple[tuple[int, Action], ...]
    views: dict[int, HandView]
    """``view_for(seat)`` of every seat at the end of the hand."""
    contributors: tuple[int, ...]
    """Seats whose fair-deal value went into the seed."""


def record_hand(history: list[PlayedHand], table: Table,
                contributors: tuple[int, ...]) -> PlayedHand:
    """Append the hand just finished to ``history``; only the last ``MAX_KEPT_HANDS`` are
    kept, so a long session does not grow without end."""
    hand = table.hand
    assert hand is not None
    shown = tuple(sorted(hand.view_for(None).shown))
    record = PlayedHand(
        hand=table.hand_no, first=hand.first, dealt_in=hand.dealt_in, deck=hand.deck,
        cards={s: hand.cards_of(s) for s in range(hand.n) if hand.dealt_in[s]},
        shown=shown, start_stacks=hand.start_stacks, stacks=hand.stacks,
        actions=tuple(hand.actions), views={s: hand.view_for(s) for s in range(hand.n)},
        contributors=contributors)
    history.append(record)
    if len(history) > MAX_KEPT_HANDS:
        del history[:len(history) - MAX_KEPT_HANDS]
    return record
