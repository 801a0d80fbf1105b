"""The standings of a shared table (``lieng.game.standings``), without a window: ranked by
chips won, equal results sharing a place, a hand in play not counted (docs/HOTSEAT.md)."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime

from lieng.engine import RuleSet
from lieng.game.standings import champion, completed_hands, game_result, ranked
from lieng.table import PlayerSpec, Table


def _table() -> Table:
    people = [PlayerSpec("Lan", stack=1000), PlayerSpec("Minh", stack=1000),
              PlayerSpec("Hùng", stack=1000), PlayerSpec("Chi", stack=1000)]
    return Table(RuleSet(table_bet=10), people, seed=3)


def test_chips_won_rank_and_equal_results_share_a_place() -> None:
    table = _table()
    for seat, net in zip(table.seats, (-50, 120, -50, 0), strict=True):
        seat.net = net
        seat.stack = 1000 + net
    table.seats[3].stack = 5000  # bought chips are not chips won
    assert [(place, seat.name, i) for place, seat, i in ranked(table)] == [
        (1, "Minh", 1), (2, "Chi", 3), (3, "Lan", 0), (3, "Hùng", 2)]


def test_the_champion_is_the_one_seat_ahead_or_nobody() -> None:
    table = _table()
    assert champion(table) is None  # everyone even: nobody won
    for seat, net in zip(table.seats, (-50, 120, -50, -20), strict=True):
        seat.net = net
    best = champion(table)
    assert best is not None and best.name == "Minh"
    table.seats[0].net = 120  # Lan shares first place: no single champion
    assert champion(table) is None


def test_the_result_counts_the_completed_hands_only() -> None:
    table = _table()
    table.start_hand(0.0)
    assert table.in_hand and completed_hands(table) == 0  # the hand in play is not one
    when = datetime(2026, 12, 1, tzinfo=UTC)
    result = game_result(table, when)
    assert result.hands == 0 and result.mode == "hotseat" and result.when == when
    # The hand in play's antes are not lost yet: everyone is even, and shares first place.
    assert [(s.name, s.net, s.place) for s in result.standings] == [
        ("Lan", 0, 1), ("Minh", 0, 1), ("Hùng", 0, 1), ("Chi", 0, 1)]


def test_the_standings_need_no_pygame() -> None:
    code = ("import sys, lieng.game.standings; "
            "assert not [m for m in sys.modules if m.startswith(('pygame', 'lieng.ui'))]")
    subprocess.run([sys.executable, "-c", code], check=True)
