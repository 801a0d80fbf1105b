"""What one seat may know (ARCHITECTURE.md: a view is the only thing a player, a bot or
a LAN peer ever sees). Other seats' cards are absent from a view, not merely hidden."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Legal
from .cards import Card
from .events import ActionTaken
from .pots import PotLayer
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class HandView:
    """A snapshot of a hand as ``seat`` sees it (``seat`` None: a spectator)."""

    seat: int | None
    rules: RuleSet
    first: int
    dealt_in: tuple[bool, ...]
    start_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    """Each seat's bet this hand, antes not included (what a call must match)."""
    contributed: tuple[int, ...]
    """Each seat's chips in the pot, antes included."""
    folded: tuple[bool, ...]
    bet_level: int
    round: int
    to_act: int | None
    legal: Legal | None
    """Only when it is this seat's turn."""
    my_cards: tuple[Card, ...]
    """This seat's cards dealt so far (empty for a spectator or a seat sitting out)."""
    shown: dict[int, tuple[Card, ...]]
    """Cards shown at showdown, by seat. Never a folded or uncontested hand."""
    layers: tuple[PotLayer, ...]
    """Pot layers as they stand (main pot first); more than one means side pots."""
    actions: tuple[ActionTaken, ...]
    """Every action so far this hand — public information."""
    is_over: bool

    @property
    def n_seats(self) -> int:
        return len(self.stacks)

    @property
    def pot(self) -> int:
        return sum(self.contributed)

    @property
    def in_hand(self) -> tuple[bool, ...]:
        """Dealt in and not folded."""
        return tuple(d and not f for d, f in zip(self.dealt_in, self.folded, strict=True))

    @property
    def all_in(self) -> tuple[bool, ...]:
        return tuple(i and s == 0 for i, s in zip(self.in_hand, self.stacks, strict=True))

    def owed(self, seat: int) -> int:
        return self.bet_level - self.bets[seat]

    def players_in(self) -> int:
        return sum(self.in_hand)

    def opponents_in(self) -> list[int]:
        """Other seats still in the hand, in turn order after this seat."""
        me = self.seat if self.seat is not None else -1
        n = self.n_seats
        return [(me + i) % n for i in range(1, n + 1)
                if (me + i) % n != me and self.in_hand[(me + i) % n]]
