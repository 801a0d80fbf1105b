"""Storage speed: ``python bench/storage.py``.

In a temporary data directory: median time of a bankroll commit (one atomic save with
fsyncs), a settings save and a history append; then a history filled to its bound
(``KEEP + 1`` files of ``MAX_BYTES``) with hands of random legal play by 3–6 seats, and
the time to read it all back and compute the statistics — what opening the history or
statistics screen costs at worst.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lieng.engine import PRESETS, Action, Hand
from lieng.storage.bankroll import Bankroll
from lieng.storage.history import KEEP, MAX_BYTES, HandRecord, History, SeatRecord
from lieng.storage.settings import Settings, save_settings
from lieng.storage.stats import compute_stats


def random_hand(rng: random.Random) -> Hand:
    n = rng.randint(3, 6)
    hand = Hand(PRESETS["classic"], [1000] * n, rng.randrange(n), rng=rng)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal()
        roll = rng.random()
        if roll < 0.25:
            action = Action.fold()
        elif roll < 0.45 and legal.raise_k:
            action = Action.raise_(rng.choice(legal.raise_k))
        else:
            action = Action.call()
        hand.act(seat, action)
    return hand


def timed(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        bank, _ = Bankroll.open(root)
        bank.buy_in(1000)
        commit = timed(lambda: bank.commit_hand(0), 200)
        settings = timed(lambda: save_settings(Settings(), root), 200)
        history = History(root)
        levels = ("easy", "normal", "hard")
        when = datetime(2026, 1, 1)
        hands = [random_hand(rng) for _ in range(300)]
        records = [HandRecord.from_hand(
            h, 0, [SeatRecord("me")] + [SeatRecord(f"bot{i}", "bot", rng.choice(levels))
                                        for i in range(1, h.n)], when + timedelta(minutes=i))
            for i, h in enumerate(hands)]
        appends = []
        count = 0
        # fill until the oldest archive exists and the current file is nearly full
        while True:
            rec = records[count % len(records)]
            t0 = time.perf_counter()
            history.append(rec)
            appends.append(time.perf_counter() - t0)
            count += 1
            if len(history.files()) == KEEP + 1 and \
                    history.path.stat().st_size > MAX_BYTES - 5_000:
                break
        total_bytes = sum(p.stat().st_size for p in history.files())
        t0 = time.perf_counter()
        read, notices = history.read()
        t1 = time.perf_counter()
        stats = compute_stats(read)
        t2 = time.perf_counter()
        assert not notices and stats.hands_played == len(read)
        print(f"bankroll commit_hand (atomic save): {commit * 1000:.2f} ms median")
        print(f"settings save: {settings * 1000:.2f} ms median")
        print(f"history append: {statistics.median(appends) * 1000:.2f} ms median "
              f"({len(appends)} appends, rotation included)")
        print(f"full history: {len(read)} hands in {len(history.files())} files, "
              f"{total_bytes / 1e6:.1f} MB, {total_bytes / len(read):.0f} bytes/hand")
        print(f"read all: {t1 - t0:.2f} s; compute_stats: {t2 - t1:.2f} s")


if __name__ == "__main__":
    main()
