"""The player's bankroll and hand history while the window runs
(``lieng.game.profile``), through the real app: every hand is committed as it ends and
the chips come back on leaving; a hand left mid-way — by the leave button or by closing the
window — is one hand everywhere (the bank's hand count, the history list and the
statistics) and the chips lost agree; chips found at a table on start are returned with a
notice that writes numbers in the player's language.

The crash test: ``python main.py --selftest --hands 2 --hold-mid-hand`` plays two hands
through the game window with the bankroll in a temporary data folder, plays into the
third — the player has acted and has chips in the pot — and stops there; the test SIGKILLs
it. On restart the bankroll is the value before that hand: the two finished hands'
results, exactly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.storage.history import History
from lieng.storage.stats import compute_stats
from lieng.table import Table
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.history import HistoryScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.notices import NoticeDialog
from lieng.ui.scenes.replay import ReplayScene
from lieng.ui.scenes.stats import StatsScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.session import close_app, open_app

from ..helpers import (
    REPO,
    RealApp,
    click,
    click_at,
    leave_table,
    my_net,
    play_hands,
    run_until,
    run_until_loaded,
    shot,
    step,
    top,
)


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
    # The bankroll and the history agree: every hand line names this bankroll, numbered
    # 1..hands, and their results make the chips.
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


def test_bankroll_follows_every_hand_and_comes_back_on_leaving(real_app: RealApp) -> None:
    app = real_app()
    profile = app.profile
    assert profile is not None
    scene, hands = play_hands(app, 3, seed=21)
    table: Table = scene.table
    played = table.hand_no
    nets = [my_net(h) for h in hands]
    # Each hand was committed as it ended: the bank file already says so (no cash-out yet).
    assert profile.bankroll.hands == played
    assert profile.bankroll.total == STARTING_CHIPS + sum(nets)
    assert profile.bankroll.at_table == table.seats[0].stack
    leave_table(app, scene)
    assert profile.bankroll.at_table == 0
    assert profile.bankroll.balance == STARTING_CHIPS + sum(nets)
    # The menu shows the bankroll.
    step(app, 1)
    assert app.profile is not None
    assert top(app, MenuScene).extras.buttons["history"].visible


def wait_mid_hand(app: GameApp, scene: TableScene[Table]) -> int:
    """Run the table until the player has chips in an unfinished hand; those chips."""
    table = scene.table

    def in_pot() -> int:
        hand = table.hand
        if hand is None or hand.is_over or not table.in_hand:
            return 0
        return hand.start_stacks[0] - hand.stacks[0]

    run_until(app, lambda: in_pot() > 0, limit=3000)
    return in_pot()


def test_hands_left_mid_way_count_everywhere(real_app: RealApp) -> None:
    app = real_app()
    scene, hands = play_hands(app, 2, seed=13)
    nets = [my_net(h) for h in hands]
    lost1 = wait_mid_hand(app, scene)
    leave_table(app, scene)  # the leave button, mid-hand
    scene, more = play_hands(app, 1, seed=14)
    nets += [my_net(h) for h in more]
    lost2 = wait_mid_hand(app, scene)
    # Closing the window mid-hand: what main.py does after the loop ends.
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 1)
    assert not app.running
    close_app(app)

    bank, _ = Bankroll.open()
    played = len(hands) + len(more) + 2
    assert bank.total == STARTING_CHIPS + sum(nets) - lost1 - lost2
    records, notices = History().hands()
    assert notices == []
    assert bank.hands == len(records) == played
    left = [r for r in records if not r.complete]
    assert [r.net for r in left] == [-lost1, -lost2]
    stats = compute_stats(records)
    assert stats.hands_played == played
    assert stats.net_chips == bank.total - STARTING_CHIPS

    # The screens say the same after a restart.
    app = real_app()
    assert app.profile is not None and app.profile.bankroll.hands == played
    click(app, top(app, MenuScene).extras.buttons["history"])
    hist = app.stack.top
    assert isinstance(hist, HistoryScene)
    run_until_loaded(app, hist)
    assert len(hist.hands) == played and not hist.hands[0].complete
    shot(app, f"history-left-{app.size[0]}")
    click_at(app, hist.row_rect(0).center)
    click(app, hist.replay)
    rep = app.stack.top
    assert isinstance(rep, ReplayScene)
    while not rep.replay.at_end:
        click(app, rep.buttons["next"])
        run_until(app, lambda: not rep.replay.board.busy)
    step(app, 2)
    shot(app, f"replay-left-{app.size[0]}")
    click(app, rep.buttons["back"])
    click(app, hist.back)
    click(app, top(app, MenuScene).extras.buttons["stats"])
    st = app.stack.top
    assert isinstance(st, StatsScene)
    run_until_loaded(app, st)
    assert st.stats.hands_played == played
    assert st.stats.net_chips == app.profile.bankroll.total - STARTING_CHIPS


def test_chips_back_notice_writes_numbers_in_the_language(real_app: RealApp) -> None:
    bank, _ = Bankroll.open()
    bank.buy_in(1500)  # then the game "crashed" with 1.500 chips at the table
    for lang, words in (("vi", "1.500 chip"), ("en", "1,500 chips")):
        if lang == "en":
            Bankroll.open()[0].buy_in(1500)
        app = open_app(lang=lang, fps=0)
        app.push(MenuScene(app))
        step(app, 2)
        top = app.stack.top
        assert isinstance(top, NoticeDialog)
        text = " ".join(top.lines())
        assert words in text, text
        shot(app, f"notice-{lang}")
        click(app, top.buttons[0])
        close_app(app)
