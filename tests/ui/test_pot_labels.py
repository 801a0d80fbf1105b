"""Pot labels (RULES.md step 9): a layer only one player still in paid into is returned to
them, so it must not be called a side pot ("Tẩy phụ")."""

from __future__ import annotations

from typing import Any

import i18n as pyi18n
import pygame
import pytest

from lieng.ui.core.i18n import configure
from lieng.ui.tabletop import drawing as table_draw
from lieng.ui.tabletop.cards import CardRenderer
from lieng.ui.tabletop.layout import compute


class _Board:
    def __init__(self, layers: list[tuple[int, tuple[int, ...]]]) -> None:
        self._layers = layers

    def layers(self) -> list[tuple[int, tuple[int, ...]]]:
        return self._layers


@pytest.mark.parametrize("layers,expected", [
    ([(150, (0, 1, 2)), (40, (0,))], ["Tẩy: 150", "Trả lại: 40"]),
    ([(150, (0, 1, 2)), (120, (1, 2)), (40, (2,))],
     ["Tẩy chính: 150", "Tẩy phụ 1: 120", "Trả lại: 40"]),
    ([(150, (0, 1, 2)), (120, (1, 2))], ["Tẩy chính: 150", "Tẩy phụ 1: 120"]),
])
def test_a_refund_is_not_a_side_pot(monkeypatch: pytest.MonkeyPatch, layers: Any,
                                    expected: list[str]) -> None:
    pygame.init()
    configure("vi")
    drawn: list[str] = []
    monkeypatch.setattr(table_draw, "text", lambda surf, s, *a, **k: drawn.append(s))
    drawer = table_draw.TableDrawer(CardRenderer(), lambda n: f"{n:,}".replace(",", "."))
    layout = compute((1280, 720), 3)
    surf = pygame.Surface((1280, 720))
    drawer._draw_pots(surf, _Board(layers), layout)  # type: ignore[arg-type]
    assert [d for d in drawn if not d.startswith(str(pyi18n.t("lieng.table.total",
                                                               amount="")))] == expected
