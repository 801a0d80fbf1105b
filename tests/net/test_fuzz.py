"""A bounded fuzz of the wire decoder: whatever bytes arrive, ``decode_client``
and ``decode_host`` either return a well-formed typed message or raise ``ProtocolError``
— never another exception — and what they return survives a round trip unchanged.
Runs in seconds (200 examples per property, small values, no deadline surprises).

The values include what broke the second round of attacks (issue #23): lone UTF-16
surrogates (``"\\ud800"``), whole numbers past float range (``10**400``) and numbers of
5,000 digits (longer than Python's JSON reads) — and the last test sends them through
every decoder of data from outside: the wire, the beacon, the engine's JSON forms and
the files."""

from __future__ import annotations

import json
import math
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lieng.engine import PRESETS, Action, Hand, Legal, RuleSet, event_from_dict
from lieng.engine.views import legal_from_dict, view_from_dict, view_to_dict
from lieng.net.discovery import BEACON_KIND, decode_beacon
from lieng.net.fairdeal import commit, new_value
from lieng.net.messages import (
    CLIENT_MESSAGES,
    HOST_MESSAGES,
    decode_client,
    decode_host,
    error,
)
from lieng.net.protocol import (
    GAME_VERSION,
    MAX_FRAME,
    PROTOCOL_VERSION,
    ProtocolError,
    WireMessage,
    encode,
)
from lieng.storage.atomic import BadFileError
from lieng.storage.bankroll import SCHEMA as BANKROLL
from lieng.storage.documents import decode_document
from lieng.storage.history import decode_line
from lieng.storage.settings import SCHEMA as SETTINGS

from ..text_strategy import utf8_text
from .conftest import LOOPBACK

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

FIELD_NAMES = sorted({"t", "id", "hand", "turn", "seat", "action", "kind", "k", "proto",
                      "game", "name", "password", "token", "commit", "value", "view",
                      "events", "legal", "seconds", "names", "kinds", "connected", "stacks",
                      "buy_ins", "started", "host_seat", "host_commit", "seats", "commits",
                      "values", "host_value", "code", "message", "fatal", "reason", "rules",
                      "table", "turn_seconds", "stack", "rebuy", "watching", "type",
                      "party", "data", "nonce", "parties", "deadline", "levels"})
TYPES = sorted(set(CLIENT_MESSAGES) | set(HOST_MESSAGES))



class Digits:
    """A JSON number written out as ``text``: 5,000 digits, which ``json.dumps`` refuses
    to write and ``json.loads`` to read (Python's 4,300-digit limit)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Digits({self.text[:12]}…{len(self.text)} chars)"


LONE_SURROGATES = st.sampled_from(["\ud800", "\udfff", "a\udc00b", "\ud83d", "x" * 63 + "\ud800"])
PAST_FLOAT = (st.integers(2**1024, 10**400) | st.integers(-(10**400), -(2**1024))
              | st.sampled_from([10**400, -(10**309), 2**1024]))
"""Whole numbers ``float()`` and ``math.isfinite`` refuse with ``OverflowError``."""
DIGITS_4999 = st.binary(min_size=4999, max_size=4999).map(
    lambda raw: bytes(48 + b % 10 for b in raw).decode("ascii"))
"""Any string of 4,999 decimal digits, drawn as one block of bytes: ``st.text`` over the
digits drew each of the 4,999 characters on its own, four times the CPU for the same
strings (docs/PERFORMANCE.md, "The test suite")."""
FIVE_THOUSAND_DIGITS = st.builds(
    lambda sign, digits, tail: Digits(sign + "1" + digits + tail), st.sampled_from(["", "-"]),
    DIGITS_4999, st.sampled_from(["", ".5", "e3"]))
hostile = LONE_SURROGATES | PAST_FLOAT | FIVE_THOUSAND_DIGITS

scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
           | st.floats(allow_nan=False, allow_infinity=False)
           | utf8_text(max_size=70) | st.sampled_from(["AS", "10H", "fold", "raise", "ab" * 32])
           | hostile)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(FIELD_NAMES) | utf8_text(max_size=5), inner, max_size=4),
    max_leaves=8)


def _body(data: Any) -> bytes:
    """``data`` as a frame body; ``Digits`` are written as bare numbers, and text UTF-8
    cannot hold (a lone surrogate) as ``\\u`` escapes — as any JSON peer could send."""
    long_numbers: list[str] = []

    def number(value: object) -> str:
        if not isinstance(value, Digits):
            raise TypeError(type(value).__name__)
        long_numbers.append(value.text)
        return f"@@digits{len(long_numbers) - 1}@@"

    try:
        text = json.dumps(data, ensure_ascii=False, default=number)
        text.encode("utf-8")
    except UnicodeEncodeError:
        long_numbers.clear()
        text = json.dumps(data, ensure_ascii=True, default=number)
    for i, digits in enumerate(long_numbers):
        text = text.replace(f'"@@digits{i}@@"', digits, 1)
    return text.encode("utf-8")


def _numbers(value: Any) -> list[int | float]:
    """Every number in a decoded message's JSON form (bools aside)."""
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return [value] if type(value) in (int, float) else []


