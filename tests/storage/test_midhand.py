"""A kill in the middle of a hand played through the real table controller
(``lieng.table.Table`` with a bot) restores the bankroll as it was before that hand,
and the history holds exactly the finished hands — hand for hand the ones the bankroll
counts. The child writes through ``lieng.storage.ledger`` as the game
does."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from lieng.storage.ledger import open_ledger

REPO = Path(__file__).resolve().parents[2]

CHILD = r"""
import sys, time
from datetime import datetime
from pathlib import Path
from lieng.engine import PRESETS, Action
from lieng.game.setup import default_bot_factory
from lieng.table import PlayerSpec, Table
from lieng.storage.history import HandRecord, SeatRecord
from lieng.storage.ledger import open_ledger, record_hand

root = Path(sys.argv[1])
bank, history, _ = open_ledger(root)
bank.buy_in(1000)
specs = [PlayerSpec("Tôi", "human", stack=1000), PlayerSpec("Máy", "bot", "easy", stack=1000)]
seats = [SeatRecord("Tôi"), SeatRecord("Máy", "bot", "easy")]
table = Table(PRESETS["classic"], specs, seed=11, bot_factory=default_bot_factory)
now = 0.0
finished = 0
while True:
    table.start_hand(now)
    hand = table.hand
    if finished >= 3 and hand.to_act == 0 and hand.legal().raise_k:
        table.act(0, Action.raise_(hand.legal().raise_k.start), now)
        if table.in_hand:
            print("MID", bank.total, finished, flush=True)
            time.sleep(120)
    while table.in_hand:
        now += 100.0
        if table.hand.to_act == 0:
            table.act(0, Action.call(), now)
        else:
            table.tick(now)
    record_hand(bank, history, HandRecord.from_hand(hand, 0, seats,
                                                    datetime(2026, 11, 29, 12, 0)))
    finished += 1
    if finished > 40:
        print("NO MID-HAND SPOT", flush=True)
        break
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_kill_mid_hand_restores_pre_hand_bankroll(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().split()
    proc.send_signal(signal.SIGKILL)
    _, err = proc.communicate()
    assert line and line[0] == "MID", err[-2000:]
    before, finished = int(line[1]), int(line[2])
    bank, history, notices = open_ledger(tmp_path)
    assert bank.total == before
    assert bank.at_table == 0
    assert [n.code for n in notices] == ["returned_from_table"]
    hands, hnotices = history.hands()
    assert len(hands) == finished == bank.hands and hnotices == []
    assert 10_000 + sum(h.net or 0 for h in hands) == before
    assert [h.bank for h in hands] == [(bank.id, n) for n in range(1, finished + 1)]
