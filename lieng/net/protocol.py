"""The LAN wire format: length-prefixed JSON frames, error codes, names and versions.

Why JSON and not pickle: a frame from the network is data, never code. Every frame is
``4-byte big-endian length`` + that many bytes of UTF-8 JSON holding one object whose
``"t"`` names the message; anything else is a ``ProtocolError`` that the host answers
with an error message and otherwise ignores ("Protocol"). ``docs/PROTOCOL.md``
is the reference for writing a client; this module is its executable form.

Each message is a typed object of lieng/net/messages.py, decoded once at the boundary.
Views cross the wire as ``lieng.engine.views.view_to_dict(hand.view_for(seat))``, so a
seat receives exactly what ARCHITECTURE.md allows it to know — other seats' cards are
absent from the data, not hidden by the renderer.
"""

from __future__ import annotations

import asyncio
import json
import re
import struct
from typing import TYPE_CHECKING, Any

import lieng
from lieng.names import display_name

if TYPE_CHECKING:
    pass

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