def _decodes_or_refuses(body: bytes) -> None:
    for decode in (decode_client, decode_host):
        try:
            msg = decode(body)
        except ProtocolError as exc:
            assert exc.code and exc.message
            continue
        assert isinstance(msg, WireMessage)
        again = decode(encode(msg.to_dict())[4:])  # encodes: no lone surrogate got in
        assert again == msg
        # Every number a screen may show or a clock may use fits: no amount of thousands
        # of digits, nothing past float range (issue #23, items 2 and 3).
        assert all(abs(n) <= 2**53 and math.isfinite(n) for n in _numbers(msg.to_dict()))


def _valid_messages() -> list[dict[str, Any]]:
    """One well-formed example of (nearly) every message, to mutate."""
    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0, rng=random.Random(3))
    hand.act(hand.legal().seat, Action.call())
    view = view_to_dict(hand.view_for(1))
    events = [e.to_dict() for e in hand.events_for(1)]
    h = commit(new_value()).hex()
    return [
        {"t": "hello", "proto": PROTOCOL_VERSION, "game": GAME_VERSION, "name": "Ana",
         "password": "pw", "token": "ab" * 16},
        {"t": "action", "hand": 1, "turn": 0, "action": {"kind": "raise", "k": 2}, "id": 7},
        {"t": "commit", "hand": 1, "commit": h, "id": "c"},
        {"t": "reveal", "hand": 1, "value": h},
        {"t": "ping", "id": 1}, {"t": "bye"},
        {"t": "welcome", "proto": 2, "game": GAME_VERSION, "seat": 1, "token": "x",
         "name": "A", "table": "T", "seats": 3, "rules": hand.rules.to_dict(),
         "turn_seconds": 20.0, "stack": 1000, "rebuy": True, "watching": False},
        {"t": "snapshot", "hand": 1, "seat": 1, "view": view, "events": events},
        {"t": "update", "hand": 1, "events": events[-2:], "view": view},
        {"t": "your_turn", "hand": 1, "turn": 1, "legal": view["legal"] or
         hand.legal().to_dict(), "seconds": 3.5},
        {"t": "table", "names": ["A", None, "C"], "kinds": ["human", "open", "bot"],
         "connected": [True, False, False], "stacks": [990, 990, 990],
         "buy_ins": [1, 1, 1], "hand": 1, "started": True, "host_seat": 0,
         "levels": [None, None, "hard"]},
        {"t": "deal_start", "hand": 2, "host_commit": h, "seats": [0, 1]},
        {"t": "deal_commits", "hand": 2, "commits": [[0, h], [1, h]]},
        {"t": "deal_proof", "hand": 2, "host_value": h, "commits": [[0, h]],
         "values": [[0, h]]},
        {"t": "ack", "id": 3}, {"t": "pong"},
        {"t": "error", "code": "bad_message", "message": "m", "fatal": False, "id": "x"},
        {"t": "closed", "reason": "finished", "message": "bye"},
    ]


VALID = _valid_messages()


def test_every_valid_example_decodes() -> None:
    """The mutation fuzz below starts from messages that really are valid."""
    for data in VALID:
        registry = CLIENT_MESSAGES if data["t"] in CLIENT_MESSAGES else HOST_MESSAGES
        decode = decode_client if registry is CLIENT_MESSAGES else decode_host
        msg = decode(_body(data))
        assert type(msg) is registry[data["t"]]
        assert decode(encode(msg.to_dict())[4:]) == msg


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_are_refused_cleanly(body: bytes) -> None:
    _decodes_or_refuses(body)


@FUZZ
@given(st.sampled_from(TYPES), st.dictionaries(st.sampled_from(FIELD_NAMES), json_values,
                                               max_size=6))
def test_random_fields_under_every_type(t: str, fields: dict[str, Any]) -> None:
    _decodes_or_refuses(_body({**fields, "t": t}))


