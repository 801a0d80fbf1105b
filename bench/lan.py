"""LAN latency: action-to-update round trip on loopback (issue 7, docs/PERFORMANCE.md).

A ``LanClient`` plays a two-seat table against a host bot that answers at once. For each
of our turns we time ``send_action`` until the host's update carrying that action is in
the client's state — what the game window waits for before it animates the move. The
figure includes both threads' hand-offs, JSON, the engine and the per-seat view.

    python bench/lan.py [--actions 2000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lieng.engine import Action  # noqa: E402
from lieng.net import HostConfig, LanClient, LanHost  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=2000)
    args = p.parse_args()
    host = LanHost(HostConfig(bind="127.0.0.1", port=0, seats=2, bots=1, bot_speed=0.0,
                              hand_pause=0.0, turn_seconds=30.0, bot_level="call")).start()
    client = LanClient("127.0.0.1", host.port, name="Bench").connect()
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
            ok = client.wait_until(lambda: client.hand_no != hand or (
                client.view is not None and len(client.view.actions) > seen), 10)
            t1 = time.perf_counter()
            if not ok:
                raise SystemExit("no update within 10 s")
            times.append(t1 - t0)
            client.poll()
    finally:
        client.close()
        host.stop()
    ms = sorted(t * 1000 for t in times)
    q = statistics.quantiles(ms, n=100)
    print(f"actions: {len(ms)}  p50: {q[49]:.2f} ms  p99: {q[98]:.2f} ms  "
          f"mean: {statistics.fmean(ms):.2f} ms  max: {ms[-1]:.2f} ms")
    if host.errors:
        raise SystemExit(f"host errors: {host.errors}")


if __name__ == "__main__":
    main()
