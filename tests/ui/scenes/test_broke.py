"""Broke against the bots (issue 22, defect 4; docs/UI.md "Broke"): with no chips
"Vào bàn" is off and the dialog says where free chips are; after the day's refill a
small top-up comes an hour later; the rebuy dialog says what the bank still holds."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from lieng.game.flow import AskRebuy
from lieng.storage.bankroll import STARTING_CHIPS, TOPUP_TO, Bankroll
from lieng.ui.core.draw import text_surface
from lieng.ui.core.i18n import chips, t
from lieng.ui.scenes import buy_in
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.table import TableScene

from ..helpers import click, record_text, step


def _lose(bank: Bankroll, keep: int) -> None:
    total = bank.total
    bank.buy_in(total)
    bank.commit_hand(keep - total)
    bank.cash_out()


def test_with_no_chips_vao_ban_is_off_and_says_why(real_app: Any, monkeypatch: Any) -> None:
    bank, _ = Bankroll.open()
    _lose(bank, 0)
    app = real_app()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    drawn = record_text(monkeypatch, buy_in)
    click(app, menu.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    step(app, 2)
    assert not ng.start.is_enabled
    assert any(s == t("new_game.need_chips") for s, _ in drawn)
    click(app, ng.start)
    assert app.stack.top is ng  # nothing happens, and the button looked it
    click(app, ng.back)
    assert isinstance(app.stack.top, MenuScene)
    # The day's refill, lost again: an hour later the top-up is there. At noon on the
    # profile's clock: in the last hour of a day the next refill is the next day's.
    profile = app.profile
    assert profile is not None
    noon = datetime(2026, 11, 30, 12, 0)
    monkeypatch.setattr(profile, "clock", lambda: noon)
    refill = menu.extras.buttons["refill"]
    click(app, refill)
    _lose(profile.bankroll, 0)
    status = profile.refill_status()
    assert status.broke and not status.available and not status.daily
    assert timedelta(minutes=59) < status.wait <= timedelta(hours=1)
    later = profile.clock() + timedelta(hours=1, seconds=1)
    monkeypatch.setattr(profile, "clock", lambda: later)
    step(app, 2)
    assert refill.visible
    click(app, refill)
    assert profile.bankroll.total == TOPUP_TO
    click(app, menu.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene) and ng.start.is_enabled


def test_the_rebuy_dialog_says_what_is_left_in_the_bank(real_app: Any) -> None:
    app = real_app()
    click(app, app.stack.top.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    click(app, ng.start)  # 1.000 chips to the table, 9.000 left in the bank
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    left = STARTING_CHIPS - 1000
    scene.present(AskRebuy(scene.me, 1000))
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.body == "msg.broke_bank"
    body = t(dialog.body, **dialog.args)
    assert chips(left) in body and chips(left - 1000) in body


def test_the_menu_refill_line_keeps_its_size_at_960x540(monkeypatch: Any) -> None:
    """Issue 22, defect 9: at 960×540 the free-chips line shrank to about 8 px."""
    from lieng.ui.scenes import menu_bankroll
    from lieng.ui.session import close_app, open_app

    bank, _ = Bankroll.open()
    _lose(bank, 0)
    app = open_app((960, 540), "vi", fps=0)
    try:
        drawn = record_text(monkeypatch, menu_bankroll)
        app.push(MenuScene(app))
        step(app, 2)
        profile = app.profile
        assert profile is not None and profile.refill_status().available
        amount = chips(profile.refill_status().amount)
        lines = [(s, r) for s, r in drawn
                 if s in (t("bank.refill_ready", amount=amount),
                          t("bank.refill_ready_short", amount=amount))]
        assert lines
        fine = app.type_scale.px("fine")
        for words, rect in lines:
            assert rect.h >= text_surface(words, fine).get_height(), rect
    finally:
        close_app(app)
