"""The between-hands decisions, without a window (lieng.game.flow; docs/RULES.md step 2)."""

from __future__ import annotations

from typing import Literal

import pytest

from lieng.game import (
    AskRebuy,
    BetweenHands,
    BrokePolicy,
    DealNext,
    GameOver,
    SeatChange,
    TableConfig,
    build_table,
)
from lieng.levels import BotKind
from lieng.table import PlayerSpec, Table


def _table(*kinds: BotKind | Literal["human"], stack: int = 1000) -> Table:
    players = tuple(PlayerSpec(f"P{i}", "human" if k == "human" else "bot",
                               level=None if k == "human" else k, stack=stack)
                    for i, k in enumerate(kinds))
    return build_table(TableConfig(players, table_bet=10, seed=1))


def _hotseat(table: Table, rebuys: bool) -> BetweenHands:
    def policy(seat: int) -> BrokePolicy:
        if not rebuys:
            return "leave"
        return "ask" if table.seats[seat].kind == "human" else "rebuy"
    return BetweenHands(table, policy, needs_people=True)


def test_a_table_where_everyone_can_pay_deals_on() -> None:
    table = _table("human", "easy", "hard")
    assert BetweenHands(table, lambda s: "ask").next() == DealNext()


def test_the_player_is_asked_to_rebuy_with_the_capped_amount() -> None:
    table = _table("human", "easy")
    table.seats[0].stack = 5
    flow = BetweenHands(table, lambda s: "ask" if s == 0 else "sit_out", lambda s: 300)
    assert flow.next() == AskRebuy(0, 300)
    assert flow.rebuy(0, 300) == 300
    assert table.seats[0].stack == 305 and table.seats[0].buy_ins == 2
    assert flow.next() == DealNext()
    assert flow.changes == [SeatChange(0, 0, "rebuy", 300)]


def test_a_rebuy_that_cannot_make_the_stack_playable_ends_the_game() -> None:
    table = _table("human", "easy")
    table.seats[0].stack = 2
    flow = BetweenHands(table, lambda s: "ask" if s == 0 else "sit_out", lambda s: 5)
    assert flow.next() == GameOver("bank_empty", 0)


def test_beating_every_bot_wins_the_table() -> None:
    table = _table("human", "easy", "normal")
    table.seats[1].stack = table.seats[2].stack = 0
    flow = BetweenHands(table, lambda s: "ask" if s == 0 else "sit_out")
    assert flow.next() == GameOver("table_won", 0)
    assert not table.seats[1].left  # sitting out, not gone


def test_hotseat_bots_rebuy_by_themselves_and_people_are_asked() -> None:
    table = _table("human", "easy", "human")
    table.seats[1].stack = 3
    table.seats[2].stack = 0
    flow = _hotseat(table, rebuys=True)
    assert flow.next() == AskRebuy(2, 1000)
    assert table.seats[1].stack == 1003
    flow.leave(2)
    assert flow.next() == DealNext()
    assert [c.kind for c in flow.changes] == ["rebuy", "leave"]


def test_without_rebuys_broke_seats_leave_and_the_game_ends_without_people() -> None:
    table = _table("human", "easy", "hard")
    table.seats[0].stack = 0
    flow = _hotseat(table, rebuys=False)
    assert flow.next() == GameOver("no_people")
    assert table.seats[0].left


def test_too_few_players_ends_a_game_for_people() -> None:
    table = _table("human", "human", "easy")
    table.seats[0].stack = 0
    table.seats[2].stack = 0
    flow = BetweenHands(table, lambda s: "sit_out", needs_people=True)
    assert flow.next() == GameOver("too_few")


def test_lan_style_automatic_rebuys_keep_the_table_going() -> None:
    table = _table("human", "human", "easy")
    for seat in table.seats:
        seat.stack = 1
    flow = BetweenHands(table, lambda s: "rebuy", lambda s: 500)
    assert flow.next() == DealNext()
    assert [s.stack for s in table.seats] == [501, 501, 501]


def test_a_table_with_bot_seats_needs_a_bot_factory() -> None:
    with pytest.raises(ValueError, match="bot_factory"):
        Table(TableConfig((PlayerSpec("A"),)).rules,
              [PlayerSpec("A"), PlayerSpec("B", "bot", "easy")])


def test_for_bots_seats_the_player_first_with_the_buy_in() -> None:
    config = TableConfig.for_bots(3, "hard", 20, "An", player_stack=700, seed=2)
    table = build_table(config)
    assert [s.kind for s in table.seats] == ["human", "bot", "bot", "bot"]
    assert table.seats[0].stack == 700 and table.seats[1].stack == 2000
    assert table.rules.table_bet == 20
    assert all(s.player is not None for s in table.seats[1:])


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(ValueError, match="preset"):
        TableConfig((PlayerSpec("A"), PlayerSpec("B")), preset="nope")
