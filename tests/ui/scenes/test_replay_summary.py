"""The replay ends on the same result panel as the live table (``summary.draw_result``):
in the layout's place for it, with the player's net, the pots and — when they fit —
the hands shown; not the old one-line result. Every frame of the replay obeys the
layout rule (``frame_record``), with the action log's drawer closed and open; a hand the
player left mid-way ends on a panel that says so."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime
from typing import Any

import pygame
import pytest

from lieng.engine import PRESETS, Action, Hand
from lieng.storage.history import HandRecord, SeatRecord
from lieng.ui.core.i18n import chips, t
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.replay import ReplayScene
from lieng.ui.tabletop import summary
from lieng.ui.tabletop.frame_record import problems
from lieng.ui.tabletop.layout import TableLayout
from lieng.ui.tabletop.summary import net_line

from ..helpers import MakeApp, click, key, shot, step

SEATS = [SeatRecord("Bạn"), SeatRecord("Hùng", "bot", "hard"),
         SeatRecord("Lan", "bot", "easy"), SeatRecord("Minh", "bot", "normal")]


MAX_STEP_FRAMES = 90
"""Frames a replay step's animations may take at the "fast" speed (they take far fewer)."""


def settle(app: GameApp, rep: ReplayScene) -> None:
    """Step until the replay's board has stopped moving."""
    for _ in range(MAX_STEP_FRAMES):
        step(app)
        if not rep.replay.board.busy:
            return
    raise AssertionError(f"a replay step still animating after {MAX_STEP_FRAMES} frames")


def _side_pot_record() -> HandRecord:
    """Four seats, two short stacks all in: a main pot and a side pot to the showdown."""
    hand = Hand(PRESETS["classic"], [1000, 40, 1000, 150], 0, rng=random.Random(5))
    script = {1: [Action.all_in()], 2: [Action.raise_(5)], 3: [Action.all_in()]}
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        todo = script.get(seat, [])
        hand.act(seat, todo.pop(0) if todo else Action.call())
    return HandRecord.from_hand(hand, 0, SEATS, datetime(2026, 11, 29, 20, 15))


@pytest.mark.parametrize("drawer", [False, True])
def test_the_replay_ends_on_the_result_panel(make_app: MakeApp, drawer: bool) -> None:
    app = make_app((1280, 720), speed="fast", action_log_open=drawer)
    record = _side_pot_record()
    app.push(MenuScene(app))
    rep = ReplayScene(app, record)
    app.push(rep)
    assert rep.layout.drawer_open is drawer
    panels = 0
    while True:
        # Each step's animations to their end and two frames still, every frame checked.
        still = 0
        for _ in range(MAX_STEP_FRAMES):
            with rep.frame_record.capture() as frame:
                step(app)
            assert problems(frame, app.size) == [], rep.replay.pos
            shown = [d for d in frame if d.kind == "summary"]
            if shown:
                assert rep.replay.at_end  # only at the hand's end
                assert rep.layout.summary.contains(shown[0].rect)
                panels += 1
            still = 0 if rep.replay.board.busy else still + 1
            if still > 2:
                break
        else:
            raise AssertionError(f"a replay step still animating after {MAX_STEP_FRAMES} frames")
        if rep.replay.at_end:
            break
        click(app, rep.buttons["next"])
    assert panels
    shot(app, f"replay_summary_{'drawer' if drawer else 'closed'}")
    net = rep.replay.board.seats[0].net
    assert net is not None
    assert rep.result_lines() == [(net_line(net), net > 0)]
    # Going back a step takes the panel away.
    key(app, pygame.K_LEFT)
    with rep.frame_record.capture() as frame:
        step(app)
    assert not any(d.kind == "summary" for d in frame)


def test_a_hand_left_mid_way_ends_on_a_panel_that_says_so(make_app: MakeApp) -> None:
    app = make_app((960, 540), speed="instant")
    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0, rng=random.Random(2))
    hand.act(0, Action.raise_(3))
    record = HandRecord.left_mid_hand(hand, 0, SEATS[:3], datetime(2026, 11, 29, 20, 15), 40)
    app.push(MenuScene(app))
    rep = ReplayScene(app, record)
    app.push(rep)
    while not rep.replay.at_end:
        click(app, rep.buttons["next"])
    with rep.frame_record.capture() as frame:
        step(app, 3)
    assert any(d.kind == "summary" for d in frame)
    assert rep.result_lines() == [(t("replay.left", amount=chips(40)), False)]


def test_the_replay_panel_has_no_hand_number_the_live_table_did_not_show(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The history keeps the bankroll's running count, not the table's "Ván 2": the
    replay's title names no number rather than a different one."""
    import lieng.ui.scenes.replay as replay_mod

    titles: list[str] = []
    real = summary.draw_result

    def record_title(surface: pygame.Surface, layout: TableLayout, title: str, *a: Any,
                     **k: Any) -> pygame.Rect:
        titles.append(title)
        return real(surface, layout, title, *a, **k)

    monkeypatch.setattr(replay_mod, "draw_result", record_title)
    app = make_app((1280, 720), speed="fast")
    rep = ReplayScene(app, replace(_side_pot_record(), bank=("abc", 9)))
    app.push(MenuScene(app))
    app.push(rep)
    while not rep.replay.at_end:
        click(app, rep.buttons["next"])
        settle(app, rep)
    settle(app, rep)
    step(app, 3)
    assert titles and set(titles) == {t("summary.title", n="").strip()}
    assert not any(ch.isdigit() for ch in titles[0])
