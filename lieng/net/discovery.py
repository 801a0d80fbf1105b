"""Finding tables on the LAN: a small UDP beacon, a listener and a direct probe ("Join").

A host sends one JSON datagram per second to a target address — a setting, by default
the broadcast address 255.255.255.255 — on ``DISCOVERY_PORT``. The Join screen runs a
``TableFinder`` that listens on that port and lists the tables heard in the last few
seconds. The beacon says where to connect; it carries nothing secret (only whether a
password is needed). Tests and self-tests point the beacon at 127.0.0.1 only.

Anyone on the LAN can send beacons, so the finder trusts none of them: each is read as
strictly as a wire message (``TableAd``: counts within the seats, a bet within the game's
range, real true/false flags, a version), each sender is rate-limited and may list only
a few tables, the list is capped, and every new table is *probed* — the finder connects
to the port the beacon names and asks (``probe`` → ``table_ad``). Tables that answered
come first, then those heard longest, so a flood of fake tables cannot push a real one
off the list.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .messages import Probe, TableAd
from .protocol import (
    DISCOVERY_PORT,
    GAME_VERSION,
    PROTOCOL_VERSION,
    Fields,
    encode,
    frame_length,
    versions_compatible,
)

log = logging.getLogger(__name__)

BEACON_KIND = "lieng-table"
MAX_BEACON = 1024
STALE_AFTER = 3.5
"""Seconds without a beacon before a table drops off the list."""
MAX_TABLES = 32
"""Tables listed at most; a newcomer beyond that waits until one goes stale."""
MAX_TABLES_PER_SENDER = 4
"""Tables one address may list (one machine hosting several is rare; 20,000 is an attack)."""
SENDER_RATE = 10.0
"""Datagrams per second read from one address (beyond a burst of ``SENDER_BURST``)."""
SENDER_BURST = 20.0
PROBE_TIMEOUT = 1.0
MAX_CANDIDATES = 16
"""Newcomers heard while their address's slots (or the list) are full, waiting for their
probe: one that answers takes the place of a table that never did."""


@dataclass(frozen=True)
class TableInfo:
    """One table as the Join screen lists it: the host's advert — a ``TableAd``, the one
    type that describes a table, in the beacon, in the probe's answer and on the list —
    and what only the listener knows: where it came from and when it was heard."""

    ad: TableAd
    address: str
    """Where the beacon came from (filled in by the listener)."""
    seen: float = 0.0
    """When last heard, on the finder's clock (``time.monotonic()`` unless it was given
    another)."""
    first_seen: float = 0.0
    """When first heard: the longer a table has been heard, the higher it is listed."""
    probed: bool = False
    """The table answered a direct probe on its port: it is really there."""

    @property
    def key(self) -> tuple[str, int]:
        """The list's key: one table per address and port."""
        return self.address, self.ad.port

    @property
    def compatible(self) -> bool:
        """This game can join it (same major.minor version)."""
        return versions_compatible(self.ad.game)


def table_ad(name: str, port: int, players: int, seats: int, bots: int, bet: int,
             preset: str, password: bool, started: bool) -> TableAd:
    """This game's advert for a table (its protocol and version filled in)."""
    return TableAd(proto=PROTOCOL_VERSION, game=GAME_VERSION, name=name, port=port,
                   players=players, seats=seats, bots=bots, bet=bet, preset=preset,
                   password=password, started=started)


def encode_beacon(ad: TableAd) -> bytes:
    data = ad.to_dict()
    del data["t"]
    data["kind"] = BEACON_KIND
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _info(ad: TableAd, address: str, now: float | None = None) -> TableInfo:
    heard = time.monotonic() if now is None else now
    return TableInfo(ad, address, seen=heard, first_seen=heard)


def decode_beacon(payload: bytes, address: str, now: float | None = None) -> TableInfo | None:
    """A beacon as a ``TableInfo`` heard at ``now`` (the finder's clock; by default
    ``time.monotonic()``); None for anything that is not a sane beacon of ours (other
    programs may use the port, and anyone may lie)."""
    if len(payload) > MAX_BEACON:
        return None
    try:
        data: Any = json.loads(payload.decode("utf-8"))
        if not isinstance(data, dict) or data.get("kind") != BEACON_KIND \
                or data.get("proto") != PROTOCOL_VERSION:
            return None
        return _info(TableAd.read(Fields({**data, "t": TableAd.t})), address, now)
    except (ValueError, RecursionError):
        # ProtocolError is a ValueError. RecursionError: a datagram of nested brackets is
        # deep enough to exhaust the parser.
        return None


