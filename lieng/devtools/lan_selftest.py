"""A whole LAN game on loopback with autopilots, for ``--selftest --mode lan``.

``loopback_table`` starts a host on 127.0.0.1 (never another address: no beacon) and
connects clients whose seats are played by bots through the real protocol — the
mental-poker deal by default (docs/PROTOCOL.md 12: nobody, the host included, reads a
person's cards), per-seat views, timers; ``run`` plays such a game with no window.

``run_windows`` is the issue's self-test: the host runs here, and each client is its own
process (pygame has one window per process) showing the real table screen over a
``RemoteTable``, played by the window self-test's key-pressing autopilot:
``python -m lieng.devtools.lan_selftest --windows --clients 3 --hands 3``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lieng.levels import BotKind
from lieng.net.client import LanClient
from lieng.net.host import HostConfig, LanHost

LOOPBACK = "127.0.0.1"


def loopback_table(clients: int = 3, hands: int = 3, seats: int | None = None,
                   level: BotKind = "easy", seed: int | None = None,
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
    saw every hand, every deal check passed (with the mental deal every hand is checked;
    with the commit-reveal one a hand with a fold is rightly not checkable:
    lieng/net/fairdeal.py), no deal was stopped and the host caught no error."""
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
                     "checks_passed": sum(k.ok is True for k in c.checks),
                     "checks_hidden": sum(k.ok is None for k in c.checks),
                     "checks_failed": [k.hand for k in c.checks if k.ok is False]}
                    for c in joined],
        "host_errors": host.errors,
        "chips_conserved": chips_ok,
        "deal": "mental" if host.sealed is not None else "commit",
        "deals_stopped": host.sealed.faults if host.sealed is not None else [],
    }
    mental = host.sealed is not None
    summary["ok"] = (finished and chips_ok and not host.errors and len(host.history) == hands
                     and all(c["closed"] == "finished" and c["hands_seen"] == hands
                             and c["checks_passed"] + c["checks_hidden"] == hands
                             and not (mental and c["checks_hidden"])
                             and not c["checks_failed"] for c in summary["clients"])
                     and not summary["deals_stopped"])
    return summary


def run_window_client(port: int, hands: int, name: str, seed: int | None = None,
                      size: tuple[int, int] = (960, 540), timeout: float = 120.0) -> int:
    """One client in a real game window (this process's only window): join, play on
    autopilot by pressing the action bar's keys, and stop when the host closes the table.
    Prints one JSON line; returns the exit code."""
    from lieng.devtools.driver import KeyAutopilot
    from lieng.net.remote_table import RemoteTable
    from lieng.storage.settings import Settings
    from lieng.ui.core.window import GameApp
    from lieng.ui.scenes.table import TableScene
    from lieng.ui.screens import SCREENS

    client = LanClient(LOOPBACK, port, name=name).connect()
    try:
        if not client.wait_until(lambda: client.roster is not None
                                 and client.roster.started, timeout):
            print(json.dumps({"name": name, "error": "the game never started"}))
            return 1
        table = RemoteTable(client)
        # Paced as a player's window is (60 frames a second): the host plays in real time,
        # and a window drawing as fast as it can would only spend the cores the host, the
        # other windows and their mental deal need.
        app = GameApp(size, Settings(animation_speed="instant", sound_on=False), fps=60,
                      screens=SCREENS)
        scene = TableScene(app, table, me=table.me)
        # Never folding, so hands reach a full showdown and their deals can be checked.
        pilot = KeyAutopilot(random.Random(seed), folds=False)
        scene.autopilot = pilot
        app.push(scene)
        end = time.monotonic() + timeout

        def hook(app: GameApp) -> None:
            # Once the host closes the table, let the board finish drawing what it got.
            if (table.closed is not None and not scene.board.busy) or time.monotonic() > end:
                app.running = False

        app.frame_hooks.append(hook)
        app.run()
        app.close()
    finally:
        client.close()
    checks = [m.data for m in table.checks]
    ok = (table.closed is not None and table.closed[0] == "finished"
          and len(checks) == hands and all(c["ok"] is not False for c in checks)
          and not table.errors)
    print(json.dumps({"name": name, "seat": table.me, "closed": table.closed,
                      "frames": app.frames, "key_presses": pilot.presses,
                      "checks": len(checks),
                      "checks_passed": sum(c["ok"] is True for c in checks),
                      "checks_hidden": sum(c["ok"] is None for c in checks),
                      "errors": [m.data for m in table.errors], "ok": ok}), flush=True)
    return 0 if ok else 1


def run_windows(clients: int = 3, hands: int = 3, timeout: float = 180.0) -> int:
    """The LAN self-test through real windows: a loopback host here and one window
    process per client. Prints one summary line; returns the exit code."""
    n = min(6, max(2, clients + 1))
    # The bot seat always calls (a baseline bot): with the never-folding window pilots every
    # hand reaches a full showdown, so every client checks every deal.
    host = LanHost(HostConfig(bind=LOOPBACK, port=0, seats=n, bots=n - clients,
                              bot_level="call",
                              max_hands=hands, bot_speed=0.0, hand_pause=0.0,
                              turn_seconds=30.0, beacon_target=None)).start()
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    procs = [subprocess.Popen([sys.executable, "-m", "lieng.devtools.lan_selftest",
                               "--window-client",
                               "--port", str(host.port), "--hands", str(hands),
                               "--name", f"Cửa sổ {i + 1}", "--seed", str(i)],
                              stdout=subprocess.PIPE, text=True, env=env)
             for i in range(clients)]
    results: list[dict[str, Any]] = []
    try:
        for p in procs:
            out, _ = p.communicate(timeout=timeout)
            lines = out.strip().splitlines()
            results.append(json.loads(lines[-1]) if lines else {"ok": False})
            results[-1]["exit"] = p.returncode
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        host.stop()
    table = host.table
    chips_ok = table is not None and sum(table.stacks) == host.chips_in
    # Nobody folds here, so the fair-deal check must really have run and passed.
    ok = (all(r.get("ok") and r["exit"] == 0 for r in results) and chips_ok
          and not host.errors and len(host.history) == hands
          and any(r.get("checks_passed") for r in results))
    deal = "mental" if host.sealed is not None else "commit-reveal"
    print(f"selftest lan {'ok' if ok else 'FAILED'}: {len(host.history)}/{hands} hands, "
          f"{clients} window clients + {n - clients} bots on 127.0.0.1:{host.port}, "
          f"deal checks {[r.get('checks') for r in results]}, "
          f"chips {'conserved' if chips_ok else 'NOT conserved'}, host errors {host.errors}; "
          f"of the checks passed {[r.get('checks_passed') for r in results]}, not checkable "
          f"(a folded hand stays hidden) {[r.get('checks_hidden') for r in results]}; "
          f"the {deal} deal",
          flush=True)
    if not ok:
        for r in results:
            print(json.dumps(r, ensure_ascii=False), flush=True)
    return 0 if ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lieng.devtools.lan_selftest",
                                description="Play a LAN game on 127.0.0.1 with autopilots.")
    p.add_argument("--clients", type=int, default=3)
    p.add_argument("--hands", type=int, default=3)
    p.add_argument("--windows", action="store_true",
                   help="each client in its own game window process")
    p.add_argument("--window-client", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--name", default="Autopilot", help=argparse.SUPPRESS)
    p.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.window_client:
        return run_window_client(args.port, args.hands, args.name, args.seed)
    if args.windows:
        return run_windows(args.clients, args.hands)
    summary = run(args.clients, args.hands)
    print(json.dumps(summary), flush=True)
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
