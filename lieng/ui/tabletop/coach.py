"""Coach hints (off by default): the player's chance to beat the players still
in, written just above the action bar (whose label names the hand), until the showdown.

The chance is ``lieng.bots.strength.win_probability`` — the exact one-opponent odds of
the hand under the table's tie-break preset, combined over the opponents still holding
cards (RULES.md step 8: only they can win the pot). It only uses what the player can see:
their own three cards, once turned face up, and how many others have not folded.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from lieng.engine import Card, RuleSet
from lieng.ui.core.draw import GOLD, panel, text
from lieng.ui.core.i18n import t

if TYPE_CHECKING:
    from lieng.ui.core.typescale import TypeScale
    from lieng.ui.tabletop.board import Board
    from lieng.ui.tabletop.frame_record import FrameRecord
    from lieng.ui.tabletop.layout import TableLayout


@lru_cache(maxsize=256)
def _chance(cards: tuple[Card, ...], opponents: int, rules: RuleSet) -> float:
    from lieng.bots.strength import win_probability

    return win_probability(cards, opponents=opponents, rules=rules)


def coach_line(board: Board, me: int, rules: RuleSet) -> str:
    """The hint for the table as the player in seat ``me`` sees it on ``board`` now (""
    when there is none: cards not all face up, folded, or nobody left to beat)."""
    if board.hand_over or any(s.hand_value is not None for s in board.seats):
        return ""  # the cards are shown (or the hand is done): the odds are history
    mine = board.seats[me]
    cards = [c.card for c in mine.cards]
    if len(cards) != 3 or mine.folded or any(c is None or cs.flip_now < 1.0
                                             for c, cs in zip(cards, mine.cards, strict=True)):
        return ""
    hand = tuple(c for c in cards if c is not None)
    opponents = sum(1 for i, s in enumerate(board.seats)
                    if i != me and s.dealt_in and not s.folded)
    if opponents == 0:
        return ""
    pct = round(100 * _chance(hand, opponents, rules))
    # The hand's name is already written on the action bar just below.
    return t("coach.hint", pct=str(pct), n=str(opponents))


def draw_coach(surface: pygame.Surface, lay: TableLayout, ts: TypeScale, line: str,
               record: FrameRecord) -> None:
    """``line`` (``coach_line``'s) in its box just above the action bar, told to the
    screen's ``record``."""
    if not line:
        return
    s = lay.scale
    bar = lay.bar
    r = pygame.Rect(0, 0, int(296 * s), int(30 * s))
    r.bottomleft = (bar.x + int(12 * s), bar.top - int(6 * s))
    panel(surface, r, (10, 18, 15, 220), GOLD, radius=int(9 * s))
    record.mark("coach", -1, r)
    text(surface, line, r.center, ts.px("small"), GOLD, bold=True, max_width=r.w - int(14 * s))
