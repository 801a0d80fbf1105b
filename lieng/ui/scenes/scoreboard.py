"""The hot-seat scoreboard: chips won and lost per player, at any time over the
table and, at the end, as the final standings.

Players are ranked by what they won or lost (``Seat.net``), not by the chips in front of
them: at a table with rebuys, chips bought are not chips won. The ranking is the game's
(``lieng.game.standings``); this screen draws it — at the end, the final standings the
game made and saved (``GameEnd.finish``), not a ranking of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.game.standings import GameEnd, champion, completed_hands, placings
from lieng.storage.history import Standing
from lieng.table import Seat, Table
from lieng.ui.core.draw import CREAM, DIALOG_FILL, GOLD, MUTED, panel, shade, text, text_surface
from lieng.ui.core.felt_cache import felt_for
from lieng.ui.core.i18n import chips, key, t
from lieng.ui.core.scene import Scene
from lieng.ui.tabletop.layout import backdrop

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp


def signed(amount: int) -> str:
    return f"+{chips(amount)}" if amount > 0 else f"−{chips(-amount)}" if amount < 0 else "0"


class ScoreboardScene(Scene):
    """Over the table (no ``end``: any key or the button closes it) or the end of the game
    (``end``, finished: its final standings; opaque, the button goes back to the menu)."""

    def __init__(self, app: GameApp, table: Table, end: GameEnd | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.end = end
        self.final = end is not None and end.result is not None
        self.opaque = self.final
        self.close: pygame_gui.elements.UIButton | None = None

    def _rect(self) -> pygame.Rect:
        s = self.app.scale
        rows = self.table.n_seats
        extra = 28 if self.final else 0
        r = pygame.Rect(0, 0, int(760 * s), int((200 + extra + 46 * rows) * s))
        r.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return r

    def build(self) -> None:
        s = self.app.scale
        r = self._rect()
        bw, bh = int(220 * s), int(50 * s)
        label = "msg.to_menu" if self.final else "hotseat.close"
        self.close = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw // 2, r.bottom - bh - int(20 * s), bw, bh), key(label),
            self.app.ui, self.container,
            object_id=self.app.type_scale.oid("#primary", "button"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_s):
            self.app.pop()
            return True
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        if self.final:
            surface.blit(felt_for(backdrop(self.app.size)), (0, 0))
        shade(surface, 150)
        r = self._rect()
        panel(surface, r, DIALOG_FILL, GOLD, radius=int(18 * s), width=max(2, int(2 * s)))
        result = self.end.result if self.end is not None else None
        hands = result.hands if result is not None else completed_hands(self.table)
        title = t("hotseat.final_title" if result is not None else "hotseat.scores_title",
                  hands=str(hands))
        text(surface, title, (r.centerx, r.top + 38 * s), ts.px("title"), GOLD, bold=True,
             max_width=r.w - int(40 * s))
        cols = [(0.05, "hotseat.col_place", "midleft"), (0.12, "hotseat.col_name", "midleft"),
                (0.38, "hotseat.col_kind", "midleft"), (0.64, "hotseat.col_chips", "midright"),
                (0.79, "hotseat.col_buy_ins", "midright"), (0.95, "hotseat.col_net", "midright")]
        y = r.top + 86 * s
        order = self.rows()
        if result is not None:
            best = champion(result)
            if best is not None:
                text(surface, t("hotseat.champion", who=best.name, amount=chips(best.net)),
                     (r.centerx, r.top + 76 * s), ts.px("lead"), CREAM,
                     max_width=r.w - int(40 * s))
            y += 28 * s
        for x, col, anchor in cols:
            text(surface, t(col), (r.x + r.w * x, y), ts.px("small"), MUTED, anchor=anchor,
                 shadow=False)
        y += 36 * s
        # Each left-aligned cell stops short of the next column's widest figure: "Máy · Cao
        # thủ" never runs into "10.700" (a playtest saw them touch).
        size = ts.px("heading")
        gap = int(16 * s)
        widest = max(text_surface(chips(x.chips), size, bold=True).get_width()
                     for x, _seat in order)
        room = {0.12: int(r.w * (0.38 - 0.12)) - gap,
                0.38: int(r.w * (0.64 - 0.38)) - widest - gap}
        for standing, seat in order:
            kind = t("hotseat.person") if standing.kind == "human" else \
                t("hotseat.bot", level=t(f"level.{standing.level or 'normal'}"))
            if seat.left:
                kind = f"{kind} · {t('hotseat.gone')}"
            net = standing.net
            colour = GOLD if standing.place == 1 and net > 0 else CREAM
            net_colour = (120, 220, 130) if net > 0 else (235, 110, 100) if net < 0 \
                else CREAM
            cells = [(str(standing.place), colour), (standing.name, colour), (kind, MUTED),
                     (chips(standing.chips), CREAM), (str(seat.buy_ins - 1), CREAM),
                     (signed(net), net_colour)]
            for (x, _col, anchor), (value, c) in zip(cols, cells, strict=True):
                text(surface, value, (r.x + r.w * x, y), size, c,
                     bold=anchor != "midleft" or x < 0.3, anchor=anchor,
                     max_width=room.get(x, int(r.w * 0.14)))
            y += 46 * s

    def rows(self) -> list[tuple[Standing, Seat]]:
        """Each row's standing and seat, best first: at the end the game's final standings
        as made and saved (``GameEnd.finish``), over the table the standings so far
        (``standings.placings``); the seat gives its buy-ins and whether it left."""
        end = self.end
        seats = self.table.seats
        if end is not None and end.result is not None:
            return [(standing, seats[i])
                    for standing, i in zip(end.result.standings, end.seats, strict=True)]
        return [(standing, seats[i]) for standing, i in placings(self.table)]
