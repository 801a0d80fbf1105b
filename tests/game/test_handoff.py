"""The hot-seat's hand-off without a window (lieng.game.handoff): a person's turn waits,
with no clock running, until that person has the screen; then their turn timer starts
afresh (docs/RULES.md step 6); a person who never comes is timed out by the table."""

from __future__ import annotations

from collections.abc import Sequence

from lieng.engine import Action, ActionKind, ActionTaken, Event, RuleSet
from lieng.game.handoff import Handoff
from lieng.game.session import TableSession
from lieng.table import PlayerSpec, Table, Timing


def _hotseat() -> tuple[TableSession[Table], Handoff, list[Event]]:
    players = [PlayerSpec("Lan"), PlayerSpec("Bảo"), PlayerSpec("Chi")]
    table = Table(RuleSet(table_bet=10, turn_seconds=20), players, seed=4,
                  timing=Timing(scale=0.0))
    session = TableSession(table, spectator=True)
    handoff = Handoff(session, lambda seat: table.seats[seat].kind == "human")
    seen: list[Event] = []

    def told(events: Sequence[Event]) -> None:
        seen.extend(events)
        handoff.after_events()

    session.subscribe(told)
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
    assert handoff.confirm(first)
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

