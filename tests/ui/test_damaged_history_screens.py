"""The history and statistics screens with a damaged or unreadable hand history (code
review): a bad line is skipped with the skipped-lines message, and a failure of the
worker thread that reads the history — which ``Background.result`` would re-raise in the
frame loop, crashing the app on every visit — becomes a message: the screen shows an
empty list and the app goes on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from lieng.engine import PRESETS, Action, Card, Hand
from lieng.storage.history import HandRecord, History, SeatRecord
from lieng.ui.core.window import GameApp
from lieng.ui.player.notices import NoticeDialog
from lieng.ui.player.session import close_app, open_app
from lieng.ui.scenes.history import HistoryScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.stats import StatsScene

from .helpers import click, run_until, step

SCREENS = {"history": HistoryScene, "stats": StatsScene}


@pytest.fixture
def app() -> Iterator[GameApp]:
    app = open_app(fps=0)
    app.push(MenuScene(app))
    step(app, 2)
    yield app
    close_app(app)


def _good_line() -> dict[str, Any]:
    hand = Hand(PRESETS["classic"], [1000, 1000], 0,
                deck=Card.parse_many("AS 2C AH 5C AD 9C"))
    while not hand.is_over:
        assert hand.to_act is not None
        hand.act(hand.to_act, Action.call())
    record = HandRecord.from_hand(hand, 0, [SeatRecord("Tôi"), SeatRecord("Máy", "bot", "easy")],
                                  datetime(2026, 11, 29, 20, 15))
    return json.loads(json.dumps(record.to_dict()))


def _open(app: GameApp, name: str) -> HistoryScene | StatsScene:
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.extras.buttons[name])
    # The read may already be done and its message dialog pushed above the screen.
    scene = next(s for s in app.stack.scenes if isinstance(s, SCREENS[name]))
    assert isinstance(scene, HistoryScene | StatsScene)
    # The read runs on a worker thread; a frame loop with no frame cap (fps=0) can starve
    # it of the GIL for long stretches, so wait for it before stepping.
    assert scene.loader.wait(30)
    run_until(app, lambda: scene.loaded)
    return scene


def _dismiss_notice(app: GameApp) -> list[str]:
    """Wait for the message dialog, read its codes, close it with its button."""
    run_until(app, lambda: isinstance(app.stack.top, NoticeDialog), limit=60)
    dialog = app.stack.top
    assert isinstance(dialog, NoticeDialog)
    codes = [n.code for n in dialog.notices]
    assert all(n.vi and n.en for n in dialog.notices)
    click(app, dialog.buttons[0])
    step(app, 2)
    return codes


def _back_to_menu(app: GameApp, scene: HistoryScene | StatsScene) -> None:
    assert app.stack.top is scene
    click(app, scene.back)
    step(app, 2)
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_damaged_lines_are_skipped_with_one_message(app: GameApp, name: str) -> None:
    good = _good_line()
    short_net, pot_text = _good_line(), _good_line()
    next(e for e in short_net["events"] if e["type"] == "hand_ended")["net"] = []
    next(e for e in pot_text["events"] if e["type"] == "pot")["amount"] = "x"
    history = History()
    history.path.write_text("\n".join([json.dumps(short_net), "[" * 100_000,
                                       json.dumps(pot_text), json.dumps(good)]) + "\n")
    for _visit in range(2):
        scene = _open(app, name)
        if isinstance(scene, HistoryScene):
            assert len(scene.hands) == 1 and scene.hands[0].to_dict() == good
        else:
            assert scene.stats.hands_played == 1
        assert _dismiss_notice(app) == ["skipped_lines"]
        _back_to_menu(app, scene)


@pytest.mark.parametrize("name", sorted(SCREENS))
@pytest.mark.parametrize("error", [RecursionError, IndexError, MemoryError])
def test_a_failed_read_is_a_message_and_an_empty_screen(app: GameApp, name: str,
                                                        error: type[Exception],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    History().append(HandRecord.from_dict(_good_line()))

    def broken(self: History) -> None:
        raise error("what no check foresaw")

    # A context, not monkeypatch.undo(): undo would also drop conftest's temporary data
    # directory, and the rest of the test would read (and could write) the real one.
    with monkeypatch.context() as patch:
        patch.setattr(History, "read", broken)
        for _visit in range(2):  # every visit: a message, never a crash
            scene = _open(app, name)
            if isinstance(scene, HistoryScene):
                assert scene.hands == [] and scene.selected is None
            else:
                assert scene.stats.hands_played == 0 and scene.stats.games == []
            step(app, 3)  # drawn with nothing to show
            assert _dismiss_notice(app) == ["unreadable"]
            _back_to_menu(app, scene)
    scene = _open(app, name)  # the history itself was left as it was
    if isinstance(scene, HistoryScene):
        assert len(scene.hands) == 1
    else:
        assert scene.stats.hands_played == 1
