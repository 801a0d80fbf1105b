"""The leave dialog's two buttons share one baseline (issue 22, defect 12): pygame_gui
centred "Ở lại" by its rendered height, which the hook of "Ở" makes taller, so its text
sat 1–2 px below "Rời bàn". The baseline is read off the pixels the buttons show."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pygame
import pytest

from lieng.ui.core.baseline_button import BaselineButton, overflow_above
from lieng.ui.core.i18n import t
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene

from ..helpers import MakeApp, step


def ink_baseline(image: pygame.Surface, margin: int) -> int:
    """The row most of the text's columns end on (its baseline): the text is what differs
    from the button's commonest colour inside its border; a dot below a letter ("ạ") ends
    lower in a few columns only."""
    px = pygame.surfarray.array3d(image).astype(int)[margin:-margin, margin // 2:-(margin // 2)]
    colours = Counter(map(tuple, px.reshape(-1, 3)))
    bg = np.array(colours.most_common(1)[0][0])
    ink = np.abs(px - bg).sum(axis=2) > 150
    bottoms = [int(np.nonzero(col)[0].max()) for col in ink if col.any()]
    assert bottoms, "no text found on the button"
    return Counter(bottoms).most_common(1)[0][0]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_leave_dialog_buttons_share_a_baseline(make_app: MakeApp, size: tuple[int, int]) -> None:
    app = make_app(size, speed="instant")
    app.push(MenuScene(app))
    app.push(Dialog(app, "msg.leave_title", "msg.leave_body",
                    [("msg.leave_yes", lambda: None), ("msg.stay", lambda: None)]))
    step(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    leave, stay = dialog.buttons
    assert (t("msg.leave_yes"), t("msg.stay")) == ("Rời bàn", "Ở lại")
    assert leave.rect.y == stay.rect.y and leave.rect.h == stay.rect.h
    margin = max(6, int(10 * app.scale))
    assert ink_baseline(stay.image, margin) == ink_baseline(leave.image, margin)


def test_a_button_keeps_its_baseline_when_its_text_changes(make_app: MakeApp) -> None:
    app = make_app((1280, 720), speed="instant")
    rect = pygame.Rect(10, 10, 200, 48)
    plain = BaselineButton(rect, "Leave", app.ui, object_id=app.type_scale.oid("#plain", "button"))
    tall = BaselineButton(rect.move(0, 60), "Leave", app.ui,
                          object_id=app.type_scale.oid("#plain", "button"))
    tall.set_text("Ẩn Ở")  # two marks above the ascent
    assert overflow_above(tall.font, "Ẩn Ở") >= 2
    assert ink_baseline(tall.image, 10) == ink_baseline(plain.image, 10)
