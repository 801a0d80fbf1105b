"""``python -m lieng.net.host_cli``: serve a Liêng table on the LAN with no window.

The command line lives apart from the host so the host module stays the orchestration
only: the CLI imports its library, never the other way (docs/ARCHITECTURE.md, no cycles).
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
from collections.abc import Sequence

from lieng.engine import PRESETS

from .host import LanHost
from .hostconfig import HostConfig
from .protocol import DEFAULT_PORT


def main(argv: Sequence[str] | None = None) -> int:
    """Serve one table with no window; prints JSON lines (listening, then the result)
    so scripts and tests can follow it. Exit status 1 if the host caught an error."""
    p = argparse.ArgumentParser(prog="python -m lieng.net.host_cli",
                                description="Serve a Liêng table on the LAN with no window.")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--bots", type=int, default=0)
    p.add_argument("--bet", type=int, default=10, help="table bet")
    p.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    p.add_argument("--timer", type=float, default=20.0, help="turn timer in seconds")
    p.add_argument("--password", default=None)
    p.add_argument("--name", default=socket.gethostname()[:20] or "Liêng")
    p.add_argument("--stack", type=int, default=1000)
    p.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    p.add_argument("--start-when", type=int, default=None,
                   help="players needed to start (default: every non-bot seat)")
    p.add_argument("--bot-level", default="normal")
    p.add_argument("--bot-speed", type=float, default=1.0)
    p.add_argument("--pause", type=float, default=HostConfig.hand_pause,
                   help="seconds between hands")
    p.add_argument("--grace", type=float, default=60.0)
    p.add_argument("--deal", choices=("mental", "commit"), default="mental",
                   help="mental: nobody, the host included, reads a person's cards "
                        "(PROTOCOL.md 12); commit: the commit-reveal deal (section 8)")
    p.add_argument("--beacon", default="255.255.255.255",
                   help="where discovery beacons go; 'off' for none")
    args = p.parse_args(argv)
    try:
        config = HostConfig(name=args.name, bind=args.bind, port=args.port, seats=args.seats,
                            bots=args.bots, table_bet=args.bet, preset=args.preset,
                            turn_seconds=args.timer, password=args.password, stack=args.stack,
                            max_hands=args.hands, start_when=args.start_when,
                            bot_level=args.bot_level, bot_speed=args.bot_speed,
                            hand_pause=args.pause, grace=args.grace,
                            mental_deal=args.deal == "mental",
                            beacon_target=None if args.beacon == "off" else args.beacon)
    except ValueError as exc:
        p.error(str(exc))
    host = LanHost(config)

    def ready(h: LanHost) -> None:
        print(json.dumps({"listening": h.config.bind, "port": h.port,
                          "seats": config.seats, "bots": config.bots}), flush=True)

    try:
        host.run(on_ready=ready)
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        print(f"cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps({"closed": host.closed_reason, "hands": host.hands_played,
                      "errors": host.errors}), flush=True)
    return 1 if host.errors else 0


if __name__ == "__main__":
    sys.exit(main())
