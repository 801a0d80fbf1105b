"""stats.py: the figures on a small known history (tests/storage/hands.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lieng.engine import ActionKind, ActionTaken, HandCategory
from lieng.storage.history import GameResult, History, SeatRecord
from lieng.storage.stats import action_kind, compute_stats

from .hands import WHEN, known_records


def test_stats_of_a_known_history(tmp_path: Path) -> None:
    history = History(tmp_path)
    for record in known_records():
        history.append(record)
    history.append(GameResult.build(WHEN, "hotseat", 10, [(SeatRecord("Lan"), 2000, 1000),
                                                          (SeatRecord("Minh"), 0, -1000)]))
    records, notices = history.read()
    assert notices == []
    stats = compute_stats(records)
    # hands A (+40, won), B (−10), C (−20); the hot-seat hand and the sat-out hand don't count
    assert (stats.hands_played, stats.hands_won, stats.net_chips) == (3, 1, 10)
    assert stats.win_rate == pytest.approx(1 / 3)
    assert (stats.biggest_pot, stats.biggest_win) == (70, 40)
    assert stats.best_hand is not None
    assert stats.best_hand.category is HandCategory.SAP
    assert (stats.best_hand.name("vi"), stats.best_hand.name("en")) == ("Sáp A", "Three aces")
    # A: raise; B: fold; C: check then call
    assert stats.actions == {"fold": 1, "check": 1, "call": 1, "raise": 1}
    assert stats.rate("raise") == 0.25
    easy, hard = stats.per_level["easy"], stats.per_level["hard"]
    assert (easy.hands, easy.won, easy.net) == (2, 1, 30)  # A, B
    assert (hard.hands, hard.won, hard.net) == (3, 1, 10)  # A, B, C
    assert set(stats.per_level) == {"easy", "hard"}
    assert [g.standings[0].name for g in stats.games] == ["Lan"]


def test_empty_history_gives_zeros() -> None:
    stats = compute_stats([])
    assert (stats.hands_played, stats.net_chips, stats.best_hand) == (0, 0, None)
    assert stats.rate("fold") == 0.0 and stats.win_rate == 0.0


@pytest.mark.parametrize(("kind", "amount", "raised", "expected"), [
    (ActionKind.TIMEOUT, 0, False, "fold"), (ActionKind.FOLD, 0, False, "fold"),
    (ActionKind.CALL, 0, False, "check"), (ActionKind.CALL, 30, False, "call"),
    (ActionKind.ALL_IN, 25, False, "call"), (ActionKind.ALL_IN, 500, True, "raise"),
    (ActionKind.RAISE, 40, True, "raise"),
])
def test_action_kinds(kind: ActionKind, amount: int, raised: bool, expected: str) -> None:
    action = ActionTaken(0, kind, amount, 0, amount, 100, amount, raised, False, 1)
    assert action_kind(action) == expected
