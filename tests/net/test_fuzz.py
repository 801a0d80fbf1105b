"""A bounded fuzz of the wire decoder: whatever bytes arrive, ``decode_client``
and ``decode_host`` either return a well-formed typed message or raise ``ProtocolError``
— never another exception — and what they return survives a round trip unchanged.
Runs in seconds (200 examples per property, small values, no deadline surprises)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lieng.engine import PRESETS, Action, Hand
from lieng.engine.views import view_to_dict
from lieng.net.fairdeal import commit, new_value
from lieng.net.fields import WireMessage
from lieng.net.messages import (
    CLIENT_MESSAGES,
    HOST_MESSAGES,
    decode_client,
    decode_host,
    error,
)
from lieng.net.protocol import GAME_VERSION, MAX_FRAME, PROTOCOL_VERSION, ProtocolError, encode

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

FIELD_NAMES = sorted({"t", "id", "hand", "turn", "seat", "action", "kind", "k", "proto",
                      "game", "name", "password", "token", "commit", "value", "view",
                      "events", "legal", "seconds", "names", "kinds", "connected", "stacks",
                      "buy_ins", "started", "host_seat", "host_commit", "seats", "commits",
                      "values", "host_value", "code", "message", "fatal", "reason", "rules",
                      "table", "turn_seconds", "stack", "rebuy", "watching", "type"})
TYPES = sorted(set(CLIENT_MESSAGES) | set(HOST_MESSAGES))

scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
           | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=70) | st.sampled_from(["AS", "10H", "fold", "raise", "ab" * 32]))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=5), inner, max_size=4),
    max_leaves=8)


def _body(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _decodes_or_refuses(body: bytes) -> None:
    for decode in (decode_client, decode_host):
        try:
            msg = decode(body)
        except ProtocolError as exc:
            assert exc.code and exc.message
            continue
        assert isinstance(msg, WireMessage)
        again = decode(encode(msg.to_dict())[4:])
        assert again == msg


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
         "buy_ins": [1, 1, 1], "hand": 1, "started": True, "host_seat": 0},
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
@given(st.text(max_size=200), st.text(max_size=100_000),
       st.one_of(st.none(), st.text(max_size=70_000), st.integers(), st.booleans(),
                 st.lists(st.integers())))
def test_an_error_always_fits_in_a_frame(code: str, message: str, ref: object) -> None:
    assert len(encode(error(code, message, ref).to_dict())) <= MAX_FRAME + 4
