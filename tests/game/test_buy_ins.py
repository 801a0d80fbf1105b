"""The buy-ins a bot table offers from the bankroll (``lieng.game.buy_ins``), without a
window: multiples of the table bet the bank can pay, everything the bank has when it is
short of the largest, a default of 100 table bets, and a choice that follows the table
bet."""

from __future__ import annotations

from lieng.game.buy_ins import DEFAULT_BETS, buy_in_options, default_buy_in, follow_bet


def test_the_offer_is_what_the_bank_can_pay_in_table_bets() -> None:
    assert buy_in_options(10, 100_000) == [200, 500, 1000, 2000, 5000]
    assert buy_in_options(10, 1500) == [200, 500, 1000, 1500]  # and all it has
    assert buy_in_options(10, 150) == [150]       # less than 20 bets: everything
    assert buy_in_options(10, 9) == []            # not even one ante (RULES.md step 2)


def test_the_default_is_100_bets_or_the_most_below_it() -> None:
    assert default_buy_in(10, 100_000) == DEFAULT_BETS * 10
    assert default_buy_in(10, 700) == 700 and default_buy_in(10, 150) == 150
    assert default_buy_in(50, 800) == 800 and default_buy_in(10, 9) is None


def test_the_choice_follows_the_table_bet_in_table_bets() -> None:
    assert follow_bet("1000", 10, 20, 100_000) == "2000"  # 100 bets stay 100 bets
    assert follow_bet("5000", 10, 20, 4000) == "4000"     # capped by the bank
    assert follow_bet("", 10, 20, 100_000) == "2000"      # none chosen: the default
    assert follow_bet("1000", 10, 100, 50) == ""          # nothing on offer