@FUZZ
@given(st.sampled_from(range(len(VALID))), st.data())
def test_one_field_of_a_valid_message_changed(i: int, data: st.DataObject) -> None:
    msg = json.loads(json.dumps(VALID[i]))
    target: Any = msg
    # Walk into the message (views, lists, rules…) and replace one value somewhere.
    for _ in range(data.draw(st.integers(0, 3))):
        if isinstance(target, dict) and target:
            key = data.draw(st.sampled_from(sorted(target)))
            if isinstance(target[key], (dict, list)) and target[key]:
                target = target[key]
        elif isinstance(target, list) and target:
            j = data.draw(st.integers(0, len(target) - 1))
            if isinstance(target[j], (dict, list)) and target[j]:
                target = target[j]
    if isinstance(target, dict):
        key = data.draw(st.sampled_from([*sorted(target), "extra"]))
        if data.draw(st.booleans()) and key in target and key != "t":
            del target[key]
        else:
            target[key] = data.draw(json_values)
    elif isinstance(target, list) and target:
        target[data.draw(st.integers(0, len(target) - 1))] = data.draw(json_values)
    _decodes_or_refuses(_body(msg))


@FUZZ
@given(utf8_text(max_size=200), utf8_text(max_size=100_000),
       st.one_of(st.none(), utf8_text(max_size=70_000), st.integers(), st.booleans(),
                 st.lists(st.integers())))
def test_an_error_always_fits_in_a_frame(code: str, message: str, ref: object) -> None:
    assert len(encode(error(code, message, ref).to_dict())) <= MAX_FRAME + 4


# ------------------------------------------------------------------ every decoder

def _beacon(data: Any) -> None:
    if isinstance(data, dict):
        data = {**data, "kind": BEACON_KIND, "proto": PROTOCOL_VERSION}
    info = decode_beacon(_body(data), LOOPBACK)
    assert info is None or (info.ad.name and 1 <= info.ad.bet <= 10**6)


def _document(data: Any) -> None:
    for schema in (BANKROLL, SETTINGS):
        try:
            decode_document(_body({"schema": schema.name, "version": schema.version,
                                   "data": data}), schema)
        except BadFileError as exc:
            assert exc.en and exc.vi


def _parsed(data: Any) -> Any:
    """``data`` as a JSON peer's values arrive: parsed from its text (a 5,000-digit number
    is refused right there, like ``json.loads`` refuses it everywhere)."""
    return json.loads(_body(data))


DECODERS = {
    "wire": lambda data: _decodes_or_refuses(_body({**data, "t": data.get("t", "")})
                                             if isinstance(data, dict) else _body(data)),
    "beacon": _beacon,
    "view": lambda data: view_from_dict(_parsed(data)),
    "legal": lambda data: legal_from_dict(_parsed(data)),
    "Legal": lambda data: Legal.from_dict(_parsed(data)),
    "event": lambda data: event_from_dict(_parsed(data)),
    "rules": lambda data: RuleSet.from_dict(_parsed(data)),
    "action": lambda data: Action.from_dict(_parsed(data)),
    "history line": lambda data: decode_line(_parsed(data)),
    "document": _document,
}
"""Every decoder of data from outside, and what each may raise besides returning."""


def _hostile_versions(base: dict[str, Any], value: Any) -> list[dict[str, Any]]:
    """``base`` with each of its fields (and the fields one level down) set to ``value``."""
    out = [{**base, key: value} for key in base]
    for key, inner in base.items():
        if isinstance(inner, dict):
            out += [{**base, key: {**inner, k: value}} for k in inner]
    return out


SAMPLES: list[dict[str, Any]] = [
    *VALID,
    {"kind": "lieng-table", "proto": PROTOCOL_VERSION, "game": GAME_VERSION, "name": "T",
     "port": 47123, "players": 1, "seats": 4, "bots": 1, "bet": 10, "preset": "classic",
     "password": False, "started": False},
    json.loads(json.dumps(VALID[7]["view"])),  # a view
    json.loads(json.dumps(VALID[9]["legal"])),  # a turn offer
    *json.loads(json.dumps(VALID[7]["events"]))[:6],  # events
    PRESETS["classic"].to_dict(),
    {"kind": "raise", "k": 3},
    {"balance": 5000, "at_table": 0, "hands": 3, "last_refill": None, "id": "0" * 32},
]


@FUZZ
@given(st.sampled_from(sorted(DECODERS)), st.sampled_from(range(len(SAMPLES))), hostile)
def test_hostile_values_in_every_decoder(decoder: str, sample: int, value: Any) -> None:
    """A lone surrogate, a number past float range or one of 5,000 digits in any field of
    a valid example, through any decoder: a value, or the decoder's own error — never an
    ``OverflowError``, ``UnicodeError`` or a ``ValueError`` from deep inside formatting."""
    for data in _hostile_versions(SAMPLES[sample], value):
        try:
            DECODERS[decoder](data)
        except (ProtocolError, BadFileError):
            pass
        except ValueError as exc:  # the engine's decoders: ValueError with a reason
            assert decoder not in ("wire", "beacon", "document"), exc
            assert not isinstance(exc, UnicodeError) and str(exc)
