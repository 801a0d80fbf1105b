"""The table screen (``lieng.ui.scenes.table``) played by posting real pygame events (clicks
at the buttons' rects, slider drags, key presses) into the real window: complete hands,
the action bar following the legal actions (the raise multiplier back at the minimum every
turn), the turn timer, broke players, the player's own cards (face down, turned by a click,
a drag or L — also during the deal — or face up by the setting), other seats' cards never
drawn face up, and the header."""

from __future__ import annotations

import random
from typing import Any

import i18n
import pygame
import pytest
from pygame_gui.elements import UIButton

from lieng.devtools.driver import KeyAutopilot, SummaryPilot
from lieng.engine import Action, ActionKind, Card, Legal, RuleSet
from lieng.game.setup import default_bot_factory, make_table
from lieng.table import PlayerSpec, Table
from lieng.ui.core import draw
from lieng.ui.core.i18n import chips, t
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.summary import ARM_SECONDS

from ..helpers import MakeApp, brisk, click, click_at, drag, key, open_table, run_until, shot, step


def shown(button: UIButton) -> str:
    """The text a button shows (its i18n key translated with its arguments)."""
    return str(i18n.t(button.text, **(button.text_kwargs or {})))


def my_actions(table: Table) -> list[Action]:
    assert table.hand is not None
    return [a for s, a in table.hand.actions if s == 0]


def check_bar(scene: TableScene[Table], legal: Legal | None) -> None:
    """The buttons' enabled state and amounts follow ``legal()`` exactly."""
    bar = scene.bar
    assert bar is not None
    if legal is None:
        assert not any(b.is_enabled for b in bar.buttons().values())
        return
    assert bar.fold.is_enabled
    assert bar.call.is_enabled
    assert bar.raise_.is_enabled == bool(legal.raise_k)
    assert bar.allin.is_enabled == (legal.all_in is not None)
    if legal.call == 0:
        assert shown(bar.call) == t("bar.check") == "Qua lượt"
    elif legal.call < legal.owed or legal.call == legal.all_in:  # every chip: all in
        assert shown(bar.call) == t("bar.call_short", amount=chips(legal.call))
    else:
        assert shown(bar.call) == t("bar.call", amount=chips(legal.call))
    if legal.raise_k:
        assert bar.k in legal.raise_k
        assert shown(bar.raise_) == t("bar.raise", k=str(bar.k),
                                      amount=chips(legal.owed + bar.k * legal.table_bet))
    if legal.all_in is not None:
        assert shown(bar.allin) == t("bar.all_in", amount=chips(legal.all_in))


