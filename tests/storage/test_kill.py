"""The kill test of the bankroll and the history: a process records hands
— a history line, then the bankroll commit, through ``lieng.storage.ledger`` as the game
does — in a loop and is SIGKILLed at random moments, over 200 times; after every kill all
files load, the bankroll is exactly a committed value — the last one reported, or the one
whose save was under way — never anything else, and the bankroll and the history agree:
the history's hands of this bankroll are numbered 1..``hands`` with none missing and
none beyond, and the chips are the start plus their results.

The child prints ``total hands`` only after ``record_hand`` returned, so a printed line
is a committed value. Results alternate +40 / -10 (by the hand counter), so a lost or
doubled commit changes the total in a way the check notices.

Each worker keeps one long-lived Python (the "zygote") that has imported the game and
built the two hands once; for every kill it forks a fresh process that opens the ledger
and records hands until the SIGKILL. The killed process is as real as a newly started one
— its own files, its own half-written saves — without paying an interpreter's start-up
210 times.
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
from typing import IO

import pytest

from lieng.storage.atomic import backup_path
from lieng.storage.bankroll import FILE_NAME, SCHEMA, STARTING_CHIPS, Bankroll
from lieng.storage.documents import load_document
from lieng.storage.history import History
from lieng.storage.ledger import open_ledger

REPO = Path(__file__).resolve().parents[2]
KILLS = 210
WORKERS = 3

ZYGOTE = r"""
import os, signal, sys
from datetime import datetime
from pathlib import Path
from lieng.engine import PRESETS, Action, Card, Hand
from lieng.storage.history import HandRecord, SeatRecord
from lieng.storage.ledger import open_ledger, record_hand

def play(deck, actions):
    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0, deck=Card.parse_many(deck))
    for seat, action in actions:
        hand.act(seat, action)
    return hand

seats = [SeatRecord("Me"), SeatRecord("A", "bot", "easy"), SeatRecord("B", "bot", "hard")]
when = datetime(2026, 11, 30, 12, 0, 0)
win = HandRecord.from_hand(play("AS 2C 3D AH 5C 7D AD 9C 4S", [
    (0, Action.raise_(2)), (1, Action.call()), (2, Action.fold())]), 0, seats, when)
lose = HandRecord.from_hand(play("2S 3C 4D 7H 8C 9D 5S 6C JD", [
    (0, Action.fold()), (1, Action.call()), (2, Action.call())]), 0, seats, when)
assert (win.net, lose.net) == (40, -10)

def record_until_killed(root, fifo):
    out = os.open(fifo, os.O_WRONLY)
    os.dup2(out, 1)
    sys.stdout = os.fdopen(1, "w", buffering=1)
    bank, history, _ = open_ledger(Path(root))
    print(bank.total, bank.hands, flush=True)
    bank.buy_in(min(bank.balance, 50))
    while True:
        record_hand(bank, history, win if bank.hands % 2 == 0 else lose)
        print(bank.total, bank.hands, flush=True)

for line in sys.stdin:          # "<data folder> <fifo>" per kill
    root, fifo = line.split("\t")
    pid = os.fork()
    if pid == 0:
        try:
            record_until_killed(root, fifo.rstrip("\n"))
        finally:
            os._exit(3)         # only a SIGKILL may end it
    print(pid, flush=True)
    _, status = os.waitpid(pid, 0)
    print(-os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status),
          flush=True)
