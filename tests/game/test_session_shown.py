"""One truth between the table and the board that draws it (issue 21): the board says how
many of the session's events it has shown, and the session alone knows what they mean —
the player's turn is live only once the board shows the event that started it, so nobody
acts on a deal still in the air (issue 22, docs/RULES.md step 6). No pygame here."""

from __future__ import annotations

from lieng.engine import Action, TurnStarted
from lieng.game import TableConfig, build_table
from lieng.game.session import TableSession
from lieng.table import Table, Timing


def _table() -> Table:
    config = TableConfig.for_bots(3, "easy", 10, "Bạn", seed=5)
    return build_table(config, timing=Timing(scale=0.0))


def test_without_a_board_every_event_counts_as_shown() -> None:
    session = TableSession(_table())
    assert session.next_hand() is None
    assert session.my_turn()  # the player acts first in a table's first hand
    assert session.caught_up and session.shown == session.events > 0
    assert session.shown_legal() == session.legal() is not None


def test_the_turn_is_live_only_once_the_board_shows_the_event_that_started_it() -> None:
    shown = [0]
    session = TableSession(_table())
    events: list[object] = []
    session.subscribe(events.extend)
    session.drawn_by(lambda: shown[0])
    assert session.next_hand() is None
    turn = max(i for i, e in enumerate(events) if isinstance(e, TurnStarted))
    assert session.my_turn() and session.legal() is not None
    for count in range(turn + 1):  # the deal, one beat at a time: not yet
        shown[0] = count
        assert session.shown_legal() is None
        assert not session.caught_up
    shown[0] = turn + 1
    assert session.shown_legal() == session.legal() is not None
    assert session.caught_up == (turn + 1 == session.events)
    # A board can never have shown more than was sent.
    shown[0] = 10_000
    assert session.shown == session.events


def test_acting_makes_new_events_that_the_board_has_not_shown_yet() -> None:
    shown = [0]
    session = TableSession(_table())
    session.drawn_by(lambda: shown[0])
    session.next_hand()
    shown[0] = session.events
    before = session.events
    assert session.act(Action.call())
    assert session.events > before and not session.caught_up
    assert session.shown_legal() is None  # and it is no longer my turn anyway


def test_the_result_waits_for_me_until_i_move_on_from_it() -> None:
    """``result_waiting``: the hand's result once the board shows its end, until me asks
    for the next hand (``next_hand``: "Ván tiếp", or the panel's delay) — which result
    me moved on from is the session's, not the screen's."""
    shown = [0]
    session = TableSession(_table())
    session.drawn_by(lambda: shown[0])
    assert not session.result_waiting()  # no hand yet
    for hand_no in (1, 2):
        assert session.next_hand() is None
        assert not session.result_waiting()
        hand = session.table.hand
        assert hand is not None
        while not hand.is_over:
            if session.my_turn():
                shown[0] = session.events
                assert session.act(Action.fold())
            session.tick()
        result = session.story.result
        assert result is not None and result.hand_no == hand_no
        shown[0] = session.events - 1  # the board has not shown the hand's end yet
        assert not session.result_waiting()
        shown[0] = session.events
        assert session.result_waiting()
        assert session.result_waiting()  # asking does not move on
    assert session.next_hand() is None
    shown[0] = session.events
    assert not session.result_waiting()  # hand 3 is on; hand 2's result was moved on from
