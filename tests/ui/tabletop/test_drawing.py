"""What the table drawer paints (``lieng.ui.tabletop.drawing``): the pot labels (RULES.md
step 9: a layer only one player still in paid into is returned to them, so it must not be
called a side pot, "Tẩy phụ"), the winner's seat label (the net result, like the centre
line), and the round banner, which never covers a seat and leaves at the showdown, as the
coach hint does."""

from __future__ import annotations

from typing import Any

import i18n as pyi18n
import pygame
import pytest

from lieng.game.setup import make_table
from lieng.ui.core.cards import CardRenderer
from lieng.ui.core.i18n import chips, configure, t
from lieng.ui.tabletop import drawing as table_draw
from lieng.ui.tabletop.layout import compute

from ..helpers import MakeApp, key, open_table, play_calls_until_hand_over, run_until, shot, step


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

    def noted(surf: pygame.Surface, s: str, *a: Any, **k: Any) -> pygame.Rect:
        drawn.append(s)
        return pygame.Rect(0, 0, 1, 1)

    monkeypatch.setattr(table_draw, "text", noted)
    drawer = table_draw.TableDrawer(CardRenderer(), lambda n: f"{n:,}".replace(",", "."))
    layout = compute((1280, 720), 3)
    surf = pygame.Surface((1280, 720))
    drawer._draw_pots(surf, _Board(layers), layout)  # type: ignore[arg-type]
    assert [d for d in drawn if not d.startswith(str(pyi18n.t("lieng.table.total",
                                                               amount="")))] == expected


def test_seat_win_label_shows_the_net_result_like_the_centre(make_app: MakeApp) -> None:
    """The winner's seat says "+net" (what the centre line says), not the gross pot."""
    app = make_app(speed="fast")
    table = make_table(3, "normal", 10, "classic", "Bạn", seed=4)
    scene = open_table(app, table)
    play_calls_until_hand_over(app, scene, table)
    run_until(app, lambda: scene.board.hand_over and not scene.board.busy)
    winners = [s for s in scene.board.seats if s.winner]
    assert winners
    checked = 0
    for seat in winners:
        assert seat.net is not None
        label, _colour = scene.drawer._status_text(seat)
        if seat.net > 0:
            assert label.endswith("+" + chips(seat.net)), label
            checked += 1
        if seat.won != seat.net:
            assert "+" + chips(seat.won) not in label, label
    assert checked
    me = scene.board.seats[0]
    if me.winner and me.net:
        # The summary says the net in words ("Bạn thắng 30"), with no sign.
        assert t("table.result_win", amount=chips(me.net)).endswith(" " + chips(me.net))
    shot(app, "win_label_net")


def test_round_banner_and_coach_hint_are_gone_at_the_showdown(make_app: MakeApp) -> None:
    """The round banner stays in its box (never on a seat plate or status line), and
    leaves at the showdown; the coach hint (no hand name: the bar has it) goes once cards
    are shown."""
    from lieng.ui.tabletop.coach import coach_line

    app = make_app(speed="normal", reveal_own_cards=True)
    app.change_settings(coach_hints=True)
    table = make_table(4, "normal", 10, "classic", "Bạn", seed=12)
    scene = open_table(app, table)
    saw_banner = saw_hint = False
    saw_showdown = False
    for _ in range(20000):
        board = scene.board
        lay = scene.layout
        with scene.frame_record.capture() as frame:
            step(app)
        for b in frame:
            if b.kind != "banner":
                continue
            if not saw_banner and board.banners and board.banners[0].tween.progress > 0.3:
                saw_banner = True
                shot(app, "round_banner")
            assert lay.banner.contains(b.rect)
            for spot in lay.seats:
                assert not b.rect.colliderect(spot.panel)
                assert not b.rect.colliderect(spot.status_box)
        shown = any(x.hand_value is not None for x in board.seats)
        line = coach_line(scene.board, scene.me, scene.table.rules)
        if line:
            if not saw_hint and not board.busy:
                shot(app, "coach_hint")
            saw_hint = saw_hint or not board.busy
            assert scene.own.hand_name() not in line
        if shown:
            saw_showdown = True
            assert not board.banners
            assert line == ""
            if not board.busy:
                shot(app, "showdown_no_banner_no_hint")
                break
        if scene.my_legal() is not None:
            key(app, pygame.K_c)
        else:
            step(app)
    assert saw_banner and saw_hint and saw_showdown
