"""A lone UTF-16 surrogate from a client (issue #23, item 1). JSON's ``"\\ud800"`` decodes
to text no reply can encode as UTF-8: the host used to fail on its own answer — a
``UnicodeEncodeError`` in its error list, the connection dropped, the headless host's exit
status 1, and a seated player's action applied before the player was cut off. Now the
frame is refused as it is decoded (``bad_frame``), and the error list stays bounded."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from lieng.net import LanHost
from lieng.net.client_deal import ClientDeals
from lieng.net.messages import DealCommits, DealStart
from lieng.net.protocol import GAME_VERSION, PROTOCOL_VERSION, Fields, WireMessage
from lieng.net.service import MAX_ERRORS, ErrorLog

from .conftest import LOOPBACK
from .framebuf import FrameBuffer

LONE = "\ud800"
ROOT = Path(__file__).resolve().parents[2]


def _frame(message: dict[str, Any]) -> bytes:
    """``message`` framed with ASCII escapes, so a lone surrogate goes out as ``\\ud800``."""
    body = json.dumps(message).encode("ascii")
    return struct.pack(">I", len(body)) + body


def _hello(**extra: Any) -> dict[str, Any]:
    return {"t": "hello", "proto": PROTOCOL_VERSION, "game": GAME_VERSION, "name": "Ana",
            **extra}


class Peer:
    """A raw connection to the host that collects every frame it receives. Seated, it
    commits and reveals when a deal asks (PROTOCOL.md 8), as a client does, so the host
    never waits out its deal timeout for it; ``folds`` folds at its turns."""

    def __init__(self, port: int, folds: bool = False) -> None:
        self.sock = socket.create_connection((LOOPBACK, port), timeout=10)
        self.buf = FrameBuffer()
        self.frames: list[dict[str, Any]] = []
        self.hung_up = False
        self.folds = folds
        self.seat: int | None = None
        self.deals = ClientDeals(lambda check: None, lambda hand: None)

    def _answer(self, frame: dict[str, Any]) -> None:
        answer: WireMessage | None = None
        if frame["t"] == "welcome":
            self.seat = frame["seat"]
        elif frame["t"] == "deal_start":
            answer = self.deals.on_start(DealStart.read(Fields(frame)), self.seat)
        elif frame["t"] == "deal_commits":
            answer = self.deals.on_commits(DealCommits.read(Fields(frame)), self.seat)
        elif frame["t"] == "your_turn" and self.folds:
            self.sock.sendall(_frame({"t": "action", "hand": frame["hand"],
                                      "turn": frame["turn"], "action": {"kind": "fold"}}))
        if answer is not None:
            self.sock.sendall(_frame(answer.to_dict()))

    def until(self, done: Callable[[list[dict[str, Any]]], bool],
              seconds: float = 20.0) -> list[dict[str, Any]]:
        end = time.monotonic() + seconds
        while not done(self.frames) and not self.hung_up and time.monotonic() < end:
            try:
                data = self.sock.recv(65536)
            except (ConnectionResetError, TimeoutError):
                data = b""
            if not data:
                self.hung_up = True
                break
            for body in self.buf.feed(data):
                self.frames.append(json.loads(body))
                self._answer(self.frames[-1])
        return self.frames


@pytest.fixture
def peers() -> Iterator[list[Peer]]:
    opened: list[Peer] = []
    yield opened
    for p in opened:
        with contextlib.suppress(OSError):
            p.sock.close()


def test_a_lone_surrogate_in_the_password_is_refused_not_a_host_error(
        make_host: Callable[..., LanHost], peers: list[Peer]) -> None:
    host = make_host(seats=2, bots=1, start_when=99)
    peer = Peer(host.port)
    peers.append(peer)
    peer.sock.sendall(_frame(_hello(password=LONE)))
    frames = peer.until(lambda f: bool(f))
    assert [(f["t"], f["code"], f["fatal"]) for f in frames] == [("error", "bad_frame", True)]
    assert "surrogate" in frames[0]["message"]
    assert peer.until(lambda f: False, 5) and peer.hung_up  # the handshake rule: fatal
    assert host.errors == []


def test_a_lone_surrogate_id_on_an_action_changes_nothing_and_keeps_the_seat(
        make_host: Callable[..., LanHost], peers: list[Peer]) -> None:
    host = make_host(seats=2, bots=1, start_when=1, turn_seconds=60.0)
    peer = Peer(host.port)
    peers.append(peer)
    peer.sock.sendall(_frame(_hello()))
    seat = peer.until(lambda f: any(x["t"] == "welcome" for x in f))[0]["seat"]
    turns = peer.until(lambda f: any(x["t"] == "your_turn" for x in f), 30)
    turn = next(x for x in turns if x["t"] == "your_turn")
    assert turn["legal"]["seat"] == seat
    before = host.call(lambda: len(host.table.hand.actions) if host.table and host.table.hand
                       else -1)
    peer.frames.clear()
    peer.sock.sendall(_frame({"t": "action", "hand": turn["hand"], "turn": turn["turn"],
                              "action": {"kind": "call"}, "id": LONE}))
    peer.sock.sendall(_frame({"t": "ping", "id": 5}))
    frames = peer.until(lambda f: any(x["t"] == "pong" for x in f))
    errors = [f for f in frames if f["t"] == "error"]
    assert [(e["code"], e["fatal"]) for e in errors] == [("bad_frame", False)]
    assert not any(f["t"] == "ack" for f in frames) and not peer.hung_up
    after = host.call(lambda: len(host.table.hand.actions) if host.table and host.table.hand
                      else -1)
    assert after == before  # the action was not applied
    assert host.errors == []


def test_the_headless_host_exits_cleanly_after_a_lone_surrogate(peers: list[Peer]) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "lieng.net.host_cli", "--bind", LOOPBACK, "--port", "0", "--seats",
         "2", "--bots", "1", "--hands", "1", "--timer", "1", "--pause", "0", "--bot-speed",
         "0", "--beacon", "off", "--deal", "commit"], stdout=subprocess.PIPE, text=True,
        env=env, cwd=ROOT)
    try:
        assert proc.stdout is not None
        port = json.loads(proc.stdout.readline())["port"]
        rogue = Peer(port)
        peers.append(rogue)
        rogue.sock.sendall(_frame(_hello(password=LONE)))
        assert rogue.until(lambda f: bool(f))[0]["code"] == "bad_frame"
        player = Peer(port, folds=True)  # a real player: it folds, the one hand ends
        peers.append(player)
        player.sock.sendall(_frame(_hello()))
        player.until(lambda f: any(x["t"] == "closed" for x in f), 60)
        assert proc.wait(60) == 0
        summary = json.loads(proc.stdout.read().strip().splitlines()[-1])
        assert summary == {"closed": "finished", "hands": 1, "errors": []}
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def test_the_error_list_is_bounded() -> None:
    errors = ErrorLog()
    for i in range(20_000):
        errors.append(f"connection handler: UnicodeEncodeError #{i} " + "x" * 1000)
    assert len(errors) == MAX_ERRORS
    assert errors[0].startswith("connection handler: UnicodeEncodeError #0")
    assert errors[-1] == f"... and {20_000 - MAX_ERRORS + 1} more unexpected failures"
    assert sum(len(e) for e in errors) < 60_000
    assert ErrorLog() == []
