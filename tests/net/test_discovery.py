"""The UDP beacon and the table list (lieng/net/discovery.py) — on 127.0.0.1 only."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

from lieng.net import LanClient, LanHost, TableFinder
from lieng.net.discovery import TableInfo, decode_beacon, encode_beacon

from .conftest import LOOPBACK


def _wait(finder: TableFinder, pred: Callable[[list[TableInfo]], bool]) -> list[TableInfo]:
    end = time.monotonic() + 10
    while time.monotonic() < end:
        tables = finder.tables()
        if pred(tables):
            return tables
        time.sleep(0.02)
    raise AssertionError(f"no matching table list; last: {finder.tables()}")


def test_a_hosted_table_is_listed_and_refreshed(make_host: Callable[..., LanHost],
                                                make_client: Callable[..., LanClient]) -> None:
    with TableFinder(bind=LOOPBACK, port=0, stale_after=0.5) as finder:
        host = make_host(name="Bàn của Tư", seats=3, bots=1, table_bet=20, preset="v8club",
                         password="x", beacon_target=LOOPBACK, beacon_port=finder.port,
                         beacon_interval=0.05, start_when=99)
        tables = _wait(finder, lambda ts: len(ts) == 1)
        t = tables[0]
        assert (t.name, t.address, t.port, t.players, t.seats, t.bots, t.bet, t.preset,
                t.password, t.started) == ("Bàn của Tư", LOOPBACK, host.port, 0, 3, 1, 20,
                                           "v8club", True, False)
        make_client(host, "Ana", password="x")
        assert _wait(finder, lambda ts: len(ts) == 1 and ts[0].players == 1)
        host.stop()
        # A table that stops sending drops off the list.
        _wait(finder, lambda ts: ts == [])


def test_junk_datagrams_are_ignored() -> None:
    info = TableInfo(name="A", address="", port=47123, players=1, seats=4, bots=0, bet=10,
                     preset="classic", password=False, started=True)
    good = encode_beacon(info)
    assert decode_beacon(good, LOOPBACK) is not None
    for junk in [b"", b"\xff", b"{}", b"[]", good.replace(b'"seats":4', b'"seats":9'),
                 good.replace(b'"port":47123', b'"port":-1'), good.replace(b"lieng", b"other"),
                 good + b" " * 2000, good.replace(b'"name":"A"', b'"name":""')]:
        assert decode_beacon(junk, LOOPBACK) is None
    with TableFinder(bind=LOOPBACK, port=0) as finder:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.sendto(b"not a beacon", (LOOPBACK, finder.port))
            s.sendto(good, (LOOPBACK, finder.port))
        tables = _wait(finder, lambda ts: len(ts) == 1)
        assert tables[0].name == "A" and tables[0].address == LOOPBACK


def _send(port: int, payload: bytes) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(payload, (LOOPBACK, port))


_BEACON = TableInfo("T", "", 5000, 1, 4, 0, 10, "classic", False, False)


def test_a_nesting_bomb_is_not_a_beacon_and_the_finder_keeps_listening() -> None:
    assert decode_beacon(b"[" * 1000, "1.2.3.4") is None
    with TableFinder(bind=LOOPBACK, port=0) as finder:
        _send(finder.port, b"[" * 1000)
        _send(finder.port, encode_beacon(_BEACON))
        tables = _wait(finder, lambda ts: len(ts) == 1)
        assert tables[0].port == 5000 and finder._thread.is_alive()


def test_the_finder_survives_any_error_while_reading_a_datagram(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from lieng.net import discovery

    real = discovery.decode_beacon
    calls = []

    def flaky(payload: bytes, address: str) -> TableInfo | None:
        calls.append(payload)
        if len(calls) == 1:
            raise RuntimeError("a bug in the decoder")
        return real(payload, address)

    monkeypatch.setattr(discovery, "decode_beacon", flaky)
    with TableFinder(bind=LOOPBACK, port=0) as finder:
        _send(finder.port, b"first")
        end = time.monotonic() + 5
        while not calls and time.monotonic() < end:
            time.sleep(0.01)
        _send(finder.port, encode_beacon(_BEACON))
        assert _wait(finder, lambda ts: len(ts) == 1)[0].port == 5000
        assert finder._thread.is_alive()
