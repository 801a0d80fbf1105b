"""The hand's result, kept on the table until the player moves on: who won, the hands
shown with their names, each pot layer, and the player's net ("Bạn thắng 30").

The result used to vanish after about three seconds; now the next hand begins when the
player presses "Ván tiếp" (the button, Space, Enter or a click on the table) or after the
delay chosen in the settings (``UISettings.next_hand_delay``: off, 3, 5 or 10 s). The
summary is made from the action log's lines of the hand (``action_log``), which are built
from public events only: at a hot-seat table it shows exactly what the table showed.

A table scene asks ``showing``-style questions and forwards events; this module owns the
button, the countdown and the drawing, so the scenes stay small.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.gui import set_visible
from lieng.ui.core.i18n import chips, key, t
from lieng.ui.tabletop.action_log import ActionLog, LogLine
from lieng.ui.tabletop.layout import TableLayout
from lieng.ui.tabletop.log_panel import COLOURS

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

ARM_SECONDS = 0.4
"""Keys and clicks are taken only after the summary has been up this long: a Space
pressed twice to check does not skip the result unseen."""
CONTINUE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


def hand_lines(log: ActionLog) -> list[LogLine]:
    """The last hand's shown hands, pot layers and notes, in the order they happened."""
    start = max((i for i, line in enumerate(log.lines) if line.kind == "hand"), default=0)
    return [line for line in log.lines[start:] if line.kind in ("show", "pot", "note")]


def net_line(net: int, who: str | None = None) -> str:
    """"Bạn thắng 30" / "Bạn mất 20" / "Hoà vốn" — or the same for a named seat."""
    if who is None:
        if net > 0:
            return t("table.result_win", amount=chips(net))
        if net < 0:
            return t("table.result_loss", amount=chips(-net))
        return t("table.result_even")
    if net > 0:
        return t("summary.who_won", who=who, amount=chips(net))
    return t("summary.who_lost", who=who, amount=chips(-net))


class SummaryPanel:
    """The result panel and its "Ván tiếp" button. ``result`` gives the big line(s) —
    the player's net, or every seat's at a hot-seat table."""

    def __init__(self, app: GameApp, log: ActionLog, names: Callable[[], Sequence[str]],
                 result: Callable[[], list[tuple[str, bool]]]) -> None:
        self.app = app
        self.log = log
        self.names = names
        self.result = result
        self.button: pygame_gui.elements.UIButton | None = None
        self.shown_for = 0.0
        """Seconds the summary has been on screen uncovered (the countdown reads it)."""
        self._visible = False

    def build(self, container: pygame_gui.core.UIContainer, lay: TableLayout) -> None:
        s = lay.scale
        ts = self.app.type_scale
        w, h = int(200 * s), int(44 * s)
        r = self.rect(lay)
        self.button = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - w // 2, r.bottom - h - int(14 * s), w, h),
            key("summary.next"), self.app.ui, container,
            object_id=ts.oid("#primary", "button"))
        set_visible(self.button, self._visible)

    @property
    def delay(self) -> int:
        return self.app.settings.next_hand_delay

    def rect(self, lay: TableLayout, rows: int = 0, results: int = 1) -> pygame.Rect:
        """The panel: its bottom just above the player's own cards (so they stay in
        sight), as tall as its lines, never higher than the top seat's cards."""
        s = lay.scale
        me = lay.me()
        bottom = int(me.cards[1] - me.card_w * 0.75 - 10 * s)
        height = int((60 + 32 * results + 14 + 70) * s + rows * max(11, int(16 * s)) * 1.35)
        top = max(int(lay.table.top + 30 * s), bottom - height)
        r = pygame.Rect(0, top, int(560 * s), bottom - top)
        r.centerx = int(lay.pot[0])
        return r

    def update(self, dt: float, showing: bool, active: bool) -> bool:
        """Show or hide the panel; True when the auto-continue delay is over."""
        if showing != self._visible:
            self._visible = showing
            self.shown_for = 0.0
        # Checked every frame: a scene covering the table and leaving it shows the
        # table's container again, hidden children included.
        want = showing and active
        if self.button is not None and bool(self.button.visible) != want:
            set_visible(self.button, want)
        if not showing:
            return False
        if active:
            self.shown_for += dt
        return self.delay > 0 and self.shown_for >= self.delay

    def wants_continue(self, event: pygame.event.Event) -> bool:
        """The player asks for the next hand: the button, Space/Enter, a click."""
        if not self._visible or self.shown_for < ARM_SECONDS:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return bool(event.ui_element is self.button)
        if event.type == pygame.KEYDOWN:
            return bool(event.key in CONTINUE_KEYS)
        return bool(event.type == pygame.MOUSEBUTTONUP and event.button == 1)

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        if not self._visible:
            return
        s = lay.scale
        results = self.result()
        lines = hand_lines(self.log)
        shows = [line for line in lines if line.kind == "show"]
        others = [line for line in lines if line.kind != "show"]
        # Shown hands two to a row once there are more than two (six seats fit).
        rows = (len(shows) + 1) // 2 if len(shows) > 2 else len(shows)
        r = self.rect(lay, rows + len(others), max(1, len(results)))
        panel(surface, r, (10, 16, 14, 236), GOLD, radius=int(16 * s))
        y = r.y + 26 * s
        title = t("summary.title", n=str(self.log.hand_no() if self.log.hand_no else ""))
        text(surface, title.strip(), (r.centerx, y), int(20 * s), GOLD, bold=True)
        y += 34 * s
        for words, good in results:
            text(surface, words, (r.centerx, y), int(24 * s), GOLD if good else CREAM,
                 bold=True, max_width=r.w - int(30 * s))
            y += 32 * s
        names = self.names()
        size = max(11, int(16 * s))
        step = size * 1.35
        button_top = r.bottom - int(58 * s)
        room = int((button_top - y - 22 * s) // step)
        # Short of room, the pots (the result) stay and the hands give way.
        rows = max(0, min(rows, room - len(others)))
        half = r.w // 2 - int(16 * s)
        for i, line in enumerate(shows[:rows * 2 if len(shows) > 2 else rows]):
            if len(shows) > 2:
                col_x = r.x + int(16 * s) + (i % 2) * (half + int(16 * s))
                text(surface, line.text(names), (col_x + half / 2, y + (i // 2) * step), size,
                     COLOURS["show"], shadow=False, max_width=half)
            else:
                text(surface, line.text(names), (r.centerx, y + i * step), size,
                     COLOURS["show"], shadow=False, max_width=r.w - int(30 * s))
        y += rows * step
        for line in others[:max(0, room)]:
            text(surface, line.text(names), (r.centerx, y), size,
                 COLOURS.get(line.kind, CREAM), bold=line.kind == "pot", shadow=False,
                 max_width=r.w - int(30 * s))
            y += step
        if self.delay > 0:
            left = max(1, int(self.delay - self.shown_for + 0.999))
            note = t("summary.auto", s=str(left))
        else:
            note = t("summary.wait")
        text(surface, note, (r.centerx, button_top - 12 * s), int(14 * s), MUTED, shadow=False)
