"""The hot-seat scoreboard's cells keep apart (issue 22, defect 9: "Máy · Cao thủ10.700"):
each row's type stops short of its chips, at every window size."""

from __future__ import annotations

from typing import Any

import pytest

from lieng.game.setup import SeatChoice, make_hotseat_table
from lieng.ui.core.i18n import chips, t
from lieng.ui.scenes import scoreboard
from lieng.ui.scenes.scoreboard import ScoreboardScene

from ..helpers import MakeApp, record_text, step


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_type_never_runs_into_the_chips(make_app: MakeApp, monkeypatch: Any,
                                            size: tuple[int, int]) -> None:
    app = make_app(size)
    seats = [SeatChoice("Lan"), SeatChoice("Nguyễn Thị Minh Khai"),
             SeatChoice("Thảo", "expert"), SeatChoice("Hùng", "expert")]
    table = make_hotseat_table(seats, 10, "classic", 100, 20, seed=1)
    table.seats[2].stack = 10_700
    table.seats[3].stack = 1_234_567
    table.seats[3].left = True  # "Máy · Cao thủ · đã rời bàn", the longest type
    drawn = record_text(monkeypatch, scoreboard)
    app.push(ScoreboardScene(app, table))
    step(app, 2)
    expert = t("hotseat.bot", level=t("level.expert"))
    kinds = [r for s, r in drawn if s.startswith(expert)]
    assert len(kinds) >= 2
    for seat in table.seats[2:]:
        figure = next(r for s, r in drawn if s == chips(seat.stack))
        kind = next(r for r in kinds if abs(r.centery - figure.centery) <= 3)  # its row
        assert kind.right + 8 * app.scale <= figure.left, (kind, figure)
