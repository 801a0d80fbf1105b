"""The mental-poker deal at a LAN table (docs/PROTOCOL.md 12), through ``LanHost`` and
``LanClient`` over 127.0.0.1: persons with a bot play whole hands; nobody — the host
included — receives or holds a person's card before it is shown (a folded hand never);
a client killed in the middle of a hand and started again reads the same cards; garbage
deal steps are refused and change nothing; an old client is told why it cannot join.

Each hand here costs about a second of CPU (every party, host and seats, checks every
proof in this one process), so these tests play one or two hands each; the long privacy
capture (300 hands) is ``bench/mental_privacy.py``."""

from __future__ import annotations

import base64
import dataclasses
import json
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lieng.bots import make_bot
from lieng.deal.cards import point_of
from lieng.engine import FULL_DECK, Action, Card
from lieng.net import LanClient, LanError, LanHost, connect_local
from lieng.net import client as client_module
from lieng.net import transport as transport_module
from lieng.net.client_mental import PASSED, SECRET_PREFIX, MentalMessage
from lieng.net.mental_messages import MentalStep
from lieng.net.messages import ClientMessage, decode_client
from lieng.net.protocol import encode
from lieng.net.seat_tokens import SeatTokens
from tests.deal.walk import cards_in

QUOTED = {c: f'"{c.code}"'.encode() for c in FULL_DECK}
WAIT = 60.0
"""Seconds a condition may take before the test fails (a hang, not a figure)."""


def finished(client: LanClient) -> Callable[[], bool]:
    return lambda: client.closed is not None


def dealt(client: LanClient) -> Callable[[], bool]:
    """The client's view of the hand being played shows its three cards."""
    return lambda: client.view is not None and len(client.view.my_cards) == 3 \
        and not client.view.is_over


def leaks(cards: tuple[Card, ...], bodies: list[bytes]) -> list[str]:
    """Where any of ``cards`` appears in ``bodies`` (frame bodies): as a card code, or
    as its plain point inside a deal step's base64."""
    found = []
    for body in bodies:
        msg = json.loads(body)
        data = base64.b64decode(msg["data"]) if isinstance(msg.get("data"), str) else b""
        for card in cards:
            if QUOTED[card] in body or point_of(card) in data:
                found.append(f"{card.code} in {msg['t']}")
    return found


def test_the_leak_finder_finds_a_card_code_and_a_plain_point() -> None:
    card = FULL_DECK[7]
    step = {"t": "mp_step", "data": base64.b64encode(b"x" + point_of(card)).decode()}
    assert leaks((card,), [json.dumps(step).encode()]) == [f"{card.code} in mp_step"]
    assert leaks((card,), [json.dumps({"t": "update", "c": card.code}).encode()])
    assert not leaks((card,), [json.dumps({"t": "update", "c": "x"}).encode()])


def turn_or_closed(client: LanClient) -> Callable[[], bool]:
    return lambda: client.turn is not None or client.closed is not None


def fold_until_over(clients: list[LanClient]) -> None:
    """Each client folds whenever its turn comes, until the table has closed."""
    deadline = time.monotonic() + WAIT
    while not all(c.closed for c in clients):
        assert time.monotonic() < deadline, "the hand did not end"
        for c in clients:
            if c.turn is not None:
                c.send_action(Action.fold())
            c.wait_until(turn_or_closed(c), 0.05)


def send_raw(client: LanClient, frame: dict[str, object]) -> None:
    """Send a frame the client's own messages could not make (a hostile client)."""
    loop, writer = client._loop, client._writer
    assert loop is not None and writer is not None
    loop.call_soon_threadsafe(writer.write, encode(frame))