def test_complete_hands_by_clicks_slider_and_keys(make_app: MakeApp) -> None:
    # No animation is checked: at "instant" the same five hands, turns and stacks as at
    # "fast" (the bar waiting for the deal is the next test's).
    app = make_app(speed="instant")
    table = brisk(make_table(3, "normal", 10, "classic", "Bạn", seed=11))
    scene = open_table(app, table)
    next_hand = SummaryPilot()  # "Ván tiếp" on each hand's result, as a person would
    app.frame_hooks.append(lambda app: next_hand(scene))
    plan = ["click_call", "slider_raise", "key_u", "key_c", "key_r", "key_space", "click_call",
            "key_right_enter"]
    done: dict[str, int] = {}
    turn = 0
    saw_disabled = False
    while table.hand_no < 5 or table.hand is None or not table.hand.is_over:
        run_until(app, lambda: scene.my_legal() is not None or
                  (table.hand is not None and table.hand.is_over) or table.hand_no >= 6,
                  limit=4000)
        legal = scene.my_legal()
        step(app)
        if legal is None:
            check_bar(scene, None)
            saw_disabled = True
            if table.hand_no >= 5 and table.hand is not None and table.hand.is_over:
                break
            continue
        check_bar(scene, legal)
        bar = scene.bar
        assert bar is not None
        kind = plan[turn % len(plan)]
        turn += 1
        before = len(my_actions(table))
        hand_no = table.hand_no
        if kind in ("slider_raise", "key_r", "key_right_enter") and not legal.raise_k:
            kind = "click_call"
        if kind == "click_call":
            click(app, bar.call)
            expected = Action.call()
        elif kind == "slider_raise":
            assert bar.slider is not None
            assert bar.slider.sliding_button is not None
            knob = bar.slider.sliding_button.rect.center
            drag(app, knob, (knob[0] + int(bar.slider.rect.w * 0.45), knob[1]))
            lo, hi = legal.raise_k.start, legal.raise_k.stop - 1
            if hi > lo:
                assert bar.k > lo, "dragging the slider right raises k"
            assert shown(bar.raise_) == t("bar.raise", k=str(bar.k),
                                          amount=chips(legal.raise_amount(bar.k)))
            expected = Action.raise_(bar.k)
            click(app, bar.raise_)
        elif kind == "key_right_enter":
            k0 = bar.k
            key(app, pygame.K_RIGHT)
            hi = legal.raise_k.stop - 1
            assert bar.k == min(hi, k0 + 1)
            expected = Action.raise_(bar.k)
            key(app, pygame.K_RETURN)
        elif kind == "key_r":
            expected = Action.raise_(bar.k)
            key(app, pygame.K_r)
        elif kind == "key_c":
            expected = Action.call()
            key(app, pygame.K_c)
        elif kind == "key_space":
            expected = Action.call()
            key(app, pygame.K_SPACE)
        else:
            expected = Action.fold()
            key(app, pygame.K_u)
        assert table.hand_no == hand_no
        mine = my_actions(table)
        assert len(mine) == before + 1, kind
        assert mine[-1] == expected, kind
        done[kind] = done.get(kind, 0) + 1
    assert saw_disabled
    assert done.get("click_call") and done.get("key_u")
    assert done.get("slider_raise"), done
    assert sum(table.stacks) == 4 * 1000


def test_buttons_wait_for_the_player_s_cards_then_follow_legal(make_app: MakeApp) -> None:
    # The bar is live only once the board shows the turn, after the deal has landed (a C
    # pressed during the deal checked blind).
    app = make_app(speed="slow")
    table = make_table(5, "normal", 10, "classic", "Bạn", seed=3)
    scene = open_table(app, table)
    # The host is the first player of the first hand: our turn from the first frame.
    assert table.hand is not None and table.hand.to_act == 0
    assert scene.board.busy, "the deal is still being animated"
    check_bar(scene, None)
    assert scene.bar is not None
    click(app, scene.bar.call)
    assert my_actions(table) == []
    run_until(app, scene.turn_shown, limit=600)
    step(app)
    check_bar(scene, scene.my_legal())
    click(app, scene.bar.call)
    assert my_actions(table) == [Action.call()]


def test_raise_multiplier_starts_at_the_minimum_each_turn(make_app: MakeApp) -> None:
    """After a big raise by → and Enter, the next turn's bar offers the smallest raise."""
    app = make_app(speed="fast")
    table = brisk(make_table(2, "normal", 10, "classic", "Bạn", seed=7))
    scene = open_table(app, table)
    next_hand = SummaryPilot()  # "Ván tiếp" on each hand's result, as a person would
    app.frame_hooks.append(lambda app: next_hand(scene))
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


