"""What "won", "biggest pot" and "Tổng tẩy" mean (issue 22, defect 3; RULES.md "A hand
won"): a hand lost overall is not won because a side pot came back the player's way, the
biggest pot is what the player took, and chips handed back were never contested."""

from __future__ import annotations

from lieng.engine import Action, Hand, redact
from lieng.storage.history import HandRecord
from lieng.storage.stats import compute_stats
from lieng.ui.tabletop.board import Board

from .hands import EASY, HARD, ME, WHEN, play


def side_pot_lost() -> Hand:
    """Me 7 points, the short stack (410) a sáp, the other 0 points. The short stack's
    all-in is called by both of us: I win the 200-chip side pot but lose the 1.230 main
    pot — net −310."""
    return play([1000, 410, 1000], "2S AS 5H 2C AH 6C 3D AD 9H",
                [(0, Action.raise_(5)), (1, Action.all_in()), (2, Action.raise_(10)),
                 (0, Action.call())])


def refunded() -> Hand:
    """I raise 200; the short stack (110) is all-in for 100, the other folds. The 100 of
    my raise nobody else could match comes back to me (a refund), the rest is contested."""
    return play([1000, 110, 1000], "AS 2C 3D AH 5C 7D AD 9C 4S",
                [(0, Action.raise_(20)), (1, Action.all_in()), (2, Action.fold())])


def test_a_side_pot_in_a_hand_lost_is_no_win() -> None:
    record = HandRecord.from_hand(side_pot_lost(), 0, [ME, EASY, HARD], WHEN)
    assert record.net == -310 and record.taken == 200
    assert not record.won
    stats = compute_stats([record])
    assert (stats.hands_played, stats.hands_won) == (1, 0)
    assert stats.biggest_pot == 200  # what I took, not the 1.430 on the table
    assert stats.per_level["easy"].won == 0


def test_a_refund_is_not_counted_as_contested() -> None:
    hand = refunded()
    record = HandRecord.from_hand(hand, 0, [ME, EASY, HARD], WHEN)
    refunds = [p for p in record.pots if p.refund]
    assert [p.amount for p in refunds] == [100]
    contested = 3 * 10 + 100 + 100
    assert record.pot == contested  # "Tổng tẩy": not the 100 handed back
    assert record.won and record.taken == contested and record.net == contested - 110
    assert compute_stats([record]).biggest_pot == contested


def test_only_a_net_winner_glows() -> None:
    hand = side_pot_lost()
    board = Board(["Tôi", "Ngắn", "Khác"], 0, lambda: 0.0)
    board.feed([redact(e, 0) for e in hand.events_for(0)])
    board.catch_up()
    assert board.hand_over
    assert [s.winner for s in board.seats] == [False, True, False]
    assert board.seats[0].net == -310
