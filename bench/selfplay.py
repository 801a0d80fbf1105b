"""Self-play speed: ``python bench/selfplay.py``.

Six-player hands of random legal play through the real engine (``lieng.sim``), chips
checked after every hand, on one core. Target: >= 3,000 hands/s.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lieng.sim import simulate


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    for players in (2, 6):
        runs = [simulate(players, 5000, seed) for seed in range(5)]
        rate = statistics.median(r["hands_per_s"] for r in runs)
        acts = statistics.mean(r["actions_per_hand"] for r in runs)
        print(f"{players} players: {rate:,.0f} hands/s (median of 5 × 5,000 hands, "
              f"{acts:.1f} actions per hand)")


if __name__ == "__main__":
    main()