def test_timer_folds_and_says_so(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(speed="fast")
    played: list[str] = []
    play = app.sounds.play

    def recording(name: str, volume: float = 0.6) -> None:
        played.append(name)
        play(name, volume)

    monkeypatch.setattr(app.sounds, "play", recording)
    table = make_table(2, "normal", 10, "classic", "Bạn", seed=5)
    scene = open_table(app, table)
    assert table.hand is not None and table.hand.to_act == 0
    run_until(app, lambda: bool(my_actions(table)), limit=400, dt=0.25)
    assert my_actions(table)[-1].kind is ActionKind.TIMEOUT
    assert scene.session.clock >= table.rules.turn_seconds
    assert "msg.timeout" in scene.session.said
    assert "timer" in played
    step(app, 5)
    assert scene.board.seats[0].folded
    assert scene.board.seats[0].status == "act.timeout"


def test_a_broke_player_is_told_and_can_buy_chips(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    players = [PlayerSpec("Bạn", "human", stack=1000), PlayerSpec("Minh", "bot", "normal",
                                                                    stack=1000)]
    table = Table(RuleSet(table_bet=10), players, seed=9, bot_factory=default_bot_factory)
    table.seats[0].stack = 4  # less than the ante
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app)
    top = app.stack.top
    assert isinstance(top, Dialog) and top.title == "msg.broke_title"
    assert top.body in ("msg.broke", "msg.broke_bank")
    assert table.hand is None
    click(app, top.buttons[0])  # "Mua thêm"
    assert app.stack.top is scene
    assert table.hand is not None and table.seats[0].buy_ins == 2
    assert table.hand.start_stacks[0] == 1004


def test_a_player_who_loses_everything_is_told(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    table = make_table(1, "hard", 10, "classic", "Bạn", seed=21)
    table.seats[0].stack = 30
    scene = open_table(app, table)
    # Shove every hand until the chips are gone.
    for _ in range(200):
        if isinstance(app.stack.top, Dialog):
            break
        if scene.my_legal() is not None:
            legal = scene.my_legal()
            key(app, pygame.K_a if legal is not None and legal.all_in is not None
                else pygame.K_c)
        elif scene.summary_showing() and scene.summary.shown_for >= ARM_SECONDS:
            key(app, pygame.K_SPACE)  # "Ván tiếp" on the hand's result
        else:
            step(app)
    top = app.stack.top
    if table.seats[1].stack < 10:  # we broke the bot instead
        assert isinstance(top, Dialog) and top.title == "msg.table_won_title"
    else:
        assert isinstance(top, Dialog) and top.title == "msg.broke_title"
        assert top.body in ("msg.broke", "msg.broke_bank", "msg.bank_empty")


def test_other_seats_cards_are_never_drawn_face_up_before_showdown(make_app: MakeApp) -> None:
    app = make_app(speed="fast")
    table = brisk(make_table(5, "normal", 10, "classic", "Bạn", seed=8))
    app.cards.face_log = []
    violations: list[str] = []
    other_faces_after_showdown = 0

    def check(app: GameApp) -> None:
        nonlocal other_faces_after_showdown
        hand = table.hand
        log = app.cards.face_log
        assert log is not None  # recording since the test began
        if hand is None:
            log.clear()
            return
        own = set(hand.cards_of(0))
        shown: set[Card] = set()
        if hand.is_over:
            for cards in hand.view_for(None).shown.values():
                shown.update(cards)
        for fd in log:
            if fd.card in own:
                continue
            if fd.card in shown:
                other_faces_after_showdown += 1
                continue
            violations.append(f"hand {table.hand_no}: {fd.card} drawn face up")
        log.clear()

    app.push(MenuScene(app))
    scene = TableScene(app, table)
    scene.autopilot = KeyAutopilot(random.Random(4))
    next_hand = SummaryPilot()  # "Ván tiếp" on each hand's result, as a person would
    app.frame_hooks.append(check)
    app.frame_hooks.append(lambda app: next_hand(scene))
    app.push(scene)
    run_until(app, lambda: table.hand_no >= 6 and table.hand is not None
              and table.hand.is_over and not scene.board.busy, limit=20000)
    assert not violations, violations[:5]
    assert other_faces_after_showdown > 0, "no showdown seen: the check proved nothing"


def test_own_cards_arrive_face_down_and_turn_on_click_drag_and_key(make_app: MakeApp) -> None:
    app = make_app(speed="fast")
    table = make_table(2, "normal", 10, "classic", "Bạn", seed=2)
    app.cards.face_log = []
    scene = open_table(app, table)
    run_until(app, lambda: len(scene.own.cards()) == 3 and all(c.landed for c in scene.own.cards()))
    step(app, 3)
    assert app.cards.face_log == [], "own cards arrive face down"
    assert scene.bar is not None and scene.bar.hand_label.text == ""
    rects = scene.drawer.card_rects(scene.layout, 0)
    click_at(app, rects[0].center)
    step(app, 30)
    app.cards.face_log.clear()
    step(app)
    assert {fd.card for fd in app.cards.face_log} == {scene.own.cards()[0].card}
    # Drag the second card upwards: "nặn bài".
    c = rects[1].center
    drag(app, c, (c[0], c[1] - rects[1].h))
    step(app, 30)
    app.cards.face_log.clear()
    step(app)
    assert len({fd.card for fd in app.cards.face_log}) == 2
    key(app, pygame.K_l)
    step(app, 30)
    assert all(cs.flip_now == 1.0 for cs in scene.own.cards())
    assert scene.bar.hand_label.text == scene.own.hand_name() != ""


def test_l_during_the_deal_turns_all_three_cards(make_app: MakeApp) -> None:
    app = make_app(speed="slow")
    table = make_table(3, "normal", 10, "classic", "Bạn", seed=3)
    scene = open_table(app, table)
    run_until(app, lambda: 1 <= len(scene.own.cards()) < 3
              and not all(c.landed for c in scene.own.cards()))
    key(app, pygame.K_l)
    run_until(app, lambda: len(scene.own.cards()) == 3 and all(
        c.landed and c.flip_now >= 1.0 for c in scene.own.cards()), limit=2000)
    shot(app, "l_during_deal")
    assert scene.own.hand_name() != ""


def test_the_turn_timer_waits_while_the_rules_cover_the_table(make_app: MakeApp) -> None:
    app = make_app(speed="fast")
    table = make_table(2, "normal", 10, "classic", "Bạn", seed=5)
    scene = open_table(app, table)
    assert table.hand is not None and table.hand.to_act == 0
    click(app, scene.top_buttons["rules"])
    assert app.stack.top is not scene
    step(app, 40, dt=1.0)  # 40 s under the rules screen (nothing moves: 1 s frames)
    assert my_actions(table) == []
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    run_until(app, lambda: bool(my_actions(table)), limit=400, dt=0.25)
    assert my_actions(table)[-1].kind is ActionKind.TIMEOUT


def test_face_up_setting_shows_own_cards_as_they_arrive(make_app: MakeApp) -> None:
    app = make_app(speed="normal", reveal_own_cards=True)
    table = make_table(2, "normal", 10, "classic", "Bạn", seed=2)
    app.cards.face_log = []
    scene = open_table(app, table)
    run_until(app, lambda: len(scene.own.cards()) == 3 and all(c.landed for c in scene.own.cards()))
    app.cards.face_log.clear()
    step(app)
    assert table.hand is not None
    assert {fd.card for fd in app.cards.face_log} == set(table.hand.cards_of(0))
    assert scene.own.hand_name() != ""


def test_the_header_says_when_only_calls_are_left_and_shows_no_round_between_hands(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES.md step 7: after three raising rounds only calls are left ("Vòng 4/3" would
    read as a mistake); between hands there is no round at all."""
    import lieng.ui.scenes.table as table_scene

    app = make_app(speed="instant")
    table = Table(RuleSet(table_bet=10), [PlayerSpec("Bạn", stack=5000),
                                          PlayerSpec("Minh", stack=5000)], seed=3)
    open_table(app, table)
    drawn: list[str] = []

    def noted(surf: pygame.Surface, s: str, *a: Any, **k: Any) -> pygame.Rect:
        drawn.append(s)
        return draw.text(surf, s, *a, **k)

    monkeypatch.setattr(table_scene, "text", noted)
    assert table.hand is not None
    for _ in range(6):  # both raise in rounds 1, 2 and 3
        seat = table.hand.to_act
        assert seat is not None
        table.act(seat, Action.raise_(1))
        step(app, 2)
    assert table.hand.round == 4
    drawn.clear()
    step(app, 3)
    assert any("Hết 3 vòng tố: chỉ Theo hoặc Úp bỏ" in d for d in drawn)
    assert not any("Vòng 4/3" in d for d in drawn)
    seat = table.hand.to_act
    assert seat is not None
    table.act(seat, Action.call())
    drawn.clear()
    step(app, 3)
    assert any(d.startswith("Ván 1 · Cược bàn 10 · Luật") for d in drawn)
    assert not any("Vòng" in d and d.startswith("Ván 1") for d in drawn)
