"""The standings of a shared table (``lieng.game.standings``), without a window: ranked by
chips won, equal results sharing a place, a hand in play not counted (docs/HOTSEAT.md)."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from lieng.engine import Action, RuleSet
from lieng.game.handoff import Handoff
from lieng.game.session import TableSession
from lieng.game.standings import GameEnd, champion, completed_hands, game_result, ranked
from lieng.storage.documents import Notice
from lieng.storage.history import History
from lieng.table import PlayerSpec, Table, Timing


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
    when = datetime(2026, 1, 2, 20, 0)
    assert champion(game_result(table, when)) is None  # everyone even: nobody won
    for seat, net in zip(table.seats, (-50, 120, -50, -20), strict=True):
        seat.net = net
    best = champion(game_result(table, when))
    assert best is not None and best.name == "Minh" and best.net == 120
    table.seats[0].net = 120  # Lan shares first place: no single champion
    assert champion(game_result(table, when)) is None


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


WHEN = datetime(2026, 12, 2, 2, 30, tzinfo=UTC)


def _hotseat_end(tmp_path: Path) -> tuple[TableSession[Table], Handoff, GameEnd,
                                          list[Notice | None]]:
    people = [PlayerSpec("Lan"), PlayerSpec("Minh"), PlayerSpec("Chi")]
    table = Table(RuleSet(table_bet=10), people, seed=5, timing=Timing(scale=0.0))
    session = TableSession(table, spectator=True)
    handoff = Handoff(session, lambda seat: True)
    notices: list[Notice | None] = []
    end = GameEnd(session, notices.append, lambda: WHEN)
    end.record_to(History(tmp_path))
    return session, handoff, end, notices


def _play_a_hand(session: TableSession[Table], handoff: Handoff) -> None:
    """Everyone folds to the last person: each turn's person confirms, then folds."""
    assert session.next_hand() is None
    hand = session.table.hand
    assert hand is not None
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None and handoff.confirm(seat) is not None
        assert session.act(Action.fold())


def test_the_game_ends_once_and_its_standings_are_written_once(tmp_path: Path) -> None:
    session, handoff, end, notices = _hotseat_end(tmp_path)
    _play_a_hand(session, handoff)
    assert not end.over
    told = len(notices)  # the hand's write was told too (no problem: None)
    result = end.finish()
    assert result is not None and end.over and end.result is result
    assert result.when == WHEN and result.mode == "hotseat" and result.hands == 1
    assert [s.net for s in result.standings] == sorted(
        (s.net for s in session.table.seats), reverse=True)
    # The final scoreboard draws these standings, each beside its seat (buy-ins, left).
    seats = session.table.seats
    assert sorted(end.seats) == list(range(len(seats)))
    assert [(s.name, s.net) for s in result.standings] == [
        (seats[i].name, seats[i].net) for i in end.seats]
    # Ended again (the window closing after the scoreboard): nothing new is written.
    assert end.finish() is None and end.result is result
    games, _notes = History(tmp_path).games()
    assert games == [result] and notices[told:] == [None]  # told once, no problem
    hands, _notes = History(tmp_path).hands()
    assert len(hands) == 1 and hands[0].viewer is None and hands[0].mode == "hotseat"


def test_closing_mid_hand_records_the_completed_hands_only(tmp_path: Path) -> None:
    session, handoff, end, _notices = _hotseat_end(tmp_path)
    _play_a_hand(session, handoff)
    assert session.next_hand() is None and session.table.in_hand  # the window closes now
    result = end.finish()
    assert result is not None and result.hands == 1
    assert History(tmp_path).games()[0] == [result]
    assert len(History(tmp_path).hands()[0]) == 1  # the unfinished hand isn't in it


def test_a_game_without_a_history_ends_all_the_same(tmp_path: Path) -> None:
    session, _handoff, end, notices = _hotseat_end(tmp_path)
    end.record_to(None)
    assert session.recorder is None
    result = end.finish()
    assert result is not None and result.hands == 0 and notices == []
    assert History(tmp_path).games()[0] == []
