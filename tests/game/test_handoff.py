"""The hot-seat's hand-off without a window (lieng.game.handoff): a person's turn waits,
with no clock running, until that person has the screen; then their turn timer starts
afresh (docs/RULES.md step 6); a person who never comes is timed out by the table."""

from __future__ import annotations

import pytest

from lieng.engine import Action, ActionKind, ActionTaken, Event, RuleSet
from lieng.game import AskRebuy
from lieng.game.handoff import HANDOFF_LIMIT, Handoff, HandoffWait, first_person, wait_limit
from lieng.game.session import TableSession
from lieng.game.setup import default_bot_factory
from lieng.table import PlayerSpec, Table, Timing


def _hotseat() -> tuple[TableSession[Table], Handoff, list[Event]]:
    players = [PlayerSpec("Lan"), PlayerSpec("Bảo"), PlayerSpec("Chi")]
    table = Table(RuleSet(table_bet=10, turn_seconds=20), players, seed=4,
                  timing=Timing(scale=0.0))
    session = TableSession(table, spectator=True)
    handoff = Handoff(session, lambda seat: table.seats[seat].kind == "human")
    seen: list[Event] = []

    session.subscribe(seen.extend)  # the session runs the hand-off policy before this
    assert session.next_hand() is None
    return session, handoff, seen


def test_a_persons_turn_waits_for_them_with_no_clock_running() -> None:
    session, handoff, _seen = _hotseat()
    table = session.table
    hand = table.hand
    assert hand is not None and hand.to_act is not None
    first = hand.to_act
    assert handoff.pending == first and handoff.viewer is None
    assert table.timer_paused and session.remaining() is None
    session.advance(500.0)  # an hour may pass: nobody is timed out before the hand-off
    session.tick()
    assert hand.actions == [] and handoff.pending == first


def test_confirming_makes_them_me_and_starts_their_timer_afresh() -> None:
    session, handoff, _seen = _hotseat()
    hand = session.table.hand
    assert hand is not None and hand.to_act is not None
    first = hand.to_act
    session.advance(7.0)
    other = (first + 1) % 3
    assert not handoff.confirm(other)  # not their turn: nothing changes
    assert handoff.pending == first and handoff.handoffs == 0
    cards = handoff.confirm(first)
    hand_cards = hand.view_for(first).my_cards
    assert cards == hand_cards and len(hand_cards) == 3  # theirs, for the screen to show
    assert handoff.viewer == session.me == first and handoff.pending is None
    assert session.remaining() == 20.0 and handoff.confirmed[first] == 1
    assert session.legal() is not None
    # Once they have acted the screen is no longer theirs, and the next person is waited for.
    assert session.act(Action.call())
    assert handoff.viewer is None and handoff.pending == hand.to_act != first


def test_a_person_who_never_comes_is_timed_out_by_the_table() -> None:
    session, handoff, seen = _hotseat()
    hand = session.table.hand
    assert hand is not None and hand.to_act is not None
    first = hand.to_act
    assert handoff.time_out(first)
    assert handoff.timeouts == 1
    timed_out = [e for e in seen if isinstance(e, ActionTaken)]
    assert [(e.seat, e.kind) for e in timed_out] == [(first, ActionKind.TIMEOUT)]
    assert not handoff.time_out(first)  # no longer their turn
    assert handoff.timeouts == 1


def test_nobody_is_waited_for_once_the_hand_is_over() -> None:
    session, handoff, _seen = _hotseat()
    table = session.table
    for _ in range(3):
        hand = table.hand
        assert hand is not None
        if hand.is_over:
            break
        seat = hand.to_act
        assert seat is not None
        handoff.time_out(seat)
    hand = table.hand
    assert hand is not None and hand.is_over
    handoff.settle()
    assert handoff.pending is None and handoff.viewer is None



def test_the_hotseat_policy_makes_the_session_the_hotseats() -> None:
    """Built on a session, the hand-off is its policy: the spectator's view, me acts only
    once confirmed, and what the whole table must hear is said by the session."""
    session, handoff, _seen = _hotseat()
    assert session.policy is handoff and session.spectator
    hand = session.table.hand
    assert hand is not None and hand.to_act is not None
    first = hand.to_act
    session.me = first
    assert not session.my_turn() and session.legal() is None  # not confirmed yet
    assert not session.act(Action.call()) and hand.actions == []
    assert handoff.time_out(first)
    assert session.said.keys() == ["hotseat.handoff_timeout"]  # told once, as that
    assert next(iter(session.said)).args == {"who": session.table.seats[first].name}
    second = hand.to_act
    assert second is not None and handoff.confirm(second)
    assert session.my_turn()
    session.advance(21.0)  # past the turn: the table times them out, and says whose
    session.tick()
    assert session.said.keys()[-1] == "hotseat.timed_out"


