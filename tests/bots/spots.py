"""A heads-up spot to put a bot in, and a hand called to its end for an opponent model to
read, shared by the bot tests."""

from __future__ import annotations

from typing import Protocol

from lieng.engine import FULL_DECK, PRESETS, Action, Card, Event, Hand


def spot(cards: str, opp_actions: list[Action], stacks: list[int] | None = None) -> Hand:
    """Seat 1 holds ``cards``; seat 0 (first) acts ``opp_actions`` before it."""
    mine = Card.parse_many(cards)
    rest = [c for c in FULL_DECK if c not in mine]
    deck = [rest[0], mine[0], rest[1], mine[1], rest[2], mine[2], *rest[3:]]
    hand = Hand(PRESETS["classic"], stacks or [1000, 1000], 0, deck=deck)
    for a in opp_actions:
        hand.act(0, a)
    return hand


class Observer(Protocol):
    def observe(self, event: Event) -> None: ...


def call_down_and_show(hand: Hand, model: Observer, seat: int) -> None:
    """Every seat calls to the end of ``hand``; ``model`` then reads what ``seat`` saw
    (the showdown included)."""
    while not hand.is_over:
        to_act = hand.to_act
        assert to_act is not None
        hand.act(to_act, Action.call())
    for event in hand.events_for(seat):
        model.observe(event)
