"""The buy-in of the new-game dialog: the player's stack comes from the bankroll.

What is on offer — multiples of the table bet, never more than the bank holds, and the
default — is the game's (``lieng.game.buy_ins``); this draws the row and, when the bank
can't pay even one ante (RULES.md step 2) and the game can't start, the note that says
where to get the daily refill.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from lieng.game import STARTING_BETS, TABLE_BETS
from lieng.game.buy_ins import buy_in_options, default_buy_in
from lieng.ui.core.draw import CREAM, GOLD, text
from lieng.ui.core.i18n import chips, key, t

if TYPE_CHECKING:
    from lieng.game.profile import Profile
    from lieng.ui.core.window import GameApp

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
