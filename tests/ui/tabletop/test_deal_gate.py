"""The action bar is live only once the player can see their cards: during the deal the
buttons are off, the keys do nothing and no turn clock runs (the player acts first in a
table's first hand, RULES.md step 3)."""

from __future__ import annotations

import pygame

from lieng.engine import Action, RuleSet
from lieng.game.setup import default_bot_factory
from lieng.table import PlayerSpec, Table
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop import action_log as words

from ..helpers import MakeApp, key, run_until, step


def _table() -> Table:
    players = [PlayerSpec("Bạn"), PlayerSpec("Minh", "bot", "normal"),
               PlayerSpec("Lan", "bot", "normal")]
    return Table(RuleSet(table_bet=10), players, seed=5, bot_factory=default_bot_factory)


def test_keys_during_the_deal_do_nothing(make_app: MakeApp) -> None:
    app = make_app((960, 600), speed="slow")
    table = _table()
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app, 3)
    hand = table.hand
    assert hand is not None and hand.to_act == 0  # the host acts first
    assert not scene.board.deal_landed and scene.session.shown_legal() is None
    clock_at_deal = scene.session.clock
    key(app, pygame.K_c)  # a check before any card is seen: ignored
    key(app, pygame.K_SPACE)
    assert hand.actions == []
    assert scene.bar is not None
    assert not any(b.is_enabled for b in scene.bar.buttons().values())
    assert not scene.turn_shown()
    step(app, 10)
    assert scene.session.clock == clock_at_deal  # no turn timer runs during the deal
    run_until(app, lambda: scene.board.deal_landed, limit=600)
    step(app)
    assert scene.turn_shown() and scene.bar.call.is_enabled
    key(app, pygame.K_c)
    assert [seat for seat, _a in hand.actions] == [0]


def test_the_turn_waits_for_the_whole_deal_to_land(make_app) -> None:  # type: ignore[no-untyped-def]
    """Six seats and the player first: their own third card lands while five more are
    still flying to the others. No turn, clock, button or "Đang nghĩ…" until the last
    one is down (issue 22, defect 2)."""
    app = make_app((1280, 720), speed="slow")
    players = [PlayerSpec("Bạn")] + [PlayerSpec(f"Máy {i}", "bot", "normal")
                                     for i in range(1, 6)]
    table = Table(RuleSet(table_bet=10), players, seed=5, bot_factory=default_bot_factory)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app)
    board = scene.board
    run_until(app, lambda: len(board.seats[0].cards) == 3
              and all(c.landed for c in board.seats[0].cards), limit=2000)
    assert board.dealing and not board.deal_landed  # the others' cards are in the air
    clock = scene.session.clock
    step(app)
    assert not scene.turn_shown()
    assert scene.bar is not None and not scene.bar.call.is_enabled
    assert board.to_act is None  # no "Đến lượt", no ring yet
    assert scene.session.clock == clock
    run_until(app, lambda: board.deal_landed, limit=2000)
    run_until(app, scene.turn_shown, limit=200)
    assert not board.dealing and board.to_act == 0 and scene.bar.call.is_enabled


def test_facing_a_bigger_all_in_only_the_call_is_live(make_app) -> None:  # type: ignore[no-untyped-def]
    """The bot goes all in for more than the player has: "Theo tất tay 490" is the one
    button that puts the stack in; "Tố tất" would do the same and is off (issue 22,
    defect 8). The log calls it "Theo tất tay", not "Tố tất"."""
    from lieng.ui.core.i18n import chips
    from lieng.ui.core.i18n import key as key_of

    # Minh shoves 4.990 after Bạn's check.
    app, table, scene = _facing_a_bet(make_app, 500, Action.all_in())
    bar = scene.bar
    assert bar is not None
    legal = scene.my_legal()
    assert legal is not None and legal.call == 490 < legal.owed and legal.all_in == 490
    assert bar.call.is_enabled and bar.call.text == key_of("bar.call_short")
    assert bar.call.text_kwargs == {"amount": chips(490)}
    assert not bar.allin.is_enabled
    key(app, pygame.K_c)
    run_until(app, lambda: table.hand is not None and table.hand.is_over
              and not scene.board.busy, limit=2000)
    lines = words.texts(scene.log.lines, ["Bạn", "Minh"])
    assert "Bạn: Theo tất tay 490" in lines and "Minh: Tố tất 4.990" in lines


def test_a_call_of_the_whole_stack_reads_as_the_all_in_call(make_app: MakeApp) -> None:
    """A call that takes every chip is an all-in even when it is exactly what is owed
    (RULES.md step 5): a playtest saw "Theo 190" with 190 the whole stack. The button,
    its tooltip and the log say "Theo tất tay"; "Tố tất" is off (it would do the same)."""
    from lieng.ui.core.i18n import chips
    from lieng.ui.core.i18n import key as key_of

    # Bạn has 190 behind the ante; Minh raises 19 table bets: 190 owed, 190 left.
    app, table, scene = _facing_a_bet(make_app, 200, Action.raise_(19))
    bar = scene.bar
    assert bar is not None
    legal = scene.my_legal()
    assert legal is not None and legal.call == legal.owed == legal.all_in == 190
    assert bar.call.is_enabled and bar.call.text == key_of("bar.call_short")
    assert bar.call.text_kwargs == {"amount": chips(190)}
    assert bar.call.tool_tip_text == key_of("bar.tip_call_all_in")
    assert not bar.allin.is_enabled
    key(app, pygame.K_c)
    run_until(app, lambda: table.hand is not None and table.hand.is_over
              and not scene.board.busy, limit=2000)
    assert "Bạn: Theo tất tay 190" in words.texts(scene.log.lines, ["Bạn", "Minh"])


def _facing_a_bet(make_app: MakeApp, stack: int, bet: Action
                  ) -> tuple[GameApp, Table, TableScene[Table]]:
    """Bạn (``stack`` chips) checks, Minh answers ``bet``: the table at Bạn's turn to
    call it, instant animations, 1280×720."""
    from lieng.devtools.showdown_shots import scripted_table

    table = scripted_table((("Bạn", stack, ()), ("Minh", 5000, (bet,))),
                           ("2S 3C 4D", "AS AH AD"))
    app = make_app((1280, 720), speed="instant")
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    run_until(app, scene.turn_shown, limit=600)
    key(app, pygame.K_c)
    run_until(app, lambda: scene.turn_shown() and scene.my_legal() is not None
              and scene.my_legal().call > 0, limit=600)  # type: ignore[union-attr]
    return app, table, scene