def probe(address: str, port: int, timeout: float = PROBE_TIMEOUT) -> TableInfo | None:
    """Ask ``address:port`` directly what table it serves; None if nothing sane answers."""
    try:
        with socket.create_connection((address, port), timeout=timeout) as sock:
            sock.sendall(encode(Probe().to_dict()))
            data = b""
            end = time.monotonic() + timeout
            while len(data) < 4 or len(data) < 4 + frame_length(data[:4]):
                if time.monotonic() > end or len(data) > MAX_BEACON + 4:
                    return None
                chunk = sock.recv(4096)
                if not chunk:
                    return None
                data += chunk
        msg = json.loads(data[4:4 + frame_length(data[:4])].decode("utf-8"))
        if not isinstance(msg, dict) or msg.get("t") != TableAd.t \
                or msg.get("proto") != PROTOCOL_VERSION:
            return None
        return _info(TableAd.read(Fields(msg)), address)
    except (OSError, ValueError, RecursionError):  # ProtocolError is a ValueError
        return None


def beacon_socket(target: str) -> socket.socket:
    """A UDP socket able to send to ``target`` (broadcast allowed)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
    sock.setblocking(False)
    return sock


async def send_beacons(target: str | None, port: int, interval: float,
                       info: Callable[[], TableAd]) -> None:
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


class _Bucket:
    """A token bucket: one sender's allowance of datagrams."""

    def __init__(self, now: float) -> None:
        self.tokens = SENDER_BURST
        self.at = now

    def take(self, now: float) -> bool:
        self.tokens = min(SENDER_BURST, self.tokens + (now - self.at) * SENDER_RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class TableFinder:
    """Listens for beacons on a background thread; ``tables()`` is the live list.

    ``bind`` is the listening address ("" = every interface in real play; tests use
    "127.0.0.1"); ``port`` 0 picks a free port (read it back from ``self.port``).
    ``probe`` False skips the direct probes (the list is then ordered by age only).
    ``clock`` is what "now" is for staleness and the senders' rate limits, in seconds
    (``time.monotonic`` in play): a test gives one it moves itself, so what goes stale and
    what is rate-limited does not depend on how fast a loaded machine runs the test.
    """

    def __init__(self, bind: str = "", port: int = DISCOVERY_PORT,
                 stale_after: float = STALE_AFTER, probe: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stale_after = stale_after
        self._clock = clock
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            with contextlib.suppress(OSError):
                self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        self._sock.bind((bind, port))
        self._sock.settimeout(0.2)
        self.port: int = self._sock.getsockname()[1]
        self._tables: dict[tuple[str, int], TableInfo] = {}
        self._candidates: dict[tuple[str, int], TableInfo] = {}
        """Heard while there was no room; listed only if their probe answers."""
        self._buckets: dict[tuple[str, int], _Bucket] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._probes: queue.Queue[tuple[str, int] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="lieng-lan-finder", daemon=True)
        self._thread.start()
        self._prober: threading.Thread | None = None
        if probe:
            self._prober = threading.Thread(target=self._probe_loop, name="lieng-lan-probe",
                                            daemon=True)
            self._prober.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                payload, (addr, src_port) = self._sock.recvfrom(MAX_BEACON + 1)
            except TimeoutError:
                continue
            except OSError:
                return
            try:
                now = self._clock()
                if self._allowed((addr, src_port), now):
                    info = decode_beacon(payload, addr, now)
                    if info is not None:
                        self._heard(info)
            except Exception:  # anyone on the LAN can send anything: never stop listening
                log.exception("ignoring a datagram from %s", addr)

    def _allowed(self, sender: tuple[str, int], now: float) -> bool:
        """Rate limit per sender (address and source port: a host beacons from one
        socket, so a flood from another socket of the same machine does not silence
        it); the table of senders stays bounded."""
        bucket = self._buckets.get(sender)
        if bucket is None:
            if len(self._buckets) >= 4 * MAX_TABLES:
                self._buckets = {a: b for a, b in self._buckets.items()
                                 if now - b.at < self.stale_after}
                if len(self._buckets) >= 4 * MAX_TABLES:
                    return False
            bucket = self._buckets[sender] = _Bucket(now)
        return bucket.take(now)

    def _heard(self, info: TableInfo) -> None:
        key = info.key
        with self._lock:
            self._expire(info.seen)
            old = self._tables.get(key)
            if old is not None:
                self._tables[key] = replace(info, first_seen=old.first_seen,
                                            probed=old.probed)
                return
            if self._full_for(info.address):
                # No room: a newcomer may still take the place of a table that never
                # answered a probe, once it answers one itself — so a flood from the
                # host's own address that came first cannot hide the real table.
                if self._prober is None or key in self._candidates \
                        or len(self._candidates) >= MAX_CANDIDATES \
                        or self._unprobed_victim(info.address) is None:
                    return
                self._candidates[key] = info
            else:
                self._tables[key] = info
        if self._prober is not None:
            self._probes.put(key)

    def _full_for(self, address: str) -> bool:
        same_sender = sum(1 for a, _p in self._tables if a == address)
        return same_sender >= MAX_TABLES_PER_SENDER or len(self._tables) >= MAX_TABLES

    def _unprobed_victim(self, address: str) -> tuple[str, int] | None:
        """The table a probed newcomer from ``address`` replaces: the newest unprobed one
        of that address when the address is full, else of the whole list; None if every
        such table answered its probe (a real table is never pushed off)."""
        same = sum(1 for a, _p in self._tables if a == address)
        pool = [(k, t) for k, t in self._tables.items() if not t.probed
                and (k[0] == address or same < MAX_TABLES_PER_SENDER)]
        if not pool:
            return None
        return max(pool, key=lambda kt: kt[1].first_seen)[0]

    def _probe_loop(self) -> None:
        while True:
            key = self._probes.get()
            if key is None or self._stop.is_set():
                return
            answer = probe(*key)
            with self._lock:
                candidate = self._candidates.pop(key, None)
                if answer is None or answer.ad.port != key[1]:
                    continue
                old = self._tables.get(key) or candidate
                if old is None:
                    continue
                if key not in self._tables and self._full_for(key[0]):
                    # A candidate that answered: it takes an unprobed table's place.
                    victim = self._unprobed_victim(key[0])
                    if victim is None:
                        continue
                    del self._tables[victim]
                # the probe's answer is the table's own word
                self._tables[key] = replace(answer, seen=old.seen,
                                            first_seen=old.first_seen, probed=True)

    def _expire(self, now: float) -> None:
        for key, info in list(self._tables.items()):
            if now - info.seen > self.stale_after:
                del self._tables[key]

    def tables(self) -> list[TableInfo]:
        """Tables heard recently: those that answered a probe first, then by how long
        they have been heard."""
        with self._lock:
            self._expire(self._clock())
            return sorted(self._tables.values(),
                          key=lambda t: (not t.probed, t.first_seen, t.ad.name, t.ad.port))

    def close(self) -> None:
        self._stop.set()
        self._probes.put(None)
        self._wake()
        self._thread.join(1.0)
        if self._prober is not None:
            self._prober.join(PROBE_TIMEOUT + 1.0)
        self._sock.close()

    def _wake(self) -> None:
        """An empty datagram to the finder's own socket, so that its listener returns from
        ``recvfrom`` and sees it is stopped now rather than at its next 0.2 s timeout (a
        lobby closed its finder on the window's thread, and waited). Sent to the address
        it is bound to — loopback when it listens on every address."""
        address = self._sock.getsockname()[0]
        with contextlib.suppress(OSError), \
                socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as waker:
            waker.sendto(b"", ("127.0.0.1" if address in ("", "0.0.0.0") else address,
                               self.port))

    def __enter__(self) -> TableFinder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = [
    "TableFinder",
    "TableInfo",
    "beacon_socket",
    "decode_beacon",
    "encode_beacon",
    "probe",
    "send_beacons",
    "table_ad",
]
