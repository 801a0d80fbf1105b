"""The hot-seat game as the game assembles it (``lieng.game.hotseat_game``), without a
window: the screen is given it and only draws it (issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest

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
