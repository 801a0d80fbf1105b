"""Bot decision time and strength-table load time: ``python bench/bots.py``.

Plays six-seat (the three levels and the three baselines) and heads-up games and times
every ``bot.decide(view)`` call (the view is built before the clock starts) twice over:
wall time (``perf_counter_ns``, what a player waits) and the thread's CPU time
(``thread_time_ns``, which other programs on a shared machine cannot inflate). The
``hard`` bots have been observing the games, so their opponent models are warm. Prints
p50 / p99 / max per level. Target: p99 <= 2 ms.

Then times, in fresh interpreters, loading the shipped strength table, loading the
``expert`` strategy (file read, decompression, bucket floors, the 100 × B tree built)
(``lieng.engine`` is
imported first and not counted) — target < 0.3 s — and the whole ``import lieng.bots``.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lieng.bots import BASELINES, make_bot  # noqa: E402
from lieng.engine import PRESETS, Hand  # noqa: E402
from lieng.levels import BOT_LEVELS, BotKind  # noqa: E402

HANDS = 3000


def _time_games(lineup: list[BotKind], hands: int, seed: int,
                times: dict[str, list[int]], cpu: dict[str, list[int]]) -> None:
    rules = PRESETS["classic"]
    bots = [make_bot(k, random.Random(f"{seed}:{s}")) for s, k in enumerate(lineup)]
    deal = random.Random(seed)
    clock = time.perf_counter_ns
    cpu_clock = time.thread_time_ns
    for h in range(hands):
        hand = Hand(rules, [100 * rules.table_bet] * len(bots), h % len(bots), rng=deal)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view_for(seat)
            bot = bots[seat]
            c0 = cpu_clock()
            t0 = clock()
            action = bot.decide(view)
            t1 = clock()
            cpu[bot.level].append(cpu_clock() - c0)
            times[bot.level].append(t1 - t0)
            hand.act(seat, action)
        for s, bot in enumerate(bots):
            for event in hand.events_for(s):
                bot.observe(event)


def _pct(xs: list[int], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] / 1000.0


_LOAD = """
import time
from lieng.engine import Card
t0 = time.perf_counter()
from lieng.bots.strength import strength
strength(Card.parse_many("AH AD AS"))
print(time.perf_counter() - t0)
"""
_IMPORT = """
import time
t0 = time.perf_counter()
import lieng.bots
from lieng.bots.strength import strength
from lieng.engine import Card
strength(Card.parse_many("AH AD AS"))
print(time.perf_counter() - t0)
"""

_EXPERT = """
import time
import lieng.bots
t0 = time.perf_counter()
from lieng.bots.expert_data import load_strategy
s = load_strategy("classic")
s.tree(5)
print(time.perf_counter() - t0)
"""


def _fresh(code: str) -> float:
    runs = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, cwd=ROOT,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout
        runs.append(float(out.strip()))
    return statistics.median(runs)


def main() -> None:
    times: dict[str, list[int]] = {k: [] for k in BOT_LEVELS + BASELINES}
    cpu: dict[str, list[int]] = {k: [] for k in BOT_LEVELS + BASELINES}
    _time_games(["hard", "normal", "easy", "random", "call", "raise"], HANDS, 1, times, cpu)
    _time_games(["expert", "hard", "normal", "easy", "tight", "maniac"], HANDS, 3, times, cpu)
    _time_games(["expert", "threshold", "shover"], HANDS // 2, 4, times, cpu)
    pairs: tuple[tuple[BotKind, BotKind], ...] = (
        ("hard", "normal"), ("normal", "easy"), ("easy", "raise"), ("hard", "call"),
        ("expert", "hard"), ("expert", "tight"), ("expert", "shover"))
    for a, b in pairs:
        _time_games([a, b], HANDS // 2, 2, times, cpu)
    print(f"machine load average (1 min): {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg")
          else "")
    print("| bot | decisions | wall p50 (µs) | wall p99 (µs) | wall max (µs) "
          "| CPU p50 (µs) | CPU p99 (µs) | CPU max (µs) |")
    print("|---|---|---|---|---|---|---|---|")
    for kind, xs in times.items():
        cs = cpu[kind]
        if not xs:
            continue
        print(f"| {kind} | {len(xs)} | {_pct(xs, 0.5):.0f} | {_pct(xs, 0.99):.0f} | "
              f"{max(xs) / 1000:.0f} | {_pct(cs, 0.5):.0f} | {_pct(cs, 0.99):.0f} | "
              f"{max(cs) / 1000:.0f} |")
    print()
    print(f"strength table load (median of 5 fresh interpreters): {_fresh(_LOAD) * 1000:.0f} ms")
    print(f"import lieng.bots incl. engine (median of 5): {_fresh(_IMPORT) * 1000:.0f} ms")
    print(f"expert strategy load, classic, 100 × B tree (median of 5): "
          f"{_fresh(_EXPERT) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
