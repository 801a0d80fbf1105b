"""The kill test for the bankroll's saves: a process commits bankroll results in a
loop and is SIGKILLed at random moments, over 200 times; after every kill all files
load and the bankroll is exactly a committed value — the last one reported, or the one
whose save was under way — never anything else.

The child prints ``total hands`` only after ``commit_hand`` returned, so a printed line
is a committed value. Results alternate +3 / -1 (by the hand counter), so a lost or
doubled commit changes the total in a way the check notices.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from lieng.storage.atomic import backup_path, load_document
from lieng.storage.bankroll import FILE_NAME, SCHEMA, Bankroll

REPO = Path(__file__).resolve().parents[2]
KILLS = 210
WORKERS = 3

CHILD = r"""
import sys
from pathlib import Path
from lieng.storage.bankroll import Bankroll

bank, _ = Bankroll.open(Path(sys.argv[1]))
print(bank.total, bank.hands, flush=True)
bank.buy_in(min(bank.balance, 50))
while True:
    bank.commit_hand(3 if bank.hands % 2 == 0 else -1)
    print(bank.total, bank.hands, flush=True)
"""


def _net(hands: int) -> int:
    return 3 if hands % 2 == 0 else -1


def _worker(root: Path, kills: int, seed: int, failures: list[str], counted: list[int]) -> None:
    rng = random.Random(seed)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    last = (10_000, 0)  # a new bankroll: 10,000 chips, no hands
    for i in range(kills):
        proc = subprocess.Popen([sys.executable, "-c", CHILD, str(root)], cwd=REPO, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                # unbuffered: readline() must not read ahead, or lines that
                                # communicate() never sees would be lost
                                bufsize=0)
        assert proc.stdout is not None
        first = b""
        if i % 8 != 7:
            first = proc.stdout.readline()  # wait until it is in the commit loop (mostly)
        time.sleep(rng.uniform(0.005, 0.040))
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate()
        out = first + out
        if proc.returncode != -signal.SIGKILL:
            failures.append(f"kill {i}: child exited {proc.returncode}: {err.decode()[-500:]}")
            return
        counted.append(1)
        lines = out.decode().split("\n")[:-1]  # a torn last print has no newline
        for line in lines:
            fields = line.split()
            if len(fields) != 2:  # a print torn by the kill, then nothing after it
                continue
            total, hands = map(int, fields)
            last = (total, hands)
        # every file loads: the main file and its backup are valid documents
        path = root / FILE_NAME
        loaded = load_document(path, SCHEMA)
        if loaded.source != "file" or loaded.notices:
            failures.append(f"kill {i}: bankroll.json did not load: {loaded.notices}")
            return
        if backup_path(path).exists():
            bak = load_document(backup_path(path), SCHEMA)
            if bak.source != "file":
                failures.append(f"kill {i}: the .bak did not load")
                return
        if list(root.glob("*.bad-*")):
            failures.append(f"kill {i}: a file was found bad")
            return
        bank, notices = Bankroll.open(root)  # what the game does on restart
        allowed = {last, (last[0] + _net(last[1]), last[1] + 1)}
        if (bank.total, bank.hands) not in allowed:
            failures.append(f"kill {i}: bankroll {(bank.total, bank.hands)} not in {allowed}")
            return
        if bank.at_table != 0 or any(n.code != "returned_from_table" for n in notices):
            failures.append(f"kill {i}: unexpected state {bank.to_dict()} {notices}")
            return
        last = (bank.total, bank.hands)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_never_loses_or_invents_chips(tmp_path: Path) -> None:
    failures: list[str] = []
    counted: list[int] = []
    per = -(-KILLS // WORKERS)
    threads = []
    for w in range(WORKERS):
        root = tmp_path / f"w{w}"
        root.mkdir()
        threads.append(threading.Thread(target=_worker,
                                        args=(root, per, 1000 + w, failures, counted)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert len(counted) >= 200
    # the children really committed hands between kills
    hands = [Bankroll.open(tmp_path / f"w{w}")[0].hands for w in range(WORKERS)]
    assert min(hands) > per
