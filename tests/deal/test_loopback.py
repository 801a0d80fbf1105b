"""The deal between separate parties over 127.0.0.1: each party a thread with its own
socket, its own ``DealState`` and its own secret; a relay standing for the host forwards
every step to every other party and keeps every byte each one received. The deal
completes for 2 and 6 persons, and no plain card point ever crosses the wire — what the
host will relay in the LAN game (docs/PROTOCOL.md section 12.4)."""

from __future__ import annotations

import secrets
import socket
import threading
from dataclasses import dataclass, field
from typing import Any

import pytest

from lieng.deal import wire
from lieng.deal.cards import card_points
from lieng.deal.mental import DEALER, DealSetup, DealState, PartySecret, deal_positions
from lieng.engine import Card
from lieng.net.protocol import HEADER, decode, encode, frame_length

LOOPBACK = "127.0.0.1"
DEADLINE = 60.0
"""Seconds a socket waits for a frame before the test fails (a hang, not a figure)."""


def read_frame(sock: socket.socket) -> dict[str, Any] | None:
    def exactly(n: int) -> bytes | None:
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            if not chunk:
                return None
            data += chunk
        return data

    header = exactly(HEADER.size)
    if header is None:
        return None
    body = exactly(frame_length(header))
    return None if body is None else decode(body)


@dataclass
class Relay:
    """Forwards each frame from one party to all the others, in arrival order."""

    parties: int
    server: socket.socket = field(init=False)
    conns: list[socket.socket] = field(default_factory=list)
    received: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.server = socket.create_server((LOOPBACK, 0))
        self.server.settimeout(DEADLINE)

    @property
    def port(self) -> int:
        return int(self.server.getsockname()[1])

    def serve(self) -> None:
        for _ in range(self.parties):
            conn, _ = self.server.accept()
            conn.settimeout(DEADLINE)
            self.conns.append(conn)
        threads = [threading.Thread(target=self._pump, args=(c,)) for c in self.conns]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def _pump(self, conn: socket.socket) -> None:
        while (msg := read_frame(conn)) is not None:
            with self.lock:
                for other in self.conns:
                    if other is not conn:
                        other.sendall(encode(msg))
                        who = self.conns.index(other)
                        self.received.setdefault(who, []).append(msg)


def play(setup: DealSetup, party: int, port: int, out: dict[int, dict[int, Card]]) -> None:
    """One party: send its step when the deal waits for it, otherwise read the next."""
    sock = socket.create_connection((LOOPBACK, port), timeout=DEADLINE)
    secret = PartySecret(party)
    state = DealState(setup)
    try:
        while not state.unlocked:
            turn = state.waiting_for()
            if turn == party:
                if not state.shuffled:
                    step = secret.shuffle(state)
                    sock.sendall(encode({"t": "mp_shuffle", "party": party,
                                         "data": wire.encode_shuffle(step)}))
                    state.accept_shuffle(step)
                else:
                    ustep = secret.unlock(state)
                    sock.sendall(encode({"t": "mp_unlock", "party": party,
                                         "data": wire.encode_unlock(ustep)}))
                    state.accept_unlock(ustep)
                continue
            msg = read_frame(sock)
            assert msg is not None, "the relay hung up"
            if msg["t"] == "mp_shuffle":
                state.accept_shuffle(wire.decode_shuffle(msg["party"], msg["data"]))
            else:
                state.accept_unlock(wire.decode_unlock(msg["party"], msg["data"]))
        out[party] = secret.my_cards(state)
    finally:
        sock.close()


def points_in(msg: dict[str, Any]) -> set[bytes]:
    """Every point of a relayed step, decoded as its receiver decodes it."""
    if msg["t"] == "mp_shuffle":
        s = wire.decode_shuffle(msg["party"], msg["data"])
        return {s.key, *s.deck}
    return {c[1] for c in wire.decode_unlock(msg["party"], msg["data"]).cards}


@pytest.mark.parametrize("persons", [2, 6])
def test_a_deal_over_loopback_with_no_card_on_the_wire(persons: int) -> None:
    seats = persons + 1  # and one bot, dealt by the host's dealer
    setup = DealSetup(1, secrets.token_bytes(32), (*range(persons), DEALER),
                      deal_positions(0, [True] * seats))
    relay = Relay(len(setup.parties))
    server = threading.Thread(target=relay.serve)
    server.start()
    hands: dict[int, dict[int, Card]] = {}
    players = [threading.Thread(target=play, args=(setup, p, relay.port, hands))
               for p in setup.parties]
    for t in players:
        t.start()
    for t in players:
        t.join(DEADLINE)
    server.join(DEADLINE)
    relay.server.close()
    assert sorted(hands) == sorted(setup.parties)
    cards = [c for h in hands.values() for c in h.values()]
    assert len(cards) == 3 * seats == len(set(cards))
    plain = set(card_points())
    steps = 2 * len(setup.parties)
    for who, msgs in relay.received.items():
        assert len(msgs) == steps - 2, f"party {who} missed steps"
        assert not set().union(*(points_in(m) for m in msgs)) & plain
