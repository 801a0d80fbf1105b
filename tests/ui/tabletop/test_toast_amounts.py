"""The rebuy toast keeps an amount with its unit: in the banner's narrow box (four or six
seats) a playtest read "Đã mua thêm 1.000" / "chip". Now "1.000 chip" stays on one line,
the lines as even as their number allows, whole and inside the box, at every window size
(``hud.toast_lines``)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from lieng.ui.core.i18n import chips, configure, t
from lieng.ui.tabletop import hud
from lieng.ui.tabletop.frame_record import FrameRecord
from lieng.ui.tabletop.layout import compute

from ..helpers import MakeApp, record_text


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_rebuy_toast_keeps_the_amount_with_its_unit(make_app: MakeApp, monkeypatch: Any,
                                                        size: tuple[int, int],
                                                        lang: str) -> None:
    make_app(size)  # fonts
    configure(lang)
    try:
        for amount in (1000, 20000):
            figure = chips(amount)
            toast = t("msg.rebought", amount=figure)
            unit = toast.split(figure, 1)[1].split()[0]  # "chip" / "chips"
            for seats in (2, 4, 6):
                for drawer in (False, True):
                    lay = compute(size, seats, drawer=drawer)
                    drawn = record_text(monkeypatch, hud)
                    hud.draw_toasts(pygame.Surface(size), lay, [toast], FrameRecord())
                    lines = [s for s, _r in drawn]
                    where = (seats, drawer, lines)
                    assert " ".join(lines) == toast, where
                    assert any(f"{figure} {unit}" in line for line in lines), where
                    for _s, rect in drawn:
                        assert pygame.Rect(0, 0, *size).contains(rect), where
                        assert lay.banner.left <= rect.left <= rect.right <= lay.banner.right
                    monkeypatch.undo()
    finally:
        configure("vi")


def test_an_amount_is_one_piece_with_the_word_after_it() -> None:
    assert hud.amount_pieces("Đã mua thêm 1.000 chip") == ["Đã", "mua", "thêm", "1.000 chip"]
    assert hud.amount_pieces("Bought 1,000 chips") == ["Bought", "1,000 chips"]
    assert hud.amount_pieces("Trả lại: 30") == ["Trả", "lại:", "30"]  # no unit: alone