def test_the_hotseat_flow_asks_people_and_tells_a_bots_rebuy() -> None:
    players = [PlayerSpec("Lan"), PlayerSpec("Minh", "bot", "easy"), PlayerSpec("Bảo")]
    table = Table(RuleSet(table_bet=10, turn_seconds=20), players, seed=4,
                  timing=Timing(scale=0.0), bot_factory=default_bot_factory)
    session = TableSession(table)
    Handoff(session, lambda seat: table.seats[seat].kind == "human")
    table.seats[1].stack = 0  # the bot cannot pay the ante: it rebuys at once
    table.seats[2].stack = 0  # a person is asked
    decision = session.next_hand()
    assert isinstance(decision, AskRebuy) and decision.seat == 2
    assert session.said.keys() == ["hotseat.rebought"]
    assert dict(next(iter(session.said)).args) == {"who": "Minh", "amount": 1000}


def test_who_a_hot_seat_shows_first_and_how_long_a_hand_off_waits() -> None:
    people = Table(RuleSet(table_bet=10, turn_seconds=20), [
        PlayerSpec("Máy", "bot", "easy"), PlayerSpec("Lan"), PlayerSpec("Minh")],
        bot_factory=default_bot_factory)
    assert first_person(people) == 1
    bots = Table(RuleSet(table_bet=10), [PlayerSpec("A", "bot", "easy"),
                                         PlayerSpec("B", "bot", "easy")],
                 bot_factory=default_bot_factory)
    with pytest.raises(ValueError, match="at least one person"):
        first_person(bots)
    assert wait_limit(people.rules) == HANDOFF_LIMIT and wait_limit(people.rules, 30.0) == 30.0
    # No turn timer, no hand-off limit: nobody is hurried at a table without a clock.
    assert wait_limit(RuleSet(table_bet=10, turn_seconds=0), 30.0) is None


def test_a_hand_off_passes_the_computer_only_to_someone_else() -> None:
    session = TableSession(Table(RuleSet(table_bet=10), [PlayerSpec("Lan"), PlayerSpec("Minh")]))
    turns = Handoff(session, lambda seat: True)
    assert turns.hands_over(0) and turns.hands_over(1)  # nobody had it yet
    turns.last_viewer = 0
    assert not turns.hands_over(0) and turns.hands_over(1)


def test_each_hand_off_is_waited_for_afresh_and_runs_out_at_its_limit() -> None:
    session, handoff, _seen = _hotseat()
    hand = session.table.hand
    assert hand is not None and hand.to_act is not None
    first = hand.to_act
    wait = handoff.wait
    assert wait is not None and wait.limit == HANDOFF_LIMIT and wait.left() == HANDOFF_LIMIT
    session.advance(500.0)  # table time is not the wait: only the panel's seconds count
    assert wait.left() == HANDOFF_LIMIT
    assert not wait.wait(HANDOFF_LIMIT - 1.0) and wait.left() == 1.0
    handoff.after_events()  # the same person still waited for: the same wait goes on
    assert handoff.wait is wait
    assert wait.wait(1.0) and wait.left() == 0.0  # run out: the panel folds them
    assert handoff.time_out(first)
    nxt, seat = handoff.wait, handoff.pending
    assert seat is not None and seat == hand.to_act != first
    assert nxt is not None and nxt is not wait
    assert nxt.waited == 0.0 and nxt.left() == HANDOFF_LIMIT  # the next person's, afresh
    assert handoff.confirm(seat) is not None and handoff.wait is None


def test_a_hand_off_at_a_table_without_a_clock_never_runs_out() -> None:
    players = [PlayerSpec("Lan"), PlayerSpec("Bảo")]
    table = Table(RuleSet(table_bet=10, turn_seconds=0), players, seed=4,
                  timing=Timing(scale=0.0))
    session = TableSession(table, spectator=True)
    handoff = Handoff(session, lambda seat: True, limit=30.0)
    assert handoff.limit is None and session.next_hand() is None
    wait = handoff.wait
    assert wait is not None and not wait.wait(10_000.0) and wait.left() is None
    assert HandoffWait(None).left() is None and HandoffWait(5.0).wait(5.0)
