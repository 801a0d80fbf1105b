"""The hand history screen (``lieng.ui.scenes.history``) and its replay: the list shows the
hands the table played, newest first, and a row replays on the table step by step.

With a damaged or unreadable hand history — on this screen and on the statistics screen,
which reads the same file — a bad line is skipped with the skipped-lines message, and a
failure of the worker thread that reads the history (which ``Background.result`` would
re-raise in the frame loop, crashing the app on every visit) becomes a message: the screen
shows an empty list and the app goes on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from lieng.engine import PRESETS, Action, Card, Hand, HandEnded, PotAwarded
from lieng.storage.history import HandRecord, History, SeatRecord
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.history import ROWS, HistoryScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.notices import NoticeDialog
from lieng.ui.scenes.replay import ReplayScene
from lieng.ui.scenes.stats import StatsScene
from lieng.ui.session import close_app, open_app

from ..helpers import (
    RealApp,
    click,
    click_at,
    leave_table,
    my_net,
    play_hands,
    run_until,
    run_until_loaded,
    step,
    top,
)


def test_history_lists_hands_and_replays_one_on_the_table(real_app: RealApp) -> None:
    app = real_app()
    scene, hands = play_hands(app, 3, seed=8)
    leave_table(app, scene)
    click(app, top(app, MenuScene).extras.buttons["history"])
    hist = app.stack.top
    assert isinstance(hist, HistoryScene)
    run_until_loaded(app, hist)  # read on a worker thread
    assert len(hist.hands) == len(hands) <= ROWS
    # Newest first, the same hands the table played, the player's own result.
    for rec, events in zip(hist.hands, reversed(hands), strict=True):
        assert rec.net == my_net(events)
        assert rec.pot == sum(e.amount for e in events if isinstance(e, PotAwarded))
    # Select the second row with a click, then the replay button.
    click_at(app, hist.row_rect(1).center)
    assert hist.selected == 1
    click(app, hist.replay)
    rep = app.stack.top
    assert isinstance(rep, ReplayScene)
    events = hands[-2]
    record = hist.hands[1]
    board = rep.replay.board
    # After the first step (the deal): the antes are in the pot and our cards are ours.
    run_until(app, lambda: not rep.replay.board.busy)
    dealt_in = sum(record.started.dealt_in)
    assert sum(a for a, _ in board.layers()) == dealt_in * record.rules.table_bet
    mine = [c.card for c in board.seats[0].cards]
    assert mine == list(record.cards) and len(mine) == 3
    assert all(c.card is None for s in board.seats[1:] for c in s.cards)  # never seen
    # Step to the end with the next button.
    while not rep.replay.at_end:
        click(app, rep.buttons["next"])
        run_until(app, lambda: not rep.replay.board.busy)
    board = rep.replay.board
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert [s.stack for s in board.seats] == list(ended.stacks)
    assert [s.net for s in board.seats] == list(ended.net)
    won = [0] * len(board.seats)
    for e in events:
        if isinstance(e, PotAwarded):
            for w, share in zip(e.winners, e.shares, strict=True):
                won[w] += share
    assert [s.won for s in board.seats] == won
    for seat, cards in record.showdown.items():
        assert [c.card for c in board.seats[seat].cards] == list(cards)
    # Back one step, then auto-play to the end again.
    click(app, rep.buttons["prev"])
    assert rep.replay.pos == len(rep.replay.steps) - 1
    click(app, rep.buttons["play"])
    assert rep.playing
    run_until(app, lambda: rep.replay.at_end and not rep.playing and not rep.replay.board.busy)
    assert [s.stack for s in rep.replay.board.seats] == list(ended.stacks)
    click(app, rep.buttons["back"])
    assert app.stack.top is hist


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
    doc: dict[str, Any] = json.loads(json.dumps(record.to_dict()))
    return doc


def _open(app: GameApp, name: str) -> HistoryScene | StatsScene:
    menu = top(app, MenuScene)
    assert isinstance(menu, MenuScene)
    click(app, menu.extras.buttons[name])
    # The read may already be done and its message dialog pushed above the screen.
    scene = next(s for s in app.stack.scenes if isinstance(s, SCREENS[name]))
    assert isinstance(scene, HistoryScene | StatsScene)
    run_until_loaded(app, scene)  # read on a worker thread
    return scene


def _dismiss_notice(app: GameApp) -> list[str]:
    """Wait for the message dialog, read its codes, close it with its button."""
    run_until(app, lambda: isinstance(app.stack.top, NoticeDialog), limit=60)
    dialog = top(app, Dialog)
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
