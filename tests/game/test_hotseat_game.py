"""The hot-seat game as the game assembles it (``lieng.game.hotseat_game``), without a
window: the screen is given it and only draws it (issue 21)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lieng.engine import Action
from lieng.game.hotseat_game import hotseat_game
from lieng.game.setup import SeatChoice, make_hotseat_table
from lieng.storage.history import History


def test_a_hot_seat_game_starts_with_its_first_person_and_the_spectator_s_view(
        tmp_path: Path) -> None:
    table = make_hotseat_table([SeatChoice("Minh", "easy"), SeatChoice("Lan"),
                                SeatChoice("Hùng")], 10, "classic", 100, 20, seed=3)
    history = History(tmp_path)
    game = hotseat_game(table, rebuy_allowed=False, history=history)
    session = game.session
    assert session.me == 1  # the first person, not the bot in seat 0
    assert session.spectator and session.policy is game.turns  # nobody's cards reach it
    assert game.turns.is_person(1) and not game.turns.is_person(0)
    assert game.end.history is history
    assert session.recorder is not None  # every hand to the history, as the spectator saw it
    assert session.next_hand() is None and table.hand_no == 1


def test_a_table_of_bots_alone_is_no_hot_seat_game() -> None:
    table = make_hotseat_table([SeatChoice("Minh", "easy"), SeatChoice("Thảo", "hard")],
                               10, "classic", 100, 20, seed=1)
    with pytest.raises(ValueError, match="at least one person"):
        hotseat_game(table)


def test_each_hot_seat_hand_is_opened_by_the_last_hand_s_winner() -> None:
    """RULES.md step 3, hand after hand at the privacy walk's table (three people and two
    bots, ``tests/ui/scenes/test_hotseat.py``, which plays three of these hands through
    the window): each hand's first player is the one the hand before named
    (``Hand.next_first``: its main pot's winner)."""
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh"), SeatChoice("Hùng"),
                                SeatChoice("Thảo", "normal"), SeatChoice("Quốc", "hard")],
                               10, "classic", 100, 20, seed=12)
    table.timing.scale = 0.0  # the bots answer at the next tick
    pick = random.Random(5)
    firsts: list[int] = []
    named: list[int] = []
    now = 0.0
    for _ in range(6):
        table.start_hand(now)
        hand = table.hand
        assert hand is not None
        firsts.append(hand.first)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            now += 0.1
            if table.seats[seat].kind == "human":
                legal = hand.legal()
                choices = [Action.call(), Action.call(), Action.fold()]
                if legal.raise_k:
                    choices.append(Action.raise_(legal.raise_k.start))
                table.act(seat, pick.choice(choices), now)
            else:
                table.tick(now)
        named.append(hand.next_first)
    assert firsts[0] == 0  # the host opens the table's first hand
    assert firsts[1:] == named[:-1]
    assert len(set(firsts)) > 1, "one seat won every hand: the check proved little"
