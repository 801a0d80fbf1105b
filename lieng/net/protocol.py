"""The LAN wire format: length-prefixed JSON frames, message checks, views as JSON.

Why JSON and not pickle: a frame from the network is data, never code. Every frame is
``4-byte big-endian length`` + that many bytes of UTF-8 JSON holding one object whose
``"t"`` names the message; anything else is a ``ProtocolError`` that the host answers
with an error message and otherwise ignores (issue 7, "Protocol"). ``docs/PROTOCOL.md``
is the reference for writing a client; this module is its executable form.

Views cross the wire as the dict of ``view_to_dict(hand.view_for(seat))``, so a seat
receives exactly what ARCHITECTURE.md allows it to know — other seats' cards are absent
from the data, not hidden by the renderer.
"""

from __future__ import annotations

import asyncio
import json
import struct
import unicodedata
from dataclasses import dataclass
from typing import Any

import lieng
from lieng.engine import (
    ActionTaken,
    Card,
    Event,
    HandView,
    Legal,
    PotLayer,
    RuleSet,
    event_from_dict,
)

PROTOCOL_VERSION = 2
"""2: the deck shuffle is the SHA-256 Fisher–Yates of PROTOCOL.md §8 (1 used Python's
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


BAD_HOST_MESSAGE = "bad_host_message"
"""The client's own error code for a message from the host it could not use (never sent)."""


class ProtocolError(ValueError):
    """A frame or message that breaks the protocol; ``code`` is an ``ErrorCode``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# ------------------------------------------------------------------ frames


def encode(message: dict[str, Any]) -> bytes:
    """One frame: header + compact UTF-8 JSON. Raises ``ProtocolError`` if too large."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")
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


def decode(body: bytes) -> dict[str, Any]:
    """A frame body as a message object. Raises ``ProtocolError`` for anything else:
    bad UTF-8, bad JSON (NaN included), nesting bombs, huge numbers, a non-object, or an
    object without a string ``"t"``."""
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError(ErrorCode.BAD_FRAME, f"not a JSON frame: {exc}"[:200]) from None
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


# ------------------------------------------------------------------ field checks


def get_int(msg: dict[str, Any], key: str, lo: int | None = None,
            hi: int | None = None) -> int:
    v = msg.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"'{key}' must be a whole number")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"'{key}' out of range")
    return v


def get_str(msg: dict[str, Any], key: str, max_len: int, optional: bool = False) -> str | None:
    v = msg.get(key)
    if v is None and optional:
        return None
    if not isinstance(v, str) or len(v) > max_len:
        raise ProtocolError(ErrorCode.BAD_MESSAGE,
                            f"'{key}' must be text of at most {max_len} characters")
    return v


def get_hex32(msg: dict[str, Any], key: str) -> bytes:
    """A 32-byte value written as 64 lowercase hex digits (fair-deal commits/reveals)."""
    v = msg.get(key)
    if not isinstance(v, str) or len(v) != 64:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"'{key}' must be 64 hex digits")
    try:
        return bytes.fromhex(v)
    except ValueError:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"'{key}' must be 64 hex digits") from None


def clean_name(raw: object) -> str:
    """A player name fit to show: NFC, no control or format characters, single spaces,
    at most ``MAX_NAME`` characters. ``ProtocolError`` (bad_name) if nothing is left."""
    if not isinstance(raw, str) or len(raw) > 1000:
        raise ProtocolError(ErrorCode.BAD_NAME, "a name is text")
    text = unicodedata.normalize("NFC", raw)
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or not unicodedata.category(ch).startswith("C"))
    name = " ".join(kept.split())[:MAX_NAME].strip()
    if not name:
        raise ProtocolError(ErrorCode.BAD_NAME, "the name is empty once cleaned")
    return name


def versions_compatible(game_version: str) -> bool:
    """Same protocol is required; the game must also agree on major.minor (rules, bots and
    presets may change between minor versions)."""
    return game_version.split(".")[:2] == GAME_VERSION.split(".")[:2]


def error(code: str, message: str, ref: object = None, fatal: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"t": "error", "code": code, "message": message, "fatal": fatal}
    if isinstance(ref, (int, str)) and not isinstance(ref, bool):
        out["id"] = ref
    return out


