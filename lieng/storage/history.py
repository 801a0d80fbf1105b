"""Hand history (issue 5 "Hand history"): every hand, and every game's final standings,
appended as one JSON line to ``history.jsonl`` in the user data directory.

What a hand line holds, and why:

* ``rules``, ``seats`` (name, kind, bot level), ``mode`` and ``when`` — what the history
  screen lists and what the statistics group by.
* ``events`` — the hand's event log *as the local seat saw it* (``Hand.events_for``):
  other players' dealt cards are absent, only cards shown at showdown appear
  (RULES.md step 8; an uncontested winner's cards stay hidden). Replaying a hand on the
  table is feeding these events to the same animation queue as a live hand, so the
  replay looks exactly like the game did, and no deck order is ever stored — a history
  file can be shared without giving away cards nobody saw.
* ``cards`` — the local player's own three cards, for the list and the statistics.
* ``summary`` — net, pot and winners, for people and tools reading the file; readers
  here recompute them from the events and ignore it.
* ``left`` (only on a hand the player left mid-hand, by the leave button or by closing
  the window) — the chips the player forfeited (RULES.md step 5: a player who leaves has
  folded; what they put in stays in the pot). Such a hand's events stop where the player
  left, so no ``HandEnded``; its net is ``-left``. Recording it keeps the history, the
  statistics and the bankroll (which commits that loss as one hand) in agreement.

* ``bank`` (only on a hand committed to the player's bankroll) — ``{"id", "hand"}``: the
  bankroll's ``id`` and that hand's number in it. The line is written before the bankroll
  is saved; on start-up the bankroll commits any hand of its own it finds here that it
  has not counted (``bank_hands``, ``lieng.storage.ledger``), so a kill between the two
  writes can never leave the bankroll and the history apart (issue 13 item 6).

Every line carries ``"v"`` (``LINE_SCHEMA`` with its migrations, like the other files).
Every number on a line is checked against ``limits`` (a pot of 10^40 chips or a place
of −3 make the line damaged: skipped, counted in the notice).

Rotation: before an append would take ``history.jsonl`` past ``max_bytes`` it becomes
``history.1.jsonl`` (older archives shift up, the oldest beyond ``keep`` is deleted), so
the history never takes more than about ``(keep + 1) * max_bytes`` on disk.

Reading never fails: a torn last line (the game was killed mid-append) or a damaged or
newer-version line is skipped, and one ``Notice`` says how many. A history file that is
not a regular file (a folder, a FIFO, a device) or is larger than
``limits.MAX_HISTORY_FILE_BYTES`` is listed as unreadable and never opened or read whole;
the next append moves a non-regular one aside (``atomic.clear_special``) and starts a new
file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from datetime import datetime
from pathlib import Path
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
    Legal,
    PotAwarded,
    RuleSet,
    Showdown,
    ShownHand,
    TurnStarted,
    evaluate,
    event_from_dict,
    redact,
)

from .atomic import (
    BadFileError,
    Notice,
    Schema,
    append_line,
    archive_path,
    clear_special,
    read_regular,
    rotate,
    write_failure,
)
from .limits import (
    MAX_CHIPS,
    MAX_HANDS,
    MAX_HISTORY_FILE_BYTES,
    MAX_RAISE_MULTIPLE,
    MAX_ROUNDS,
    MAX_TURN_SECONDS,
    chips,
    signed_chips,
    within,
)
from .paths import resolve_root

FILE_NAME = "history.jsonl"
MAX_BYTES = 2_000_000
"""Default cap of one history file (a hand line is a few kilobytes)."""
KEEP = 4
"""Default number of archived files kept besides the current one."""

LINE_SCHEMA = Schema(name="history", version=1, title_vi="lịch sử ván", title_en="hand history")
"""Version and migrations of one line's object (``"v"``)."""

GameMode = Literal["bots", "hotseat", "lan"]


