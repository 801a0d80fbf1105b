"""The checks a history line's numbers and events must pass before it is believed: every
seat on the table, every chip count within ``limits``, rules and legal moves sane. A line
that fails is damaged: skipped, and counted in the reader's notice (``lieng.storage.history``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any, cast

from lieng.engine import (
    Event,
    HandEnded,
    HandStarted,
    Legal,
    PotAwarded,
    RuleSet,
    Showdown,
    ShownHand,
    TurnStarted,
    evaluate,
)

from .limits import (
    MAX_CHIPS,
    MAX_HANDS,
    MAX_RAISE_MULTIPLE,
    MAX_ROUNDS,
    MAX_TURN_SECONDS,
    chips,
    signed_chips,
    within,
)


def bank_link(data: dict[str, Any]) -> tuple[str, int] | None:
    """The ``bank`` link of a hand line (see the module doc); ``ValueError`` if malformed."""
    raw = data.get("bank")
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ValueError("bank must be an object")
    bank_id, number = raw.get("id"), raw.get("hand")
    if not isinstance(bank_id, str) or len(bank_id) != 32 \
            or any(c not in "0123456789abcdef" for c in bank_id) \
            or not within(number, 1, MAX_HANDS):
        raise ValueError("bank needs a bankroll id and a hand number")
    return bank_id, cast(int, number)


_PER_SEAT = {(HandStarted, "stacks"), (HandStarted, "dealt_in"), (HandEnded, "stacks"),
             (HandEnded, "net")}
"""Event fields holding one value per seat: the statistics and the replay index them by
seat number, so a line with a short list would crash them (IndexError)."""
_SEAT_FIELDS = {"seat", "first", "eligible", "winners"}
"""Event fields naming seats (a number, or a list of them)."""
_CHIP_FIELDS = {"amount", "stack", "bet", "bet_level", "stacks", "shares"}
"""Event fields counting chips (a number, or a list of them): 0..``MAX_CHIPS``."""


def _in_range(name: str, value: Any, n_seats: int) -> bool:
    """Whether an event field's value (already of the right type) is within ``limits``."""
    values = value if isinstance(value, tuple) else (value,)
    if name in _CHIP_FIELDS:
        return all(chips(v) for v in values)
    if name == "net":
        return all(signed_chips(v) for v in values)
    if name in _SEAT_FIELDS:
        return all(0 <= s < n_seats for s in values)
    if name == "index":
        return all(0 <= v <= 2 for v in values)
    if name == "round":
        return all(0 <= v <= MAX_ROUNDS for v in values)
    if name == "k":
        return all(0 <= v <= MAX_RAISE_MULTIPLE for v in values)
    if name == "layer":
        return all(0 <= v < n_seats for v in values)
    return True


def _check_rules(rules: RuleSet) -> None:
    """A saved table's settings within ``limits`` (the engine itself only asks >= 1)."""
    if not (rules.table_bet <= MAX_CHIPS and rules.raise_max <= MAX_RAISE_MULTIPLE
            and rules.max_rounds <= MAX_ROUNDS and rules.turn_seconds <= MAX_TURN_SECONDS):
        raise ValueError("the table's settings are out of range")


def _check_legal(legal: Legal) -> None:
    amounts = [legal.call, legal.owed, legal.table_bet]
    if legal.all_in is not None:
        amounts.append(legal.all_in)
    if not all(chips(a) for a in amounts) or legal.raise_k.stop > MAX_RAISE_MULTIPLE + 1:
        raise ValueError("a turn's amounts are out of range")


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_events(events: Sequence[Event], n_seats: int) -> None:
    """``ValueError`` unless every event field has the type its dataclass declares — whole
    numbers where chips and seats are counted, booleans for flags, per-seat lists as long
    as the table — and every seat number is a seat of the hand.

    ``event_from_dict`` rebuilds events without checking types (a pot amount may come
    back as a string); the history screen, the statistics and the replay add and index
    these values, so a damaged line is refused here and skipped with the other damaged
    lines instead of crashing a screen. Values must also be within ``limits``: chips
    0..``MAX_CHIPS`` (a pot of 10^40 never came from a game), shares adding up to their
    pot, a table's settings and a turn's amounts in range.
    """
    for event in events:
        for f in fields(event):
            value = getattr(event, f.name)
            kind = str(f.type)
            if kind == "int":
                ok = whole(value)
            elif kind == "bool":
                ok = isinstance(value, bool)
            elif kind == "tuple[int, ...]":
                ok = isinstance(value, tuple) and all(whole(v) for v in value)
            elif kind == "tuple[bool, ...]":
                ok = isinstance(value, tuple) and all(isinstance(v, bool) for v in value)
            else:
                continue  # rules, cards, kinds, shown hands: parsed and checked on decoding
            if not ok:
                raise ValueError(f"{event.type}.{f.name} has the wrong type")
            if (type(event), f.name) in _PER_SEAT and len(value) != n_seats:
                raise ValueError(f"{event.type}.{f.name} needs {n_seats} values")
            if not _in_range(f.name, value, n_seats):
                raise ValueError(f"{event.type}.{f.name} is out of range")
        if isinstance(event, PotAwarded) and (len(event.shares) != len(event.winners)
                                              or sum(event.shares) != event.amount):
            raise ValueError("a pot needs one share per winner, adding up to the pot")
        if isinstance(event, HandStarted):
            _check_rules(event.rules)
        if isinstance(event, TurnStarted):
            _check_legal(event.legal)
    if sum(e.amount for e in events if isinstance(e, PotAwarded)) > MAX_CHIPS:
        raise ValueError("the pots are out of range")
        if isinstance(event, Showdown) and not all(0 <= h.seat < n_seats for h in event.hands):
            raise ValueError("a shown hand is not a seat of the hand")


def revalue(event: Event, rules: RuleSet) -> Event:
    """``event_from_dict`` values shown hands under the classic preset; re-value them
    under the hand's own tie-break preset so the events compare and sort as they did."""
    if isinstance(event, Showdown) and rules.tiebreak != "classic":
        return Showdown(tuple(ShownHand(h.seat, h.cards, evaluate(h.cards, rules))
                              for h in event.hands))
    return event


