"""The tables each mode's set-up screen describes, built without a window
(``lieng.game.setup``, ``lieng.game.bot_seating``; issue 21: table set-up left the
scenes)."""

from __future__ import annotations

from lieng.game.bot_seating import make_mixed_table, seating_for
from lieng.game.setup import SeatChoice, make_hotseat_table, make_table


def test_make_hotseat_table_uses_the_default_for_seats_without_their_own_stack() -> None:
    table = make_hotseat_table([SeatChoice("Lan", stack_bets=50), SeatChoice("Minh"),
                                SeatChoice("Tuấn", "easy", 200)], 10, "classic", 100, 20)
    assert [s.stack for s in table.seats] == [500, 1000, 2000]
    assert [s.kind for s in table.seats] == ["human", "human", "bot"]
    assert table.seats[2].spec.level == "easy"


def test_the_bot_tables_seat_the_player_first_and_the_bots_at_their_levels() -> None:
    table = make_table(3, "hard", 20, "classic", "Bạn", seed=1, player_stack=500)
    assert [s.kind for s in table.seats] == ["human", "bot", "bot", "bot"]
    assert {s.spec.level for s in table.seats[1:]} == {"hard"}
    assert table.seats[0].stack == 500 and table.rules.table_bet == 20
    mixed = make_mixed_table(seating_for(["hard", "easy"], seed=2), 10, "classic", "Bạn",
                             seed=2)
    assert [s.spec.level for s in mixed.seats[1:]] == ["hard", "easy"]
