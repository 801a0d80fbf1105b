"""The hand's result stays: a summary panel (winners, hands shown, pots, the player's
net) until "Ván tiếp" — the button, Space/Enter, a click — or the delay chosen in the
settings; the hot-seat summary shows only what the table showed."""

from __future__ import annotations

from functools import partial

import pygame

from lieng.devtools.bots_selftest import ScriptedPlayer
from lieng.engine import Action, RuleSet
from lieng.storage.settings import Settings
from lieng.table import PlayerSpec, Table
from lieng.ui.core.i18n import t
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.handoff import ARM_SECONDS as HANDOFF_ARM
from lieng.ui.scenes.handoff import HandoffScene
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.settings_screen import SettingsScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop import action_log as words
from lieng.ui.tabletop.summary import ARM_SECONDS, hand_lines

from ..helpers import DT, MakeApp, click, drop_down_items, key, move_mouse, run_until, shot, step


def handoff_armed(app: GameApp) -> bool:
    """The hand-off panel on top takes Enter now (it ignores it for its first moments)."""
    panel = app.stack.top
    assert isinstance(panel, HandoffScene)
    return panel.waited >= HANDOFF_ARM


def _table(script: list[Action], n_bots: int = 1) -> Table:
    players = [PlayerSpec("Bạn")] + [PlayerSpec(name, "bot", "normal")
                                      for name in ("Minh", "Lan")[:n_bots]]
    return Table(RuleSet(table_bet=10), players, seed=3,
                 bot_factory=lambda spec, rng: ScriptedPlayer(list(script)))


def _at_result(app: GameApp, script: list[Action]) -> tuple[TableScene[Table], Table]:
    """A table against one bot, playing ``script``, opened from the menu and taken to
    the first hand's result."""
    table = _table(script)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    _to_result(app, scene, table)
    return scene, table


def hotseat_to_result(app: GameApp, scene: HotseatScene, people: int) -> None:
    """Each of ``people`` persons in turn takes the hand-off (Enter) and acts: the first
    raises (R), the others fold (U); then the hand's result is up."""
    for _ in range(people):
        run_until(app, lambda: isinstance(app.stack.top, HandoffScene), limit=600)
        run_until(app, partial(handoff_armed, app))
        key(app, pygame.K_RETURN)
        run_until(app, lambda: scene.my_legal() is not None, limit=600)
        key(app, pygame.K_r if scene.viewer == 0 else pygame.K_u)
    run_until(app, scene.summary_showing, limit=600)


def _to_result(app: GameApp, scene: TableScene[Table], table: Table) -> None:
    run_until(app, lambda: scene.my_legal() is not None)
    key(app, pygame.K_c)
    run_until(app, scene.summary_showing)


def test_the_result_stays_until_next_hand_is_pressed(make_app: MakeApp) -> None:
    app = make_app((960, 540), speed="instant", next_hand_delay=0)
    table = _table([Action.call()])
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    _to_result(app, scene, table)
    assert table.hand_no == 1
    step(app, 12, dt=1.0)  # twelve seconds: with the delay off, nothing moves on
    assert table.hand_no == 1 and scene.summary_showing()
    button = scene.summary.button
    assert button is not None and button.visible
    lines = [words.text(line, ["Bạn", "Minh"]) for line in hand_lines(scene.log)]
    assert any(line.startswith("Bạn: ") for line in lines)  # the hands shown
    assert any(t("log.pot_only") in line for line in lines)  # the pot
    net = scene.board.seats[0].net
    assert net is not None
    big = scene.result_lines()[0][0]
    assert big in (t("table.result_win", amount=str(net)),
                   t("table.result_loss", amount=str(-net)))
    assert "+" not in big
    shot(app, "summary-960")
    click(app, button)
    assert table.hand_no == 2 and not scene.summary_showing()
    assert not button.visible


