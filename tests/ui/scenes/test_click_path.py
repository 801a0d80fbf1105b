"""A "Tố" click at a bot table crosses at most 8 modules on its way to the table, and at
a LAN table at most 12 (issue 21's targets; 7 and 12 today): the modules whose code runs
from the click event to the table acting, recorded as the code runs them
(``lieng.devtools.click_path``), in the real window. docs/ARCHITECTURE.md writes the
paths down."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
import pytest

from lieng.devtools.click_path import PathRecorder, record_lan_click
from lieng.engine import Legal
from lieng.game.setup import make_table
from lieng.table import Table
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene

from ..helpers import MakeApp, run_until

BOT_TABLE_MODULES = 8
"""Issue 21: "a Tố click crosses ≤ 8 modules at a bot table"."""
BOT_TABLE_PATH = [
    "lieng.ui.core.window",        # the event to the top scene of the window's stack
    "lieng.ui.scenes.table",       # the bar's buttons are asked first
    "lieng.game.session",          # what me may do now; the one turn check
    "lieng.engine.hand",           # … read from the hand
    "lieng.engine.actions",        # the legal actions, then the raise itself
    "lieng.ui.tabletop.action_bar",  # which action the button is
    "lieng.table",                 # the table acts
]


def test_a_raise_click_at_a_bot_table_crosses_at_most_eight_modules(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1280, 720), speed="fast")
    app.push(MenuScene(app))
    scene = TableScene(app, make_table(3, "normal", 10, "classic", "Bạn", seed=4))
    app.push(scene)

    def raise_offered() -> bool:
        legal = scene.my_legal()
        return legal is not None and bool(legal.raise_k) and not scene.board.busy

    run_until(app, raise_offered, limit=3000)
    bar = scene.bar
    assert bar is not None and bar.raise_.is_enabled
    hand = scene.table.hand
    assert hand is not None
    acted = len(hand.actions)
    # What me may do is asked once on the way to the table — the session's one turn
    # check — and the bar maps the press against what it shows (no re-read first).
    asked: list[int] = []
    asked_before_act: list[int] = []
    shown_legal, act = scene.session.shown_legal, scene.table.act

    def counted() -> Legal | None:
        asked.append(len(asked))
        return shown_legal()

    def acting(*a: Any, **k: Any) -> None:
        asked_before_act.append(len(asked))
        act(*a, **k)

    monkeypatch.setattr(scene.session, "shown_legal", counted)
    monkeypatch.setattr(scene.table, "act", acting)
    recorder = PathRecorder(Table.act.__code__)
    recorder.install()
    try:
        recorder.arm()
        used = app.dispatch(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                               ui_element=bar.raise_, mouse_button=1))
    finally:
        recorder.uninstall()
    assert used, "the table screen did not take the click"
    assert asked_before_act == [1]
    assert recorder.reached.is_set(), "the click never reached the table"
    assert len(hand.actions) == acted + 1 and hand.actions[-1][0] == scene.me
    assert hand.actions[-1][1].kind.name in ("RAISE", "ALL_IN")
    assert len(recorder.modules) <= BOT_TABLE_MODULES, recorder.modules
    assert sorted(recorder.modules) == sorted(BOT_TABLE_PATH), recorder.modules


LAN_TABLE_MODULES = 12
"""Issue 21: "… and ≤ 12 at a LAN table"."""
LAN_TABLE_PATH = [
    "lieng.ui.core.window",        # the event to the top scene of the window's stack
    "lieng.ui.scenes.table",       # the bar's buttons are asked first
    "lieng.game.session",          # what me may do now; the window's one turn check
    "lieng.net.remote_table",      # … read from the seat's view; the intent handed on
    "lieng.engine.actions",        # the legal actions, then the raise itself
    "lieng.ui.tabletop.action_bar",  # which action the button is
    "lieng.net.client",            # the intent sent for the turn the host offered
    "lieng.net.messages",          # the typed message, built and read back at the host
    "lieng.net.protocol",          # the one codec: its fields, its JSON, its frame
    "lieng.net.transport",         # the connection it arrived on at the host
    "lieng.net.host",              # the message's seat and kind; why a refusal is refused
    "lieng.table",                 # the host's one turn check, then the table acts
]


def test_a_raise_click_at_a_lan_table_crosses_at_most_twelve_modules(
        make_app: MakeApp) -> None:
    """The click in the window, the client's sending of the intent, the host's reading of
    it, to the host's table acting (the loops' own ticks meanwhile are not counted)."""
    modules = record_lan_click(make_app((1280, 720), speed="fast"))
    assert len(modules) <= LAN_TABLE_MODULES, modules
    assert sorted(modules) == sorted(LAN_TABLE_PATH), modules
