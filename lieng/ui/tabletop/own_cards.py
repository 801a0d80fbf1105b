"""The player's own three cards on a table screen: turned by a click, a drag ("nặn bài":
pull the card up past the middle) or L, the hand's name once all three show, and the
"Nặn bài" button while any is still face down.

A mixin of the table scenes (bot table, hot-seat, LAN): they share the board, the layout
and the drawer it reads, and this keeps the card handling out of their event and frame
code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar, cast

import pygame
import pygame_gui

from lieng.engine import evaluate
from lieng.table import TableLike
from lieng.ui.core.gui import set_visible
from lieng.ui.core.i18n import language
from lieng.ui.core.tween import Tween, ease_in_out_cubic
from lieng.ui.tabletop.board import Board, CardState
from lieng.ui.tabletop.drawing import TableDrawer
from lieng.ui.tabletop.layout import TableLayout

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp


TableT = TypeVar("TableT", bound=TableLike, covariant=True)
"""The table a scene draws: ``Table`` at the bot and hot-seat tables, ``RemoteTable`` at a
LAN table."""


class OwnCardsMixin(Generic[TableT]):
    app: GameApp
    table: TableT
    board: Board
    drawer: TableDrawer
    layout: TableLayout
    me: int
    peel: dict[int, float]
    """How far each own card is pulled up (0..1) while the player drags it."""
    _drag: tuple[int, float] | None
    reveal_button: pygame_gui.elements.UIButton | None

    def own_cards(self) -> list[CardState]:
        return self.board.seats[self.me].cards

    def reveal(self, i: int, animate: bool = True) -> None:
        cards = self.own_cards()
        if i >= len(cards) or cards[i].flip_now >= 1.0 or cards[i].card is None:
            return
        cs = cards[i]
        if cs.flip_tween is not None:
            return
        self.peel.pop(i, None)
        start = cs.flip
        f = self.app.settings.speed_factor if animate else 0.0

        def done(cs: CardState = cs) -> None:
            cs.flip = 1.0

        tw = Tween(start, 1.0, 0.25 * f, ease_in_out_cubic, on_done=done)
        cs.flip_tween = tw
        cs.flip = start
        self.board.tweener.add(tw)

    def reveal_all(self, animate: bool = True) -> None:
        """Turn every own card — those still to come this hand land face up (L pressed
        during the deal turns all three, not only the ones that have landed)."""
        self.board.reveal_own = True
        for i in range(len(self.own_cards())):
            self.reveal(i, animate)

    def _own_card_at(self, pos: tuple[int, int]) -> int | None:
        rects = self.drawer.card_rects(self.layout, 0)
        for i in range(len(self.own_cards()) - 1, -1, -1):
            if i < len(rects) and rects[i].collidepoint(pos) and self.own_cards()[i].landed:
                return i
        return None

    def hand_name(self) -> str:
        cards = self.own_cards()
        if len(cards) == 3 and all(c.card is not None and c.flip_now >= 1.0 for c in cards):
            value = evaluate([c.card for c in cards if c.card is not None], self.table.rules)
            return value.name(language())
        return ""

    def handle_peel(self, event: pygame.event.Event) -> bool:
        """Mouse events on the own cards; True when one was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self._own_card_at(event.pos)
            if i is not None and self.own_cards()[i].flip_now < 1.0:
                self._drag = (i, float(event.pos[1]))
                self.peel[i] = 0.0
                return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            i, y0 = self._drag
            h = self.layout.me().card_w * 1.4
            self.peel[i] = max(0.0, min(1.0, (y0 - event.pos[1]) / h))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            i, y0 = self._drag
            self._drag = None
            # A click, or a drag past the middle, turns the card over ("nặn bài").
            moved = abs(y0 - event.pos[1])
            if moved < 6 or self.peel.get(i, 0.0) >= 0.45:
                self.peel.pop(i, None)
                self.reveal(i)
            else:
                self.peel.pop(i, None)
            return True
        return False

    def _update_reveal_button(self) -> None:
        b = self.reveal_button
        if b is None:
            return
        cards = self.own_cards()
        # Only on the table itself: a scene covering it hid the container, keep it hidden.
        want = (self.app.stack.top is cast(object, self) and len(cards) == 3
                and all(c.landed and c.card is not None for c in cards)
                and any(c.flip_now < 1.0 for c in cards) and not self.board.seats[self.me].folded)
        if want != bool(b.visible):
            set_visible(b, want)
