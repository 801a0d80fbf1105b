"""A seat with no chips behind is labelled "Tất tay", whether it got there by raising or by
calling: a playtest (issue 22's follow-up, play10 D6) pressed the one live button "Theo tất
tay 460" and then read "Tố tất" (an all-in *raise*) on its own seat. RULES.md step 5 tells
the two apart — an all-in call is not a raise — so the seat's standing word must be the one
that fits both: "tất tay" (all-in). The log keeps each action's own word."""

from __future__ import annotations

from dataclasses import replace

import pygame

from lieng.engine import Action
from lieng.ui.core.i18n import t
from lieng.ui.tabletop import action_log as words

from ..helpers import MakeApp, key, run_until
from .test_deal_gate import _facing_a_bet


def test_an_all_in_call_is_not_labelled_as_a_raise(make_app: MakeApp) -> None:
    # Minh shoves 4.990 after Bạn's check; Bạn (490 behind) calls it with everything.
    app, _table, scene = _facing_a_bet(make_app, 500, Action.all_in())
    board = scene.board
    key(app, pygame.K_c)
    run_until(app, lambda: board.seats[0].all_in, limit=600)
    # Instant animations reach the showdown at once, where the hand's name takes the
    # status line; Bạn's seat as it stood before it (its real state, the hand unnamed):
    you = replace(board.seats[0], hand_value=None)
    assert you.stack == 0 and not you.folded and not you.winner  # Minh's sáp wins
    yours, _colour = scene.drawer._status_text(you)
    assert yours == "Tất tay" == t("status.all_in")
    assert "Tố" not in yours  # "Tố" is a raise: Bạn only called
    assert "Bạn: Theo tất tay 490" in words.texts(scene.log.lines, ["Bạn", "Minh"])
