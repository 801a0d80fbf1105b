"""Typed wire messages: one frozen dataclass per message type, one codec registry.

This follows ``lieng/engine/events.py``: each message class names its JSON type in the
class variable ``t``, ``to_dict`` gives its JSON form and ``CLIENT_MESSAGES`` /
``HOST_MESSAGES`` map a type name to its class. Decoding happens once, at the boundary
(``decode_client`` on the host, ``decode_host`` on the client): a message that is not
exactly what docs/PROTOCOL.md describes — a missing field, a wrong type, a bool where a
number belongs, a number out of range — raises ``ProtocolError`` with a reason, so the
code behind the boundary handles only well-formed objects and dispatches on their class.

``Fields`` (protocol.py, the wire's one codec) is the strict reader; the mental deal's
messages are in mental_messages.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from lieng.engine import PRESETS, Action, Event, HandView, Legal, RuleSet
from lieng.levels import BOT_LEVELS, BotLevel, is_level

from .hostconfig import MAX_TABLE_BET
from .mental_messages import MentalFault, MentalOpenRequest, MentalStart, MentalStep
from .protocol import (
    MAX_CHIPS,
    MAX_COUNT,
    MAX_PASSWORD,
    MAX_REASON,
    MAX_SEATS,
    MAX_TEXT,
    MAX_TOKEN,
    ErrorCode,
    Fields,
    ProtocolError,
    Ref,
    WireMessage,
    clean_name,
    decode,
    message_ref,
)

# ------------------------------------------------------------------ client -> host


@dataclass(frozen=True, slots=True)
class Hello(WireMessage):
    """The first frame of every connection (docs/PROTOCOL.md section 2). A version that
    cannot be read is a version mismatch, not a malformed message: a newer client must
    be told why it cannot join."""

    t: ClassVar[str] = "hello"
    omit: ClassVar[frozenset[str]] = frozenset({"name", "password", "token"})
    proto: int
    game: str
    name: str | None = None
    password: str | None = None
    token: str | None = None

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(proto=r.whole("proto", -MAX_COUNT, MAX_COUNT, ErrorCode.VERSION_MISMATCH),
                   game=r.text("game", 40, ErrorCode.VERSION_MISMATCH),
                   name=r.maybe_text("name", MAX_TEXT, ErrorCode.BAD_NAME),
                   password=r.maybe_text("password", MAX_PASSWORD),
                   token=r.maybe_text("token", MAX_TOKEN, ErrorCode.BAD_TOKEN))


@dataclass(frozen=True, slots=True)
class ActionRequest(WireMessage):
    """An intended action for the turn ``(hand, turn)``; the host decides."""

    t: ClassVar[str] = "action"
    omit: ClassVar[frozenset[str]] = frozenset({"seat", "id"})
    hand: int
    turn: int
    action: Action
    seat: int | None = None
    id: Ref = None

    @classmethod
    def read(cls, r: Fields) -> Self:
        try:
            action = Action.from_dict(r.data.get("action"))
        except ValueError as exc:
            raise r.fail("action", str(exc)[:200]) from None
        return cls(hand=r.whole("hand"), turn=r.whole("turn"), action=action,
                   seat=r.maybe_whole("seat", 0, MAX_SEATS - 1), id=r.ref())


@dataclass(frozen=True, slots=True)
class Commit(WireMessage):
    t: ClassVar[str] = "commit"
    omit: ClassVar[frozenset[str]] = frozenset({"id"})
    hand: int
    commit: bytes
    id: Ref = None

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(hand=r.whole("hand"), commit=r.hex32("commit"), id=r.ref())


@dataclass(frozen=True, slots=True)
class Reveal(WireMessage):
    t: ClassVar[str] = "reveal"
    omit: ClassVar[frozenset[str]] = frozenset({"id"})
    hand: int
    value: bytes
    id: Ref = None

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(hand=r.whole("hand"), value=r.hex32("value"), id=r.ref())


@dataclass(frozen=True, slots=True)
class Ping(WireMessage):
    t: ClassVar[str] = "ping"
    omit: ClassVar[frozenset[str]] = frozenset({"id"})
    id: Ref = None

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(id=r.ref())


@dataclass(frozen=True, slots=True)
class Bye(WireMessage):
    t: ClassVar[str] = "bye"

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls()


@dataclass(frozen=True, slots=True)
class Probe(WireMessage):
    """"Are you a Liêng table?" — the Join screen's direct check of a table it heard a
    beacon from. Allowed instead of ``hello`` as the first frame; answered by one
    ``table_ad``, after which the host hangs up."""

    t: ClassVar[str] = "probe"

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls()


ClientMessage = Hello | ActionRequest | Commit | Reveal | Ping | Bye | Probe | MentalStep


# ------------------------------------------------------------------ host -> client


@dataclass(frozen=True, slots=True)
class Welcome(WireMessage):
    t: ClassVar[str] = "welcome"
    proto: int
    game: str
    seat: int
    token: str
    name: str
    table: str
    seats: int
    rules: RuleSet
    turn_seconds: float
    stack: int
    rebuy: bool
    watching: bool

    @classmethod
    def read(cls, r: Fields) -> Self:
        seats = r.whole("seats", 2, MAX_SEATS)
        return cls(proto=r.whole("proto", -MAX_COUNT), game=r.text("game", 40),
                   seat=r.whole("seat", 0, seats - 1), token=r.text("token", MAX_TOKEN),
                   name=r.text("name", 100), table=r.text("table", 100), seats=seats,
                   rules=r.rules("rules"), turn_seconds=r.number("turn_seconds", 0.001, 86400),
                   stack=r.whole("stack", 0, MAX_CHIPS), rebuy=r.flag("rebuy"),
                   watching=r.flag("watching"))


@dataclass(frozen=True, slots=True)
class Snapshot(WireMessage):
    """The whole state on (re)join; ``view`` None (and no events) before the first deal."""

    t: ClassVar[str] = "snapshot"
    hand: int
    seat: int | None
    view: HandView | None
    events: tuple[Event, ...]

    @classmethod
    def read(cls, r: Fields) -> Self:
        view = None if r.data.get("view") is None else r.view("view")
        n = view.n_seats if view is not None else MAX_SEATS
        events = r.events("events", view.rules if view else None, n)
        if view is None and events:
            raise r.fail("events", "must be empty without a view")
        return cls(hand=r.whole("hand"), seat=r.maybe_whole("seat", 0, n - 1), view=view,
                   events=events)


@dataclass(frozen=True, slots=True)
class Update(WireMessage):
    t: ClassVar[str] = "update"
    hand: int
    events: tuple[Event, ...]
    view: HandView

    @classmethod
    def read(cls, r: Fields) -> Self:
        view = r.view("view")
        return cls(hand=r.whole("hand"), events=r.events("events", view.rules, view.n_seats),
                   view=view)


@dataclass(frozen=True, slots=True)
class YourTurn(WireMessage):
    t: ClassVar[str] = "your_turn"
    hand: int
    turn: int
    legal: Legal
    seconds: float | None

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(hand=r.whole("hand"), turn=r.whole("turn"), legal=r.legal("legal"),
                   seconds=r.maybe_number("seconds", 0, 86400))


SEAT_KINDS = ("human", "bot", "open")


@dataclass(frozen=True, slots=True)
class Roster(WireMessage):
    """Who sits where (the ``table`` message): every list has one entry per seat.

    ``levels`` is each bot seat's level (null for every other seat, and for a bot whose
    level is not one of ``BOT_LEVELS``), so a LAN plate says "Máy · Khó" as a bot
    table's does; a roster without it (an older host) shows "Máy". A level that is not
    one of the game's, or one on a seat that is not a bot's, makes the roster malformed —
    refused with a reason like a wrong ``kinds`` — rather than drawn."""

    t: ClassVar[str] = "table"
    omit: ClassVar[frozenset[str]] = frozenset({"levels"})
    names: tuple[str | None, ...]
    kinds: tuple[str, ...]
    connected: tuple[bool, ...]
    stacks: tuple[int, ...] | None
    buy_ins: tuple[int, ...] | None
    hand: int
    started: bool
    host_seat: int | None
    levels: tuple[BotLevel | None, ...] | None = None

    @classmethod
    def read(cls, r: Fields) -> Self:
        raw_names = r.items("names")
        n = len(raw_names)
        if n < 2:
            raise r.fail("names", f"must list 2..{MAX_SEATS} seats")

        def per_seat(key: str, ok: type, nullable: bool = False) -> list[Any] | None:
            v = r.data.get(key)
            if v is None and nullable:
                return None
            if not isinstance(v, list) or len(v) != n or any(type(x) is not ok for x in v):
                raise r.fail(key, f"must list one {ok.__name__} per seat")
            return v

        if any(x is not None and (not isinstance(x, str) or len(x) > 100) for x in raw_names):
            raise r.fail("names", "must hold names or null")
        kinds = per_seat("kinds", str) or []
        if any(k not in SEAT_KINDS for k in kinds):
            raise r.fail("kinds", f"must be one of {', '.join(SEAT_KINDS)}")
        stacks, buy_ins = per_seat("stacks", int, True), per_seat("buy_ins", int, True)
        if any(x < 0 or x > MAX_CHIPS for x in (stacks or []) + (buy_ins or [])):
            raise r.fail("stacks", "out of range")
        raw_levels = r.data.get("levels")
        levels: list[BotLevel | None] | None = None
        if raw_levels is not None:
            if not isinstance(raw_levels, list) or len(raw_levels) != n:
                raise r.fail("levels", "must list one level or null per seat")
            levels = []
            for kind, level in zip(kinds, raw_levels, strict=True):
                if level is not None and not is_level(level):
                    raise r.fail("levels", f"must hold {', '.join(BOT_LEVELS)} or null")
                if level is not None and kind != "bot":
                    raise r.fail("levels", "gives a level to a seat that is not a bot's")
                levels.append(level)
        return cls(names=tuple(raw_names), kinds=tuple(kinds),
                   connected=tuple(per_seat("connected", bool) or []),
                   stacks=None if stacks is None else tuple(stacks),
                   buy_ins=None if buy_ins is None else tuple(buy_ins),
                   hand=r.whole("hand"), started=r.flag("started"),
                   host_seat=r.maybe_whole("host_seat", 0, n - 1),
                   levels=None if levels is None else tuple(levels))


@dataclass(frozen=True, slots=True)
class DealStart(WireMessage):
    t: ClassVar[str] = "deal_start"
    hand: int
    host_commit: bytes
    seats: tuple[int, ...]

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(hand=r.whole("hand"), host_commit=r.hex32("host_commit"),
                   seats=r.seats("seats"))


@dataclass(frozen=True, slots=True)
class DealCommits(WireMessage):
    t: ClassVar[str] = "deal_commits"
    hand: int
    commits: tuple[tuple[int, bytes], ...]

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(hand=r.whole("hand"), commits=r.hex_pairs("commits"))


@dataclass(frozen=True, slots=True)
class DealProof(WireMessage):
    t: ClassVar[str] = "deal_proof"
    hand: int
    host_value: bytes
    commits: tuple[tuple[int, bytes], ...]
    values: tuple[tuple[int, bytes], ...]

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(hand=r.whole("hand"), host_value=r.hex32("host_value"),
                   commits=r.hex_pairs("commits"), values=r.hex_pairs("values"))


@dataclass(frozen=True, slots=True)
class Ack(WireMessage):
    t: ClassVar[str] = "ack"
    id: int | str

    @classmethod
    def read(cls, r: Fields) -> Self:
        ref = r.ref(required=True)
        assert ref is not None
        return cls(id=ref)


@dataclass(frozen=True, slots=True)
class Pong(WireMessage):
    t: ClassVar[str] = "pong"
    omit: ClassVar[frozenset[str]] = frozenset({"id"})
    id: Ref = None

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(id=r.ref())


MAX_ERROR_TEXT = 300


@dataclass(frozen=True, slots=True)
class Error(WireMessage):
    """A refusal (docs/PROTOCOL.md section 7). ``error`` builds one that always fits in a
    frame: the message is cut to ``MAX_ERROR_TEXT`` and the echoed id to ``MAX_ID_TEXT``."""

    t: ClassVar[str] = "error"
    omit: ClassVar[frozenset[str]] = frozenset({"id"})
    code: str
    message: str
    fatal: bool = False
    id: Ref = None

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(code=r.text("code", MAX_REASON), message=r.text("message"),
                   fatal=r.flag("fatal"), id=r.ref())


def error(code: str, message: str, ref: object = None, fatal: bool = False) -> Error:
    """An ``Error`` whose JSON is never near the frame limit, whatever it echoes."""
    return Error(code[:MAX_REASON], message[:MAX_ERROR_TEXT], fatal,
                 message_ref({"id": ref}))


@dataclass(frozen=True, slots=True)
class Closed(WireMessage):
    t: ClassVar[str] = "closed"
    reason: str
    message: str

    @classmethod
    def read(cls, r: Fields) -> Self:
        return cls(reason=r.text("reason", MAX_REASON), message=r.text("message"))


VERSION_TEXT = re.compile(r"\d{1,4}\.\d{1,4}(\.\d{1,4})?([.+-][0-9A-Za-z.+-]{1,20})?")
"""A game version as a beacon may carry it: "0.1.0", "1.2.3-rc1"."""


@dataclass(frozen=True, slots=True)
class TableAd(WireMessage):
    """A table described for the Join screen: the answer to ``probe``, and (with
    ``kind`` instead of ``t``) the UDP beacon. Read strictly, since anyone on the LAN
    can send one: counts within the seats, a bet within the game's range, true/false
    only for the flags, a version that is a version."""

    t: ClassVar[str] = "table_ad"
    proto: int
    game: str
    name: str
    port: int
    players: int
    seats: int
    bots: int
    bet: int
    preset: str
    password: bool
    started: bool

    @classmethod
    def read(cls, r: Fields) -> Self:
        seats = r.whole("seats", 2, MAX_SEATS)
        players, bots = r.whole("players", 0, seats), r.whole("bots", 0, seats)
        if players + bots > seats:
            raise r.fail("players", "and bots are more than the seats")
        game = r.text("game", 40)
        if not VERSION_TEXT.fullmatch(game):
            raise r.fail("game", "is not a version")
        preset = r.text("preset", 20)
        if preset not in PRESETS:
            raise r.fail("preset", "is not a preset of this game")
        return cls(proto=r.whole("proto", 0), game=game, name=clean_name(r.text("name", 100)),
                   port=r.whole("port", 1, 65535), players=players, seats=seats, bots=bots,
                   bet=r.whole("bet", 1, MAX_TABLE_BET), preset=preset,
                   password=r.flag("password"), started=r.flag("started"))


HostMessage = (Welcome | Snapshot | Update | YourTurn | Roster | DealStart | DealCommits
               | DealProof | Ack | Pong | Error | Closed | TableAd | MentalStart | MentalStep
               | MentalFault | MentalOpenRequest)
CLIENT_MESSAGES: dict[str, type[ClientMessage]] = {
    cls.t: cls for cls in (Hello, ActionRequest, Commit, Reveal, Ping, Bye, Probe, MentalStep)}
HOST_MESSAGES: dict[str, type[HostMessage]] = {
    cls.t: cls for cls in (Welcome, Snapshot, Update, YourTurn, Roster, DealStart,
                           DealCommits, DealProof, Ack, Pong, Error, Closed, TableAd,
                           MentalStart, MentalStep, MentalFault, MentalOpenRequest)}


def _read(data: dict[str, Any], registry: dict[str, type[Any]], who: str) -> Any:
    cls = registry.get(data["t"])
    if cls is None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE,
                            f"unknown or unexpected message {data['t']!r} from {who}"[:120],
                            message_ref(data))
    try:
        return cls.read(Fields(data))
    except ProtocolError as exc:
        exc.ref = message_ref(data)
        raise


def decode_client(body: bytes) -> ClientMessage:
    """A frame body from a client as a typed message; ``ProtocolError`` (whose ``ref`` is
    the id to echo) for anything malformed."""
    msg: ClientMessage = _read(decode(body), CLIENT_MESSAGES, "a client")
    return msg


def decode_host(body: bytes) -> HostMessage:
    """A frame body from the host as a typed message; ``ProtocolError`` otherwise."""
    msg: HostMessage = _read(decode(body), HOST_MESSAGES, "the host")
    return msg
