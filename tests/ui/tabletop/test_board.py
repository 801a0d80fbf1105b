"""The board (``lieng.ui.tabletop.board``) against the engine's stacks: after a hand ends no
displayed stack ever exceeds the engine's final one, and every stack equals it once the
animations have landed (the payout is never counted twice). Whatever the frame timing and
speed, also when the next hand's deal comes while payout chips are still flying (shared
screen, LAN), and at a real table in the window."""

from __future__ import annotations

import random
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from lieng.devtools.driver import SummaryPilot
from lieng.engine import Action, Hand, HandEnded, RuleSet, redact
from lieng.game.setup import make_table
from lieng.table import Table
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.board import Board

from ..helpers import MakeApp, brisk, open_table, play_calls_until_hand_over, run_until, shot, step

SPEEDS = (0.0, 0.5, 1.0, 1.7)


def play_hand(rng: random.Random, stacks: list[int], first: int) -> Hand:
    hand = Hand(RuleSet(table_bet=10), stacks, first, rng=rng)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal()
        roll = rng.random()
        if roll < 0.15:
            action = Action.fold()
        elif roll < 0.35 and legal.raise_k:
            action = Action.raise_(rng.choice(list(legal.raise_k)))
        elif roll < 0.4 and legal.all_in is not None:
            action = Action.all_in()
        else:
            action = Action.call()
        hand.act(seat, action)
    return hand


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), speed=st.sampled_from(SPEEDS),
       speed2=st.sampled_from(SPEEDS), overlap=st.booleans())
def test_displayed_stacks_converge_and_never_double_count(seed: int, speed: float,
                                                          speed2: float, overlap: bool) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.choice((30, 200, 1000)) for _ in range(n)]
    factor = [speed]
    board = Board([f"p{i}" for i in range(n)], 0, lambda: factor[0])
    first = 0
    for hand_no in range(2):
        hand = play_hand(rng, stacks, first)
        events = [redact(e, 0) for e in hand.events_for(0)]
        ended = events[-1]
        assert isinstance(ended, HandEnded)
        final = list(ended.stacks)
        board.feed(events)
        frames = 0
        while board.busy and frames < 5000:
            if frames == 20:
                factor[0] = speed2  # the player changes the speed mid-hand
            board.update(rng.choice((1 / 240, 1 / 60, 1 / 30, 0.2)))
            if board.hand_over:
                for i, seat in enumerate(board.seats):
                    assert seat.stack <= final[i], (hand_no, i, seat.stack, final[i])
            if overlap and board.hand_over and board.flights and hand_no == 0:
                break  # the next deal arrives while payout chips are still flying
            frames += 1
        if not (overlap and hand_no == 0):
            assert not board.busy
            assert [s.stack for s in board.seats] == final
            assert [s.net for s in board.seats] == list(ended.net)
        stacks = [max(s, 0) for s in final]
        if sum(1 for s in stacks if s >= 10) < 2:
            break
        first = hand.next_first
    board.catch_up()
    assert [s.stack for s in board.seats] == final


def _moved_on_to(scene: TableScene[Table], pilot: SummaryPilot, hand_no: int) -> bool:
    """At hand ``hand_no`` yet; until then Space on the result once it takes keys (the
    payout has landed: a person moving on instead of waiting out the countdown)."""
    pilot(scene)
    return scene.table.hand_no == hand_no


def test_winner_stack_never_counts_the_pot_twice(make_app: MakeApp) -> None:
    """After the hand, every displayed stack stays at or below the engine's final stack at
    every frame, and equals it once the payout has landed (normal speed)."""
    app = make_app(speed="normal")
    table = brisk(make_table(3, "normal", 10, "classic", "Bạn", seed=4))
    scene = open_table(app, table)
    ended: list[HandEnded] = []
    table.subscribe(lambda evs: ended.extend(e for e in evs if isinstance(e, HandEnded)))
    next_hand = SummaryPilot()
    for hand_no in range(1, 4):
        run_until(app, partial(_moved_on_to, scene, next_hand, hand_no), limit=6000)
        play_calls_until_hand_over(app, scene, table)
        assert table.hand is not None
        final = list(table.hand.stacks)
        frames = 0
        while table.hand_no == hand_no and frames < 3000:
            for i, seat in enumerate(scene.board.seats):
                assert seat.stack <= final[i], (hand_no, i, seat.stack, final[i])
            if scene.board.hand_over and not scene.board.busy:
                assert [s.stack for s in scene.board.seats] == final
                if hand_no == 1:
                    shot(app, "stack_after_win")
                break
            step(app)
            frames += 1
        assert [s.stack for s in scene.board.seats] == final
        assert ended and list(ended[-1].stacks) == final
