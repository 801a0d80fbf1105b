"""``python -m lieng.net.client_cli``: join a Liêng LAN table without a window.

Headless autopilot for tests and ``--selftest --mode lan``:
``python -m lieng.net.client_cli --host 127.0.0.1 --port 47123 --name Ana --autopilot``.
It imports the client; the client never imports it (docs/ARCHITECTURE.md, no cycles).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from lieng.storage.paths import data_dir
from lieng.table import Player

from .client import LanClient, LanError
from .protocol import DEFAULT_PORT
from .seat_tokens import SeatTokens


def main(argv: Sequence[str] | None = None) -> int:
    """Join one table without a window; prints JSON lines (seat, then a summary). Exit
    status 0 only if the game ended normally and no deal check failed."""
    p = argparse.ArgumentParser(prog="python -m lieng.net.client_cli",
                                description="Join a Liêng LAN table without a window.")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--name", default="Autopilot")
    p.add_argument("--password", default=None)
    p.add_argument("--autopilot", action="store_true", help="let a bot play the seat")
    p.add_argument("--level", default="easy", help="the autopilot's bot level")
    p.add_argument("--seconds", type=float, default=600.0, help="give up after this long")
    p.add_argument("--fresh", action="store_true",
                   help="join as a new player: do not reclaim a seat with a saved token")
    args = p.parse_args(argv)
    pilot: Player | None = None
    if args.autopilot:
        from lieng.bots import make_bot

        pilot = make_bot(args.level, rng=random.Random())
    # Like the window, the command keeps its seat token — and the hand's mental-deal
    # secret — in the user data folder, so a restarted client reclaims its seat within
    # the host's grace period and reads its cards again.
    client = LanClient(args.host, args.port, name=args.name, password=args.password,
                       autopilot=pilot, tokens=None if args.fresh else SeatTokens(),
                       deal_secrets=None if args.fresh else data_dir())
    try:
        client.connect()
    except LanError as exc:
        print(json.dumps({"error": exc.code, "message": exc.message}), flush=True)
        return 2
    print(json.dumps({"seat": client.seat, "table": client.table_name,
                      "watching": client.watching}), flush=True)
    done = client.wait_until(lambda: client.closed is not None, args.seconds)
    client.close()
    failed = [c.hand for c in client.checks if c.ok is False]
    reason = client.closed[0] if client.closed else "timeout"
    print(json.dumps({"closed": reason, "hands": len(client.hand_views),
                      "checks_passed": sum(c.ok is True for c in client.checks),
                      "checks_hidden": sum(c.ok is None for c in client.checks),
                      "checks_failed": failed}), flush=True)
    return 0 if done and not failed and reason in ("finished", "host_left") else 1


if __name__ == "__main__":
    sys.exit(main())
