"""The LAN wire format, the one codec of every message: length-prefixed JSON frames,
error codes, names and versions, the base of the typed messages (``WireMessage``: its
JSON form) and the strict reader of their fields (``Fields``).

Why JSON and not pickle: a frame from the network is data, never code. Every frame is
``4-byte big-endian length`` + that many bytes of UTF-8 JSON holding one object whose
``"t"`` names the message; anything else is a ``ProtocolError`` that the host answers
with an error message and otherwise ignores ("Protocol"). ``docs/PROTOCOL.md``
is the reference for writing a client; this module is its executable form.

Each message is a typed object of lieng/net/messages.py, decoded once at the boundary:
a message goes to bytes as ``encode(msg.to_dict())`` and comes back as
``messages.decode_client`` / ``decode_host`` (``decode`` here, then the class's ``read``
over ``Fields``) — the frame, the JSON and the fields in this one module, so a click's
intent crosses one codec on its way to the host (docs/ARCHITECTURE.md, "The path of a
'Tố' click"). ``Fields`` checks type and range at once and fails with a
``ProtocolError`` that names the message and the field, so a malformed message is
refused with a reason before any handler runs; ``check_event`` does the same for the
engine events inside ``update``/``snapshot``, whose own decoder
(lieng/engine/events.py) is lenient about numbers.
Views cross the wire as ``lieng.engine.views.view_to_dict(hand.view_for(seat))``, so a
seat receives exactly what ARCHITECTURE.md allows it to know — other seats' cards are
absent from the data, not hidden by the renderer.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import struct
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

import lieng
from lieng.engine import Action, Event, HandView, Legal, RuleSet, event_from_dict
from lieng.engine.views import legal_from_dict, view_from_dict, view_to_dict, whole
from lieng.names import display_name

PROTOCOL_VERSION = 3
"""3: the mental-poker deal (``mp_*`` messages, docs/PROTOCOL.md 12) and sealed hands.
2: the deck shuffle is the SHA-256 Fisher–Yates of PROTOCOL.md §8 (1 used Python's
``random``), and a deal proof is sent only for hands in which every dealt hand was shown."""
"""Bumped on any incompatible change of a message; peers must agree exactly."""
GAME_VERSION: str = lieng.__version__
MAX_FRAME = 64 * 1024
"""Largest frame body in bytes. A six-seat snapshot is under 12 KiB."""
DEFAULT_PORT = 47123
DISCOVERY_PORT = 47124
MAX_NAME = 20
MAX_PASSWORD = 64
HEADER = struct.Struct(">I")


class ErrorCode:
    """The ``code`` of an ``error`` message (docs/PROTOCOL.md, "Errors")."""

    BAD_FRAME = "bad_frame"
    TOO_LARGE = "too_large"
    BAD_MESSAGE = "bad_message"
    HANDSHAKE_REQUIRED = "handshake_required"
    VERSION_MISMATCH = "version_mismatch"
    WRONG_PASSWORD = "wrong_password"
    BAD_NAME = "bad_name"
    BAD_TOKEN = "bad_token"
    TABLE_FULL = "table_full"
    NOT_SEATED = "not_seated"
    NOT_YOUR_SEAT = "not_your_seat"
    STALE_HAND = "stale_hand"
    STALE_TURN = "stale_turn"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_ACTION = "illegal_action"
    BAD_DEAL = "bad_deal"
    DROPPED = "dropped"
    REPLACED = "replaced"
    BUSY = "busy"
    LOCKED_OUT = "locked_out"


BAD_HOST_MESSAGE = "bad_host_message"
"""The client's own error code for a message from the host it could not use (never sent)."""
HOST_MISBEHAVING = "host_misbehaving"
"""The client's own error code for a well-formed message no honest host sends: chips
that appear from nowhere, a showdown mid-hand, another seat's card (lieng/net/host_checks.py;
never sent). Its ``id`` is the hand the refused message named."""


