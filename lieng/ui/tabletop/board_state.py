"""What the board keeps for each seat, card, chip flight and banner (``board``): plain
records the drawing code reads."""

from __future__ import annotations

from dataclasses import dataclass, field

from lieng.engine import Card
from lieng.engine.ranking import HandValue
from lieng.ui.core.tween import Tween

Anchor = tuple[str, int]
"""Where a chip flight starts or ends: ("bet", seat) in front of a seat, ("drop", seat)
just above it (chips being put in), ("pot", layer) a pot layer's chips."""


@dataclass
class CardState:
    card: Card | None
    """Known only for the player's own cards and, after the showdown, shown hands."""
    arrive: Tween
    """0..1 from the deck to the seat."""
    flip: float = 0.0
    """0 = back up, 1 = face up; in between a turn-over is drawn."""
    flip_tween: Tween | None = None

    @property
    def landed(self) -> bool:
        return self.arrive.done

    @property
    def flip_now(self) -> float:
        """The turn-over as drawn this frame (a running flip tween wins)."""
        tw = self.flip_tween
        if tw is not None:
            if tw.done:
                self.flip = float(tw.end)  # type: ignore[arg-type]
                self.flip_tween = None
            else:
                return float(tw.value)  # type: ignore[arg-type]
        return self.flip


@dataclass
class SeatState:
    name: str
    stack: int = 0
    bet: int = 0
    """The seat's bet this hand (antes not included)."""
    front: int = 0
    """Chips in front of the seat, not swept to the pot yet: this round's bets (the
    ante during the deal)."""
    dealt_in: bool = False
    folded: bool = False
    all_in: bool = False
    cards: list[CardState] = field(default_factory=list)
    status: str = ""
    """i18n key of the last action or state ("act.call", "status.winner" ...)."""
    status_args: dict[str, str] = field(default_factory=dict)
    hand_value: HandValue | None = None
    winner: bool = False
    won: int = 0
    net: int | None = None
    bot: bool = False
    """A bot plays this seat: its plate says so (the table scene sets it)."""
    level: str | None = None
    """The bot's level ("easy", "normal", "hard"...), when known."""
    away: bool = False
    """A LAN player whose connection is gone: the plate says "mất kết nối" (the LAN
    table scene sets it from the host's roster)."""

    @property
    def cards_landed(self) -> bool:
        """All three cards are down in front of the seat (none still flying)."""
        return len(self.cards) >= 3 and all(cs.landed for cs in self.cards)


def start_status(dealt_in: bool, stack: int, table_bet: int) -> str:
    """A seat's label as a hand starts: none if dealt in; "Hết chip" if it cannot pay the
    ante (RULES.md step 2), else sitting out (a LAN player who is away)."""
    return "" if dealt_in else "status.broke" if stack < table_bet else "status.sitting_out"


def clear_round_labels(seats: list[SeatState]) -> None:
    """A round is over: its "Theo 20", "Tố 40 (2×)" leave the seats with its chips; "Úp
    bỏ" stays on a folded seat (and "Tố tất" on an all-in one, by its state)."""
    for seat in seats:
        if not seat.folded and seat.status.startswith("act."):
            seat.status, seat.status_args = "", {}


@dataclass
class ChipFlight:
    source: Anchor
    target: Anchor
    amount: int
    tween: Tween


@dataclass
class Banner:
    key: str
    args: dict[str, str]
    tween: Tween
