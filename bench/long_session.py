"""A long session at a bot table in the real window, and the process's memory through it.

    SDL_VIDEODRIVER=dummy python bench/long_session.py [--hands 600] [--size 1280x720]
        [--speed instant|fast|normal] [--bankroll 10000000]

The bot-table self-test (``lieng.devtools.bots_selftest``: the real app, its bankroll and
history in a scratch data folder, the autopilot pressing the player's keys) plays
``--hands`` hands; the resident memory (RSS) is read as each hand is dealt. A player's
evening must not cost more memory the longer it lasts: the figure to watch is the growth
after the first ten hands, when every cache has met every size it will meet (docs/
PERFORMANCE.md records it; the target is at most 10 %).
It also prints what the table's once-a-hand collection and trim cost (``ui.core.heap``):
that pass runs on a frame.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def rss_mib() -> float:
    """This process's resident memory now (Linux: /proc; elsewhere the peak so far)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


def deep_pockets(data: Path, chips: int) -> None:
    """Start the scratch folder's bankroll at ``chips``: the autopilot loses, and with a
    new player's 10.000 it went broke after 54–92 hands, long before an evening is over.
    Memory does not depend on the bankroll's size; the table is the same (the buy-in is
    the new-game screen's default, 100 table bets, and rebuys come from the bankroll)."""
    from lieng.storage.bankroll import SCHEMA, Bankroll
    from lieng.storage.documents import save_document

    bank, _notices = Bankroll.open(data)
    failed = save_document(bank.path, SCHEMA, {**bank.to_dict(), "balance": chips})
    if failed is not None:
        raise SystemExit(f"could not write the scratch bankroll: {failed}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=600)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--bankroll", type=int, default=10_000_000,
                   help="the scratch bankroll's chips (a new player's 10.000 run out)")
    p.add_argument("--speed", default="instant", choices=["instant", "fast", "normal"],
                   help="animation speed: instant plays the most hands an hour")
    args = p.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    w, h = (int(v) for v in args.size.lower().split("x"))
    import lieng.ui.scenes.table as table_scene
    from lieng.devtools.bots_selftest import run_selftest

    # The once-a-hand collection and trim on the result panel (``ui.core.heap``), timed:
    # it runs on a frame, so its cost is a frame's.
    passes: list[float] = []
    collect_and_trim = table_scene.return_free_memory  # type: ignore[attr-defined]

    def timed_pass() -> None:
        start = time.perf_counter()
        collect_and_trim()
        passes.append(time.perf_counter() - start)

    table_scene.return_free_memory = timed_pass  # type: ignore[attr-defined]
    samples: list[tuple[int, float, float]] = []
    t0 = time.perf_counter()

    def on_hand(n: int) -> None:
        samples.append((n, time.perf_counter() - t0, rss_mib()))

    with tempfile.TemporaryDirectory(prefix="lieng-long-") as data:
        os.environ["LIENG_DATA_DIR"] = data
        deep_pockets(Path(data), args.bankroll)
        code = run_selftest(args.hands, (w, h), args.seed, on_hand=on_hand, speed=args.speed,
                            check_layout=False)  # a player's frames, not recorded ones
    if len(samples) < 12:
        print(f"only {len(samples)} hands were dealt: no figure")
        return 1
    after_ten = samples[10][2]
    later = [rss for n, _t, rss in samples[10:]]
    peak = max(later)
    print(f"{samples[-1][0]} hands in {samples[-1][1]:.0f} s at {w}x{h}, {args.speed} speed, "
          f"load average {os.getloadavg()[0]:.2f}")
    for n, t, rss in [*samples[::max(1, len(samples) // 12)], samples[-1]]:
        print(f"  hand {n:4d}  {t:7.1f} s  RSS {rss:6.1f} MiB")
    if passes:
        ms = sorted(1000 * p for p in passes)
        print(f"once-a-hand collection and trim, {len(ms)} passes: p50 {ms[len(ms) // 2]:.1f} "
              f"ms, p90 {ms[int(len(ms) * 0.9)]:.1f} ms, max {ms[-1]:.1f} ms")
    print(f"RSS at hand 10: {after_ten:.1f} MiB; highest after it {peak:.1f} MiB "
          f"({(peak / after_ten - 1) * 100:+.1f} %); at the end {samples[-1][2]:.1f} MiB")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
