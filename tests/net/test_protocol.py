"""Frames, message checks, name cleaning and views as JSON (lieng/net/protocol.py)."""

from __future__ import annotations

import asyncio
import json
import random
import struct

import pytest

from lieng.engine import PRESETS, Action, Hand
from lieng.engine.views import view_from_dict, view_to_dict
from lieng.net.protocol import (
    MAX_FRAME,
    ErrorCode,
    Fields,
    ProtocolError,
    clean_name,
    decode,
    encode,
    frame_length,
    read_frame,
)


def _read_all(stream: bytes, chunk_seed: int) -> list[bytes]:
    """Frames as ``read_frame`` (the host's and the client's framing) reads them from
    ``stream`` arriving in random chunks."""
    async def run() -> list[bytes]:
        reader = asyncio.StreamReader()
        rng = random.Random(chunk_seed)
        i = 0
        while i < len(stream):
            step = rng.randint(1, 40)
            reader.feed_data(stream[i:i + step])
            i += step
        reader.feed_eof()
        out = []
        while True:
            try:
                out.append(await read_frame(reader, 1.0))
            except asyncio.IncompleteReadError:
                return out
    return asyncio.run(run())


def test_frame_round_trip_in_arbitrary_chunks() -> None:
    msgs = [{"t": "ping", "id": i, "name": "Bà Tư ♥"} for i in range(50)]
    stream = b"".join(encode(m) for m in msgs)
    assert [decode(b) for b in _read_all(stream, 3)] == msgs


def test_oversized_frames_are_refused_both_ways() -> None:
    with pytest.raises(ProtocolError) as exc:
        encode({"t": "x", "pad": "a" * MAX_FRAME})
    assert exc.value.code == ErrorCode.TOO_LARGE
    with pytest.raises(ProtocolError) as exc:
        frame_length(struct.pack(">I", MAX_FRAME + 1))
    assert exc.value.code == ErrorCode.TOO_LARGE
    assert frame_length(struct.pack(">I", MAX_FRAME)) == MAX_FRAME
    with pytest.raises(ProtocolError):
        _read_all(struct.pack(">I", 2**32 - 1) + b"{}", 1)


@pytest.mark.parametrize("body", [
    b"\xff\xfe", b"{", b"[1, 2]", b'"hi"', b"{}", b'{"t": 5}', b"NaN", b'{"t": "a", "x": NaN}',
    b"[" * 50_000, b'{"t": "a", "n": ' + b"9" * 5000 + b"}", b"\x00" * 10,
])
def test_bad_bodies_are_protocol_errors(body: bytes) -> None:
    with pytest.raises(ProtocolError) as exc:
        decode(body)
    assert exc.value.code in (ErrorCode.BAD_FRAME, ErrorCode.BAD_MESSAGE)


def test_frames_carry_no_pickle_or_code() -> None:
    """A frame is data: the decoder gives back plain JSON types only."""
    body = json.dumps({"t": "hello", "name": "__import__('os').system('x')",
                       "x": {"__class__": "Card"}}).encode()
    msg = decode(body)
    assert msg["name"] == "__import__('os').system('x')"
    assert msg["x"] == {"__class__": "Card"}


@pytest.mark.parametrize(("raw", "clean"), [
    ("  Ana  ", "Ana"),
    ("Nguye\u0302\u0303n", "Nguyễn"),          # NFD in, NFC out
    ("a\x00b\x1bc\u200bd\u202ee", "abcde"),   # control and format characters go
    ("tab\there\nnew", "tab here new"),
    ("x" * 50, "x" * 20),
    ("Chị Hằng " * 3, "Chị Hằng Chị Hằng Ch"),
])
def test_names_are_cleaned(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


@pytest.mark.parametrize("raw", ["", "   ", "\x00\x01", 42, None, ["a"], "y" * 5000])
def test_empty_or_non_text_names_are_refused(raw: object) -> None:
    with pytest.raises(ProtocolError) as exc:
        clean_name(raw)
    assert exc.value.code == ErrorCode.BAD_NAME


def test_hex_values_are_exactly_32_bytes() -> None:
    assert Fields({"t": "x", "v": "ab" * 32}).hex32("v") == bytes([0xAB]) * 32
    for bad in ["ab" * 31, "zz" * 32, 5, None, "AB" * 33]:
        with pytest.raises(ProtocolError):
            Fields({"t": "x", "v": bad}).hex32("v")


def test_views_survive_json_exactly() -> None:
    """A view read back from its JSON equals the host's ``view_for`` for every seat, at
    every step of many random hands (showdowns and side pots included)."""
    rng = random.Random(11)
    for _ in range(60):
        n = rng.randint(2, 6)
        stacks = [rng.choice([5, 40, 200, 1000]) for _ in range(n)]
        if sum(s >= 10 for s in stacks) < 2:
            stacks[0] = stacks[1] = 1000
        hand = Hand(PRESETS[rng.choice(list(PRESETS))], stacks, rng.randrange(n),
                    rng=random.Random(rng.random()))
        while True:
            for seat in [None, *range(n)]:
                view = hand.view_for(seat)
                wire = json.loads(json.dumps(view_to_dict(view)))
                assert view_from_dict(wire) == view
            if hand.is_over:
                break
            legal = hand.legal()
            options = [Action.fold(), Action.call()]
            if legal.raise_k:
                options.append(Action.raise_(rng.choice(list(legal.raise_k))))
            if legal.all_in is not None:
                options.append(Action.all_in())
            hand.act(legal.seat, rng.choice(options))


def test_a_view_never_holds_another_seats_hidden_cards() -> None:
    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0, rng=random.Random(5))
    for seat in range(3):
        text = json.dumps(view_to_dict(hand.view_for(seat)))
        for other in range(3):
            for card in hand.cards_of(other):
                assert (f'"{card.code}"' in text) == (other == seat)


