"""The UDP beacon and the table list (lieng/net/discovery.py) — on 127.0.0.1 only."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Callable
from functools import cache

import pytest

from lieng.net import LanClient, LanHost, TableFinder, discovery
from lieng.net.discovery import TableInfo, decode_beacon, encode_beacon, table_ad
from lieng.net.protocol import PROTOCOL_VERSION

from .conftest import LOOPBACK
from .manual_clock import ManualClock


def _wait(finder: TableFinder, pred: Callable[[list[TableInfo]], bool]) -> list[TableInfo]:
    """The list once ``pred`` holds (a deadline only against a hang: every finder here runs
    on a ``ManualClock``, so nothing it lists goes stale while this waits)."""
    end = time.monotonic() + 30
    while time.monotonic() < end:
        tables = finder.tables()
        if pred(tables):
            return tables
        time.sleep(0.02)
    raise AssertionError(f"no matching table list; last: {finder.tables()}")


def _heard_again(finder: TableFinder, clock: ManualClock, port: int,
                 step: float) -> list[TableInfo]:
    """Move the finder's clock on by ``step`` and wait until the table on ``port`` is heard
    at the new time (its beacon repeats; the step refills its sender's allowance)."""
    now = clock.advance(step)
    return _wait(finder, lambda ts: any(t.ad.port == port and t.seen == now for t in ts))


def _tick_until(finder: TableFinder, clock: ManualClock, pred: Callable[[list[TableInfo]], bool],
                step: float, steps: int = 50) -> list[TableInfo]:
    """Move the clock on by ``step`` at a time (at most ``steps`` times: a bound in the
    finder's seconds, not the machine's) until ``pred`` holds of the list."""
    for _ in range(steps):
        clock.advance(step)
        tables = finder.tables()
        if pred(tables):
            return tables
    raise AssertionError(f"no matching table list after {steps} steps; last: {finder.tables()}")


def test_a_hosted_table_is_listed_and_refreshed(make_host: Callable[..., LanHost],
                                                make_client: Callable[..., LanClient]) -> None:
    clock = ManualClock()
    with TableFinder(bind=LOOPBACK, port=0, stale_after=0.5, clock=clock) as finder:
        host = make_host(name="Bàn của Tư", seats=3, bots=1, table_bet=20, preset="v8club",
                         password="x", beacon_target=LOOPBACK, beacon_port=finder.port,
                         beacon_interval=0.05, start_when=99)
        tables = _wait(finder, lambda ts: len(ts) == 1)
        t, ad = tables[0], tables[0].ad
        assert (ad.name, t.address, ad.port, ad.players, ad.seats, ad.bots, ad.bet, ad.preset,
                ad.password, ad.started) == ("Bàn của Tư", LOOPBACK, host.port, 0, 3, 1, 20,
                                           "v8club", True, False)
        make_client(host, "Ana", password="x")
        # The beacon is heard again and again as the finder's time passes (0.2 s steps,
        # under its 0.5 s staleness), until it says one player.
        for _ in range(50):
            tables = _heard_again(finder, clock, host.port, 0.2)
            assert len(tables) == 1
            if tables[0].ad.players == 1:
                break
        assert tables[0].ad.players == 1
        host.stop()
        # A table that stops sending drops off the list once its staleness has passed.
        _tick_until(finder, clock, lambda ts: ts == [], step=0.6)


def test_junk_datagrams_are_ignored() -> None:
    info = table_ad(name="A", port=47123, players=1, seats=4, bots=0, bet=10,
                    preset="classic", password=False, started=True)
    good = encode_beacon(info)
    assert decode_beacon(good, LOOPBACK) is not None
    for junk in [b"", b"\xff", b"{}", b"[]", good.replace(b'"seats":4', b'"seats":9'),
                 good.replace(b'"port":47123', b'"port":-1'), good.replace(b"lieng", b"other"),
                 good + b" " * 2000, good.replace(b'"name":"A"', b'"name":""')]:
        assert decode_beacon(junk, LOOPBACK) is None
    with TableFinder(bind=LOOPBACK, port=0, clock=ManualClock()) as finder:
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
    with TableFinder(bind=LOOPBACK, port=0, clock=ManualClock()) as finder:
        _send(finder.port, b"[" * 1000)
        _send(finder.port, encode_beacon(_BEACON))
        tables = _wait(finder, lambda ts: len(ts) == 1)
        assert tables[0].ad.port == 5000 and finder._thread.is_alive()


def test_the_finder_survives_any_error_while_reading_a_datagram(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from lieng.net import discovery

    real = discovery.decode_beacon
    calls = []

    def flaky(payload: bytes, address: str, now: float | None = None) -> TableInfo | None:
        calls.append(payload)
        if len(calls) == 1:
            raise RuntimeError("a bug in the decoder")
        return real(payload, address, now)

    monkeypatch.setattr(discovery, "decode_beacon", flaky)
    with TableFinder(bind=LOOPBACK, port=0, clock=ManualClock()) as finder:
        _send(finder.port, b"first")
        end = time.monotonic() + 5
        while not calls and time.monotonic() < end:
            time.sleep(0.01)
        _send(finder.port, encode_beacon(_BEACON))
        assert _wait(finder, lambda ts: len(ts) == 1)[0].ad.port == 5000
        assert finder._thread.is_alive()


def test_staleness_and_rate_limits_are_measured_on_the_finders_clock() -> None:
    """Before: the finder read ``time.monotonic()`` itself, so a test could not say when a
    table goes stale or a sender's allowance comes back — a slow machine said it."""
    clock = ManualClock()
    with TableFinder(bind=LOOPBACK, port=0, stale_after=2.0, probe=False,
                     clock=clock) as finder, \
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as loud, \
            socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as quiet:
        for _ in range(int(discovery.SENDER_BURST)):  # the loud sender's whole burst
            loud.sendto(_beacon(port=5001), (LOOPBACK, finder.port))
        loud.sendto(_beacon(port=5002), (LOOPBACK, finder.port))  # one too many
        quiet.sendto(_beacon(port=5003), (LOOPBACK, finder.port))  # read after it
        tables = _wait(finder, lambda ts: any(t.ad.port == 5003 for t in ts))
        assert sorted(t.ad.port for t in tables) == [5001, 5003]
        assert all(t.seen == t.first_seen == clock.now for t in tables)
        clock.advance(0.1)  # one datagram's allowance at SENDER_RATE = 10 a second
        loud.sendto(_beacon(port=5002), (LOOPBACK, finder.port))
        tables = _wait(finder, lambda ts: len(ts) == 3)
        assert [t.seen for t in tables if t.ad.port == 5002] == [clock.now]
        clock.advance(1.95)  # 5001 and 5003 heard 2.05 s ago, 5002 1.95 s ago
        assert [t.ad.port for t in finder.tables()] == [5002]
        clock.advance(0.1)
        assert finder.tables() == []


# ------------------------------------------------------------------ trust no beacon


@cache
def _beacon_fields() -> dict[str, object]:
    """``_BEACON`` as the wire has it, encoded once (the flood below sends 20,000)."""
    fields: dict[str, object] = json.loads(encode_beacon(_BEACON))
    return fields


def _beacon(**fields: object) -> bytes:
    """``_BEACON`` on the wire with ``fields`` changed or added."""
    return json.dumps({**_beacon_fields(), **fields}).encode()


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
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient]) -> None:
    """Before: one sender flooding 20,000 fake tables pushed the real table off the
    list. Now a sender lists at most a few tables, is rate-limited, and the table that
    answers a direct probe — and has been heard longest — comes first.

    The finder runs on a ``ManualClock``: on the real one the fakes went stale 2 s after
    they were heard, which a loaded machine could let pass before the flood loop ended
    (CI once saw no fake listed at all), and every datagram beyond the flood's burst is
    rate-limited, so nothing would list one again."""
    clock = ManualClock()
    with TableFinder(bind=LOOPBACK, port=0, stale_after=2.0, clock=clock) as finder:
        host = make_host(name="Thật", seats=3, bots=1, beacon_target=LOOPBACK,
                         beacon_port=finder.port, beacon_interval=0.05, start_when=99)
        _wait(finder, lambda ts: len(ts) == 1 and ts[0].probed)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for i in range(20_000):
                fake = _beacon(name=f"Giả {i}", port=1 + i % 1000)  # closed ports
                with contextlib.suppress(BlockingIOError):
                    s.sendto(fake, (LOOPBACK, finder.port))
        # The flood has reached the list once one fake is on it (the sender's few); the
        # finder's time stands still meanwhile, so none of them can go stale first.
        tables = _wait(finder, lambda ts: any(t.ad.name.startswith("Giả") for t in ts))
        assert tables[0].ad.name == "Thật" and tables[0].ad.port == host.port and tables[0].probed
        assert len(tables) <= discovery.MAX_TABLES_PER_SENDER
        assert not any(t.probed for t in tables[1:])  # nothing answers on the fake ports
        # A person sits down: the beacons saying one player are sent after the whole
        # flood, so once one of them is heard the finder has read every fake there is.
        # Time passes in steps shorter than the staleness; the real table is heard at each.
        make_client(host, "Ana")
        for _ in range(50):
            tables = _heard_again(finder, clock, host.port, 0.5)
            assert tables[0].ad.port == host.port and tables[0].probed
            if tables[0].ad.players == 1:
                break
        assert tables[0].ad.players == 1
        # The real table keeps being heard after the flood: the fakes go stale (nothing
        # repeats them) while it stays.
        flood_over = clock.now
        while clock.now <= flood_over + finder.stale_after:
            tables = _heard_again(finder, clock, host.port, 0.5)
            assert tables[0].ad.name == "Thật" and tables[0].probed
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


def test_closing_wakes_the_listener_instead_of_waiting_for_its_timeout() -> None:
    """``close`` sends the finder's own socket an empty datagram: its listener returns at
    once. With the socket's timeout taken away, only that datagram can end the thread
    within ``close``'s one-second join (a lobby closed its finder on the window's thread)."""
    finder = TableFinder(bind=LOOPBACK, port=0, probe=False)
    finder._sock.settimeout(None)  # its next recvfrom blocks until a datagram comes
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(b"junk", (LOOPBACK, finder.port))
        sender = (LOOPBACK, s.getsockname()[1])
    end = time.monotonic() + 30  # once the junk is read, the listener waits with no timeout
    while sender not in finder._buckets and time.monotonic() < end:
        time.sleep(0.01)
    assert sender in finder._buckets
    finder.close()
    assert not finder._thread.is_alive()