@pytest.mark.parametrize(("seats", "hands"), [(3, 1), (4, 1)])
def test_persons_and_a_bot_play_sealed_hands(make_host: Callable[..., LanHost],
                                             make_client: Callable[..., LanClient],
                                             seats: int, hands: int) -> None:
    host = make_host(seats=seats, bots=1, max_hands=hands, mental_deal=True)
    names = ["Ana", "Bảo", "Chi"][:seats - 1]
    clients = [make_client(host, name, pilot=i) for i, name in enumerate(names)]
    for c in clients:
        assert c.wait_until(finished(c), WAIT), "the game did not finish"
    host.stop()
    assert host.errors == [] and host.sealed is not None and host.sealed.faults == []
    assert [r.hand for r in host.history] == list(range(1, hands + 1))
    for c in clients:
        assert c.errors == [] and c.closed is not None and c.closed[0] == "finished"
        assert [(k.hand, k.ok, k.reason) for k in c.checks] == [
            (h, True, PASSED) for h in range(1, hands + 1)]
    for rec in host.history:
        assert sum(rec.stacks) == sum(rec.start_stacks)
        assert rec.deck == ()  # a sealed hand has no deck the host could know
        mine = {c.seat: c.hand_views[rec.hand].my_cards for c in clients
                if c.seat is not None}
        bot = seats - 1
        every = [card for cards in mine.values() for card in cards] + list(rec.cards[bot])
        assert all(len(cards) == 3 for cards in mine.values())
        assert len(set(every)) == 3 * seats  # nobody's card twice, the bot's included
        for seat, cards in mine.items():
            # The host knows a person's cards only once shown; its view lacks them else.
            assert rec.cards[seat] == (cards if seat in rec.shown else ())
            client = next(c for c in clients if c.seat == seat)
            host_view = rec.views[seat]
            assert host_view.my_cards in ((), cards)
            assert client.hand_views[rec.hand] == dataclasses.replace(host_view,
                                                                      my_cards=cards)


def test_the_hosting_players_seat_reads_its_cards_in_the_hosts_process(
        make_host: Callable[..., LanHost]) -> None:
    """Seat 0 is the hosting player's (``connect_local``): a seat like any other, whose
    cards the host's objects do not hold unless shown."""
    host = make_host(seats=2, bots=1, local_player="Tư", max_hands=1, mental_deal=True)
    me = connect_local(host, autopilot=make_bot("easy", rng=random.Random(0)))
    try:
        assert me.wait_until(finished(me), WAIT)
    finally:
        me.close()
    host.stop()
    rec = host.history[0]
    mine = me.hand_views[1].my_cards
    assert me.seat == 0 and len(mine) == 3 and me.errors == []
    assert [(k.hand, k.ok) for k in me.checks] == [(1, True)]
    assert rec.cards[0] == (mine if 0 in rec.shown else ())


