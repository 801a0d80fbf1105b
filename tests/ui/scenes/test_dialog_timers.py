"""Dialogs stop the clocks the player is being timed by — the turn timer, the result's
auto-continue delay, the hot-seat hand-off's countdown — and hide what is under their
panel (``Scene.covered``, ``TableScene.timers_wait_when_covered``, ``draw.DIALOG_FILL``).
The LAN table, whose time the host keeps, is in ``test_lan_dialog.py``."""

from __future__ import annotations

import pygame

from lieng.engine import Action, ActionKind
from lieng.game.setup import SeatChoice, make_hotseat_table, make_table
from lieng.table import Table
from lieng.ui.core.scene import Scene
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.handoff import HandoffScene
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene

from ..helpers import DT, MakeApp, click, key, open_table, run_until, step, top
from .test_hand_result import _at_result
from .test_table import my_actions


def _leave_dialog(app: GameApp, scene: TableScene[Table]) -> Dialog:
    key(app, pygame.K_ESCAPE)
    dialog = top(app, Dialog)
    assert isinstance(dialog, Dialog) and dialog.title in ("msg.leave_title",
                                                           "hotseat.end_title")
    assert scene.covered
    return dialog


def test_the_leave_question_stops_the_turn_timer(make_app: MakeApp) -> None:
    app = make_app(speed="fast")
    table = make_table(2, "normal", 10, "classic", "Bạn", seed=5)
    scene = open_table(app, table)
    run_until(app, lambda: scene.my_legal() is not None)
    before = scene.remaining()
    assert before is not None and before > 15
    dialog = _leave_dialog(app, scene)
    step(app, 40, dt=1.0)  # 40 s with the question open: twice the turn (1 s frames)
    assert my_actions(table) == [] and scene.remaining() == before
    click(app, dialog.buttons[1])  # Ở lại
    assert app.stack.top is scene
    step(app, 20, dt=0.25)
    rem = scene.remaining()
    assert rem is not None and rem < before  # running again
    run_until(app, lambda: bool(my_actions(table)), limit=400, dt=0.25)
    assert my_actions(table)[-1].kind is ActionKind.TIMEOUT


def test_the_result_waits_under_a_dialog_then_moves_on(make_app: MakeApp) -> None:
    app = make_app((1280, 720), speed="fast", next_hand_delay=3)
    scene, table = _at_result(app, [Action.call()] * 4)
    step(app, int(1.0 / DT))
    shown = scene.summary.shown_for
    dialog = _leave_dialog(app, scene)
    step(app, 10, dt=1.0)  # far past the 3 s delay (nothing moves: 1 s frames)
    assert table.hand_no == 1 and scene.summary.shown_for == shown
    click(app, dialog.buttons[1])
    step(app, int(1.5 / DT))
    assert table.hand_no == 1  # 2.5 s of the 3 on screen
    step(app, int(0.8 / DT))
    assert table.hand_no == 2


def _hotseat(app: GameApp) -> tuple[HotseatScene, HandoffScene]:
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh"),
                                SeatChoice("Tuấn", "easy")], 10, "classic", 100, 20, seed=2)
    app.push(MenuScene(app))
    scene = HotseatScene(app, table, handoff_limit=30.0)
    app.push(scene)
    run_until(app, lambda: isinstance(app.stack.top, HandoffScene))
    panel = app.stack.top
    assert isinstance(panel, HandoffScene)
    return scene, panel


def test_the_hand_off_countdown_waits_under_the_end_the_game_question(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    scene, panel = _hotseat(app)
    step(app, 5, dt=1.0)  # 5 s at the panel (only its countdown moves: 1 s frames)
    left = panel.remaining()
    assert left is not None and 24 < left < 26
    dialog = _leave_dialog(app, scene)
    step(app, 50, dt=1.0)  # 50 s: longer than the whole countdown (1 s frames)
    assert panel.remaining() == left and not panel.done
    assert scene.turns.timeouts == 0 and scene.table.in_hand
    click(app, dialog.buttons[1])  # Ở lại: the panel is back, counting down again
    assert app.stack.top is panel
    step(app, int(2 / DT))
    now = panel.remaining()
    assert now is not None and now < left
    run_until(app, lambda: scene.turns.timeouts == 1, limit=120, dt=0.25)


def test_a_person_s_turn_timer_waits_under_a_dialog(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    scene, panel = _hotseat(app)
    click(app, panel.button)
    assert app.stack.top is scene and scene.viewer is not None
    run_until(app, lambda: scene.my_legal() is not None)
    before = scene.remaining()
    assert before is not None
    seat = scene.viewer
    dialog = _leave_dialog(app, scene)
    step(app, 40, dt=1.0)  # 40 s under the question (1 s frames)
    assert scene.remaining() == before and scene.viewer == seat
    assert scene.table.hand is not None
    assert not any(s == seat for s, _action in scene.table.hand.actions)
    click(app, dialog.buttons[1])
    step(app, 4, dt=0.25)
    rem = scene.remaining()
    assert rem is not None and rem < before


def _dialog_pixels(app: GameApp, dialog: Dialog) -> list[tuple[int, ...]]:
    """The dialog panel's inside (clear of its rounded corners), every 3rd pixel."""
    r = dialog._rect().inflate(-int(40 * app.scale), -int(40 * app.scale))
    return [tuple(app.screen.get_at((x, y))) for y in range(r.top, r.bottom, 3)
            for x in range(r.left, r.right, 3)]


def test_a_dialog_hides_what_is_under_its_panel(make_app: MakeApp) -> None:
    """The same question over the hand-off panel (its avatar, name and countdown right
    under the dialog) and over an empty screen looks the same inside its panel."""
    app = make_app((960, 600), speed="instant")
    scene, _panel = _hotseat(app)
    dialog = _leave_dialog(app, scene)
    step(app, 3)
    over_panel = _dialog_pixels(app, dialog)
    # The same dialog with nothing under it but a black screen.
    app.stack.clear()
    app.push(Blank(app))
    alone = Dialog(app, dialog.title, dialog.body, dialog.choices, dialog.args)
    app.push(alone)
    step(app, 3)
    assert _dialog_pixels(app, alone) == over_panel


class Blank(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def test_the_bots_wait_while_the_settings_cover_the_table(make_app: MakeApp) -> None:
    """A hand is not played out unseen behind the settings: with the screen open the bots
    do not act; back at the table they go on."""
    app = make_app(speed="fast")
    table = make_table(4, "normal", 10, "classic", "Bạn", seed=5)
    scene = open_table(app, table)
    run_until(app, lambda: scene.my_legal() is not None)
    key(app, pygame.K_c)
    hand = table.hand
    assert hand is not None
    run_until(app, lambda: not scene.board.busy)
    click(app, scene.top_buttons["settings"])
    assert scene.covered
    before = len(hand.actions)
    step(app, 60, dt=1.0)  # a minute with the settings open (1 s frames)
    assert len(hand.actions) == before
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    run_until(app, lambda: len(hand.actions) > before or hand.is_over, limit=400, dt=0.25)
    assert len(hand.actions) > before
