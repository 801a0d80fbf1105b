"""The buy-in of the new-game dialog: the player's stack comes from the bankroll.

The choices are multiples of the table bet, never more than the bank holds; the default
is ``DEFAULT_BETS`` table bets, or all the bank has when that is less. When the bank can't
pay even one ante (RULES.md step 2) the game can't start and the note says where to get
the daily refill.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from lieng.game import STARTING_BETS, TABLE_BETS
from lieng.ui.core.draw import CREAM, GOLD, text
from lieng.ui.core.i18n import chips, key, t

if TYPE_CHECKING:
    from lieng.game.profile import Profile
    from lieng.ui.core.window import GameApp

MULTIPLES = (20, 50, 100, 200, 500)
DEFAULT_BETS = 100
"""The default buy-in: 100 table bets, capped by the bankroll."""


def buy_in_options(table_bet: int, balance: int) -> list[int]:
    """Buy-ins on offer for this table bet and bank balance, smallest first."""
    opts = [m * table_bet for m in MULTIPLES if m * table_bet <= balance]
    if balance >= table_bet and balance < MULTIPLES[-1] * table_bet and balance not in opts:
        opts.append(balance)  # "everything I have"
    return sorted(opts)


def default_buy_in(table_bet: int, balance: int) -> int | None:
    opts = buy_in_options(table_bet, balance)
    if not opts:
        return None
    below = [o for o in opts if o <= DEFAULT_BETS * table_bet]
    return max(below) if below else opts[0]


def follow_bet(buy_in: str, old_bet: int, new_bet: int, balance: int) -> str:
    """The buy-in after the table bet changes from ``old_bet`` to ``new_bet``: the same
    number of table bets as before (a buy-in is counted in table bets — 100 bets is a
    deep stack at any bet), or the nearest offered below it, capped by the bank."""
    opts = buy_in_options(new_bet, balance)
    if not opts:
        return ""
    if not buy_in:
        return str(default_buy_in(new_bet, balance))
    target = int(buy_in) * new_bet // old_bet
    below = [o for o in opts if o <= target]
    return str(max(below) if below else opts[0])


def buy_in_row(profile: Profile, choice: dict[str, str]
               ) -> tuple[str, list[str | tuple[str, str]]]:
    """The dialog's buy-in row; keeps ``choice["buy_in"]`` (the dialog's) one of its
    options."""
    bet = int(choice["bet"])
    balance = profile.max_buy_in()
    opts = buy_in_options(bet, balance)
    if not opts:
        choice["buy_in"] = ""
        return ("buy_in", [(key("new_game.no_chips"), "")])
    if choice.get("buy_in") not in {str(o) for o in opts}:
        choice["buy_in"] = str(default_buy_in(bet, balance))
    return ("buy_in", [(t("new_game.buy_in_option", amount=chips(o), n=chips(o // bet)),
                        str(o)) for o in opts])


def draw_note(surface: pygame.Surface, app: GameApp, profile: Profile, choice: dict[str, str],
              r: pygame.Rect) -> None:
    """The bank's note under the dialog's rows (``r``: the dialog's panel)."""

    s = app.scale
    ts = app.type_scale
    bet = int(choice["bet"])
    y = r.bottom - 104 * s
    text(surface, t("new_game.bank_note", bank=chips(profile.bankroll.balance),
                    amount=chips(STARTING_BETS * bet)), (r.centerx, y), ts.px("small"), CREAM)
    if not choice.get("buy_in"):
        # A smaller table bet may still be affordable; with less than the smallest ante
        # only the free chips help (docs/UI.md, "Broke").

        note = "new_game.need_refill" if profile.max_buy_in() >= min(TABLE_BETS) \
            else "new_game.need_chips"
        text(surface, t(note), (r.centerx, y - 24 * s), ts.px("small"), GOLD, bold=True,
             max_width=r.w - int(24 * s))
