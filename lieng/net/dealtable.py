"""The table controller as the LAN host needs it: a given deck per hand, a float timer.

``lieng.table.Table`` shuffles for itself; the host must deal the deck the fair-deal seed
implies (lieng/net/fairdeal.py), and tests need turn timers shorter than the whole
seconds of ``RuleSet.turn_seconds``. Both are small additions kept here, inside the
network package, until ``Table.start_hand`` accepts a deck (asked of the lead).
"""

from __future__ import annotations

from collections.abc import Sequence

from lieng.engine import Card, Event, Hand
from lieng.table import Table


class DeckTable(Table):
    """A ``Table`` whose hands are dealt from a deck given by the caller."""

    turn_limit: float | None = None
    """Turn timer in seconds, overriding ``rules.turn_seconds`` when set."""

    def start_hand(self, now: float = 0.0, deck: Sequence[Card] | None = None) -> list[Event]:
        """Deal the next hand from ``deck`` (front first, as ``Hand`` deals); with no deck,
        exactly ``Table.start_hand``."""
        if deck is None:
            return super().start_hand(now)
        if self.in_hand:
            raise RuntimeError("a hand is already being played")
        stacks = [0 if s.left else s.stack for s in self.seats]
        self.hand = Hand(self.rules, stacks, self.first, deck=deck)
        self.hand_no += 1
        events = list(self.hand.events)
        self._after(events, now)
        return events

    @property
    def deadline(self) -> float | None:
        """As ``Table.deadline``, with ``turn_limit`` when it is set."""
        base = super().deadline
        if base is None or self.turn_limit is None:
            return base
        return self.turn_started_at + self.turn_limit