def test_space_enter_and_a_click_move_on_but_not_a_too_early_key(make_app: MakeApp) -> None:
    app = make_app((1280, 720), speed="instant", next_hand_delay=0)
    table = _table([Action.call()] * 10)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    _to_result(app, scene, table)
    key(app, pygame.K_SPACE)  # at once: still the result (a double-pressed check)
    assert table.hand_no == 1
    step(app, int(ARM_SECONDS / DT) + 2)
    key(app, pygame.K_SPACE)
    assert table.hand_no == 2
    _to_result(app, scene, table)
    step(app, int(ARM_SECONDS / DT) + 2)
    key(app, pygame.K_RETURN)
    assert table.hand_no == 3
    _to_result(app, scene, table)
    step(app, int(ARM_SECONDS / DT) + 2)
    from ..helpers import click_at

    click_at(app, (int(scene.layout.table.x + 40), int(scene.layout.table.centery)))
    assert table.hand_no == 4


def test_the_auto_continue_delay_from_the_settings(make_app: MakeApp) -> None:
    app = make_app((1280, 720), speed="fast", next_hand_delay=3)
    _scene, table = _at_result(app, [Action.call()] * 4)
    step(app, int(2.8 / DT))
    assert table.hand_no == 1
    step(app, int(0.4 / DT))
    assert table.hand_no == 2


def test_the_delay_setting_row_is_saved_and_validated(make_app: MakeApp) -> None:
    assert Settings().next_hand_delay == 5
    bad, fixed = Settings.from_dict({"next_hand_delay": 7})
    assert fixed == ["next_hand_delay"] and bad.next_hand_delay == 5
    app = make_app((1280, 720))
    app.push(MenuScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    step(app, 2)
    menu = settings.menus["next_hand"]
    assert menu.selected_option[0] in ("5 giây", "lieng.settings.seconds")
    assert settings.menus["timer"].selected_option[0] == "20 giây"
    shot(app, "settings-1280")
    move_mouse((2, 2))
    step(app, 2)
    click(app, menu.menu_states["closed"].selected_option_button)
    state = menu.current_state
    item = next(it for it in drop_down_items(state) if it["object_id"] == "0")
    click(app, item["button_element"])
    step(app, 2)
    assert app.settings.next_hand_delay == 0


def test_hot_seat_summary_names_every_result_and_no_unshown_hand(make_app: MakeApp) -> None:
    app = make_app((1280, 720), speed="instant", next_hand_delay=0)
    players = [PlayerSpec("Lan"), PlayerSpec("Minh"), PlayerSpec("Hùng", "bot", "normal")]
    table = Table(RuleSet(table_bet=10), players, seed=9,
                  bot_factory=lambda spec, rng: ScriptedPlayer([Action.fold()]))
    app.push(MenuScene(app))
    scene = HotseatScene(app, table)
    app.push(scene)
    hotseat_to_result(app, scene, 2)  # Lan raises, Minh folds, the bot folds: uncontested
    lines = scene.result_lines()
    assert lines == [("Lan thắng 20", True), ("Minh thua 10", False), ("Hùng thua 10", False)]
    told = [words.text(line, ["Lan", "Minh", "Hùng"]) for line in hand_lines(scene.log)]
    assert told == ["Lan ăn tẩy: 40", t("log.uncontested")]
    assert table.hand is not None
    dealt = [str(c) for c in table.hand.view_for(0).my_cards]
    assert not any(card in line for card in dealt for line in told)
    # Next hand: the hand-off panel covers the table and leaves it — the "Ván tiếp"
    # button must not come back with the table's other elements.
    step(app, int(ARM_SECONDS / DT) + 2)
    key(app, pygame.K_SPACE)
    assert table.hand_no == 2
    run_until(app, lambda: isinstance(app.stack.top, HandoffScene), limit=600)
    run_until(app, partial(handoff_armed, app))
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert app.stack.top is scene and scene.summary.button is not None
    assert not scene.summary.button.visible


def test_a_click_on_the_open_log_does_not_deal_on(make_app: MakeApp) -> None:
    from ..helpers import click_at

    app = make_app((1280, 720), speed="instant", next_hand_delay=0, action_log_open=True)
    scene, table = _at_result(app, [Action.call()] * 4)
    step(app, int(ARM_SECONDS / DT) + 2)
    click_at(app, scene.log_panel.rect(scene.layout).center)
    assert table.hand_no == 1 and scene.summary_showing()
    click_at(app, (int(scene.layout.table.x + 40), int(scene.layout.table.centery)))
    assert table.hand_no == 2
