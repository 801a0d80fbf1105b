"""The call button's tooltip says what the button does now (a playtest found "Match the
raise" on "Qua lượt", when there was nothing to match): checking puts nothing in,
calling matches the bet (docs/RULES.md step 5)."""

from __future__ import annotations

import pygame

from lieng.game.setup import make_table
from lieng.ui.core.i18n import key

from ..helpers import MakeApp, brisk, open_table, run_until
from ..helpers import key as press


def test_the_call_button_s_tooltip_follows_check_and_call(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    table = brisk(make_table(3, "hard", 10, "classic", "Bạn", seed=6))
    scene = open_table(app, table)
    seen: set[str] = set()
    for _turn in range(60):
        run_until(app, lambda: scene.my_legal() is not None, limit=20000)
        legal = scene.my_legal()
        assert legal is not None and scene.bar is not None
        tip = scene.bar.call.tool_tip_text
        all_in = legal.call < legal.owed or legal.call == legal.all_in
        assert tip == key("bar.tip_check" if legal.call == 0 else
                          "bar.tip_call_all_in" if all_in else "bar.tip_call"), (legal, tip)
        seen.add("check" if legal.call == 0 else "call")
        if seen == {"check", "call"}:
            return
        press(app, pygame.K_c)  # check or call, as the button says
        if table.hand is not None and table.hand.is_over:
            press(app, pygame.K_RETURN)  # Ván tiếp
    raise AssertionError(f"only {seen} met in 60 turns: the test proved nothing")
