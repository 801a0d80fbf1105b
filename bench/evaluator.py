"""Evaluator speed: ``python bench/evaluator.py``.

Prints ``evaluate`` calls per second over all 22,100 hands (shuffled, ten times over) beside
a bare dict lookup over the same precomputed keys, the floor any table-driven evaluator
pays. Target: >= 1,500,000 hands/s and >= 25 % of the bare lookup's speed.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lieng.engine import PRESETS, all_hands, evaluate, hand_key


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    hands = all_hands() * 10
    random.Random(1).shuffle(hands)
    keys = [hand_key(h) for h in hands]
    n = len(hands)
    for name, rules in PRESETS.items():
        table = {hand_key(h): evaluate(h, rules) for h in all_hands()}
        bare, ev = [], []
        for _ in range(7):
            t0 = time.perf_counter()
            for k in keys:
                table[k]
            t1 = time.perf_counter()
            for h in hands:
                evaluate(h, rules)
            t2 = time.perf_counter()
            bare.append(n / (t1 - t0))
            ev.append(n / (t2 - t1))
        b, e = statistics.median(bare), statistics.median(ev)
        print(f"{name:8s} evaluate {e:>12,.0f} hands/s | bare dict lookup {b:>12,.0f} keys/s"
              f" | ratio {e / b:.0%}")


if __name__ == "__main__":
    main()
