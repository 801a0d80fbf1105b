"""The event log: every observable change of a hand, in order (ARCHITECTURE.md "One idea").

Events are frozen dataclasses. The GUI animates them, the LAN host sends them (redacted
per seat by ``Hand.events_for``), the history stores them and the bots observe them.
``to_dict``/``event_from_dict`` give a JSON form in which cards are ASCII codes.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .actions import ActionKind, Legal
from .cards import Card
from .ranking import HandValue, evaluate
from .rules import PRESETS, RuleSet


@dataclass(frozen=True, slots=True)
class Event:
    """Base class. ``type`` names the event in its JSON form."""

    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand begins. ``dealt_in[s]`` is False for seats that sit out (stack < table bet)."""

    type: ClassVar[str] = "hand_started"
    rules: RuleSet
    stacks: tuple[int, ...]
    """Stacks before the ante."""
    first: int
    """The first player: reference for the deal, the rounds and odd chips (RULES.md step 3)."""
    dealt_in: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    type: ClassVar[str] = "ante"
    seat: int
    amount: int
    stack: int
    """The seat's stack after paying."""


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """One card to one seat. ``card`` is None in every view but the recipient's."""

    type: ClassVar[str] = "card_dealt"
    seat: int
    card: Card | None
    index: int
    """Which of the seat's three cards (0, 1, 2)."""


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn"
    seat: int
    round: int
    legal: Legal


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """An action was applied. ``amount`` is the chips it put in now."""

    type: ClassVar[str] = "action"
    seat: int
    kind: ActionKind
    amount: int
    k: int
    """Raise multiple for a raise, else 0."""
    bet: int
    """The seat's total bet this hand after the action (antes not included)."""
    stack: int
    bet_level: int
    raised: bool
    """True when the action lifted the bet level (a raise, or an all-in above it)."""
    all_in: bool
    """True when the seat has no chips left after it."""
    round: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """The turn reached or passed the first player's seat again (RULES.md step 7)."""

    type: ClassVar[str] = "round"
    round: int


@dataclass(frozen=True, slots=True)
class ShownHand:
    seat: int
    cards: tuple[Card, Card, Card]
    value: HandValue

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": [c.code for c in self.cards],
                "name_vi": self.value.name("vi"), "name_en": self.value.name("en"),
                "category": self.value.category.name}


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """Every player still in shows (RULES.md step 8). Folded hands never appear here."""

    type: ClassVar[str] = "showdown"
    hands: tuple[ShownHand, ...]


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """One pot layer (RULES.md step 9) paid out. ``refund`` when only one payer was still in."""

    type: ClassVar[str] = "pot"
    layer: int
    """0 is the main pot, 1.. the side pots."""
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    """Chips each winner receives, same order as ``winners`` (odd chips included)."""
    refund: bool


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    type: ClassVar[str] = "hand_ended"
    stacks: tuple[int, ...]
    """Stacks after every payout."""
    winners: tuple[int, ...]
    """Winners of the main pot, in turn order from the first player."""
    uncontested: bool
    """True when all but one folded: that player's cards stay hidden."""
    net: tuple[int, ...]
    """Each seat's result for the hand (stack after minus stack before)."""


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls for cls in (HandStarted, AntePosted, CardDealt, TurnStarted, ActionTaken,
                              RoundStarted, Showdown, PotAwarded, HandEnded)
}


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (RuleSet, Legal, ShownHand)):
        return value.to_dict()
    if isinstance(value, ActionKind):
        return value.value
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def event_from_dict(data: Any, rules: RuleSet | None = None) -> Event:
    """Rebuild an event from ``Event.to_dict`` output (hand history, LAN client).

    Shown hands are re-valued from their cards under ``rules`` (the table's preset;
    classic if not given — names are the same under every preset).
    Raises ``ValueError`` (or a subclass) with a reason for anything malformed.
    """
    if not isinstance(data, dict):
        raise ValueError("an event must be an object")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None  # a list isn't hashable
    if cls is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    kwargs: dict[str, Any] = {}
    try:
        for f in fields(cls):
            raw = data[f.name]
            kwargs[f.name] = _decode(cls, f.name, raw, rules)
    except (KeyError, TypeError, AttributeError, ArithmeticError) as exc:
        # ArithmeticError: ``int()`` of an infinite number in a shown hand's seat.
        raise ValueError(f"malformed {cls.type} event: {exc}") from None
    return cls(**kwargs)


def _decode(cls: type[Event], name: str, raw: Any, rules: RuleSet | None) -> Any:
    if cls is HandStarted and name == "rules":
        return RuleSet.from_dict(raw)
    if cls is TurnStarted and name == "legal":
        return Legal.from_dict(raw)
    if cls is CardDealt and name == "card":
        return None if raw is None else Card.parse(raw)
    if cls is ActionTaken and name == "kind":
        return ActionKind(raw)
    if cls is Showdown and name == "hands":
        return tuple(_decode_shown(h, rules) for h in raw)
    if isinstance(raw, list):
        return tuple(raw)
    return raw


def _decode_shown(raw: Any, rules: RuleSet | None) -> ShownHand:
    a, b, c = (Card.parse(code) for code in raw["cards"])
    value = evaluate((a, b, c), rules or PRESETS["classic"])
    return ShownHand(int(raw["seat"]), (a, b, c), value)
