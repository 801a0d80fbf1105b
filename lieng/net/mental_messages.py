"""The messages of the mental-poker deal (docs/PROTOCOL.md 12.4), as JSON wire messages.

Four of them: ``mp_start`` (the host announces a hand's deal), ``mp_step`` (a shuffle,
an unlock or an opening — from its sender to the host, then relayed by the host to every
party; the step itself is ``lieng.deal.wire`` text), ``mp_fault`` (the host stops the
hand and names who) and ``mp_open`` (the showdown asks the seats it awaits to open).
They are read as strictly as every other message: a field of the wrong type or size is
a ``ProtocolError`` naming it, and the step's bytes are checked by ``lieng.deal.wire``
before any proof runs.

``messages.py`` registers them with the others (protocol 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from lieng.deal.mental import DEALER
from lieng.deal.wire import MAX_TEXT as MAX_STEP_TEXT

from .protocol import MAX_REASON, MAX_SEATS, Fields, WireMessage

STEP_KINDS = ("shuffle", "unlock", "open")
MAX_POSITIONS = 3 * MAX_SEATS


def _party(r: Fields, v: object, key: str) -> int:
    if type(v) is not int or not (0 <= v < MAX_SEATS or v == DEALER):
        raise r.fail(key, f"must be a seat 0..{MAX_SEATS - 1} or the dealer ({DEALER})")
    return v


@dataclass(frozen=True, slots=True)
class MentalStart(WireMessage):
    """A hand's deal begins: everything ``DealSetup`` needs, and the seconds each party
    has for each of its steps."""

    t: ClassVar[str] = "mp_start"
    hand: int
    nonce: bytes
    parties: tuple[int, ...]
    seats: tuple[int, ...]
    """The seat receiving each dealt position."""
    deadline: float

    @classmethod
    def read(cls, r: Fields) -> Self:
        parties = tuple(_party(r, p, "parties") for p in r.items("parties", MAX_SEATS + 1))
        seats = tuple(r._seat(s, "seats") for s in r.items("seats", MAX_POSITIONS))
        return cls(hand=r.whole("hand"), nonce=r.hex32("nonce"), parties=parties,
                   seats=seats, deadline=r.number("deadline", 0.001, 600.0))


@dataclass(frozen=True, slots=True)
class MentalStep(WireMessage):
    """One deal step of ``party``: ``kind`` is shuffle, unlock or open; ``data`` its
    ``lieng.deal.wire`` text."""

    t: ClassVar[str] = "mp_step"
    hand: int
    party: int
    kind: str
    data: str

    @classmethod
    def read(cls, r: Fields) -> Self:
        kind = r.text("kind", 10)
        if kind not in STEP_KINDS:
            raise r.fail("kind", "must be shuffle, unlock or open")
        return cls(hand=r.whole("hand"), party=_party(r, r.data.get("party"), "party"),
                   kind=kind, data=r.text("data", MAX_STEP_TEXT))


@dataclass(frozen=True, slots=True)
class MentalFault(WireMessage):
    """The host stopped hand ``hand``'s deal because of ``party``: the hand is cancelled
    and every chip put in goes back (RULES.md, showdown openings: a failed deal takes no
    ante)."""

    t: ClassVar[str] = "mp_fault"
    hand: int
    party: int
    reason: str

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(hand=r.whole("hand"), party=_party(r, r.data.get("party"), "party"),
                   reason=r.text("reason", 4 * MAX_REASON))


@dataclass(frozen=True, slots=True)
class MentalOpenRequest(WireMessage):
    """The showdown awaits ``seats``' openings, each within ``deadline`` seconds; a seat
    that does not open in time is folded (RULES.md, showdown openings)."""

    t: ClassVar[str] = "mp_open"
    hand: int
    seats: tuple[int, ...]
    deadline: float

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(hand=r.whole("hand"), seats=r.seats("seats"),
                   deadline=r.number("deadline", 0.001, 600.0))
