"""The words a playtest asked for (issue 22, "Words"), in both translation files, and the
log lines that carry them: an all-in call is "Theo tất tay", one pot is "tẩy", a check is
"Qua lượt", a refund goes "cho bạn"."""

from __future__ import annotations

import pytest

from lieng.engine import PRESETS, Action, Card, Hand
from lieng.game.story import Story
from lieng.ui.core.i18n import configure, t
from lieng.ui.tabletop import action_log as words

WORDS: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[str | None, str | None]] = {
    ("table.reveal", ()): ("Nặn bài (L)", "Peek (L)"),
    ("log.check", (("who", "Lan"),)): ("Lan: Qua lượt", "Lan: check"),
    ("stats.check", ()): ("Qua lượt", None),
    ("log.call_all_in", (("who", "Lan"), ("amount", "980"))):
        ("Lan: Theo tất tay 980", "Lan: calls all-in 980"),
    ("act.call_all_in", (("amount", "980"),)): ("Theo tất tay 980", "Call all-in 980"),
    ("log.won", (("who", "Hùng"), ("amount", "2.100"), ("pot", "tẩy"))):
        ("Hùng ăn tẩy: 2.100", None),
    ("table.result_loss", (("amount", "10"),)): ("Bạn thua 10", None),
    ("coach.hint", (("n", "3"), ("pct", "40"))): ("Cơ hội thắng cả 3 người còn lại: 40%", None),
    ("bank.title", ()): ("CHIP CỦA BẠN", "YOUR CHIPS"),
    ("new_game.buy_in_option", (("amount", "1.000"), ("n", "100"))):
        ("1.000 (100 mức cược)", "1.000 (100 bets)"),
    ("settings.timer", ()): ("Thời gian mỗi lượt", "Time per turn"),
    ("bank.refill_next", (("wait", "5 phút"),)): ("Nhận chip miễn phí sau 5 phút", None),
    ("bar.tip_call", ()): ("Theo cho bằng mức tố (phím C hoặc Space)", None),
    ("bar.tip_all_in", ()): ("Tố tất tay (phím A)", None),
    ("log.uncontested", ()): ("Mọi người đã úp — không ai phải lật bài", None),
    ("hotseat.opt_stack", ()): ("Vốn mỗi ghế", "Stack per seat"),
    ("history.mode_hotseat", ()): ("Ván chơi chung", "Hot-seat"),
    ("status.broke", ()): ("Hết chip", "Out of chips"),
    # Nothing to call: the button and the seat's label say so ("Theo" would mean paying).
    ("bar.check", ()): ("Qua lượt", "Check"),
    ("act.check", ()): ("Qua lượt", "Check"),
    ("log.won", (("who", "Hùng"), ("amount", "2,100"), ("pot", "pot"))):
        (None, "Hùng wins the pot: 2,100"),
    ("summary.who_lost", (("who", "Minh"), ("amount", "10"))): ("Minh thua 10", "Minh lost 10"),
    ("log.returned", (("who", "Lan"), ("amount", "50"))):
        ("Trả lại cho Lan: 50", "Returned to Lan: 50"),
}


@pytest.mark.parametrize("name,args,vi,en", [(k, a, v, e) for (k, a), (v, e) in WORDS.items()])
def test_the_words_in_both_files(name: str, args: tuple[tuple[str, str], ...],
                                 vi: str | None, en: str | None) -> None:
    try:
        configure("vi")
        words = t(name, **dict(args))
        assert words != name
        if vi is not None:
            assert words == vi
        configure("en")
        words = t(name, **dict(args))
        assert words != name  # the English file has the key too
        if en is not None:
            assert words == en
    finally:
        configure("vi")


def test_the_check_words_and_the_deal_check_word() -> None:
    configure("vi")
    assert "không kiểm tra được" in t("lan.check_hidden", hand="3")


def test_the_log_says_theo_tat_tay_tay_and_cho_ban() -> None:
    """RULES.md "A worked side pot": seat 1 all-in short (a call for less), seat 2 folds;
    the top of seat 0's raise comes back; the one pot is "tẩy"."""
    configure("vi")
    hand = Hand(PRESETS["classic"], [300, 60, 200], 0,
                deck=Card.parse_many("2C AS 3D 4C AH 5D 7C AD 9D"))
    hand.act(0, Action.raise_(10))
    hand.act(1, Action.all_in())
    hand.act(2, Action.fold())
    log = Story()
    log.feed(hand.events)
    lines = words.texts(log.lines, ["Bạn", "Minh", "Hùng"])
    assert "Minh: Theo tất tay 50" in lines
    assert "Minh ăn tẩy: 130" in lines
    assert "Trả lại cho bạn: 50" in lines


def test_a_main_pot_is_named_so_once_a_side_pot_follows() -> None:
    configure("vi")
    # Seat 1 all in for 400 is beaten; seats 0 and 2 play for a 200 side pot.
    hand = Hand(PRESETS["classic"], [1000, 410, 1000], 0,
                deck=Card.parse_many("2S AS 5H 2C AH 6C 3D AD 9H"))
    for seat, action in [(0, Action.raise_(5)), (1, Action.all_in()), (2, Action.raise_(10)),
                         (0, Action.call())]:
        hand.act(seat, action)
    log = Story()
    log.feed(hand.events)
    lines = words.texts(log.lines, ["Lan", "Minh", "Hùng"])
    assert "Minh ăn tẩy chính: 1.230" in lines
    assert "Lan ăn tẩy phụ 1: 200" in lines
    assert not any(line.startswith("Minh ăn tẩy:") for line in lines)
