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


def test_a_hand_name_waits_for_its_cards_to_be_face_up(make_app) -> None:  # type: ignore[no-untyped-def]
    """At the showdown a seat's hand name is not shown over cards still face down (issue
    22, defect 10): only once the three are turned."""
    from lieng.ui.tabletop.drawing import TableDrawer

    app = make_app((960, 540))
    hand = Hand(RuleSet(table_bet=10), [1000, 1000], 0,
                deck=Card.parse_many("2S 3C 4D 5H 7S 8C"))
    hand.act(0, Action.call())
    hand.act(1, Action.call())
    assert hand.is_over
    board = Board(["A", "B"], 0, lambda: 1.0)
    board.feed([redact(e, 0) for e in hand.events_for(0)])
    drawer = TableDrawer(app.cards, str)
    seen_hidden = seen_named = False
    for _ in range(4000):
        board.update(1 / 120)
        other = board.seats[1]
        if other.hand_value is None:
            continue
        words, _colour = drawer._status_text(other)
        if any(c.flip_now < 1.0 for c in other.cards):
            seen_hidden = True
            assert words == ""
        else:
            seen_named = True
            assert other.hand_value.name("vi") in words
        if not board.busy:
            break
    assert seen_hidden and seen_named
