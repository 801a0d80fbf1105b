"""The mid-hand crash test through the REAL app (issue 5 "What must be shown"):
``python main.py --selftest --hands 2 --hold-mid-hand`` plays two hands through the game
window with the bankroll in a temporary data folder, plays into the third — the player
has acted and has chips in the pot — and stops there; the test SIGKILLs it. On restart
the bankroll is the value before that hand: the two finished hands' results, exactly, and
it agrees with the history hand for hand."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.storage.history import History
from lieng.ui.notices import NoticeDialog
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.session import close_app, open_app

from .helpers import click, step

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("seed", [3, 17])
def test_kill_mid_hand_then_restart_gives_the_pre_hand_bankroll(seed: int) -> None:
    # The test's own data folder (tests/conftest.py), passed explicitly: the self-test
    # would otherwise play in a temporary folder of its own.
    data = Path(os.environ["LIENG_DATA_DIR"])
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("LIENG_DATA_DIR")
    proc = subprocess.Popen(
        [sys.executable, str(REPO / "main.py"), "--selftest", "--hands", "2", "--seed",
         str(seed), "--hold-mid-hand", "--data-dir", str(data)], env=env, cwd=REPO,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # blocks until the app is held mid-hand
        assert line.startswith("MIDHAND "), line
        fields = dict(f.split("=") for f in line.split()[1:])
        pre_hand = int(fields["bankroll"])
        behind = int(fields["behind"])
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    # Independent of the app: the history holds the finished hands only (two, or more if
    # the player's first action ended a hand), and the pre-hand bankroll is the start
    # plus their results.
    hands, _ = History(data).hands()
    assert len(hands) >= 2
    assert pre_hand == STARTING_CHIPS + sum(h.net or 0 for h in hands)
    # The player really had chips in the unfinished hand's pot (ante and more).
    in_pot = int(fields["stack"]) - behind
    assert in_pot > 0

    # Restart the real app on the same folder.
    app = open_app(fps=0)
    profile = app.profile
    assert profile is not None
    assert profile.bankroll.total == pre_hand and profile.bankroll.at_table == 0
    assert profile.bankroll.hands == len(hands)
    # The bankroll and the history agree (issue 13 item 6): every hand line names this
    # bankroll, numbered 1..hands, and their results make the chips.
    journal = profile.history.bank_hands(profile.bankroll.id, 0)
    assert [n for n, _net in journal] == list(range(1, profile.bankroll.hands + 1))
    assert profile.bankroll.total == STARTING_CHIPS + sum(net for _n, net in journal)
    # The player is told, once, that the chips came back from the table.
    app.push(MenuScene(app))
    step(app, 2)
    top = app.stack.top
    assert isinstance(top, NoticeDialog)
    assert [n.code for n in top.notices] == ["returned_from_table"]
    click(app, top.buttons[0])
    step(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    close_app(app)
    bank, notices = Bankroll.open()
    assert bank.total == pre_hand and notices == []
