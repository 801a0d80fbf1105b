"""The main pot's figure stays readable beside a side pot with the drawer open (issue 22,
defect 9: it shrank to about 8 px): its words at their size or a little smaller, or the
amount alone at full size — never a line shrunk to nothing."""

from __future__ import annotations

import pygame

from lieng.devtools.showdown_shots import scripted_table
from lieng.engine import Action
from lieng.ui.core.draw import GOLD, text_surface
from lieng.ui.core.typescale import px
from lieng.ui.tabletop.drawing import main_pot_words

from ..helpers import MakeApp, key, open_table, step

SEATS: tuple[tuple[str, int, list[Action]], ...] = (
    ("Bạn", 2000, []), ("Hùng", 40, [Action.all_in()]),
    ("Lan", 2000, [Action.raise_(5)]), ("Quốc", 2000, [Action.call()]))
HANDS = ("4H 5S KD", "7H 7D 7C", "8S 9D AC", "2C 3S 10H")


def test_the_words_give_way_to_the_amount_not_to_the_size(make_app: MakeApp) -> None:
    make_app((960, 540))  # fonts
    assert main_pot_words("Tẩy chính: 1.230", "1.230", 400, 1.0) == ("Tẩy chính: 1.230", 19)
    words, size = main_pot_words("Tẩy chính: 1.230", "1.230", 86, 0.75)
    assert (words, size) == ("1.230", 14)
    assert text_surface(words, size, GOLD, bold=True).get_width() <= 86


def test_beside_a_side_pot_with_the_drawer_open(make_app: MakeApp) -> None:
    app = make_app((960, 540), speed="instant", action_log_open=True)
    table = scripted_table(SEATS, HANDS)
    scene = open_table(app, table)
    s = scene.layout.scale
    seen = 0
    for _ in range(600):
        with scene.frame_record.capture() as frame:
            if scene.my_legal() is not None:
                key(app, pygame.K_c)
            else:
                step(app)
        kinds = {d.kind for d in frame}
        if {"pot_label", "side_pot"} <= kinds:
            label = next(d for d in frame if d.kind == "pot_label")
            # At least a line of body text tall (the old 8 px line was 12 px tall).
            body_line = text_surface("1", px(s, "body"), GOLD, bold=True).get_height()
            assert label.rect.h >= body_line, label.rect
            assert scene.layout.pot_label.w >= label.rect.w
            seen += 1
        if table.hand is not None and table.hand.is_over and seen:
            break
    assert seen, "a frame with the main pot beside a side pot"
