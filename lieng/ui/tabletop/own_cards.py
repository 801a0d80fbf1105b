"""The player's own three cards on a table screen: turned by a click, a drag ("nặn bài":
pull the card up past the middle) or L, the hand's name once all three show, and whether
the "Nặn bài" button is wanted while any is still face down.

A part every table screen (bot table, hot-seat, LAN) holds, not a mixin of theirs: it
keeps what only it changes — how far each card is pulled up, the drag under way — and
reads the rest through what it is given (the board, whose ``me`` is the seat at the
bottom; the drawer's card rectangles; the layout, the rules and the animation speed, as
they are now), so it names nothing of the screen it sits in (issue #21: the mixin
declared nine of its host's attributes).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from lieng.engine import RuleSet, evaluate
from lieng.ui.core.i18n import language
from lieng.ui.core.tween import Tween, ease_in_out_cubic
from lieng.ui.tabletop.board import Board, CardState
from lieng.ui.tabletop.drawing import TableDrawer
from lieng.ui.tabletop.layout import TableLayout


class OwnCards:
    """The own cards of ``board``'s bottom seat (``board.me``)."""

    def __init__(self, board: Board, drawer: TableDrawer, layout: Callable[[], TableLayout],
                 rules: Callable[[], RuleSet], speed: Callable[[], float]) -> None:
        self.board = board
        self.drawer = drawer
        self.layout = layout
        self.rules = rules
        self.speed = speed
        self.peel: dict[int, float] = {}
        """How far each own card is pulled up (0..1) while the player drags it."""
        self._drag: tuple[int, float] | None = None
        self._named: tuple[tuple[object, ...], str] | None = None
        """The last hand named and its name: the bar asks every frame."""

    def cards(self) -> list[CardState]:
        return self.board.seats[self.board.me].cards

    def let_go(self) -> None:
        """No card is held or pulled up any more (a new hand, another person's screen)."""
        self.peel.clear()
        self._drag = None

    def reveal(self, i: int, animate: bool = True) -> None:
        cards = self.cards()
        if i >= len(cards) or cards[i].flip_now >= 1.0 or cards[i].card is None:
            return
        cs = cards[i]
        if cs.flip_tween is not None:
            return
        self.peel.pop(i, None)
        start = cs.flip
        f = self.speed() if animate else 0.0

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
        for i in range(len(self.cards())):
            self.reveal(i, animate)

    def at(self, pos: tuple[int, int]) -> int | None:
        rects = self.drawer.card_rects(self.layout(), 0)
        for i in range(len(self.cards()) - 1, -1, -1):
            if i < len(rects) and rects[i].collidepoint(pos) and self.cards()[i].landed:
                return i
        return None

    def hand_name(self) -> str:
        cards = self.cards()
        if len(cards) == 3 and all(c.card is not None and c.flip_now >= 1.0 for c in cards):
            rules, lang = self.rules(), language()
            key = (cards[0].card, cards[1].card, cards[2].card, rules, lang)
            if self._named is None or self._named[0] != key:
                value = evaluate([c.card for c in cards if c.card is not None], rules)
                self._named = (key, value.name(lang))
            return self._named[1]
        return ""

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse events on the own cards; True when one was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.at(event.pos)
            if i is not None and self.cards()[i].flip_now < 1.0:
                self._drag = (i, float(event.pos[1]))
                self.peel[i] = 0.0
                return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            i, y0 = self._drag
            h = self.layout().me().card_w * 1.4
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

    def reveal_wanted(self) -> bool:
        """The "Nặn bài" button's time: all three cards landed, one still face down, and
        the seat still in the hand."""
        cards = self.cards()
        return (len(cards) == 3 and all(c.landed and c.card is not None for c in cards)
                and any(c.flip_now < 1.0 for c in cards)
                and not self.board.seats[self.board.me].folded)
