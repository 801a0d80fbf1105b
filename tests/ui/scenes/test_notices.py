"""Messages about the player's data (``lieng.ui.scenes.notices``) through the real app: a
damaged settings file is said once and the menu works; a full disk mid-game is one message,
play goes on, and the next save once there is space holds everything."""

from __future__ import annotations

import random

import pytest

from lieng.devtools.driver import KeyAutopilot
from lieng.storage import documents
from lieng.storage.bankroll import SCHEMA as BANK_SCHEMA
from lieng.storage.settings import settings_path
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.notices import NoticeDialog
from lieng.ui.scenes.table import TableScene
from lieng.ui.session import close_app

from ..helpers import RealApp, click, run_until, step, top


def test_storage_message_shown_once_and_the_game_goes_on(real_app: RealApp) -> None:
    app = real_app()
    close_app(app)
    settings_path().write_bytes(b"\xff\xfe not json")
    app = real_app()
    step(app, 2)
    top = app.stack.top
    assert isinstance(top, NoticeDialog)
    assert any(n.code in ("restored_backup", "reset_defaults") for n in top.notices)
    lines = " ".join(top.lines())
    assert "cài đặt" in lines.lower()
    click(app, top.buttons[0])
    step(app, 3)
    assert isinstance(app.stack.top, MenuScene)  # shown once; the menu works
    assert app.profile is not None and app.profile.pending == []


def test_full_disk_mid_game_is_one_message_and_play_goes_on(
        real_app: RealApp, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    import lieng.storage.documents as documents_module
    import lieng.storage.history as history_mod

    app = real_app()
    click(app, top(app, MenuScene).buttons["play_bots"])
    ng = top(app, NewGameScene)
    ng.choice["bots"] = "2"
    ng.seed = 4
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene)

    def full(*_a: object, **_k: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app.change_settings(animation_speed="instant")
    scene.autopilot = KeyAutopilot(random.Random(4))
    table = scene.table
    with monkeypatch.context() as disk:
        disk.setattr(documents_module, "write_atomic", full)
        disk.setattr(history_mod, "append_line", full)
        run_until(app, lambda: isinstance(app.stack.top, NoticeDialog), limit=3000)
        dialog = top(app, Dialog)
        assert isinstance(dialog, NoticeDialog)
        assert {n.code for n in dialog.notices} == {"disk_full"} and len(dialog.notices) == 2
        assert "Ổ đĩa đã đầy" in " ".join(dialog.lines())
        click(app, dialog.buttons[0])
        assert app.stack.top is scene
        # Play goes on; the same failure is not repeated.
        hands = table.hand_no
        run_until(app, lambda: table.hand_no >= hands + 2 or isinstance(app.stack.top, Dialog),
                  limit=4000)
        assert not isinstance(app.stack.top, NoticeDialog)
        assert table.hand_no >= hands + 2
    # Space again: the next commit saves everything the memory holds.
    n = table.hand_no
    run_until(app, lambda: (table.hand_no > n and not table.in_hand) or
              isinstance(app.stack.top, Dialog), limit=4000)
    profile = app.profile
    assert profile is not None
    loaded = documents.load_document(profile.bankroll.path, BANK_SCHEMA)
    assert loaded.data is not None
    assert loaded.data["balance"] + loaded.data["at_table"] == profile.bankroll.total
    assert loaded.data["hands"] == table.hand_no
