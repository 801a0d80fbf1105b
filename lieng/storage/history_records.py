"""The lines of the hand history: a hand (``HandRecord``) and a game's final standings
(``GameResult``), with their JSON form and the checks a line must pass to be read back
(``history_checks``). ``lieng.storage.history`` appends and reads them; why a line holds
what it holds is said there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal, Protocol, cast

from lieng.engine import (
    ActionTaken,
    AntePosted,
    Card,
    CardDealt,
    Event,
    Hand,
    HandEnded,
    HandStarted,
    PotAwarded,
    RuleSet,
    Showdown,
    event_from_dict,
    redact,
)

from .documents import Schema
from .history_checks import bank_link, check_events, revalue, whole
from .limits import (
    MAX_CHIPS,
    MAX_HANDS,
    chips,
    signed_chips,
    within,
)

LINE_SCHEMA = Schema(name="history", version=1, title_vi="lịch sử ván", title_en="hand history")
"""Version and migrations of one line's object (``"v"``)."""

GameMode = Literal["bots", "hotseat", "lan"]


class SeatSpecLike(Protocol):
    """What ``SeatRecord.of`` reads (``lieng.table.PlayerSpec`` has it)."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def level(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """Who sat in a seat: ``kind`` is ``"human"``, ``"bot"`` or ``"remote"`` (LAN)."""

    name: str
    kind: str = "human"
    level: str | None = None
    """The bot's level (``"easy"``, ``"normal"``, ``"hard"``); None for people."""

    @classmethod
    def of(cls, spec: SeatSpecLike) -> SeatRecord:
        """From anything with ``name``, ``kind`` and ``level`` — ``lieng.table.PlayerSpec``
        or ``Seat.spec`` — without this module importing the table."""
        return cls(spec.name, spec.kind, spec.level if spec.kind == "bot" else None)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> SeatRecord:
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object")
        name, kind, level = data.get("name"), data.get("kind"), data.get("level")
        if not isinstance(name, str) or not isinstance(kind, str):
            raise ValueError("a seat needs a name and a kind")
        if level is not None and not isinstance(level, str):
            raise ValueError("a bot level is a string")
        return cls(name, kind, level)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand as the local seat (``viewer``) saw it.

    ``viewer`` is None for a hand watched by nobody in particular (a hot-seat hand, where
    every person at the screen is a player): then only shown cards are stored.
    """

    when: datetime
    mode: GameMode
    viewer: int | None
    seats: tuple[SeatRecord, ...]
    events: tuple[Event, ...]
    left: int | None = None
    """Chips forfeited when the viewer left mid-hand (the events stop there); None for a
    hand played to its end."""
    bank: tuple[str, int] | None = None
    """``(bankroll id, hand number)`` when this hand was committed to the player's bankroll
    (``ledger.record_hand`` sets it); None for hot-seat, LAN and older lines."""

    # ------------------------------------------------------------ building

    @classmethod
    def from_hand(cls, hand: Hand, viewer: int | None, seats: Sequence[SeatRecord],
                  when: datetime, mode: GameMode = "bots") -> HandRecord:
        """The record of a finished ``hand`` for the local seat ``viewer``."""
        if not hand.is_over:
            raise ValueError("only a finished hand goes into the history")
        return cls.from_events(hand.events, viewer, seats, when, mode)

    @classmethod
    def left_mid_hand(cls, hand: Hand, viewer: int, seats: Sequence[SeatRecord],
                      when: datetime, lost: int, mode: GameMode = "bots") -> HandRecord:
        """The record of an unfinished ``hand`` the player at ``viewer`` left, forfeiting
        ``lost`` chips (what they had put in)."""
        if hand.is_over:
            raise ValueError("the hand is over: record it with from_hand")
        return cls.from_events(hand.events, viewer, seats, when, mode, left=lost)

    @classmethod
    def from_events(cls, events: Iterable[Event], viewer: int | None,
                    seats: Sequence[SeatRecord], when: datetime,
                    mode: GameMode = "bots", left: int | None = None) -> HandRecord:
        """The record from a hand's event log (full or already redacted: it is redacted for
        ``viewer`` here, so other seats' cards can never reach the file). With ``left``,
        the log of a hand the viewer left before it ended."""
        evs = tuple(redact(e, viewer) for e in events)
        if not evs or not isinstance(evs[0], HandStarted):
            raise ValueError("a hand's events start with HandStarted")
        if left is None:
            if not isinstance(evs[-1], HandEnded):
                raise ValueError("only a finished hand goes into the history")
        else:
            if viewer is None or isinstance(left, bool) or not isinstance(left, int) \
                    or left < 0:
                raise ValueError("a hand left mid-way needs a viewer and chips lost >= 0")
            if any(isinstance(e, HandEnded) for e in evs):
                raise ValueError("a hand left mid-way has not ended")
        if len(seats) != len(evs[0].stacks):
            raise ValueError(f"{len(evs[0].stacks)} seats in the hand, {len(seats)} given")
        return cls(when, mode, viewer, tuple(seats), evs, left)

    # ------------------------------------------------------------ reading the hand

    @property
    def started(self) -> HandStarted:
        first = self.events[0]
        assert isinstance(first, HandStarted)
        return first

    @property
    def complete(self) -> bool:
        """The hand was played to its end (the viewer did not leave mid-hand)."""
        return self.left is None

    @property
    def ended(self) -> HandEnded:
        """The hand's end (only for a ``complete`` record)."""
        last = self.events[-1]
        assert isinstance(last, HandEnded)
        return last

    @property
    def rules(self) -> RuleSet:
        return self.started.rules

    @property
    def cards(self) -> tuple[Card, ...]:
        """The viewer's own cards (empty for no viewer or a seat that sat out)."""
        if self.viewer is None:
            return ()
        return tuple(e.card for e in self.events
                     if isinstance(e, CardDealt) and e.seat == self.viewer and e.card is not None)

    @property
    def actions(self) -> tuple[ActionTaken, ...]:
        """Every action of the hand, in order (public information)."""
        return tuple(e for e in self.events if isinstance(e, ActionTaken))

    @property
    def showdown(self) -> dict[int, tuple[Card, ...]]:
        """Cards shown at showdown, by seat (empty for an uncontested hand)."""
        return {h.seat: h.cards for e in self.events if isinstance(e, Showdown) for h in e.hands}

    @property
    def pots(self) -> tuple[PotAwarded, ...]:
        return tuple(e for e in self.events if isinstance(e, PotAwarded))

    @property
    def pot(self) -> int:
        """The chips contested in the middle (antes included): every pot but a layer
        handed back to the one player who paid it (RULES.md step 9) — for a hand the
        viewer left, as it stood when they left."""
        if self.left is not None:
            return (sum(e.amount for e in self.events if isinstance(e, AntePosted))
                    + sum(a.amount for a in self.actions))
        return sum(p.amount for p in self.pots if not p.refund)

    @property
    def taken(self) -> int:
        """Chips the viewer took from contested pots: their own shares, not the whole
        pots they had a share of, and not a side pot handed back to them."""
        v = self.viewer
        return sum(share for p in self.pots if not p.refund
                   for w, share in zip(p.winners, p.shares, strict=True) if w == v)

    @property
    def net(self) -> int | None:
        """The viewer's result (None without a viewer)."""
        if self.viewer is None:
            return None
        if self.left is not None:
            return -self.left
        return self.ended.net[self.viewer]

    @property
    def dealt_in(self) -> bool:
        """The viewer was dealt cards this hand."""
        return self.viewer is not None and self.started.dealt_in[self.viewer]

    @property
    def won(self) -> bool:
        """The viewer won the hand: they ended it with more chips than they began with.
        A side pot taken while the main pot was lost is a hand lost (RULES.md, "A hand
        won"); a refund of one's own chips is no win at all."""
        net = self.net
        return net is not None and net > 0

    # ------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, Any]:
        return {
            "v": LINE_SCHEMA.version, "type": "hand",
            "when": self.when.isoformat(timespec="seconds"), "mode": self.mode,
            "viewer": self.viewer, "rules": self.rules.to_dict(),
            "seats": [s.to_dict() for s in self.seats],
            "cards": [c.code for c in self.cards],
            "events": [e.to_dict() for e in self.events],
            "summary": {"net": self.net, "pot": self.pot,
                        "winners": list(self.ended.winners) if self.complete else []},
            **({} if self.left is None else {"left": self.left}),
            **({} if self.bank is None else {"bank": {"id": self.bank[0],
                                                      "hand": self.bank[1]}}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandRecord:
        """Inverse of ``to_dict``; ``ValueError`` for anything malformed."""
        seats = tuple(SeatRecord.from_dict(s) for s in _list(data, "seats"))
        viewer = data.get("viewer")
        if viewer is not None and (not whole(viewer) or not 0 <= viewer < len(seats)):
            raise ValueError("bad viewer seat")
        events = [event_from_dict(e) for e in _list(data, "events")]
        if not events or not isinstance(events[0], HandStarted):
            raise ValueError("a hand's events start with HandStarted")
        rules = events[0].rules
        check_events(events, len(seats))
        events = [revalue(e, rules) for e in events]
        left = data.get("left")
        if left is not None and not chips(left):
            raise ValueError(f"left must be a whole number of chips 0..{MAX_CHIPS:,}")
        record = cls.from_events(events, viewer, seats, _when(data), _mode(data), left)
        if viewer is not None and [c.code for c in record.cards] != data.get("cards", []):
            raise ValueError("the stored cards don't match the dealt cards")
        bank = bank_link(data)
        return record if bank is None else replace(record, bank=bank)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's final position in a game."""

    name: str
    kind: str
    level: str | None
    chips: int
    """Chips at the end of the game."""
    net: int
    """Chips won (+) or lost (−) over the game, buy-ins not counted."""
    place: int
    """1 for the winner; players with equal chips share a place."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The final standings of a game (hot-seat above all, but any mode)."""

    when: datetime
    mode: GameMode
    hands: int
    standings: tuple[Standing, ...]

    @classmethod
    def build(cls, when: datetime, mode: GameMode, hands: int,
              players: Sequence[tuple[SeatRecord, int, int]]) -> GameResult:
        """Standings from ``(seat, chips, net)`` per player, ranked by chips."""
        ranked = sorted(players, key=lambda p: -p[1])
        standings: list[Standing] = []
        for i, (seat, chip_count, net) in enumerate(ranked):
            place = i + 1
            if i and chip_count == ranked[i - 1][1]:
                place = standings[-1].place
            standings.append(Standing(seat.name, seat.kind, seat.level, chip_count, net,
                                      place))
        return cls(when, mode, hands, tuple(standings))

    def to_dict(self) -> dict[str, Any]:
        return {"v": LINE_SCHEMA.version, "type": "game_result",
                "when": self.when.isoformat(timespec="seconds"), "mode": self.mode,
                "hands": self.hands,
                "standings": [{"name": s.name, "kind": s.kind, "level": s.level,
                               "chips": s.chips, "net": s.net, "place": s.place}
                              for s in self.standings]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        hands = data.get("hands")
        if not within(hands, 0, MAX_HANDS):
            raise ValueError("hands must be a whole number")
        assert isinstance(hands, int)
        rows = _list(data, "standings")
        standings = []
        for s in rows:
            seat = SeatRecord.from_dict(s)
            chip_count, net, place = s.get("chips"), s.get("net"), s.get("place")
            # Within limits (no booleans): chips 0..MAX_CHIPS, net ±MAX_CHIPS, and a place
            # from 1 to the number of players — a place of -3 or 0 never came from a game.
            if not (chips(chip_count) and signed_chips(net) and within(place, 1, len(rows))):
                raise ValueError("a standing needs chips, net and a place within range")
            standings.append(Standing(seat.name, seat.kind, seat.level, chip_count, net,
                                      place))
        return cls(_when(data), _mode(data), hands, tuple(standings))


Record = HandRecord | GameResult


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"{key} must be a list")
    return value


def _when(data: dict[str, Any]) -> datetime:
    when = data.get("when")
    if not isinstance(when, str):
        raise ValueError("when must be a date and time")
    return datetime.fromisoformat(when)


def _mode(data: dict[str, Any]) -> GameMode:
    mode = data.get("mode")
    if mode not in ("bots", "hotseat", "lan"):
        raise ValueError(f"unknown game mode {mode!r}")
    return cast(GameMode, mode)


def decode_line(data: Any) -> Record:
    """One history line's object as a record; ``ValueError`` (``BadFileError`` for a
    future version) when it can't be used."""
    if not isinstance(data, dict):
        raise ValueError("a history line must be an object")
    version = data.get("v")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("a history line needs a version")
    data = LINE_SCHEMA.upgrade(data, version)
    kind = data.get("type")
    if kind == "hand":
        return HandRecord.from_dict(data)
    if kind == "game_result":
        return GameResult.from_dict(data)
    raise ValueError(f"unknown record type {kind!r}")


