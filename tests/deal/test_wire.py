"""The deal's steps on the wire (lieng/deal/wire.py): round trips, and every malformed
text refused with a message — a torsion point, a scalar ≥ L, a wrong length, positions
out of order."""

from __future__ import annotations

import base64
import secrets
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lieng.deal import group as g
from lieng.deal import wire
from lieng.deal.mental import DEALER, DealFault, DealSetup, DealState, PartySecret

ORDER_8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")


@pytest.fixture(scope="module")
def dealt() -> tuple[DealState, dict[int, PartySecret], list[str], list[str]]:
    setup = DealSetup(3, secrets.token_bytes(32), (0, 1, DEALER), (0, 1, 0, 1, 0, 1))
    state = DealState(setup)
    secs = {p: PartySecret(p) for p in setup.parties}
    shuffles, unlocks = [], []
    for p in setup.parties:
        text = wire.encode_shuffle(secs[p].shuffle(state))
        shuffles.append(text)
        state.accept_shuffle(wire.decode_shuffle(p, text))
    for p in setup.parties:
        text = wire.encode_unlock(secs[p].unlock(state))
        unlocks.append(text)
        state.accept_unlock(wire.decode_unlock(p, text))
    return state, secs, shuffles, unlocks


def test_steps_survive_the_wire_and_the_deal_completes(dealt: tuple[
        DealState, dict[int, PartySecret], list[str], list[str]]) -> None:
    state, secs, shuffles, unlocks = dealt
    assert len(base64.b64decode(shuffles[0])) == wire.SHUFFLE_BYTES == 8512
    assert len(base64.b64decode(shuffles[2])) == wire.LOCK_BYTES == 1760
    assert len(base64.b64decode(unlocks[0])) == 3 * wire.UNLOCK_CARD_BYTES
    mine = secs[1].my_cards(state)
    opening = wire.decode_opening(1, wire.encode_opening(secs[1].open(state, mine)))
    assert state.accept_opening(opening) == mine


def patched(text: str, at: int, data: bytes) -> str:
    raw = bytearray(base64.b64decode(text))
    raw[at:at + len(data)] = data
    return base64.b64encode(bytes(raw)).decode()


def test_a_torsion_point_in_a_shuffle_is_refused(dealt: tuple[
        DealState, dict[int, PartySecret], list[str], list[str]]) -> None:
    text = dealt[2][0]
    with pytest.raises(wire.WireError, match="bad point"):
        wire.decode_shuffle(0, patched(text, 32 * 5, ORDER_8))
    with pytest.raises(wire.WireError, match="bad scalar"):
        wire.decode_shuffle(0, patched(text, 32 * 157, g.L.to_bytes(32, "little")))
    with pytest.raises(wire.WireError, match="1760 bytes"):
        wire.decode_shuffle(DEALER, text)  # a shuffle where the dealer's lock belongs
    lock_text = dealt[2][2]
    with pytest.raises(wire.WireError, match="bad point"):
        wire.decode_shuffle(DEALER, patched(lock_text, 0, ORDER_8))


@pytest.mark.parametrize("bad", [None, 7, "not base64!", "", base64.b64encode(b"x" * 96).decode()])
def test_malformed_texts_are_refused(bad: object) -> None:
    with pytest.raises(wire.WireError):
        wire.decode_shuffle(0, bad)
    if bad != "":
        with pytest.raises(wire.WireError):
            wire.decode_unlock(0, bad)


def test_unlock_positions_must_increase(dealt: tuple[
        DealState, dict[int, PartySecret], list[str], list[str]]) -> None:
    raw = base64.b64decode(dealt[3][0])
    n = wire.UNLOCK_CARD_BYTES
    swapped = raw[n:2 * n] + raw[:n] + raw[2 * n:]
    with pytest.raises(wire.WireError, match="increase"):
        wire.decode_unlock(0, base64.b64encode(swapped).decode())
    with pytest.raises(wire.WireError, match="does not exist"):
        wire.decode_opening(0, base64.b64encode(bytes([0, 52]) + bytes(64)).decode())


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400), st.sampled_from([0, 3, DEALER]))
def test_any_bytes_are_a_step_or_a_clear_refusal(data: bytes, party: int) -> None:
    """Text from strangers: whatever arrives, decoding gives a step or ``WireError``."""
    text = base64.b64encode(data).decode()
    for decoder in (wire.decode_shuffle, wire.decode_unlock, wire.decode_opening):
        try:
            decoder(party, text)
        except wire.WireError as exc:
            assert str(exc)


@cache
def shuffled() -> tuple[DealState, bytes]:
    """A deal after its shuffles, and seat 0's honest unlock step. A refused step leaves
    the state as it was (``accept_unlock`` checks every card before it keeps any), so one
    state serves every example."""
    setup = DealSetup(4, bytes(32), (0, 1, DEALER), (0, 1, 0, 1, 0, 1))
    state = DealState(setup)
    secs = {p: PartySecret(p) for p in setup.parties}
    for p in setup.parties:
        state.accept_shuffle(secs[p].shuffle(state))
    return state, base64.b64decode(wire.encode_unlock(secs[0].unlock(state)))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 97 * 3 - 1), st.integers(1, 255))
def test_a_flipped_byte_in_an_unlock_is_refused_or_fails_its_check(
        at: int, flip: int) -> None:
    """One changed byte: the reader refuses it, or the state's check names the sender."""
    state, honest = shuffled()
    raw = bytearray(honest)
    raw[at] ^= flip
    try:
        step = wire.decode_unlock(0, base64.b64encode(bytes(raw)).decode())
    except wire.WireError:
        return
    with pytest.raises(DealFault) as caught:
        state.accept_unlock(step)
    assert caught.value.party == 0
