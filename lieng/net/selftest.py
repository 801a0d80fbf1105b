"""A whole LAN game on loopback with autopilots, for ``--selftest --mode lan``.

``loopback_table`` starts a host on 127.0.0.1 (never another address: no beacon) and
connects clients whose seats are played by bots through the real protocol — fair deal,
per-seat views, timers. The game window's self-test wraps each client in a window;
``run`` (``python -m lieng.net.selftest --clients 3 --hands 3``) does it with no window.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from .client import LanClient
from .host import HostConfig, LanHost

LOOPBACK = "127.0.0.1"


def loopback_table(clients: int = 3, hands: int = 3, seats: int | None = None,
                   level: str = "easy", seed: int | None = None,
                   **host_options: Any) -> tuple[LanHost, list[LanClient]]:
    """A started host and ``clients`` connected autopilot clients (empty seats: bots).

    ``seed`` only fixes the autopilots' choices; the deal stays a fair, unpredictable one.
    """
    from lieng.bots import make_bot

    n = seats if seats is not None else min(6, max(2, clients + 1))
    if not 1 <= clients <= n:
        raise ValueError(f"1..{n} clients fit at {n} seats, got {clients}")
    options: dict[str, Any] = dict(bind=LOOPBACK, port=0, seats=n, bots=n - clients,
                                   max_hands=hands, bot_speed=0.0, hand_pause=0.0,
                                   turn_seconds=10.0, beacon_target=None)
    options.update(host_options)
    if options.get("beacon_target") not in (None, LOOPBACK):
        raise ValueError("a self-test only ever talks to 127.0.0.1")
    host = LanHost(HostConfig(**options)).start()
    rng = random.Random(seed)
    joined: list[LanClient] = []
    try:
        for i in range(clients):
            pilot = make_bot(level, rng=random.Random(rng.getrandbits(64)))
            joined.append(LanClient(LOOPBACK, host.port, name=f"Autopilot {i + 1}",
                                    autopilot=pilot).connect())
    except BaseException:
        for c in joined:
            c.close()
        host.stop()
        raise
    return host, joined


def _wait_closed(client: LanClient, timeout: float) -> bool:
    return client.wait_until(lambda: client.closed is not None, timeout)


def run(clients: int = 3, hands: int = 3, timeout: float = 120.0) -> dict[str, Any]:
    """Play a loopback game to its end; the summary's ``ok`` says whether every client
    saw every hand, every deal check passed and the host caught no error."""
    host, joined = loopback_table(clients, hands)
    try:
        finished = all(_wait_closed(c, timeout) for c in joined)
    finally:
        for c in joined:
            c.close()
        host.stop()
    table = host.table
    chips_ok = table is not None and sum(table.stacks) == host.chips_in
    summary: dict[str, Any] = {
        "hands": len(host.history),
        "clients": [{"seat": c.seat, "closed": c.closed[0] if c.closed else None,
                     "hands_seen": len(c.hand_views),
                     "checks_passed": sum(k.ok for k in c.checks),
                     "checks_failed": [k.hand for k in c.checks if not k.ok]}
                    for c in joined],
        "host_errors": host.errors,
        "chips_conserved": chips_ok,
    }
    summary["ok"] = (finished and chips_ok and not host.errors and len(host.history) == hands
                     and all(c["closed"] == "finished" and c["hands_seen"] == hands
                             and c["checks_passed"] == hands for c in summary["clients"]))
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lieng.net.selftest",
                                description="Play a LAN game on 127.0.0.1 with autopilots.")
    p.add_argument("--clients", type=int, default=3)
    p.add_argument("--hands", type=int, default=3)
    args = p.parse_args(argv)
    summary = run(args.clients, args.hands)
    print(json.dumps(summary), flush=True)
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
