"""The UDP beacon and the table list (lieng/net/discovery.py) — on 127.0.0.1 only."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Callable

import pytest

from lieng.net import LanClient, LanHost, TableFinder, discovery
from lieng.net.discovery import TableInfo, decode_beacon, encode_beacon, table_ad
from lieng.net.protocol import PROTOCOL_VERSION

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
        t, ad = tables[0], tables[0].ad
        assert (ad.name, t.address, ad.port, ad.players, ad.seats, ad.bots, ad.bet, ad.preset,
                ad.password, ad.started) == ("Bàn của Tư", LOOPBACK, host.port, 0, 3, 1, 20,
                                           "v8club", True, False)
        make_client(host, "Ana", password="x")
        assert _wait(finder, lambda ts: len(ts) == 1 and ts[0].ad.players == 1)
        host.stop()
        # A table that stops sending drops off the list.
        _wait(finder, lambda ts: ts == [])


def test_junk_datagrams_are_ignored() -> None:
    info = table_ad(name="A", port=47123, players=1, seats=4, bots=0, bet=10,
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
        assert tables[0].ad.name == "A" and tables[0].address == LOOPBACK


def _send(port: int, payload: bytes) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(payload, (LOOPBACK, port))


_BEACON = table_ad("T", 5000, 1, 4, 0, 10, "classic", False, False)


def test_a_nesting_bomb_is_not_a_beacon_and_the_finder_keeps_listening() -> None:
    assert decode_beacon(b"[" * 1000, "1.2.3.4") is None
    with TableFinder(bind=LOOPBACK, port=0) as finder:
        _send(finder.port, b"[" * 1000)
        _send(finder.port, encode_beacon(_BEACON))
        tables = _wait(finder, lambda ts: len(ts) == 1)
        assert tables[0].ad.port == 5000 and finder._thread.is_alive()


def test_the_finder_survives_any_error_while_reading_a_datagram(
        monkeypatch: pytest.MonkeyPatch) -> None:
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
        assert _wait(finder, lambda ts: len(ts) == 1)[0].ad.port == 5000
        assert finder._thread.is_alive()


# ------------------------------------------------------------------ trust no beacon


def _beacon(**fields: object) -> bytes:
    data = json.loads(encode_beacon(_BEACON))
    data.update(fields)
    return json.dumps(data).encode()


def test_beacons_that_lie_are_not_listed() -> None:
    """Before: players > seats (999/2), bots > seats, a 300-digit bet and
    ``"password": "no"`` (shown as protected) were all listed as sent."""
    assert decode_beacon(_beacon(), LOOPBACK) is not None
    for lie in [dict(players=999, seats=2), dict(bots=7), dict(players=3, bots=2),
                dict(bet=10**300), dict(bet=0), dict(bet=True), dict(password="no"),
                dict(started=1), dict(players=True), dict(game="not a version"),
                dict(game=5), dict(preset="rigged"), dict(name="\x00"), dict(port=0),
                dict(proto=PROTOCOL_VERSION + 1), dict(seats=2.0)]:
        assert decode_beacon(_beacon(**lie), LOOPBACK) is None, lie  # type: ignore[arg-type]
    info = decode_beacon(_beacon(game="9.9.0"), LOOPBACK)
    assert info is not None and info.ad.game == "9.9.0" and not info.compatible
    ok = decode_beacon(_beacon(), LOOPBACK)
    assert ok is not None and ok.compatible


def test_a_flood_of_fake_tables_does_not_push_the_real_one_off(
        make_host: Callable[..., LanHost]) -> None:
    """Before: one sender flooding 20,000 fake tables pushed the real table off the
    list. Now a sender lists at most a few tables, is rate-limited, and the table that
    answers a direct probe — and has been heard longest — comes first."""
    with TableFinder(bind=LOOPBACK, port=0, stale_after=2.0) as finder:
        host = make_host(name="Thật", seats=3, bots=1, beacon_target=LOOPBACK,
                         beacon_port=finder.port, beacon_interval=0.05, start_when=99)
        _wait(finder, lambda ts: len(ts) == 1 and ts[0].probed)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for i in range(20_000):
                fake = _beacon(name=f"Giả {i}", port=1 + i % 1000)  # closed ports
                with contextlib.suppress(BlockingIOError):
                    s.sendto(fake, (LOOPBACK, finder.port))
        # The flood has reached the list once one fake is on it (the sender's few).
        tables = _wait(finder, lambda ts: any(t.ad.name.startswith("Giả") for t in ts))
        assert tables[0].ad.name == "Thật" and tables[0].ad.port == host.port and tables[0].probed
        assert len(tables) <= discovery.MAX_TABLES_PER_SENDER
        assert not any(t.probed for t in tables[1:])  # nothing answers on the fake ports
        # The real table keeps being heard through and after the flood: the fakes go
        # stale (nothing repeats them) while it stays.
        tables = _wait(finder, lambda ts: not any(t.ad.name.startswith("Giả") for t in ts))
        assert [t.ad.name for t in tables] == ["Thật"]
        assert host.errors == []


def test_the_list_is_capped_and_ordered() -> None:
    """Many senders (made up here, never contacted: no probes, no datagrams) fill the list
    only up to its cap; probed tables and older ones are listed first."""
    with TableFinder(bind=LOOPBACK, port=0, stale_after=60, probe=False) as finder:
        for i in range(200):
            for port in range(10):
                info = decode_beacon(_beacon(name=f"T{i}", port=5000 + port), f"10.0.{i}.1")
                assert info is not None
                finder._heard(info)
        tables = finder.tables()
        assert len(tables) == discovery.MAX_TABLES
        assert [t.first_seen for t in tables] == sorted(t.first_seen for t in tables)
        per_sender = {t.address for t in tables}
        assert len(per_sender) == discovery.MAX_TABLES // discovery.MAX_TABLES_PER_SENDER


def test_a_probe_gets_the_tables_own_word(make_host: Callable[..., LanHost]) -> None:
    host = make_host(name="Bàn", seats=4, bots=1, table_bet=50, password="x", start_when=99)
    info = discovery.probe(LOOPBACK, host.port)
    assert info is not None
    ad = info.ad
    assert (ad.name, ad.port, ad.seats, ad.bots, ad.bet, ad.password) == (
        "Bàn", host.port, 4, 1, 50, True)
    assert discovery.probe(LOOPBACK, 1) is None  # nothing listens there
    assert host.errors == []
