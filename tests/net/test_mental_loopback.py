"""The mental deal's host round and its seats over 127.0.0.1: each seat its own socket,
the host relaying every step in the LAN framing (lieng/net/protocol.py). A whole hand is
dealt, bet and shown down with checked openings, on 2 to 6 seats with and without a bot;
no seat receives the plain point of another person's card, nor does the host learn one
before it is opened."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import json
from collections.abc import Callable

import pytest

from lieng.deal.cards import point_of
from lieng.engine import PRESETS, Action, Card, SealedHand, Showdown
from lieng.net.mental_messages import MentalFault, MentalOpenRequest, MentalStart, MentalStep
from lieng.net.mental_player import MentalPlayer
from lieng.net.mental_round import MentalDealer
from lieng.net.protocol import Fields, WireMessage, decode, encode, read_frame
from tests.deal.walk import cards_in

LOOPBACK = "127.0.0.1"
DEADLINE = 60.0
"""Seconds a read may take before the test fails (a hang, not a figure)."""
RULES = dataclasses.replace(PRESETS["classic"], table_bet=10)


class Seat:
    """One seat's process, as far as the deal goes: a socket and a ``MentalPlayer``."""

    def __init__(self, seat: int) -> None:
        self.player = MentalPlayer(seat)
        self.received: list[bytes] = []
        self.writer: asyncio.StreamWriter | None = None

    async def run(self, port: int) -> None:
        reader, self.writer = await asyncio.open_connection(LOOPBACK, port)
        self.writer.write(encode({"t": "hello", "seat": self.player.seat}))
        await self.writer.drain()
        try:
            while True:
                body = await read_frame(reader, DEADLINE)
                self.received.append(body)
                for answer in self.answer(decode(body)):
                    self.writer.write(encode(answer.to_dict()))
                await self.writer.drain()
        except asyncio.IncompleteReadError:
            return
        finally:
            self.writer.close()

    def answer(self, data: dict[str, object]) -> list[MentalStep]:
        if data["t"] == "mp_start":
            return self.player.on_start(MentalStart.read(Fields(data)))
        if data["t"] == "mp_step":
            return self.player.on_step(MentalStep.read(Fields(data)))
        if data["t"] == "mp_open":
            return self.player.on_open_request(MentalOpenRequest.read(Fields(data)))
        self.player.on_fault(MentalFault.read(Fields(data)))
        return []


class Host:
    """The host's side: a server on 127.0.0.1 and a ``MentalDealer`` relaying through it."""

    def __init__(self) -> None:
        self.writers: dict[int, asyncio.StreamWriter] = {}
        self.joined = asyncio.Event()
        self.expected = 0
        self.dealer = MentalDealer(self.broadcast, lambda s: s in self.writers, DEADLINE)

    def broadcast(self, msg: WireMessage) -> None:
        frame = encode(msg.to_dict())
        for w in self.writers.values():
            w.write(frame)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hello = decode(await read_frame(reader, DEADLINE))
        seat = hello["seat"]
        assert isinstance(seat, int)
        self.writers[seat] = writer
        if len(self.writers) == self.expected:
            self.joined.set()
        try:
            while True:
                data = decode(await read_frame(reader))
                self.dealer.on_step(seat, MentalStep.read(Fields(data)))
        except asyncio.IncompleteReadError:
            return


async def until(done: Callable[[], bool]) -> None:
    """Wait for a condition the sockets will make true, with a deadline (a hang fails)."""
    async def poll() -> None:
        while not done():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), DEADLINE)


@pytest.mark.parametrize(("persons", "n"), [((0, 1), 2), ((0, 2), 3), ((0, 1, 2, 3, 4, 5), 6)])
def test_a_hand_over_loopback_sockets(persons: tuple[int, ...], n: int) -> None:
    async def main() -> None:
        host = Host()
        host.expected = len(persons)
        server = await asyncio.start_server(host.serve, LOOPBACK, 0)
        port = server.sockets[0].getsockname()[1]
        seats = {s: Seat(s) for s in persons}
        tasks = [asyncio.create_task(seat.run(port)) for seat in seats.values()]
        await asyncio.wait_for(host.joined.wait(), DEADLINE)
        out = await host.dealer.deal(1, 0, [True] * n, persons)
        assert out.fault is None
        hand = SealedHand(RULES, [100] * n, 0, out.known_cards(n))
        # Each seat reads its cards once the host's last relayed step reaches it.
        await until(lambda: all(seat.player.state is not None and seat.player.state.unlocked
                                for seat in seats.values()))
        mine = {s: seat.player.cards() for s, seat in seats.items()}
        assert not cards_in(host.dealer) & {c for cs in mine.values() for c in cs}
        for s, seat in seats.items():
            data = b"".join(base64.b64decode(m["data"]) for m in map(json.loads,
                            (b.decode() for b in seat.received)) if "data" in m)
            assert data  # the steps did arrive
            for other, cards in mine.items():
                if other != s:
                    assert all(point_of(c) not in data for c in cards)
        while hand.to_act is not None:
            hand.act(hand.to_act, Action.call())
        opened = await host.dealer.collect_openings(hand.awaiting)
        for s, got in opened.items():
            assert got == mine[s]
            hand.open(s, mine[s])
        shown = next(e for e in hand.events if isinstance(e, Showdown))
        host.dealer.relay_openings(h.seat for h in shown.hands)
        every: dict[int, tuple[Card, ...]] = {h.seat: h.cards for h in shown.hands}
        await until(lambda: all(seat.player.shown == every for seat in seats.values()))
        for w in host.writers.values():
            w.close()
        server.close()
        await asyncio.wait_for(asyncio.gather(*tasks), DEADLINE)
        await server.wait_closed()
        assert all(seat.player.fault is None for seat in seats.values())
    asyncio.run(main())
