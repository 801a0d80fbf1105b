"""What a player may bring to a bot table from the bankroll: the buy-ins on offer.

The choices are multiples of the table bet, never more than the bank holds; the default
is ``DEFAULT_BETS`` table bets, or all the bank has when that is less. A buy-in is
counted in table bets (100 bets is a deep stack at any bet), so when the table bet
changes the choice follows it (``follow_bet``). When the bank can't pay even one table
bet (RULES.md step 2: the ante) nothing is on offer and the game can't start. These are
the game's rules for the bankroll, without pygame (tests/game/test_buy_ins.py); the new-game
dialog draws them (lieng/ui/scenes/buy_in.py).
"""

from __future__ import annotations

MULTIPLES = (20, 50, 100, 200, 500)
"""Buy-ins on offer, in table bets."""
DEFAULT_BETS = 100
"""The default buy-in: 100 table bets, capped by the bankroll."""


def buy_in_options(table_bet: int, balance: int) -> list[int]:
    """Buy-ins on offer for this table bet and bank balance, smallest first.

    >>> buy_in_options(10, 1500)
    [200, 500, 1000, 1500]
    """
    opts = [m * table_bet for m in MULTIPLES if m * table_bet <= balance]
    if balance >= table_bet and balance < MULTIPLES[-1] * table_bet and balance not in opts:
        opts.append(balance)  # "everything I have"
    return sorted(opts)


def default_buy_in(table_bet: int, balance: int) -> int | None:
    """The buy-in chosen until the player picks one (None: nothing is on offer)."""
    opts = buy_in_options(table_bet, balance)
    if not opts:
        return None
    below = [o for o in opts if o <= DEFAULT_BETS * table_bet]
    return max(below) if below else opts[0]


def follow_bet(buy_in: str, old_bet: int, new_bet: int, balance: int) -> str:
    """The buy-in after the table bet changes from ``old_bet`` to ``new_bet``: the same
    number of table bets as before, or the nearest offered below it, capped by the bank
    ("": nothing is on offer; ``buy_in`` "": none was chosen, so the default)."""
    opts = buy_in_options(new_bet, balance)
    if not opts:
        return ""
    if not buy_in:
        return str(default_buy_in(new_bet, balance))
    target = int(buy_in) * new_bet // old_bet
    below = [o for o in opts if o <= target]
    return str(max(below) if below else opts[0])
