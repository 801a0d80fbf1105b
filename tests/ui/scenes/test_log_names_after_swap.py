"""The action log keeps the name a seat had when each line happened (issue 22): after a
broke bot left and a newcomer took its seat (``lieng.game.bot_seating``), the earlier
lines read the newcomer's name, as if they had played the hand."""

from __future__ import annotations

import pygame

from lieng.game.bot_seating import make_mixed_table, seating_for
from lieng.game.story import Story
from lieng.ui.tabletop.action_log import text, texts

from ..helpers import MakeApp, open_table, play_calls_until_hand_over, run_until
from ..helpers import key as press


def _lines_of(log: Story, seat: int) -> list[int]:
    return [i for i, line in enumerate(log.lines) if seat in line.seats]


def test_earlier_lines_keep_the_name_of_the_bot_who_played_them(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    seating = seating_for(["hard", "easy", "normal"], seed=2)
    table = make_mixed_table(seating, 10, "classic", "Bạn", seed=2)
    scene = open_table(app, table)
    scene.session.seating = seating
    play_calls_until_hand_over(app, scene, table)
    run_until(app, scene.summary_showing)
    gone = table.seats[2].name
    earlier = _lines_of(scene.log, 2)
    assert earlier, "the bot in seat 2 played the first hand"
    before = [text(scene.log.lines[i], scene.seat_names()) for i in earlier]
    assert all(gone in words for words in before), before
    table.seats[2].stack = 0  # it cannot pay the next ante (RULES.md step 2): it leaves
    press(app, pygame.K_RETURN)  # Ván tiếp
    run_until(app, lambda: table.hand_no == 2 and len(_lines_of(scene.log, 2)) > len(earlier))
    newcomer = table.seats[2].name
    assert newcomer != gone and scene.seat_names()[2] == newcomer
    names = scene.seat_names()
    assert [text(scene.log.lines[i], names) for i in earlier] == before
    assert all(newcomer not in text(scene.log.lines[i], names) for i in earlier)
    later = [i for i in _lines_of(scene.log, 2) if i > earlier[-1]]
    assert later and all(newcomer in text(scene.log.lines[i], names) for i in later
                         if scene.log.lines[i].kind == "action")
    # The drawer draws what the lines say.
    drawn = texts(scene.log.lines, names)
    assert all(gone in drawn[i] for i in earlier)
