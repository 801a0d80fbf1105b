"""The table's words, Vietnamese first and English in step: the table's amounts read
money first, the result has no sign, one name per thing in English."""

from __future__ import annotations

import pytest

from lieng.engine import PRESETS, Card, evaluate
from lieng.ui.core.i18n import configure, t

VI = {
    ("lan.online", ()): "đã kết nối",
    ("new_game.title", ()): "Bàn mới",
    ("bar.call_short", (("amount", "30"),)): "Theo tất tay 30",
    ("bar.raise", (("k", "5"), ("amount", "100"))): "Tố 100 (5×)",
    ("act.raise", (("k", "5"), ("amount", "100"))): "Tố 100 (5×)",
    ("table.result_win", (("amount", "30"),)): "Bạn thắng 30",
    ("settings.speed", ()): "Tốc độ hiệu ứng",
    ("replay.pause", ()): "❚❚ Tạm dừng",
    ("lan.opt_preset", ()): "Luật so bài",
    ("hotseat.opt_preset", ()): "Luật so bài",
    ("settings.preset", ()): "Luật so bài",
    ("bar.tip_fold", ()): "Úp bỏ ván này (phím U)",
    ("coach.hint", (("n", "2"), ("pct", "40"))): "Cơ hội thắng cả 2 người còn lại: 40%",
    ("hotseat.scores", ()): "Bảng xếp hạng (Tab)",
    ("hotseat.champion", (("who", "Lan"), ("amount", "350"))): "Lan về nhất, lãi 350 chip",
    ("settings.seconds", (("n", "20"),)): "20 giây",
}


@pytest.mark.parametrize("name,args,expected", [(k, a, v) for (k, a), v in VI.items()])
def test_vietnamese_words(name: str, args: tuple[tuple[str, str], ...], expected: str) -> None:
    configure("vi")
    assert t(name, **dict(args)) == expected


def test_the_rest_of_the_words() -> None:
    configure("vi")
    assert "không còn đủ chip" in t("msg.broke", amount="100")
    assert "cùng số" in t("rules.kind_note.sap") and "(còn gọi là Xám)" in t("rules.kind.sap")
    assert "(còn gọi là Đĩ)" in t("rules.kind.anh")
    assert t("preset_pick.classic") == "Cổ điển — Liêng, Ảnh so lá lớn nhất"
    assert t("preset_pick.v8club") == "So chất cao nhất (V8 Club)"
    assert t("preset_pick.split") == "Chia đều — không so chất"
    assert "bài của người úp bỏ được giữ kín" in t("lan.check_hidden", hand="3")
    betting = t("rules.betting", lo="1", hi="20", rounds="3", timer="")
    for words in ("khi không phải bỏ thêm, nút này là <b>Qua lượt</b>", "bỏ hết chip vào tẩy",
                  "phần dư ra"):
        assert words in betting
    configure("en")
    try:
        assert t("bar.raise", k="5", amount="100") == "Raise 100 (5×)"
        aces = evaluate(Card.parse_many("AH AS AD"), PRESETS["classic"])
        assert aces.name("en") == "Three aces" and aces.category.name_in("en") == "Trips"
        assert "Face hands" in t("menu.tagline") and "Faces " not in t("menu.tagline")
        for name in ("stats.games_button", "stats.games_title", "stats.games_empty",
                     "stats.mode_hotseat", "history.mode_hotseat", "menu.hotseat"):
            words = t(name, n="2")
            assert "Hot-seat" in words or "hot-seat" in words, name
    finally:
        configure("vi")