class SeatLike(Protocol):
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
    def of(cls, spec: SeatLike) -> SeatRecord:
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
        """All chips that were in the middle (antes included) — for a hand the viewer
        left, as it stood when they left."""
        if self.left is not None:
            return (sum(e.amount for e in self.events if isinstance(e, AntePosted))
                    + sum(a.amount for a in self.actions))
        return sum(p.amount for p in self.pots)

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
        """The viewer took a share of a contested pot (a refund of their own chips from a
        side pot nobody else could win doesn't count)."""
        v = self.viewer
        return v is not None and any(v in p.winners and not p.refund for p in self.pots)

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
        if viewer is not None and (not _whole(viewer) or not 0 <= viewer < len(seats)):
            raise ValueError("bad viewer seat")
        events = [event_from_dict(e) for e in _list(data, "events")]
        if not events or not isinstance(events[0], HandStarted):
            raise ValueError("a hand's events start with HandStarted")
        rules = events[0].rules
        _check_events(events, len(seats))
        events = [_revalue(e, rules) for e in events]
        left = data.get("left")
        if left is not None and not chips(left):
            raise ValueError(f"left must be a whole number of chips 0..{MAX_CHIPS:,}")
        record = cls.from_events(events, viewer, seats, _when(data), _mode(data), left)
        if viewer is not None and [c.code for c in record.cards] != data.get("cards", []):
            raise ValueError("the stored cards don't match the dealt cards")
        bank = _bank(data)
        return record if bank is None else replace(record, bank=bank)


def _bank(data: dict[str, Any]) -> tuple[str, int] | None:
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


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_events(events: Sequence[Event], n_seats: int) -> None:
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
                ok = _whole(value)
            elif kind == "bool":
                ok = isinstance(value, bool)
            elif kind == "tuple[int, ...]":
                ok = isinstance(value, tuple) and all(_whole(v) for v in value)
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


def _revalue(event: Event, rules: RuleSet) -> Event:
    """``event_from_dict`` values shown hands under the classic preset; re-value them
    under the hand's own tie-break preset so the events compare and sort as they did."""
    if isinstance(event, Showdown) and rules.tiebreak != "classic":
        return Showdown(tuple(ShownHand(h.seat, h.cards, evaluate(h.cards, rules))
                              for h in event.hands))
    return event


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


class History:
    """The history files in ``root`` (default: the user data directory).

    ``append`` never raises for a disk problem: it returns a ``Notice`` the first time
    in a row a write fails, and the game goes on without that line.
    """

    def __init__(self, root: Path | None = None, *, max_bytes: int = MAX_BYTES,
                 keep: int = KEEP) -> None:
        if max_bytes < 1 or keep < 0:
            raise ValueError("max_bytes must be >= 1 and keep >= 0")
        self.path = resolve_root(root) / FILE_NAME
        self.max_bytes = max_bytes
        self.keep = keep
        self._failing = False
        self.failed_appends = 0
        """Appends that failed since this object was made (the self-test fails on any)."""

    def files(self) -> list[Path]:
        """Existing history files, oldest first."""
        archives = [archive_path(self.path, i) for i in range(self.keep, 0, -1)]
        # lexists: a dangling link is listed too, so a read reports it as unreadable.
        return [p for p in [*archives, self.path] if os.path.lexists(p)]

    def append(self, record: Record) -> Notice | None:
        """Add one record (rotating first if the current file would pass ``max_bytes``)."""
        line = json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":"))
        try:
            # A folder, FIFO or device where the history belongs is moved aside (kept,
            # never deleted) and a new file started; appending to a FIFO would block.
            clear_special(self.path)
            size = self.path.stat().st_size if self.path.exists() else 0
            if size and size + len(line.encode("utf-8")) + 1 > self.max_bytes:
                for archive in (archive_path(self.path, i) for i in range(1, self.keep + 1)):
                    clear_special(archive)
                rotate(self.path, self.keep)
            append_line(self.path, line)
        except OSError as exc:
            self.failed_appends += 1
            if self._failing:
                return None
            self._failing = True
            return write_failure(exc, self.path, LINE_SCHEMA.title_vi, LINE_SCHEMA.title_en)
        self._failing = False
        return None

    def bank_hands(self, bank_id: str, after: int) -> list[tuple[int, int]]:
        """``(hand number, net)`` of the complete, readable hand lines of bankroll
        ``bank_id`` numbered above ``after``, in order — the ``Bankroll.open`` journal.

        Reads the newest lines first and stops at the first of this bankroll numbered
        ``after`` or below (the missing hands are the last ones written). Never raises:
        unreadable files and damaged lines count as absent, as they do for the screens.
        """
        found: dict[int, int] = {}
        for path in reversed(self.files()):
            try:
                raw = read_regular(path, MAX_HISTORY_FILE_BYTES)
            except (OSError, BadFileError):
                continue
            for chunk in reversed((raw or b"").split(b"\n")):
                if bank_id.encode() not in chunk:  # cheap: most lines are skipped here
                    continue
                try:
                    data = json.loads(chunk.decode("utf-8"))
                    link = _bank(data) if isinstance(data, dict) else None
                    if link is None or link[0] != bank_id:
                        continue
                    if link[1] <= after:
                        return sorted(found.items())
                    # Only the few lines past the bankroll are decoded (and checked) whole.
                    record = decode_line(data)
                except Exception:  # a damaged line is no hand, as on the history screen
                    continue
                if isinstance(record, HandRecord) and record.bank == link \
                        and record.net is not None:
                    found.setdefault(link[1], record.net)
        return sorted(found.items())

    def read(self) -> tuple[list[Record], list[Notice]]:
        """Every readable record, oldest first, and at most one notice about skipped lines."""
        records: list[Record] = []
        torn = damaged = future = 0
        unreadable: list[str] = []
        for path in self.files():
            try:
                raw = read_regular(path, MAX_HISTORY_FILE_BYTES) or b""
            except (OSError, BadFileError):
                # A folder, FIFO or device, or a file too large to read whole: listed in
                # the notice, left as it is.
                unreadable.append(path.name)
                continue
            lines = raw.split(b"\n")
            for i, chunk in enumerate(lines):
                if not chunk.strip():
                    continue
                last = i == len(lines) - 1  # no newline after it: the append was cut short
                try:
                    records.append(decode_line(json.loads(chunk.decode("utf-8"))))
                except BadFileError as exc:
                    if exc.reason == "future_version":
                        future += 1
                    else:
                        damaged += 1
                except Exception:
                    # Whatever a damaged line makes the decoders raise (a RecursionError
                    # for a line nested too deeply, an OverflowError for an infinite
                    # amount...), it is one damaged line, never a crashed screen.
                    if last:
                        torn += 1
                    else:
                        damaged += 1
        notices = []
        if torn or damaged or future or unreadable:
            notices.append(_skipped_notice(torn, damaged, future, unreadable, self.path))
        return records, notices

    def hands(self) -> tuple[list[HandRecord], list[Notice]]:
        """Only the hands, oldest first."""
        records, notices = self.read()
        return [r for r in records if isinstance(r, HandRecord)], notices

    def games(self) -> tuple[list[GameResult], list[Notice]]:
        """Only the game results, oldest first."""
        records, notices = self.read()
        return [r for r in records if isinstance(r, GameResult)], notices


