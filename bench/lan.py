"""LAN latency: action-to-update round trip on loopback (docs/PERFORMANCE.md).

A ``LanClient`` plays a two-seat table against a host bot that answers at once. For each
of our turns we time ``send_action`` until the host's update carrying that action is in
the client's state — what the game window waits for before it animates the move. The
figure includes both threads' hand-offs, JSON, the engine and the per-seat view.

    python bench/lan.py [--actions 2000] [--process]

``--process`` runs the host as its own process (``python -m lieng.net.host_cli``), as on a
real LAN; without it the host is a thread of this process, as for the hosting player's
own seat — then the client, the host and this loop share one interpreter lock.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lieng.engine import Action
from lieng.net import HostConfig, LanClient, LanHost


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=2000)
    p.add_argument("--process", action="store_true", help="run the host in its own process")
    args = p.parse_args()
    proc: subprocess.Popen[str] | None = None
    host: LanHost | None = None
    if args.process:
        root = Path(__file__).resolve().parents[1]
        env = dict(os.environ, PYTHONPATH=str(root))
        proc = subprocess.Popen(
            [sys.executable, "-m", "lieng.net.host_cli", "--bind", "127.0.0.1", "--port", "0",
             "--seats", "2", "--bots", "1", "--bot-speed", "0", "--pause", "0",
             "--timer", "30", "--bot-level", "call", "--beacon", "off"],
            stdout=subprocess.PIPE, text=True, env=env)
        assert proc.stdout is not None
        port = json.loads(proc.stdout.readline())["port"]
    else:
        host = LanHost(HostConfig(bind="127.0.0.1", port=0, seats=2, bots=1, bot_speed=0.0,
                                  hand_pause=0.0, turn_seconds=30.0, bot_level="call")).start()
        port = host.port
    client = LanClient("127.0.0.1", port, name="Bench").connect()
    times: list[float] = []
    try:
        while len(times) < args.actions:
            if not client.wait_until(lambda: client.turn is not None, 10):
                raise SystemExit("no turn offered within 10 s")
            view = client.view
            assert view is not None
            hand, seen = client.hand_no, len(view.actions)
            t0 = time.perf_counter()
            client.send_action(Action.call() if len(times) % 3 else Action.raise_(1))

            def answered(hand: int = hand, seen: int = seen) -> bool:
                now = client.view
                return client.hand_no != hand or (now is not None and len(now.actions) > seen)

            ok = client.wait_until(answered, 10)
            t1 = time.perf_counter()
            if not ok:
                raise SystemExit("no update within 10 s")
            times.append(t1 - t0)
            client.poll()
    finally:
        client.close()
        if host is not None:
            host.stop()
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    ms = sorted(t * 1000 for t in times)
    q = statistics.quantiles(ms, n=100)
    where = "host process" if args.process else "host thread"
    print(f"{where}: actions: {len(ms)}  p50: {q[49]:.2f} ms  p99: {q[98]:.2f} ms  "
          f"mean: {statistics.fmean(ms):.2f} ms  max: {ms[-1]:.2f} ms")
    if host is not None and host.errors:
        raise SystemExit(f"host errors: {host.errors}")


if __name__ == "__main__":
    main()
