"""The table's top line (``hud.info_line``) draws what the session says
(``TableSession.header``): the hand's number only once a hand was dealt — a LAN table
waiting for its first deal read "Ván 0" — and after the last raising round that only
calls are left (docs/RULES.md step 7)."""

from __future__ import annotations

from lieng.game.session import TableHeader
from lieng.ui.core.i18n import chips, configure, t
from lieng.ui.tabletop.hud import info_line


def test_no_hand_number_before_the_first_deal() -> None:
    configure("vi")
    waiting = info_line(TableHeader(None, False, 20, 3, "classic"), 0)
    assert waiting == t("table.info_waiting", bet=chips(20), preset=t("preset.classic"))
    assert "Ván" not in waiting and "0" not in waiting.replace(chips(20), "")
    over = info_line(TableHeader(4, False, 20, 3, "classic"), 2)
    assert over.startswith("Ván 4 ·")
    playing = info_line(TableHeader(5, True, 20, 3, "v8club"), 2)
    assert playing.startswith("Ván 5 ·") and "Vòng 2/3" in playing
    assert info_line(TableHeader(5, True, 20, 3, "v8club"), 4) == t(
        "table.info_calls", hand="5", bet=chips(20), rounds="3", preset=t("preset.v8club"))
