"""Finding tables on the LAN: a small UDP beacon and a listener (issue 7, "Join").

A host sends one JSON datagram per second to a target address — a setting, by default
the broadcast address 255.255.255.255 — on ``DISCOVERY_PORT``. The Join screen runs a
``TableFinder`` that listens on that port and lists the tables heard in the last few
seconds. The beacon says where to connect; it carries nothing secret (only whether a
password is needed). Tests and self-tests point the beacon at 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from .protocol import DISCOVERY_PORT, GAME_VERSION, PROTOCOL_VERSION, clean_name

log = logging.getLogger(__name__)

BEACON_KIND = "lieng-table"
MAX_BEACON = 1024
STALE_AFTER = 3.5
"""Seconds without a beacon before a table drops off the list."""


@dataclass(frozen=True)
class TableInfo:
    """One table as the Join screen lists it."""

    name: str
    address: str
    """Where the beacon came from (filled in by the listener)."""
    port: int
    players: int
    """People connected now."""
    seats: int
    bots: int
    bet: int
    preset: str
    password: bool
    started: bool
    game: str = GAME_VERSION
    seen: float = 0.0
    """``time.monotonic()`` when last heard."""


def encode_beacon(info: TableInfo) -> bytes:
    data = {k: v for k, v in asdict(info).items() if k not in ("address", "seen")}
    data.update(kind=BEACON_KIND, proto=PROTOCOL_VERSION)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def decode_beacon(payload: bytes, address: str) -> TableInfo | None:
    """A beacon as a ``TableInfo``; None for anything that is not a valid beacon of ours
    (other programs may use the port)."""
    if len(payload) > MAX_BEACON:
        return None
    try:
        data: Any = json.loads(payload.decode("utf-8"))
        if not isinstance(data, dict) or data.get("kind") != BEACON_KIND \
                or data.get("proto") != PROTOCOL_VERSION:
            return None
        ints = {k: data[k] for k in ("port", "players", "seats", "bots", "bet")}
        if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in ints.values()):
            return None
        if not 1 <= ints["port"] <= 65535 or not 2 <= ints["seats"] <= 6:
            return None
        preset, game = data["preset"], data["game"]
        if not isinstance(preset, str) or not isinstance(game, str) \
                or len(preset) > 20 or len(game) > 40:
            return None
        return TableInfo(name=clean_name(data["name"]), address=address, port=ints["port"],
                         players=ints["players"], seats=ints["seats"], bots=ints["bots"],
                         bet=ints["bet"], preset=preset, password=bool(data["password"]),
                         started=bool(data["started"]), game=game, seen=time.monotonic())
    except (ValueError, KeyError, TypeError, RecursionError):
        # RecursionError: a datagram of nested brackets is deep enough to exhaust the parser.
        return None


def beacon_socket(target: str) -> socket.socket:
    """A UDP socket able to send to ``target`` (broadcast allowed)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
    sock.setblocking(False)
    return sock


async def send_beacons(target: str | None, port: int, interval: float,
                       info: Callable[[], TableInfo]) -> None:
    """Send ``info()`` to ``target:port`` every ``interval`` seconds until cancelled (the
    host's beacon task); ``target`` None sends nothing."""
    if target is None:
        return
    sock = beacon_socket(target)
    try:
        while True:
            with contextlib.suppress(OSError):
                sock.sendto(encode_beacon(info()), (target, port))
            await asyncio.sleep(interval)
    finally:
        sock.close()


class TableFinder:
    """Listens for beacons on a background thread; ``tables()`` is the live list.

    ``bind`` is the listening address ("" = every interface in real play; tests use
    "127.0.0.1"); ``port`` 0 picks a free port (read it back from ``self.port``).
    """

    def __init__(self, bind: str = "", port: int = DISCOVERY_PORT,
                 stale_after: float = STALE_AFTER) -> None:
        self.stale_after = stale_after
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            with contextlib.suppress(OSError):
                self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        self._sock.bind((bind, port))
        self._sock.settimeout(0.2)
        self.port: int = self._sock.getsockname()[1]
        self._tables: dict[tuple[str, int], TableInfo] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lieng-lan-finder", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                payload, (addr, _port) = self._sock.recvfrom(MAX_BEACON + 1)
            except TimeoutError:
                continue
            except OSError:
                return
            try:
                info = decode_beacon(payload, addr)
                if info is not None:
                    with self._lock:
                        self._tables[(addr, info.port)] = info
            except Exception:  # anyone on the LAN can send anything: never stop listening
                log.exception("ignoring a datagram from %s", addr)

    def tables(self) -> list[TableInfo]:
        """Tables heard recently, by name then address."""
        now = time.monotonic()
        with self._lock:
            for key, info in list(self._tables.items()):
                if now - info.seen > self.stale_after:
                    del self._tables[key]
            return sorted(self._tables.values(), key=lambda t: (t.name, t.address, t.port))

    def close(self) -> None:
        self._stop.set()
        self._thread.join(1.0)
        self._sock.close()

    def __enter__(self) -> TableFinder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["TableFinder", "TableInfo", "beacon_socket", "decode_beacon", "encode_beacon"]
