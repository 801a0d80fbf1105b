"""A round's action labels leave the seats with its chips (issue 22, defect 7): when the
next round starts "Theo 20" and "Tố 20 (2×)" are gone, "Úp bỏ" stays on a folded seat."""

from __future__ import annotations

from lieng.engine import Action, Card, Hand, RoundStarted, RuleSet, redact
from lieng.ui.tabletop.board import Board


def test_labels_clear_when_the_next_round_starts() -> None:
    hand = Hand(RuleSet(table_bet=10), [1000, 1000, 1000, 1000], 0,
                deck=Card.parse_many("2S 3C 4D 5H 7S 8C 9D 10H JS QC KD AH"))
    for seat, action in [(0, Action.call()), (1, Action.raise_(2)), (2, Action.call()),
                         (3, Action.fold())]:
        hand.act(seat, action)  # the turn is back at seat 0: round 2
    events = [redact(e, 0) for e in hand.events_for(0)]
    assert any(isinstance(e, RoundStarted) and e.round == 2 for e in events)
    board = Board(["A", "B", "C", "D"], 0, lambda: 0.0)
    board.feed(events)
    board.catch_up()
    assert board.round == 2
    assert [s.status for s in board.seats] == ["", "", "", "act.fold"]
    hand.act(0, Action.raise_(2))
    hand.act(1, Action.call())
    hand.act(2, Action.raise_(1))  # back at seat 0 again: round 3
    later = [redact(e, 0) for e in hand.events_for(0)][len(events):]
    board.feed(later)
    board.catch_up()
    assert board.round == 3
    assert [s.status for s in board.seats] == ["", "", "", "act.fold"]
