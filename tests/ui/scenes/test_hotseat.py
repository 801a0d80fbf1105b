"""The hot-seat table (``lieng.ui.scenes.hotseat``, with the hand-off panel and the
scoreboard) through the real window: people at one screen, real clicks and keys.

Privacy is checked on what the card renderer really drew (``CardRenderer.face_log``, read
by ``PrivacyWatch`` after every frame), never on a flag of the scene."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from lieng.devtools.driver import KeyAutopilot, SummaryPilot
from lieng.devtools.privacy_watch import PrivacyWatch
from lieng.engine import (
    ActionKind,
    ActionTaken,
    CardDealt,
    Event,
    HandEnded,
    HandStarted,
    RuleSet,
    Showdown,
)
from lieng.game.setup import SeatChoice, default_bot_factory, make_hotseat_table
from lieng.storage.history import GameResult, HandRecord, History
from lieng.table import PlayerSpec, Table
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.handoff import ARM_SECONDS, HandoffScene
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.hotseat_setup import HotseatSetupScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.scoreboard import ScoreboardScene
from lieng.ui.session import close_app

from ..helpers import MakeApp, RealApp, brisk, click, key, run_until, step, top, type_name


def _armed(panel: HandoffScene) -> bool:
    """The hand-off panel takes Enter now (it ignores it for its first moments)."""
    return panel.waited >= ARM_SECONDS


def open_hotseat(app: GameApp, table: Table, **kw: Any) -> HotseatScene:
    app.push(MenuScene(app))
    scene = HotseatScene(app, table, **kw)
    app.push(scene)
    step(app)
    return scene


def test_three_people_and_two_bots_never_see_each_other_s_cards(
        make_app: MakeApp, tmp_path: Path) -> None:
    # With the "own cards face up" setting on, any card the board merely knew would be
    # drawn face up: the check below then sees it.
    app = make_app(speed="fast", reveal_own_cards=True)
    watch = PrivacyWatch()
    watch.install(app)
    # Menu → setup, by clicks and typing.
    app.push(MenuScene(app))
    step(app)
    click(app, top(app, MenuScene).buttons["hotseat"])
    setup = app.stack.top
    assert isinstance(setup, HotseatSetupScene)
    for i, name in enumerate(("Lan", "Minh", "Hùng")):
        type_name(app, setup.names[i], name)
    assert [c.kind for c in setup.seats[:5]] == ["human"] * 3 + ["normal"] * 2
    click(app, setup.kinds[4])  # normal → hard
    assert setup.seats[4].kind == "hard"
    setup.seed = 12
    click(app, setup.start)
    scene = app.stack.top
    assert isinstance(scene, HotseatScene)
    table = scene.table
    assert [s.name for s in table.seats[:3]] == ["Lan", "Minh", "Hùng"]
    assert [s.kind for s in table.seats] == ["human"] * 3 + ["bot"] * 2
    assert table.seats[4].spec.level == "hard"
    scene.end.record_to(History(tmp_path))

    people_actions: Counter[int] = Counter()
    hands_with_showdown = 0
    first_players: list[int] = []
    winners_before: list[int] = []

    person_bots_person = 0
    since_person: list[str] = []
    """Kinds of the seats that acted since the last person acted (this hand)."""

    def count(events: Sequence[Event]) -> None:
        nonlocal hands_with_showdown, person_bots_person
        for e in events:
            if isinstance(e, HandStarted):
                since_person.clear()
            if isinstance(e, ActionTaken):
                kind = table.seats[e.seat].kind
                if kind == "human":
                    if since_person and since_person[0] == "human" \
                            and set(since_person[1:]) == {"bot"}:
                        person_bots_person += 1
                    since_person[:] = ["human"]
                else:
                    since_person.append(kind)
            if isinstance(e, ActionTaken) and table.seats[e.seat].kind == "human" \
                    and e.kind is not ActionKind.TIMEOUT:
                people_actions[e.seat] += 1
            if isinstance(e, Showdown) and len(e.hands) >= 2:
                hands_with_showdown += 1
            if isinstance(e, HandStarted):
                first_players.append(e.first)
            if isinstance(e, HandEnded):
                assert table.hand is not None
                winners_before.append(table.hand.next_first)

    table.subscribe(count)
    brisk(table)
    next_hand = SummaryPilot()
    app.frame_hooks.append(lambda app: next_hand(scene))
    pilot = KeyAutopilot(random.Random(5))
    panels = 0
    use_key = False
    # Three hands: by the end of the second every path below has been taken (a showdown,
    # two people with only bots between them, each person's hand-off and cards); the
    # first player's rule over more hands is checked without a window
    # (tests/game/test_hotseat_game.py).
    while table.hand_no < 3 or table.hand is None or not table.hand.is_over \
            or scene.board.busy:
        shown = app.stack.top
        if isinstance(shown, HandoffScene):
            panels += 1
            seat = scene.pending
            assert seat is not None and table.hand is not None and table.hand.to_act == seat
            assert scene.viewer is None
            assert table.deadline is None, "no turn timer runs before the hand-off"
            step(app, 10)  # the panel stays up a while: nothing may show under it
            # Confirm alternately with the button and with Enter (after the short arming).
            if use_key:
                run_until(app, partial(_armed, shown))
                key(app, pygame.K_RETURN)
            else:
                click(app, shown.button)
            use_key = not use_key
            assert scene.viewer == seat and app.stack.top is scene
            assert table.deadline is not None, "the turn timer starts at the confirmation"
            # The person sees their own three cards, face up, and nothing else hidden.
            run_until(app, lambda: not scene.board.busy, limit=200)
            step(app)
            assert set(table.hand.cards_of(seat)) <= watch.last_faces
            continue
        if isinstance(shown, Dialog):
            assert shown.title == "hotseat.broke_title"
            click(app, shown.buttons[0])
            continue
        if scene.my_legal() is not None:
            pilot(scene)
        step(app)
        assert app.frames < 40000
    app.frame_hooks.remove(watch)
    assert not watch.violations, watch.violations[:5]
    assert watch.panel_frames >= 10 * panels > 0
    # Every person's turn began with a confirmed hand-off — also when only bots played
    # between two people — and each of them saw their own cards.
    assert scene.turns.handoffs == sum(people_actions.values()) == panels
    assert person_bots_person > 0, "two people with only bots between them was played"
    assert set(scene.turns.confirmed) == {0, 1, 2}
    assert all(watch.seen_by[i] > 0 for i in (0, 1, 2))
    assert hands_with_showdown > 0 and watch.shown_faces > 0
    # Hands continue with the previous winner first (the Table does it).
    # (Subscribed after the first deal: first_players[k] is hand k + 2's first player.)
    assert len(first_players) >= 2
    assert first_players == winners_before[:len(first_players)]
    # The scoreboard at any time (Tab), then the end of the game (Esc → leave).
    key(app, pygame.K_TAB)
    board = app.stack.top
    assert isinstance(board, ScoreboardScene) and not board.final
    key(app, pygame.K_TAB)
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, Dialog) and app.stack.top.title == "hotseat.end_title"
    click(app, top(app, Dialog).buttons[0])
    final = app.stack.top
    assert isinstance(final, ScoreboardScene) and final.final
    games = History(tmp_path).games()[0]
    assert len(games) == 1 and games[0].mode == "hotseat"
    result = games[0]
    assert scene.end.result is not None and result.standings == scene.end.result.standings
    assert result.hands == table.hand_no
    # The final scoreboard draws the standings the game saved, not a ranking of its own.
    assert final.end is scene.end
    assert tuple(standing for standing, _seat in final.rows()) == result.standings
    assert {s.name: s.net for s in result.standings} == {s.name: s.net for s in table.seats}
    assert [s.net for s in result.standings] == sorted((s.net for s in table.seats),
                                                      reverse=True)
    # Every hand went to the history with no viewer: only the shown cards are stored.
    hands = History(tmp_path).hands()[0]
    assert len(hands) == table.hand_no
    for rec in hands:
        assert rec.mode == "hotseat" and rec.viewer is None
        assert all(e.card is None for e in rec.events if hasattr(e, "card"))
    click(app, final.close)
    assert isinstance(app.stack.top, MenuScene)


def test_the_hand_off_limit_folds_the_absent_player_for_everyone_to_see(make_app: MakeApp) -> None:
    app = make_app(speed="fast")
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh"),
                                SeatChoice("Thảo", "normal")], 10, "classic", 100, 20, seed=4)
    scene = open_hotseat(app, table, handoff_limit=45.0)
    hand = table.hand
    assert hand is not None and hand.to_act == 0
    run_until(app, lambda: isinstance(app.stack.top, HandoffScene), limit=600)
    # 30 s at the panel: longer than the 20 s turn timer, shorter than the limit (nothing
    # moves under the panel: 1 s frames).
    step(app, 30, dt=1.0)
    top(app, HandoffScene)
    assert not hand.actions
    run_until(app, lambda: bool(hand.actions), limit=200, dt=0.25)
    assert table.hand is hand
    seat, action = hand.actions[0]
    assert seat == 0 and action.kind is ActionKind.TIMEOUT
    assert scene.turns.timeouts == 1 and scene.turns.handoffs == 0
    assert "hotseat.handoff_timeout" in scene.session.said
    assert app.stack.top is scene or isinstance(app.stack.top, HandoffScene)
    # The table is shown again and says so: the seat is folded for all to see.
    run_until(app, lambda: scene.board.seats[0].status == "act.timeout", limit=300)
    assert scene.board.seats[0].folded
    # The next person confirms; now the 20 s turn timer runs and folds them.
    run_until(app, lambda: isinstance(app.stack.top, HandoffScene), limit=600)
    assert scene.pending == 1
    click(app, top(app, HandoffScene).button)
    assert scene.viewer == 1
    run_until(app, lambda: len(hand.actions) >= 2 or hand.is_over,
              limit=200, dt=0.25)
    assert table.hand is hand
    assert hand.actions[1][0] == 1
    assert hand.actions[1][1].kind is ActionKind.TIMEOUT
    assert "hotseat.timed_out" in scene.session.said
    assert scene.viewer is None, "the cards went away with the turn"


def test_broke_people_rebuy_or_leave_and_the_game_ends(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(speed="instant")
    players = [PlayerSpec("Lan", stack=1000), PlayerSpec("Minh", stack=1000),
               PlayerSpec("Thảo", "bot", "normal", stack=1000)]
    table = Table(RuleSet(table_bet=10), players, seed=3, bot_factory=default_bot_factory)
    table.seats[1].stack = 5  # Minh can't pay the ante
    scene = open_hotseat(app, table, rebuy_allowed=True)
    top = app.stack.top
    assert isinstance(top, Dialog) and top.title == "hotseat.broke_title"
    assert top.args["who"] == "Minh"
    click(app, top.buttons[0])  # Mua thêm
    assert table.seats[1].stack == 1005 and table.seats[1].buy_ins == 2
    assert table.hand is not None and table.hand.start_stacks[1] == 1005
    assert scene.session.flow.changes == [(0, 1, "rebuy", 1000)]
    app.close()

    # No rebuys: broke people (and bots) leave; with one player left the game is over.
    app = make_app(speed="instant")
    table = Table(RuleSet(table_bet=10), players, seed=3, bot_factory=default_bot_factory)
    table.seats[1].stack = 5
    table.seats[2].stack = 0
    scene = open_hotseat(app, table, rebuy_allowed=False, history=History(tmp_path))
    assert [kind for _h, _s, kind, _a in scene.session.flow.changes] == ["leave", "leave"]
    assert table.seats[1].left and table.seats[2].left
    final = app.stack.top
    assert isinstance(final, ScoreboardScene) and final.final
    assert "hotseat.left" in scene.session.said
    result = History(tmp_path).games()[0][0]
    assert isinstance(result, GameResult) and result.mode == "hotseat"
    assert [s.name for s in result.standings] == ["Lan", "Minh", "Thảo"]
    assert [s.place for s in result.standings] == [1, 1, 1]  # nobody won or lost a chip


def test_ending_mid_hand_does_not_count_that_hand(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(speed="instant")
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh"),
                                SeatChoice("Tuấn", "easy")], 10, "classic", 100, 20, seed=2)
    scene = open_hotseat(app, table, history=History(tmp_path))
    assert table.in_hand and isinstance(app.stack.top, HandoffScene)
    click(app, app.stack.top.button)
    key(app, pygame.K_c)  # the first player checks: chips in the pot
    assert table.in_hand and sum(table.stacks) < 3000
    key(app, pygame.K_ESCAPE)
    dialog = top(app, Dialog)
    assert isinstance(dialog, Dialog) and dialog.body == "hotseat.end_in_hand"
    click(app, dialog.buttons[0])
    assert isinstance(app.stack.top, ScoreboardScene) and app.stack.top.final
    assert scene.end.result is not None
    assert [(s.chips, s.net) for s in scene.end.result.standings] == [(1000, 0)] * 3
    assert History(tmp_path).hands()[0] == []  # the unfinished hand isn't in the history
    # The final board counts completed hands, like the saved result (0 here, not 1).
    from lieng.game.standings import completed_hands

    assert scene.end.result.hands == completed_hands(table) == 0


def test_a_broke_person_may_leave_and_the_others_play_on(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    players = [PlayerSpec("Lan", stack=1000), PlayerSpec("Minh", stack=1000),
               PlayerSpec("Hùng", stack=1000)]
    table = Table(RuleSet(table_bet=10), players, seed=3, bot_factory=default_bot_factory)
    table.seats[2].stack = 0
    scene = open_hotseat(app, table)
    top = app.stack.top
    assert isinstance(top, Dialog) and top.args["who"] == "Hùng"
    click(app, top.buttons[1])  # Rời bàn
    assert table.seats[2].left and table.hand is not None
    assert table.hand.dealt_in == (True, True, False)
    assert scene.session.flow.changes == [(0, 2, "leave", 0)]


def test_hotseat_hand_record_keeps_only_shown_cards(make_app: MakeApp) -> None:
    # The record the hot-seat table writes (viewer None) has no dealt card of anyone.
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh")], 10, "classic", 100,
                               0, seed=1)
    table.start_hand()
    from lieng.engine import Action

    while table.hand is not None and not table.hand.is_over:
        seat = table.hand.to_act
        assert seat is not None
        table.act(seat, Action.call())
    from datetime import datetime

    from lieng.storage.history import SeatRecord

    assert table.hand is not None
    rec = HandRecord.from_hand(table.hand, None, [SeatRecord.of(s.spec) for s in table.seats],
                               datetime(2026, 1, 1), mode="hotseat")
    dealt = [e for e in rec.events if isinstance(e, CardDealt)]
    assert dealt and all(e.card is None for e in dealt)
    shown = [e for e in rec.events if isinstance(e, Showdown)]
    assert shown and len(shown[0].hands) == 2


def test_a_resize_under_the_hand_off_panel_keeps_it_and_its_button(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh")], 10, "classic", 100,
                               20, seed=6)
    app.cards.face_log = []
    scene = open_hotseat(app, table)
    panel = app.stack.top
    assert isinstance(panel, HandoffScene) and scene.pending == 0
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=540, size=(960, 540)))
    step(app, 2)
    assert app.size == (960, 540) and app.stack.top is panel
    assert panel.button is not None and panel.button.rect.right <= 960
    app.cards.face_log.clear()
    step(app, 3)
    assert app.cards.face_log == []
    click(app, panel.button)
    assert scene.viewer == 0 and top(app, HotseatScene) is scene
    step(app, 30)
    app.cards.face_log.clear()
    step(app)
    assert table.hand is not None
    assert {fd.card for fd in app.cards.face_log} == set(table.hand.cards_of(0))


def test_closing_the_window_mid_hot_seat_game_saves_the_standings(real_app: RealApp) -> None:
    app = real_app()
    assert app.profile is not None
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh"),
                                SeatChoice("Tuấn", "easy")], 10, "classic", 100, 20, seed=4)
    scene = HotseatScene(app, table, history=app.profile.history)
    app.push(scene)
    app.change_settings(animation_speed="instant")
    pilot = KeyAutopilot(random.Random(9))
    stacks_after: list[list[int]] = []

    def note_stacks(events: Sequence[Event]) -> None:
        stacks_after.extend(list(e.stacks) for e in events if isinstance(e, HandEnded))

    table.subscribe(note_stacks)

    def mid_third_hand() -> bool:
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click(app, top.button)
        elif isinstance(top, Dialog):
            click(app, top.buttons[0])
        elif scene.my_legal() is not None:
            pilot(scene)
        return table.hand_no >= 3 and table.in_hand and not scene.board.busy

    run_until(app, mid_third_hand, limit=20000)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 1)
    close_app(app)

    games, _ = History().games()
    assert len(games) == 1
    result = games[0]
    assert result.mode == "hotseat" and result.hands == 2  # the hand in play isn't counted
    by_name = {s.name: s.chips for s in result.standings}
    assert [by_name[n] for n in ("Lan", "Minh", "Tuấn")] == stacks_after[1]
    assert len(History().hands()[0]) == 2