class ProtocolError(ValueError):
    """A frame or message that breaks the protocol; ``code`` is an ``ErrorCode``, ``ref``
    the offending message's ``id`` (already cut to fit) for the error reply to echo."""

    def __init__(self, code: str, message: str, ref: int | str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref


# ------------------------------------------------------------------ frames


def encode(message: dict[str, Any]) -> bytes:
    """One frame: header + compact UTF-8 JSON. Raises ``ProtocolError`` if too large, or
    if it holds text UTF-8 cannot carry (a lone surrogate) — never a ``UnicodeError``."""
    try:
        body = json.dumps(message, ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError(ErrorCode.BAD_MESSAGE,
                            "the message holds a lone UTF-16 surrogate") from None
    if len(body) > MAX_FRAME:
        raise ProtocolError(ErrorCode.TOO_LARGE, f"frame of {len(body)} bytes > {MAX_FRAME}")
    return HEADER.pack(len(body)) + body


def frame_length(header: bytes) -> int:
    """The body length a header announces; ``ProtocolError`` (too_large) above the cap."""
    (n,) = HEADER.unpack(header)
    if n > MAX_FRAME:
        raise ProtocolError(ErrorCode.TOO_LARGE,
                            f"frame of {n} bytes announced; the limit is {MAX_FRAME}")
    return int(n)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(data: object) -> bool:
    """True if any text in ``data`` (keys included) holds a UTF-16 surrogate. JSON's
    ``"\\ud800"`` escape decodes to one, and no reply that echoes it can be encoded as
    UTF-8. Walked with a list, not recursion: ``data`` may be nested deep."""
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return False


def decode(body: bytes) -> dict[str, Any]:
    """A frame body as a message object. Raises ``ProtocolError`` for anything else:
    bad UTF-8, bad JSON (NaN included), nesting bombs, huge numbers, text with a lone
    surrogate, a non-object, or an object without a string ``"t"``."""
    try:
        text = body.decode("utf-8")
        data = json.loads(text, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError(ErrorCode.BAD_FRAME, f"not a JSON frame: {exc}"[:200]) from None
    if "\\u" in text and lone_surrogate(data):  # only an escape can make a surrogate
        raise ProtocolError(ErrorCode.BAD_FRAME,
                            "not a JSON frame: text holds a lone UTF-16 surrogate")
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "a message is an object with a string 't'")
    return data


async def read_frame(reader: asyncio.StreamReader, timeout: float | None = None) -> bytes:
    """The next frame body from a stream — the one framing the host and the client share.
    ``ProtocolError`` (too_large) for an oversized header: the stream cannot be trusted
    after that, so the caller closes it. ``asyncio.IncompleteReadError`` at the end of
    the stream; ``TimeoutError`` if a part takes longer than ``timeout`` seconds."""
    header = await asyncio.wait_for(reader.readexactly(HEADER.size), timeout)
    n = frame_length(header)
    return await asyncio.wait_for(reader.readexactly(n), timeout)


# ------------------------------------------------------------------ names and versions


def clean_name(raw: object) -> str:
    """A player name fit to show (``lieng.names.display_name``: NFC, nothing invisible,
    single spaces), at most ``MAX_NAME`` characters. ``ProtocolError`` (bad_name) if
    nothing is left."""
    if not isinstance(raw, str) or len(raw) > 1000:
        raise ProtocolError(ErrorCode.BAD_NAME, "a name is text")
    name = display_name(raw, MAX_NAME)  # the one cleaning every name gets (lieng.names)
    if name is None:
        raise ProtocolError(ErrorCode.BAD_NAME, "the name is empty once cleaned")
    return name


def versions_compatible(game_version: str) -> bool:
    """Same protocol is required; the game must also agree on major.minor (rules, bots and
    presets may change between minor versions)."""
    return game_version.split(".")[:2] == GAME_VERSION.split(".")[:2]


# ------------------------------------------------------------------ fields

MAX_COUNT = 2**31 - 1
"""Largest hand or turn number accepted: far beyond any evening, far below trouble."""
MAX_CHIPS = 10**15
MAX_ID_TEXT = 64
MAX_ID_INT = 2**53
"""An ``id`` is echoed back; JSON peers in other languages hold integers as doubles."""
MAX_TEXT = 1000
MAX_TOKEN = 64
MAX_SEATS = 6
MAX_REASON = 40

Ref = int | str | None
"""A message ``id`` as echoed in ``ack``/``pong``/``error``."""


def valid_ref(value: object) -> bool:
    """An ``id`` the protocol accepts: a whole number of at most 2^53 or text of at most
    64 characters (docs/PROTOCOL.md section 4)."""
    if type(value) is int:
        return -MAX_ID_INT <= value <= MAX_ID_INT
    return isinstance(value, str) and len(value) <= MAX_ID_TEXT


def message_ref(data: object) -> Ref:
    """The ``id`` of a raw message, cut to fit an error reply: an error must never be
    larger than the frame limit however long the offending ``id`` was."""
    if not isinstance(data, dict):
        return None
    ref = data.get("id")
    if type(ref) is int:
        return ref if valid_ref(ref) else None
    if isinstance(ref, str):
        return ref[:MAX_ID_TEXT]
    return None


class Fields:
    """Typed reads of one raw message's fields; every failure is a ``ProtocolError``
    (``code``, default bad_message) naming the message type and the field."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.t = str(data.get("t"))[:40]

    def fail(self, key: str, why: str, code: str = ErrorCode.BAD_MESSAGE) -> ProtocolError:
        return ProtocolError(code, f"{self.t}: '{key}' {why}")

    def whole(self, key: str, lo: int = 0, hi: int = MAX_COUNT,
              code: str = ErrorCode.BAD_MESSAGE) -> int:
        v = self.data.get(key)
        if type(v) is not int:  # bool is not int here: JSON true is not 1
            raise self.fail(key, "must be a whole number", code)
        if not lo <= v <= hi:
            raise self.fail(key, f"must be within {lo}..{hi}", code)
        return v

    def maybe_whole(self, key: str, lo: int = 0, hi: int = MAX_COUNT) -> int | None:
        return None if self.data.get(key) is None else self.whole(key, lo, hi)

    def number(self, key: str, lo: float, hi: float) -> float:
        """A number within ``lo..hi`` as a float. Whole numbers are compared as they are:
        ``math.isfinite(10**400)`` raises ``OverflowError`` (an int past float range),
        which would escape every decoder."""
        v = self.data.get(key)
        if type(v) is int and lo <= v <= hi:
            return float(v)
        if type(v) is float and math.isfinite(v) and lo <= v <= hi:
            return v
        raise self.fail(key, f"must be a number within {lo:g}..{hi:g}")

    def maybe_number(self, key: str, lo: float, hi: float) -> float | None:
        return None if self.data.get(key) is None else self.number(key, lo, hi)

    def text(self, key: str, max_len: int = MAX_TEXT,
             code: str = ErrorCode.BAD_MESSAGE) -> str:
        v = self.data.get(key)
        if not isinstance(v, str) or len(v) > max_len:
            raise self.fail(key, f"must be text of at most {max_len} characters", code)
        return v

    def maybe_text(self, key: str, max_len: int = MAX_TEXT,
                   code: str = ErrorCode.BAD_MESSAGE) -> str | None:
        return None if self.data.get(key) is None else self.text(key, max_len, code)

    def flag(self, key: str) -> bool:
        v = self.data.get(key)
        if type(v) is not bool:
            raise self.fail(key, "must be true or false")
        return v

    def hex32(self, key: str) -> bytes:
        return self._hex(self.data.get(key), key)

    def _hex(self, v: object, key: str) -> bytes:
        if not isinstance(v, str) or len(v) != 64:
            raise self.fail(key, "must be 64 hex digits")
        try:
            return bytes.fromhex(v)
        except ValueError:
            raise self.fail(key, "must be 64 hex digits") from None

    def items(self, key: str, max_len: int = MAX_SEATS) -> list[Any]:
        v = self.data.get(key)
        if not isinstance(v, list) or len(v) > max_len:
            raise self.fail(key, f"must be a list of at most {max_len}")
        return v

    def seats(self, key: str) -> tuple[int, ...]:
        out = tuple(self._seat(s, key) for s in self.items(key))
        if len(set(out)) != len(out):
            raise self.fail(key, "names a seat twice")
        return out

    def _seat(self, v: object, key: str) -> int:
        if type(v) is not int or not 0 <= v < MAX_SEATS:
            raise self.fail(key, f"must hold seats 0..{MAX_SEATS - 1}")
        return v

    def hex_pairs(self, key: str) -> tuple[tuple[int, bytes], ...]:
        out = []
        for pair in self.items(key):
            if not isinstance(pair, list) or len(pair) != 2:
                raise self.fail(key, "must hold [seat, hex] pairs")
            out.append((self._seat(pair[0], key), self._hex(pair[1], key)))
        if len({s for s, _ in out}) != len(out):
            raise self.fail(key, "names a seat twice")
        return tuple(out)

    def ref(self, required: bool = False) -> Ref:
        v = self.data.get("id")
        if v is None and not required:
            return None
        if not isinstance(v, (int, str)) or not valid_ref(v):
            raise self.fail("id", f"must be a whole number or text of at most {MAX_ID_TEXT}")
        return v

    def rules(self, key: str) -> RuleSet:
        try:
            return RuleSet.from_dict(self.data.get(key))
        except (ValueError, TypeError) as exc:
            raise self.fail(key, f"is not a rule set: {exc}"[:200]) from None

    def view(self, key: str) -> HandView:
        try:
            return view_from_dict(self.data.get(key))
        except ValueError as exc:
            raise self.fail(key, f"is not a view: {exc}"[:200]) from None

    def legal(self, key: str) -> Legal:
        try:
            return legal_from_dict(self.data.get(key))
        except ValueError as exc:
            raise self.fail(key, f"is not a turn offer: {exc}"[:200]) from None

    def events(self, key: str, rules: RuleSet | None, n_seats: int) -> tuple[Event, ...]:
        out = []
        for raw in self.items(key, 500):
            try:
                out.append(check_event(event_from_dict(raw, rules), n_seats, raw))
            except (ValueError, TypeError, KeyError, AttributeError) as exc:
                raise self.fail(key, f"holds a bad event: {exc}"[:200]) from None
        return tuple(out)


def check_event(event: Event, n_seats: int, raw: dict[str, Any] | None = None) -> Event:
    """``event`` if every number in it is a real whole number in range (seats within the
    table, chips not negative except a hand's ``net``), every list a list and every flag
    a bool; ``ValueError`` otherwise. The event decoder (lieng/engine/events.py) builds
    whatever the JSON held and reads a turn's ``legal`` and a shown hand's seat loosely;
    ``raw`` (the JSON it came from) lets those be checked strictly here."""
    for f in fields(event):
        value = getattr(event, f.name)
        kind = str(f.type)
        if kind.startswith("tuple[") and kind.endswith(", ...]") \
                and not isinstance(value, tuple):
            raise ValueError(f"{event.type}.{f.name} must be a list")
        if kind in ("int", "tuple[int, ...]"):
            items = value if isinstance(value, tuple) else (value,)
            for x in items:
                if type(x) is not int:
                    raise ValueError(f"{event.type}.{f.name} must hold whole numbers")
                seatlike = f.name in ("seat", "first", "eligible", "winners")
                lo = -MAX_CHIPS if f.name == "net" else 0
                hi = n_seats - 1 if seatlike else MAX_CHIPS
                if not lo <= x <= hi:
                    raise ValueError(f"{event.type}.{f.name} is out of range")
            if f.name in ("stacks", "net") and len(items) != n_seats:
                raise ValueError(f"{event.type}.{f.name} must have one entry per seat")
        elif kind in ("bool", "tuple[bool, ...]"):
            items = value if isinstance(value, tuple) else (value,)
            if any(type(x) is not bool for x in items):
                raise ValueError(f"{event.type}.{f.name} must be true or false")
            if f.name == "dealt_in" and len(items) != n_seats:
                raise ValueError(f"{event.type}.{f.name} must have one entry per seat")
    if raw is not None:
        if "legal" in raw:
            legal_from_dict(raw["legal"], n_seats)
        for shown in raw.get("hands", ()) if raw.get("type") == "showdown" else ():
            whole(shown["seat"], "a shown hand's seat", 0, n_seats - 1)
    return event


def _encode(value: object) -> object:
    if isinstance(value, HandView):
        return view_to_dict(value)
    if isinstance(value, (Event, Legal, RuleSet, Action)):
        return value.to_dict()
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class WireMessage:
    """Base class. ``t`` names the message in its JSON form; fields listed in ``omit``
    are left out of the JSON while None (optional fields, docs/PROTOCOL.md)."""

    t: ClassVar[str] = ""
    omit: ClassVar[frozenset[str]] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.t}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.name in self.omit:
                continue
            out[f.name] = _encode(value)
        return out

    @classmethod
    def read(cls, r: Fields) -> Self:  # pragma: no cover - every message overrides it
        raise NotImplementedError