# ------------------------------------------------------------------ views


def view_to_dict(view: HandView) -> dict[str, Any]:
    """A ``HandView`` as JSON. Only what the view holds: for another seat, its cards are
    absent unless in ``shown`` (RULES.md step 8 — shown at showdown)."""
    return {
        "seat": view.seat,
        "rules": view.rules.to_dict(),
        "first": view.first,
        "dealt_in": list(view.dealt_in),
        "start_stacks": list(view.start_stacks),
        "stacks": list(view.stacks),
        "bets": list(view.bets),
        "contributed": list(view.contributed),
        "folded": list(view.folded),
        "bet_level": view.bet_level,
        "round": view.round,
        "to_act": view.to_act,
        "legal": view.legal.to_dict() if view.legal is not None else None,
        "my_cards": [c.code for c in view.my_cards],
        "shown": [[s, [c.code for c in cards]] for s, cards in sorted(view.shown.items())],
        "layers": [{"amount": la.amount, "eligible": list(la.eligible)} for la in view.layers],
        "actions": [a.to_dict() for a in view.actions],
        "is_over": view.is_over,
    }


def view_from_dict(data: Any) -> HandView:
    """Inverse of ``view_to_dict``; ``ProtocolError`` (bad_message) if malformed."""
    try:
        rules = RuleSet.from_dict(data["rules"])
        legal = data["legal"]
        actions = []
        for a in data["actions"]:
            ev = event_from_dict(a, rules)
            if not isinstance(ev, ActionTaken):
                raise ValueError("actions must be action events")
            actions.append(ev)
        return HandView(
            seat=None if data["seat"] is None else int(data["seat"]),
            rules=rules, first=int(data["first"]),
            dealt_in=tuple(bool(x) for x in data["dealt_in"]),
            start_stacks=tuple(int(x) for x in data["start_stacks"]),
            stacks=tuple(int(x) for x in data["stacks"]),
            bets=tuple(int(x) for x in data["bets"]),
            contributed=tuple(int(x) for x in data["contributed"]),
            folded=tuple(bool(x) for x in data["folded"]),
            bet_level=int(data["bet_level"]), round=int(data["round"]),
            to_act=None if data["to_act"] is None else int(data["to_act"]),
            legal=None if legal is None else Legal.from_dict(legal),
            my_cards=tuple(Card.parse(c) for c in data["my_cards"]),
            shown={int(s): tuple(Card.parse(c) for c in cards) for s, cards in data["shown"]},
            layers=tuple(PotLayer(int(la["amount"]), tuple(int(x) for x in la["eligible"]))
                         for la in data["layers"]),
            actions=tuple(actions), is_over=bool(data["is_over"]))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"malformed view: {exc}") from None


def check_roster(msg: dict[str, Any]) -> None:
    """A ``table`` message as the client relies on it; ``ProtocolError`` (bad_message)
    otherwise, so a malformed roster is refused on the network thread instead of
    breaking the window that draws it."""
    names = msg.get("names")
    if not isinstance(names, list) or not 2 <= len(names) <= 6:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "a roster lists 2..6 seats")
    n = len(names)

    def ok_list(key: str, kind: type | tuple[type, ...], nullable: bool = False) -> bool:
        value = msg.get(key)
        if value is None:
            return nullable
        return isinstance(value, list) and len(value) == n and all(
            isinstance(x, kind) and (kind is bool or not isinstance(x, bool)) for x in value)

    if not all(x is None or isinstance(x, str) for x in names) \
            or not ok_list("kinds", str) or not ok_list("connected", bool) \
            or not ok_list("stacks", int, nullable=True) \
            or not ok_list("buy_ins", int, nullable=True):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "malformed roster")


@dataclass(frozen=True)
class Message:
    """A message as the client hands it to the game loop: its type and its fields. For
    ``update``/``snapshot`` the client has already decoded ``view`` and ``events`` on its
    network thread, so a malformed one never reaches the game loop."""

    type: str
    data: dict[str, Any]
    view: HandView | None = None
    events: tuple[Event, ...] = ()
