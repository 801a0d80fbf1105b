"""The table controller: timers with injected time, bots' pauses, stacks and first player
carried from hand to hand (RULES.md steps 3 and 6)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from lieng.engine import (
    PRESETS,
    Action,
    ActionKind,
    ActionTaken,
    HandEnded,
    HandView,
    IllegalActionError,
    NotEnoughPlayersError,
)
from lieng.game.setup import default_bot_factory
from lieng.levels import BotLevel
from lieng.table import PlayerSpec, Table, Timing

RULES = replace(PRESETS["classic"], table_bet=10, turn_seconds=20)


class Recorder:
    """A scripted player that records every view and event it is given."""

    def __init__(self, action: Action | None = None) -> None:
        self.action = action or Action.call()
        self.views: list[HandView] = []
        self.events: list[object] = []

    def decide(self, view: HandView) -> Action:
        self.views.append(view)
        return self.action

    def observe(self, event: object) -> None:
        self.events.append(event)


def _table(n_humans: int = 1, n_bots: int = 2, **kw: Any) -> Table:
    specs = [PlayerSpec(f"P{i}", "human", stack=500) for i in range(n_humans)]
    specs += [PlayerSpec(f"B{i}", "bot", level="normal", stack=500) for i in range(n_bots)]
    kw.setdefault("bot_factory", default_bot_factory)
    return Table(RULES, specs, seed=3, **kw)


def test_timeout_folds_the_person_after_the_turn_timer() -> None:
    t = _table()
    t.start_hand(now=100.0)
    assert t.hand is not None and t.hand.to_act == 0
    assert t.deadline == 120.0
    assert t.tick(119.9) == []
    events = t.tick(120.0)
    taken = [e for e in events if isinstance(e, ActionTaken)]
    assert taken[0].seat == 0 and taken[0].kind is ActionKind.TIMEOUT
    assert t.hand.folded[0]


def test_timer_off_and_paused_never_fold() -> None:
    t = Table(replace(RULES, turn_seconds=0), [PlayerSpec("A"), PlayerSpec("B")], seed=1)
    t.start_hand(0.0)
    assert t.deadline is None and t.tick(10_000.0) == []
    t2 = _table()
    t2.start_hand(0.0)
    t2.timer_paused = True
    assert t2.deadline is None and t2.tick(500.0) == []
    t2.restart_turn_timer(600.0)
    assert t2.deadline == 620.0


def test_bots_wait_their_thinking_time_and_see_only_their_view() -> None:
    t = _table(n_humans=1, n_bots=2, timing=Timing(0.6, 1.8, 1.0))
    bots = [Recorder(), Recorder()]
    t.set_player(1, bots[0])
    t.set_player(2, bots[1])
    t.start_hand(0.0)
    t.act(0, Action.call(), now=10.0)
    assert t.hand is not None and t.hand.to_act == 1
    assert t.tick(10.5) == []  # less than the shortest pause
    assert t.tick(11.9) != []  # more than the longest
    view = bots[0].views[0]
    assert view.seat == 1 and set(view.my_cards) == set(t.hand.cards_of(1))
    # Bots observe redacted events: never another seat's card.
    for e in bots[0].events:
        card = getattr(e, "card", None)
        if card is not None:
            assert getattr(e, "seat", None) == 1


def test_stacks_and_first_player_carry_over() -> None:
    t = Table(RULES, [PlayerSpec("A", stack=300), PlayerSpec("B", stack=300),
                      PlayerSpec("C", stack=300)], seed=5, first=1)
    rng = random.Random(2)
    total = 900
    for _ in range(12):
        if not t.can_continue():
            break
        t.start_hand(0.0)
        assert t.hand is not None
        expected_first = t.first
        assert t.hand.first in range(3)
        assert t.hand.first == expected_first or not t.hand.dealt_in[expected_first]
        while t.in_hand:
            legal = t.hand.legal()
            options = [Action.call(), Action.fold(), *(Action.raise_(k) for k in legal.raise_k[:3])]
            t.act(legal.seat, rng.choice(options))
        assert sum(t.stacks) == total
        assert t.first == t.hand.winners[0]
        assert [s.stack for s in t.seats] == list(t.hand.stacks)
    assert sum(s.net for s in t.seats) == 0


def test_table_events_reach_listeners_in_order() -> None:
    t = _table(n_humans=2, n_bots=0)
    seen: list[object] = []
    t.subscribe(seen.extend)
    t.start_hand(0.0)
    t.act(0, Action.fold())
    assert isinstance(seen[-1], HandEnded)
    assert t.hand is not None
    assert seen == t.hand.events


def test_illegal_actions_and_between_hands_rules() -> None:
    t = _table(n_humans=2, n_bots=0)
    t.start_hand(0.0)
    with pytest.raises(IllegalActionError):
        t.act(1, Action.call())
    with pytest.raises(RuntimeError):
        t.start_hand(0.0)
    with pytest.raises(RuntimeError):
        t.rebuy(0, 100)
    t.act(0, Action.fold())
    t.rebuy(0, 100)
    assert t.seats[0].stack == 590 and t.seats[0].buy_ins == 2
    assert t.leave(1) == 510
    with pytest.raises(NotEnoughPlayersError):
        t.start_hand(0.0)
    assert not t.can_continue()


LEVELS_AROUND: tuple[BotLevel, ...] = ("easy", "normal", "hard", "normal")
"""The levels of the four bots that play on their own."""


def test_real_bots_play_whole_hands_on_their_own() -> None:
    specs = [PlayerSpec(f"B{i}", "bot", level=lvl, stack=1000)
             for i, lvl in enumerate(LEVELS_AROUND)]
    t = Table(RULES, specs, seed=11, timing=Timing(scale=0.0),
              bot_factory=default_bot_factory)
    for _ in range(20):
        t.start_hand(0.0)
        steps = 0
        while t.in_hand:
            assert t.tick(0.0), "a bot whose pause is over must act"
            steps += 1
            assert steps < 200
        for i, seat in enumerate(t.seats):
            if seat.stack < RULES.table_bet:
                t.rebuy(i, 1000)
    assert t.hand_no == 20


def test_an_action_for_another_hand_or_turn_is_refused_and_changes_nothing() -> None:
    """``Table.act(turn=(hand, actions taken))``: the LAN host's one turn check (which
    hand, which turn; the engine says whose), each refusal its own error."""
    from lieng.engine import NotYourTurnError
    from lieng.table import StaleHandError, StaleTurnError

    t = _table(n_humans=2, n_bots=0)
    with pytest.raises(StaleHandError):  # no hand yet
        t.act(0, Action.call(), 0.0, turn=(1, 0))
    t.start_hand(now=0.0)
    hand = t.hand
    assert hand is not None
    seat = hand.to_act
    assert seat is not None
    with pytest.raises(StaleHandError):
        t.act(seat, Action.call(), 0.0, turn=(t.hand_no - 1, 0))
    with pytest.raises(StaleTurnError):
        t.act(seat, Action.call(), 0.0, turn=(t.hand_no, len(hand.actions) + 1))
    with pytest.raises(NotYourTurnError):
        t.act(1 - seat, Action.call(), 0.0, turn=(t.hand_no, len(hand.actions)))
    assert hand.actions == []
    t.act(seat, Action.call(), 0.0, turn=(t.hand_no, 0))
    assert len(hand.actions) == 1
    with pytest.raises(StaleTurnError):  # the same intent twice: the turn is over
        t.act(seat, Action.call(), 0.0, turn=(t.hand_no, 0))