def test_a_malicious_host_holds_no_persons_card(make_host: Callable[..., LanHost],
                                                make_client: Callable[..., LanClient],
                                                monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    """Everything the host's process receives and keeps, and everything each client
    receives, is captured: no person's card is in any of it but that person's own. The
    persons fold, so nothing is ever shown; the bot's cards are the host's to know."""
    received: list[bytes] = []
    decode = decode_client

    def spy(body: bytes) -> ClientMessage:
        received.append(body)
        return decode(body)

    monkeypatch.setattr(transport_module, "decode_client", spy)
    host = make_host(seats=3, bots=1, max_hands=1, turn_seconds=30.0, mental_deal=True)
    for name in ("Ana", "Bảo"):
        (tmp_path / name).mkdir()
    clients = [make_client(host, name, record_raw=True, deal_secrets=tmp_path / name)
               for name in ("Ana", "Bảo")]
    for c in clients:
        assert c.wait_until(dealt(c), WAIT)
    mine = {c.name: c.view.my_cards for c in clients if c.view is not None}
    persons = {card for cards in mine.values() for card in cards}
    assert len(persons) == 6
    assert not host.call(lambda: cards_in(host)) & persons  # during the hand
    for c in clients:  # the secret is on disk while the hand lasts
        assert len(list((tmp_path / c.name).glob(f"{SECRET_PREFIX}*"))) == 1
    fold_until_over(clients)
    host.stop()
    assert host.errors == [] and host.history[0].shown == ()
    assert not cards_in(host) & persons  # after the hand: a folded hand is never learnt
    assert received and not leaks(tuple(persons), received)
    for c in clients:
        others = tuple(card for name, cards in mine.items() if name != c.name
                       for card in cards)
        assert c.raw_frames and not leaks(others, c.raw_frames)
        assert any(json.loads(b)["t"] == "mp_step" for b in c.raw_frames)
        assert not list((tmp_path / c.name).glob(f"{SECRET_PREFIX}*"))  # forgotten


def test_a_client_killed_mid_hand_gets_its_cards_back(make_host: Callable[..., LanHost],
                                                     make_client: Callable[..., LanClient],
                                                     tmp_path: Path) -> None:
    host = make_host(seats=3, bots=1, max_hands=1, turn_seconds=30.0, mental_deal=True)
    folder = tmp_path / "ana"
    folder.mkdir()
    ana = make_client(host, "Ana", tokens=SeatTokens(folder), deal_secrets=folder)
    bao = make_client(host, "Bảo")
    assert ana.wait_until(dealt(ana), WAIT) and ana.view is not None
    cards, seat = ana.view.my_cards, ana.seat
    ana.drop_connection()  # as a killed game: its memory is gone, its folder stays
    again = make_client(host, "Ana", tokens=SeatTokens(folder), deal_secrets=folder)
    assert again.seat == seat
    assert again.wait_until(dealt(again), WAIT) and again.view is not None
    assert again.view.my_cards == cards
    # Garbage deal steps are refused with a clear error and change nothing.
    before = host.call(lambda: (len(host.table.hand.actions), host.sealed.dealer.outcome.fault)
                       if host.table and host.table.hand and host.sealed
                       and host.sealed.dealer.outcome else None)
    for frame in ({"t": "mp_step", "hand": 1, "party": seat, "kind": "shuffle", "data": "!"},
                  {"t": "mp_step", "hand": 1, "party": seat, "kind": "peek", "data": ""},
                  {"t": "mp_step", "hand": 1, "party": 300, "kind": "open", "data": ""}):
        send_raw(again, frame)
    assert again.wait_until(lambda: len(again.errors) >= 3, WAIT)
    assert [e.code for e in again.errors] == ["bad_deal", "bad_message", "bad_message"]
    assert "kind" in again.errors[1].message and "party" in again.errors[2].message
    after = host.call(lambda: (len(host.table.hand.actions), host.sealed.dealer.outcome.fault)
                      if host.table and host.table.hand and host.sealed
                      and host.sealed.dealer.outcome else None)
    assert before == after and before is not None and before[1] is None
    fold_until_over([again, bao])
    assert [(k.hand, k.ok) for k in again.checks] == [(1, True)]
    assert not list(folder.glob(f"{SECRET_PREFIX}*"))


def test_a_false_shuffle_stops_the_deal_names_the_player_and_moves_no_chip(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Bảo's game sends a shuffle whose deck is not what its proof says (one byte of a
    card point changed): the host names Bảo and plays no hand; Bảo sits the next deal out
    (RULES.md "Showdown openings") and the others play it."""
    host = make_host(seats=3, bots=1, max_hands=1, mental_deal=True)
    ana = make_client(host, "Ana", pilot=0)
    bao = make_client(host, "Bảo", pilot=1)
    honest = bao.mental.on_message

    def cheat(msg: MentalMessage) -> list[MentalStep]:
        out = []
        for step in honest(msg):
            if step.kind == "shuffle":
                raw = bytearray(base64.b64decode(step.data))
                raw[40] ^= 1  # inside the first card point of the deck
                step = dataclasses.replace(step, data=base64.b64encode(bytes(raw)).decode())
            out.append(step)
        return out

    monkeypatch.setattr(bao.mental, "on_message", cheat)
    for c in (ana, bao):
        assert c.wait_until(finished(c), WAIT)
    host.stop()
    assert host.errors == [] and host.sealed is not None
    assert len(host.sealed.faults) == 1 and host.sealed.faults[0].startswith("Bảo: ")
    assert "no chip was lost" in host.sealed.faults[0]
    for c in (ana, bao):
        stopped = [k for k in c.checks if k.stopped_by is not None]
        assert [(k.hand, k.ok, k.stopped_by) for k in stopped] == [(1, False, bao.seat)]
    rec = host.history[0]
    assert bao.seat is not None and not rec.dealt_in[bao.seat]  # sat the next deal out
    # The stopped deal moved no chip: the hand played next started from the buy-ins.
    # (That hand itself may bust a seat, which then rebuys: chips_in counts it.)
    assert [rec.start_stacks[s] for s in range(3) if rec.dealt_in[s]] == [1000, 1000]
    assert host.table is not None and host.table.stacks[bao.seat] == 1000
    assert host.table is not None and sum(host.table.stacks) == host.chips_in
    assert [(k.hand, k.ok) for k in ana.checks if k.stopped_by is None] == [(1, True)]


def test_an_old_client_is_told_the_table_speaks_protocol_3(
        make_host: Callable[..., LanHost], monkeypatch: pytest.MonkeyPatch) -> None:
    host = make_host(seats=2, bots=1, start_when=99, mental_deal=True)
    monkeypatch.setattr(client_module, "PROTOCOL_VERSION", 2)
    with pytest.raises(LanError) as refused:
        LanClient("127.0.0.1", host.port, name="Old").connect()
    assert refused.value.code == "version_mismatch"
    assert "protocol 3" in refused.value.message