def read_failed(exc: BaseException, path: Path) -> Notice:
    """The player's message when reading the history failed as a whole (a bug or a file
    no check foresaw): the screen shows what it can — nothing — and the game goes on."""
    what = type(exc).__name__
    return Notice("unreadable",
                  f"Không đọc được lịch sử ván ({what}). Trò chơi vẫn tiếp tục; tệp lịch sử "
                  f"được giữ nguyên.",
                  f"The hand history could not be read ({what}). The game goes on; the "
                  f"history file was left as it is.", str(path))


def _skipped_notice(torn: int, damaged: int, future: int, unreadable: list[str],
                    path: Path) -> Notice:
    vi: list[str] = []
    en: list[str] = []
    if torn:
        vi.append(f"{torn} dòng cuối chưa ghi xong (trò chơi bị tắt khi đang lưu)")
        en.append(f"{torn} unfinished last line{'s' if torn > 1 else ''} (the game was closed "
                  f"while saving)")
    if damaged:
        vi.append(f"{damaged} dòng bị hỏng")
        en.append(f"{damaged} damaged line{'s' if damaged > 1 else ''}")
    if future:
        vi.append(f"{future} dòng từ phiên bản mới hơn")
        en.append(f"{future} line{'s' if future > 1 else ''} from a newer version")
    if unreadable:
        vi.append(f"không đọc được {', '.join(unreadable)}")
        en.append(f"could not read {', '.join(unreadable)}")
    return Notice("skipped_lines",
                  "Lịch sử ván: đã bỏ qua " + "; ".join(vi) + ". Các ván khác vẫn đầy đủ.",
                  "Hand history: skipped " + "; ".join(en) + ". All other hands are intact.",
                  str(path))


__all__ = [
    "FILE_NAME",
    "KEEP",
    "LINE_SCHEMA",
    "MAX_BYTES",
    "GameMode",
    "GameResult",
    "HandRecord",
    "History",
    "Record",
    "SeatRecord",
    "Standing",
    "decode_line",
    "read_failed",
]