def test_malformed_views_are_refused() -> None:
    hand = Hand(PRESETS["classic"], [1000, 1000], 0, rng=random.Random(5))
    good = view_to_dict(hand.view_for(0))
    for key, value in [("rules", "x"), ("my_cards", "x"), ("actions", "x"), ("stacks", "x"),
                       ("stacks", [True, 1000]), ("bet_level", True), ("first", 2),
                       ("to_act", -1), ("folded", [0, 0]), ("dealt_in", [True]),
                       ("my_cards", ["AS", "KS", "QS", "JS"]), ("is_over", 1),
                       ("stacks", [1000] * 7)]:
        bad = dict(good)
        bad[key] = value
        with pytest.raises(ValueError):
            view_from_dict(bad)
    with pytest.raises(ValueError):
        view_from_dict([])


def test_bot_names_at_one_table_are_distinct() -> None:
    from lieng.names import distinct_name as unique_name

    assert unique_name("Anh Tám", {"Lan"}) == "Anh Tám"
    assert unique_name("Anh Tám", {"Anh Tám"}) == "Anh Tám (2)"
    assert unique_name("Anh Tám", {"Anh Tám", "Anh Tám (2)"}) == "Anh Tám (3)"


def _update(hand: Hand, events: list[dict[str, object]]) -> bytes:
    return json.dumps({"t": "update", "hand": 1, "events": events,
                       "view": view_to_dict(hand.view_for(0))}).encode()


def test_messages_are_checked_once_at_the_boundary() -> None:
    """Typed decoding refuses, with a reason, what the old dict messages let through to
    the code behind them: bools for numbers, numbers for lists, seats off the table."""
    from lieng.net.messages import ActionRequest, Update, decode_client, decode_host

    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0, rng=random.Random(2))
    good = [e.to_dict() for e in hand.events_for(0)]
    assert isinstance(decode_host(_update(hand, good)), Update)

    def changed(kind: str, **fields: object) -> list[dict[str, object]]:
        out = [dict(e) for e in good]
        event = next(e for e in out if e["type"] == kind)
        event.update(fields)
        return out

    for events in [changed("ante", amount=True), changed("ante", seat=3),
                   changed("hand_started", stacks=[1000, 1000]),
                   changed("turn", legal={**hand.legal().to_dict(), "seat": True}),
                   changed("card_dealt", index=-1), changed("hand_started", dealt_in=1)]:
        with pytest.raises(ProtocolError) as exc:
            decode_host(_update(hand, events))
        assert exc.value.code == ErrorCode.BAD_MESSAGE and "events" in exc.value.message
    act = {"t": "action", "hand": 1, "turn": 0, "action": {"kind": "call"}}
    assert isinstance(decode_client(json.dumps(act).encode()), ActionRequest)
    bads: list[dict[str, object]] = [
        {"hand": True}, {"turn": -1}, {"hand": 2**40}, {"seat": 9},
        {"action": {"kind": "raise", "k": True}}, {"id": [1]}, {"id": 2**60}, {"id": "x" * 65}]
    for bad in bads:
        with pytest.raises(ProtocolError) as exc:
            decode_client(json.dumps({**act, **bad}).encode())
        assert exc.value.code == ErrorCode.BAD_MESSAGE, bad
    with pytest.raises(ProtocolError) as exc:
        decode_client(json.dumps({"t": "hello", "proto": "2", "game": "0.1"}).encode())
    assert exc.value.code == ErrorCode.VERSION_MISMATCH
