"""A beacon flood from the host's own address no longer hides the real table (issue #23,
item 8). The flood came first and filled the address's four slots; the real table's
beacon then found no room and was never listed. Now a newcomer from a full address is
probed anyway, and one that answers takes the place of a table that never did.

The finder runs on a ``ManualClock`` that never moves: on the real clock a loaded machine
could let the fakes go stale (3.5 s) between two rounds of the flood, which frees a slot
and lists the real table without the probe this test is about."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

from lieng.net import LanHost
from lieng.net.discovery import MAX_TABLES_PER_SENDER, TableFinder, encode_beacon, table_ad

from .conftest import LOOPBACK
from .manual_clock import ManualClock


def _dead_ports(n: int) -> list[int]:
    """Ports on 127.0.0.1 where nothing listens (bound, then closed): a probe fails."""
    socks = [socket.socket() for _ in range(n)]
    for s in socks:
        s.bind((LOOPBACK, 0))
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


def test_a_flood_that_came_first_cannot_hide_the_real_table(
        make_host: Callable[..., LanHost]) -> None:
    fakes = [encode_beacon(table_ad(f"Fake {i}", port, 0, 4, 0, 10, "classic",
                                    False, False))
             for i, port in enumerate(_dead_ports(MAX_TABLES_PER_SENDER))]
    flood = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    with TableFinder(bind=LOOPBACK, port=0, clock=ManualClock()) as finder, flood:
        def send_flood() -> None:
            for payload in fakes:
                flood.sendto(payload, (LOOPBACK, finder.port))

        end = time.monotonic() + 10
        while len(finder.tables()) < MAX_TABLES_PER_SENDER and time.monotonic() < end:
            send_flood()
            time.sleep(0.05)
        assert [t.ad.name for t in finder.tables()] == [f"Fake {i}" for i in range(4)]
        host = make_host(seats=2, bots=1, start_when=99, name="Bàn thật",
                         beacon_target=LOOPBACK, beacon_port=finder.port,
                         beacon_interval=0.2)
        end = time.monotonic() + 20
        while time.monotonic() < end:
            send_flood()  # the flood goes on all along (read and refused: its burst is spent)
            listed = finder.tables()
            if listed and listed[0].ad.port == host.port:
                break
            time.sleep(0.1)
        listed = finder.tables()
        assert listed[0].ad.name == "Bàn thật" and listed[0].probed
        assert len(listed) == MAX_TABLES_PER_SENDER  # one fake made room
        assert not any(t.probed for t in listed[1:])