"""


def _net(hands: int) -> int:
    """The result of the hand after ``hands`` committed ones (the child's win / lose)."""
    return 40 if hands % 2 == 0 else -10


def _disagreement(bank: Bankroll, history: History,
                  journal: list[tuple[int, int]]) -> str | None:
    """Why the bankroll and the history disagree, or None when they agree.

    ``journal`` is the ``(hand number, net)`` list already checked after earlier kills;
    the history only grows at its end, so only the lines past it are decoded again (a
    whole re-read after every kill made the check, not the kills, most of the test's
    time). On agreement ``journal`` is brought up to date.
    """
    after = journal[-1][0] if journal else 0
    seen = journal + history.bank_hands(bank.id, after)
    numbers = [n for n, _net_ in seen]
    if numbers != list(range(1, bank.hands + 1)):
        return f"history hands {numbers[-5:]}... but the bankroll counts {bank.hands}"
    expected = STARTING_CHIPS + sum(net for _n, net in seen)
    if bank.total != expected:
        return f"bankroll {bank.total} chips, the history's results give {expected}"
    journal[:] = seen
    return None


def _worker(root: Path, kills: int, seed: int, failures: list[str], counted: list[int],
            recovered: list[object]) -> None:
    rng = random.Random(seed)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    zygote = subprocess.Popen([sys.executable, "-c", ZYGOTE], cwd=REPO, env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, bufsize=1)
    assert zygote.stdin is not None and zygote.stdout is not None
    try:
        _kill_loop(zygote.stdin, zygote.stdout, root, kills, rng, failures, counted,
                   recovered)
    finally:
        zygote.stdin.close()
        if zygote.wait(timeout=60) != 0:
            failures.append(f"the zygote exited {zygote.returncode}: "
                            f"{zygote.stderr.read()[-500:] if zygote.stderr else ''}")


def _kill_loop(ask: IO[str], told: IO[str], root: Path, kills: int, rng: random.Random,
               failures: list[str], counted: list[int], recovered: list[object]) -> None:
    last = (10_000, 0)  # a new bankroll: 10,000 chips, no hands
    journal: list[tuple[int, int]] = []
    for i in range(kills):
        fifo = root.parent / f"{root.name}-out-{i}"
        os.mkfifo(fifo)
        ask.write(f"{root}\t{fifo}\n")
        ask.flush()
        pid = int(told.readline())
        with open(fifo, "rb", buffering=0) as out_pipe:  # unbuffered: no read-ahead
            first = b""
            if i % 8 != 7:
                # Wait until it is in the commit loop and has committed one or two hands
                # (each line after the first is a commit), however slow the machine: the
                # hands committed below do not depend on the load, the kill's moment does.
                for _ in range(1 + rng.randint(1, 2)):
                    first += out_pipe.readline()
            time.sleep(rng.uniform(0.0, 0.030))
            os.kill(pid, signal.SIGKILL)
            out = first + out_pipe.read()
        fifo.unlink()
        status = int(told.readline())
        if status != -signal.SIGKILL:
            failures.append(f"kill {i}: child exited {status}")
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
        bank, history, notices = open_ledger(root)  # what the game does on restart
        allowed = {last, (last[0] + _net(last[1]), last[1] + 1)}
        if (bank.total, bank.hands) not in allowed:
            failures.append(f"kill {i}: bankroll {(bank.total, bank.hands)} not in {allowed}")
            return
        if bank.at_table != 0 or any(n.code not in ("returned_from_table", "recovered_hands")
                                     for n in notices):
            failures.append(f"kill {i}: unexpected state {bank.to_dict()} {notices}")
            return
        why = _disagreement(bank, history, journal)
        if why is not None:
            failures.append(f"kill {i}: bankroll and history apart: {why}")
            return
        recovered.extend(n for n in notices if n.code == "recovered_hands")
        last = (bank.total, bank.hands)
    # once at the end, the whole history again: no line checked earlier has changed
    bank, history, _ = open_ledger(root)
    why = _disagreement(bank, history, [])
    if why is not None:
        failures.append(f"after the last kill, read whole: {why}")


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL") or not hasattr(os, "fork"),
                    reason="needs SIGKILL and fork")
def test_sigkill_never_loses_or_invents_chips(tmp_path: Path) -> None:
    failures: list[str] = []
    counted: list[int] = []
    recovered: list[object] = []
    per = -(-KILLS // WORKERS)
    threads = []
    for w in range(WORKERS):
        root = tmp_path / f"w{w}"
        root.mkdir()
        threads.append(threading.Thread(target=_worker,
                                        args=(root, per, 1000 + w, failures, counted,
                                              recovered)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert len(counted) >= 200
    # the children really committed hands between kills (7 kills in 8 wait for one or two)
    hands = [Bankroll.open(tmp_path / f"w{w}")[0].hands for w in range(WORKERS)]
    assert min(hands) > per
    print(f"{len(counted)} kills, {sum(hands)} hands, {len(recovered)} restarts rolled a "
          f"hand forward from the history")
