"""A scripted host on 127.0.0.1, for tests of what a client does with what a host sends.

The real host (lieng/net/host.py) only sends what an honest table would; a malicious one
sends anything. ``ScriptedHost`` accepts one client, answers its ``hello`` with a
``welcome`` (the defaults below, any field replaced), then sends exactly the frames the
test gives it, in order — as dicts, or as raw bodies for JSON the test writes itself.
``HandScript`` turns a real engine ``Hand`` into the honest ``update`` frames a seat gets,
so a test can send a few honest ones and then tamper with one.
"""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import struct
import threading
from typing import Any

from lieng.engine import Hand, RuleSet
from lieng.engine.views import view_to_dict
from lieng.net.protocol import GAME_VERSION, PROTOCOL_VERSION

from .framebuf import FrameBuffer

LOOPBACK = "127.0.0.1"


def welcome(seats: int = 2, seat: int = 0, rules: RuleSet | dict[str, Any] | None = None,
            **fields: Any) -> dict[str, Any]:
    """A ``welcome`` as an honest host sends it, with ``fields`` replaced (``rules`` may
    be a raw dict: what no ``RuleSet`` can hold)."""
    out: dict[str, Any] = {
        "t": "welcome", "proto": PROTOCOL_VERSION, "game": GAME_VERSION, "seat": seat,
        "token": "scripted", "name": "Ana", "table": "Scripted", "seats": seats,
        "rules": rules if isinstance(rules, dict) else (rules or RuleSet()).to_dict(),
        "turn_seconds": 20.0, "stack": 1000,
        "rebuy": True, "watching": False}
    out.update(fields)
    return out


class ScriptedHost:
    """One client's host: ``send`` queues frames; ``received`` holds what the client sent."""

    def __init__(self, greeting: dict[str, Any] | bytes | None = None) -> None:
        self._srv = socket.socket()
        self._srv.bind((LOOPBACK, 0))
        self._srv.listen(1)
        self.port: int = self._srv.getsockname()[1]
        self._greeting = welcome() if greeting is None else greeting
        self._out: queue.Queue[bytes | None] = queue.Queue()
        self.received: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._conn: socket.socket | None = None
        self._thread = threading.Thread(target=self._serve, name="scripted-host", daemon=True)
        self._thread.start()

    @staticmethod
    def frame(message: dict[str, Any] | bytes) -> bytes:
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        return struct.pack(">I", len(body)) + body

    def send(self, *messages: dict[str, Any] | bytes) -> None:
        """Send ``messages`` in order, in one write (the client reads them as a batch)."""
        self._out.put(b"".join(self.frame(m) for m in messages))

    def _serve(self) -> None:
        try:
            conn, _ = self._srv.accept()
        except OSError:
            return
        self._conn = conn
        buf = FrameBuffer()
        with contextlib.suppress(OSError):
            hello: list[bytes] = []
            while not hello:
                data = conn.recv(65536)
                if not data:
                    return
                hello = buf.feed(data)
            conn.sendall(self.frame(self._greeting))
            threading.Thread(target=self._read, args=(conn, buf), daemon=True).start()
            while (out := self._out.get()) is not None:
                conn.sendall(out)

    def _read(self, conn: socket.socket, buf: FrameBuffer) -> None:
        with contextlib.suppress(OSError, ValueError):
            while data := conn.recv(65536):
                with self._lock:
                    self.received += [json.loads(b) for b in buf.feed(data)]

    def close(self) -> None:
        self._out.put(None)
        for sock in (self._conn, self._srv):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                with contextlib.suppress(OSError):
                    sock.close()
        self._thread.join(5)


class HandScript:
    """The honest ``update`` frames of ``hand`` for ``seat``: each ``update()`` carries the
    events since the last one and the seat's view now."""

    def __init__(self, hand: Hand, seat: int, number: int = 1) -> None:
        self.hand = hand
        self.seat = seat
        self.number = number
        self._sent = 0

    def update(self) -> dict[str, Any]:
        events = self.hand.events_for(self.seat)
        new, self._sent = events[self._sent:], len(events)
        return {"t": "update", "hand": self.number, "events": [e.to_dict() for e in new],
                "view": view_to_dict(self.hand.view_for(self.seat))}

    def roster(self, stacks: list[int] | None = None) -> dict[str, Any]:
        """The ``table`` message an honest host sends before hand ``number``."""
        n = self.hand.n
        return {"t": "table", "names": ["Ana", *(f"Bot {i + 1}" for i in range(1, n))],
                "kinds": ["human", *(["bot"] * (n - 1))], "connected": [True] * n,
                "stacks": stacks if stacks is not None else list(self.hand.start_stacks),
                "buy_ins": [1] * n, "hand": self.number - 1, "started": True,
                "host_seat": None}
