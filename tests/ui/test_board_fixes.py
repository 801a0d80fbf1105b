"""Headless GUI tests for the playtester's table-screen bugs: stacks after a won pot, the
raise multiplier between turns, the seat's win label, overlays at the showdown, L during
the deal, and the player's default name in English. Real pygame events drive the window."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from lieng.engine import HandEnded
from lieng.table import Table
from lieng.ui.core.i18n import chips, t
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import make_table
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.drawing import BANNER_BELOW_POT

from .helpers import click, key, run_until, step

SHOTS = Path(os.environ.get("LIENG_TEST_SHOTS", "/tmp/lieng_shots"))


def open_table(app, table: Table) -> TableScene:  # type: ignore[no-untyped-def]
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app)
    return scene


def shot(app, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / f"{name}.png"))


def play_calls_until_hand_over(app, scene: TableScene, table: Table) -> None:  # type: ignore[no-untyped-def]
    """Call (key C) on every turn of the player's until the engine ends the hand."""
    run_until(app, lambda: scene.my_legal() is not None or
              (table.hand is not None and table.hand.is_over), limit=6000)
    while table.hand is not None and not table.hand.is_over:
        if scene.my_legal() is not None:
            key(app, pygame.K_c)
        else:
            step(app)


def test_winner_stack_never_counts_the_pot_twice(make_app) -> None:  # type: ignore[no-untyped-def]
    """After the hand, every displayed stack stays at or below the engine's final stack at
    every frame, and equals it once the payout has landed (normal speed)."""
    app = make_app(speed="normal")
    table = make_table(3, "normal", 10, "classic", "Bạn", seed=4)
    scene = open_table(app, table)
    ended: list[HandEnded] = []
    table.subscribe(lambda evs: ended.extend(e for e in evs if isinstance(e, HandEnded)))
    for hand_no in range(1, 4):
        run_until(app, lambda hand_no=hand_no: table.hand_no == hand_no, limit=6000)
        play_calls_until_hand_over(app, scene, table)
        assert table.hand is not None
        final = list(table.hand.stacks)
        frames = 0
        while table.hand_no == hand_no and frames < 3000:
            for i, seat in enumerate(scene.board.seats):
                assert seat.stack <= final[i], (hand_no, i, seat.stack, final[i])
            if scene.board.hand_over and not scene.board.busy:
                assert [s.stack for s in scene.board.seats] == final
                if hand_no == 1:
                    shot(app, "stack_after_win")
                break
            step(app)
            frames += 1
        assert [s.stack for s in scene.board.seats] == final
        assert ended and list(ended[-1].stacks) == final


def test_seat_win_label_shows_the_net_result_like_the_centre(make_app) -> None:  # type: ignore[no-untyped-def]
    """The winner's seat says "+net" (what the centre line says), not the gross pot."""
    app = make_app(speed="fast")
    table = make_table(3, "normal", 10, "classic", "Bạn", seed=4)
    scene = open_table(app, table)
    play_calls_until_hand_over(app, scene, table)
    run_until(app, lambda: scene.board.hand_over and not scene.board.busy)
    winners = [s for s in scene.board.seats if s.winner]
    assert winners
    checked = 0
    for seat in winners:
        assert seat.net is not None
        label, _colour = scene.drawer._status_text(seat)
        if seat.net > 0:
            assert label.endswith("+" + chips(seat.net)), label
            checked += 1
        if seat.won != seat.net:
            assert "+" + chips(seat.won) not in label, label
    assert checked
    me = scene.board.seats[0]
    if me.winner and me.net:
        # The summary says the net in words ("Bạn thắng 30"), with no sign.
        assert t("table.result_win", amount=chips(me.net)).endswith(" " + chips(me.net))
    shot(app, "win_label_net")


