"""``Table`` driving a ``SealedHand`` (a LAN hand dealt mentally, PROTOCOL.md 12): the
showdown's openings are due with the turn timer, and whoever has not opened by then is
folded (RULES.md, showdown openings); a hand everybody withholds is void."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lieng.engine import PRESETS, Action, ActionKind, ActionTaken, Card, SealedHand
from lieng.table import PlayerSpec, Table

RULES = replace(PRESETS["classic"], table_bet=10, turn_seconds=20)


def table(n: int = 3) -> Table:
    return Table(RULES, [PlayerSpec(f"P{i}", "remote", stack=100) for i in range(n)])


def to_showdown(t: Table, now: float) -> None:
    while t.hand is not None and t.hand.to_act is not None:
        t.act(t.hand.to_act, Action.call(), now)


def test_openings_are_due_with_the_turn_timer_and_a_late_one_folds() -> None:
    t = table()
    t.start_sealed_hand([None, None, None], now=0.0)
    hand = t.hand
    assert isinstance(hand, SealedHand) and t.deadline == 20.0
    to_showdown(t, now=5.0)
    assert hand.awaiting == (0, 1, 2) and t.showdown_started_at == 5.0 and t.deadline == 25.0
    t.open(0, Card.parse_many("AH AS AD"), now=6.0)
    t.open(2, Card.parse_many("2S 4D 7C"), now=7.0)
    assert t.tick(24.9) == [] and t.deadline == 25.0  # still the showdown's own clock
    events = t.tick(25.0)
    assert [(e.seat, e.kind) for e in events if isinstance(e, ActionTaken)] == [
        (1, ActionKind.TIMEOUT)]
    assert hand.is_over and t.deadline is None and t.showdown_started_at is None
    assert [s.stack for s in t.seats] == [120, 90, 90] and t.first == 0


def test_a_hand_every_player_withholds_is_void_and_the_lead_stays() -> None:
    t = table(2)
    t.first = 1
    t.start_sealed_hand([None, None], now=0.0)
    to_showdown(t, now=1.0)
    t.tick(21.0)
    hand = t.hand
    assert isinstance(hand, SealedHand) and hand.void
    assert [s.stack for s in t.seats] == [100, 100] and t.first == 1


def test_openings_need_a_sealed_hand() -> None:
    t = table(2)
    t.start_hand(now=0.0)
    with pytest.raises(RuntimeError, match="no sealed hand"):
        t.open(0, Card.parse_many("AH AS AD"))
    with pytest.raises(RuntimeError, match="no sealed hand"):
        t.withhold(0)
