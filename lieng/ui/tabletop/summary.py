"""The hand's result, kept on the table until the player moves on: who won, the hands
shown with their names, each pot layer, and the player's net ("Bạn thắng 30").

The result used to vanish after about three seconds; now the next hand begins when the
player presses "Ván tiếp" (the button, Space, Enter or a click on the table) or after the
delay chosen in the settings (``UISettings.next_hand_delay``: off, 3, 5 or 10 s). The
summary is made from the action log's lines of the hand (``action_log``), which are built
from public events only: at a hot-seat table it shows exactly what the table showed.

A table scene asks ``showing``-style questions and forwards events; this module owns the
button, the countdown and the drawing, so the scenes stay small. The panel has its place
in the table's layout (``TableLayout.summary``: the felt between the seats, above the
player's cards), so it covers no seat's plate, cards or status line; it grows upward
from that place's bottom as tall as its lines, and when they do not all fit, the pots
(the result) stay and the hands shown give way — they are on the table anyway, and in
the action log. The replay shows the same panel at a hand's end (``draw_result``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.ui.core.assets import font
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.gui import set_visible
from lieng.ui.core.i18n import chips, key, t
from lieng.ui.core.typescale import px
from lieng.ui.tabletop.action_log import ActionLog, LogLine
from lieng.ui.tabletop.frame_record import mark
from lieng.ui.tabletop.layout import TableLayout
from lieng.ui.tabletop.log_panel import COLOURS, wrap

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


PAD = 10
BUTTON = (200, 36)
"""The "Ván tiếp" button (design pixels), at the bottom of the panel."""

Row = list[tuple[str, str]]
"""One drawn row of the panel: one (kind, words) cell, or two side by side."""


def _pairs(cells: list[tuple[str, str]], size: int, width: int) -> list[Row]:
    """Cells two to a row when each fits half the width, else one to a row."""
    half = width // 2 - 8
    if len(cells) > 2 and all(font(size, False).size(w)[0] <= half for _k, w in cells):
        return [cells[i:i + 2] for i in range(0, len(cells), 2)]
    return [[c] for c in cells]


def _rows(lines: Sequence[LogLine], names: Sequence[str], size: int, width: int,
          room: int) -> list[Row]:
    """The rows of shown hands, pots and notes that fit in ``room`` rows, lines wrapped
    to ``width``: the pots and notes always (they are the result), the hands shown only
    if all of them fit (a part of them would mislead; the table shows them anyway)."""
    shows = _pairs([("show", line.text(names)) for line in lines if line.kind == "show"],
                   size, width)
    rest: list[Row] = [[(line.kind, part)] for line in lines if line.kind != "show"
                       for part in wrap(line.text(names), size, line.kind == "pot", width)]
    if len(shows) + len(rest) > room:
        shows = []
    return (shows + rest)[:room]


def draw_result(surface: pygame.Surface, lay: TableLayout, title: str,
                results: Sequence[tuple[str, bool]], lines: Sequence[LogLine],
                names: Sequence[str], footer: str | None, button: bool) -> pygame.Rect:
    """The result panel in the layout's place for it (``TableLayout.summary``): the
    title, the big line(s), the shown hands and pots, a footer line and room for the
    button; as tall as that, grown up from the place's bottom. Returns the panel."""
    s = lay.scale
    place = lay.summary
    pad = int(PAD * s)
    width = place.w - 2 * pad
    size = px(s, "small")
    step = int(size * 1.3)
    big = max(12, int(21 * s))
    big_rows = _pairs([("result", words) for words, _good in results], big, width)
    head = int(26 * s) + int(28 * s) * max(1, len(big_rows))
    foot = (int(18 * s) if footer else 0) + (int((BUTTON[1] + 6) * s) if button else 0)
    room = max(0, (place.h - head - foot - 2 * pad) // step)
    rows = _rows(lines, names, size, width, room)
    r = pygame.Rect(place.x, 0, place.w,
                    min(place.h, head + foot + 2 * pad + step * len(rows) + int(4 * s)))
    r.bottom = place.bottom
    panel(surface, r, (10, 16, 14, 236), GOLD, radius=int(14 * s))
    mark("summary", -1, r)
    y = r.y + pad + 11 * s
    text(surface, title, (r.centerx, y), px(s, "heading"), GOLD, bold=True, max_width=width)
    y += 26 * s + 2 * s
    good = dict(results)
    for row in big_rows:
        _cells(surface, row, r, y, big, width,
               lambda kind, words: GOLD if good.get(words) else CREAM, bold=True, shadow=True)
        y += 28 * s
    y += step / 2 - 12 * s
    for row in rows:
        _cells(surface, row, r, y, size, width,
               lambda kind, words: COLOURS.get(kind, CREAM), bold=False, shadow=False)
        y += step
    if footer:
        bottom = r.bottom - pad - (int((BUTTON[1] + 6) * s) if button else 0)
        text(surface, footer, (r.centerx, bottom - 9 * s), px(s, "fine"), MUTED, shadow=False,
             max_width=width)
    return r


def _cells(surface: pygame.Surface, row: Row, r: pygame.Rect, y: float, size: int, width: int,
           colour: Callable[[str, str], tuple[int, int, int]], bold: bool, shadow: bool) -> None:
    """One row: a centred cell, or two cells centred in the panel's halves."""
    if len(row) == 1:
        kind, words = row[0]
        text(surface, words, (r.centerx, y), size, colour(kind, words),
             bold=bold or kind == "pot", shadow=shadow, max_width=width)
        return
    for k, (kind, words) in enumerate(row):
        x = r.x + r.w * (1 + 2 * k) / 4
        text(surface, words, (x, y), size, colour(kind, words), bold=bold or kind == "pot",
             shadow=shadow, max_width=width // 2 - 8)


def button_rect(lay: TableLayout) -> pygame.Rect:
    """Where "Ván tiếp" goes: the bottom of the panel's place."""
    s = lay.scale
    place = lay.summary
    w = min(int(BUTTON[0] * s), place.w - 2 * int(PAD * s))
    h = int(BUTTON[1] * s)
    return pygame.Rect(place.centerx - w // 2, place.bottom - int(PAD * s) - h, w, h)


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
        ts = self.app.type_scale
        self.button = pygame_gui.elements.UIButton(
            button_rect(lay), key("summary.next"), self.app.ui, container,
            object_id=ts.oid("#primary", "button"))
        set_visible(self.button, self._visible)

    def relayout(self, lay: TableLayout) -> None:
        """The layout changed (the action log's drawer opened or closed): the button
        follows the panel's place."""
        if self.button is not None:
            r = button_rect(lay)
            self.button.set_dimensions(r.size)
            self.button.set_relative_position(r.topleft)

    @property
    def delay(self) -> int:
        return self.app.settings.next_hand_delay

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
        if self.delay > 0:
            left = max(1, int(self.delay - self.shown_for + 0.999))
            note = t("summary.auto", s=str(left))
        else:
            note = t("summary.wait")
        title = t("summary.title", n=str(self.log.hand_no() if self.log.hand_no else ""))
        draw_result(surface, lay, title.strip(), self.result(), hand_lines(self.log),
                    self.names(), note, button=True)