def test_raise_multiplier_starts_at_the_minimum_each_turn(make_app) -> None:  # type: ignore[no-untyped-def]
    """After a big raise by → and Enter, the next turn's bar offers the smallest raise."""
    app = make_app(speed="fast")
    table = make_table(2, "normal", 10, "classic", "Bạn", seed=7)
    scene = open_table(app, table)
    raised = False
    turns_after = 0
    for _ in range(40):
        run_until(app, lambda: scene.my_legal() is not None, limit=8000)
        legal = scene.my_legal()
        assert legal is not None and scene.bar is not None
        if not legal.raise_k:
            key(app, pygame.K_c)
            continue
        lo = legal.raise_k.start
        if raised:
            assert scene.bar.k == lo, (scene.bar.k, lo)
            turns_after += 1
            if turns_after >= 2:
                break
            key(app, pygame.K_c)
            continue
        for _ in range(11):
            key(app, pygame.K_RIGHT)
        assert scene.bar.k == min(legal.raise_k.stop - 1, lo + 11) > lo
        key(app, pygame.K_RETURN)
        raised = True
    assert raised and turns_after >= 1


def test_round_banner_and_coach_hint_are_gone_at_the_showdown(make_app) -> None:  # type: ignore[no-untyped-def]
    """The round banner never sits on a seat plate or status line, and leaves at the
    showdown; the coach hint (no hand name: the bar has it) goes once cards are shown."""
    from lieng.storage.settings import Settings
    from lieng.ui.core.draw import text_surface
    from lieng.ui.tabletop.coach import coach_line

    app = make_app(speed="normal", reveal_own_cards=True)
    app.stored = Settings(coach_hints=True)
    table = make_table(4, "normal", 10, "classic", "Bạn", seed=12)
    scene = open_table(app, table)
    saw_banner = saw_hint = False
    saw_showdown = False
    for _ in range(20000):
        board = scene.board
        lay = scene.layout
        s = lay.scale
        for b in board.banners:
            if not saw_banner and b.tween.progress > 0.3:
                saw_banner = True
                shot(app, "round_banner")
            surf = text_surface(t(b.key, **b.args), int(30 * s), bold=True)
            r = surf.get_rect(center=(int(lay.pot[0]),
                                      int(lay.pot[1] + BANNER_BELOW_POT * s)))
            for spot in lay.seats:
                assert not r.colliderect(spot.panel)
                assert not r.collidepoint(spot.status)
        shown = any(x.hand_value is not None for x in board.seats)
        line = coach_line(scene)
        if line:
            if not saw_hint and not board.busy:
                shot(app, "coach_hint")
            saw_hint = saw_hint or not board.busy
            assert scene.hand_name() not in line
        if shown:
            saw_showdown = True
            assert not board.banners
            assert line == ""
            if not board.busy:
                shot(app, "showdown_no_banner_no_hint")
                break
        if scene.my_legal() is not None:
            key(app, pygame.K_c)
        else:
            step(app)
    assert saw_banner and saw_hint and saw_showdown


def test_l_during_the_deal_turns_all_three_cards(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(speed="slow")
    table = make_table(3, "normal", 10, "classic", "Bạn", seed=3)
    scene = open_table(app, table)
    run_until(app, lambda: 1 <= len(scene.own_cards()) < 3
              and not all(c.landed for c in scene.own_cards()))
    key(app, pygame.K_l)
    run_until(app, lambda: len(scene.own_cards()) == 3 and all(
        c.landed and c.flip_now >= 1.0 for c in scene.own_cards()), limit=2000)
    shot(app, "l_during_deal")
    assert scene.hand_name() != ""


def test_default_player_name_follows_the_language(make_app) -> None:  # type: ignore[no-untyped-def]
    """Stored default "Bạn" shows as "You" in English; a chosen name stays as chosen."""
    from lieng.ui.player.names import shown_name
    from lieng.ui.scenes.new_game import NewGameScene

    app = make_app(speed="instant", language="en")
    app.push(MenuScene(app))
    step(app, 2)
    menu = app.stack.top
    click(app, menu.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    ng.seed = 1
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    assert scene.table.seats[0].name == "You"
    step(app, 5)
    shot(app, "english_you")
    assert shown_name("Bạn") == "You" and shown_name("You") == "You"
    assert shown_name("Hoa") == "Hoa" and shown_name("You", "vi") == "Bạn"
