"""The hand's result, kept on the table until the player moves on: who won, the hands
shown with their names, each pot layer, and the player's net ("Bạn thắng 30").

The result used to vanish after about three seconds; now the next hand begins when the
player presses "Ván tiếp" (the button, Space, Enter or a click on the table) or after the
delay chosen in the settings (``Settings.next_hand_delay``: off, 3, 5 or 10 s). What
it says is the hand's result as the session's story told it (``lieng.game.story``:
``HandResult``, built from public events only, without pygame): at a hot-seat table it
shows exactly what the table showed. This module only puts it into words and draws it.

A table scene says whether the result is showing; this module owns the button, the
countdown and the drawing, so the scenes stay small. The panel has its place in the
table's layout (``TableLayout.summary``: the felt between the seats, above the
player's cards), so it covers no seat's plate, cards or status line; it grows upward
from that place's bottom as tall as its lines. A pot or a note is never cut (they are
the result), and the hands shown (two to a row) stay as long as the footer, the sizes and
the title can give way instead: they are why a pot went where it went — a split pot's
line says it too ("chia đều, cùng 5 điểm") — and only then go (``fit``). A line too
wide wraps whole pieces (``action_log.pieces``: "+ Hùng 790"). The
replay shows the same panel at a hand's end (``draw_result``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.game.story import HandResult, Story, StoryLine
from lieng.ui.core import canvas
from lieng.ui.core.assets import font
from lieng.ui.core.draw import (
    CREAM,
    GOLD,
    MIN_TEXT,
    MUTED,
    panel,
    shadow_offset,
    text,
    text_surface,
)
from lieng.ui.core.gui import set_visible
from lieng.ui.core.i18n import chips, key, language, t
from lieng.ui.core.typescale import px
from lieng.ui.tabletop import action_log
from lieng.ui.tabletop.frame_record import FrameRecord
from lieng.ui.tabletop.layout import TableLayout
from lieng.ui.tabletop.log_panel import COLOURS, wrap

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

ARM_SECONDS = 0.4
"""Keys and clicks are taken only after the summary has been up this long: a Space
pressed twice to check does not skip the result unseen."""
CONTINUE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


def hand_lines(log: Story) -> list[StoryLine]:
    """The last hand's shown hands, pot layers and notes, in the order they happened
    (``RESULT_KINDS``)."""
    return log.hand_lines()


def net_line(net: int, who: str | None = None) -> str:
    """"Bạn thắng 30" / "Bạn thua 20" / "Hoà vốn" — or the same for a named seat."""
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
CELL_GAP = 10
"""Pixels between two cells side by side."""
TITLE_H, BIG_H = 26, 26
"""The title's row and each big result row (design pixels)."""

Row = list[tuple[str, str]]
"""One drawn row of the panel: one (kind, words) cell, or two side by side."""


def _pairs(cells: list[tuple[str, str]], size: int, width: int, bold: bool = False,
           least: int = 3, shadow: bool = False) -> list[Row]:
    """Cells two to a row when there are at least ``least`` and each fits half the width
    as ``_cells`` draws it (a pot's words bold, less the shadow's offset), else one to a
    row: a cell that fitted only without its shadow was drawn shrunk below its row."""
    room = _half(width) - (shadow_offset(size) if shadow else 0)
    if len(cells) >= least and all(font(size, bold or kind == "pot").size(w)[0] <= room
                                   for kind, w in cells):
        return [cells[i:i + 2] for i in range(0, len(cells), 2)]
    return [[c] for c in cells]


def _rows(lines: Sequence[StoryLine], names: Sequence[str], size: int, width: int,
          shows: int) -> list[Row]:
    """The panel's rows at text size ``size``: the hands shown (``shows``: 2 with their
    cards, 1 by name only — "Hùng: 9 điểm", the cards are on the table — 0 not at all),
    then every pot and note, each wrapped whole to ``width`` (``action_log.pieces``: a split
    pot's shares stay together). Nothing here is ever cut: ``fit`` finds room for all of
    it."""
    cells = [("show", _shown(line, names, shows)) for line in lines if line.kind == "show"]
    shown = (_threes(cells, size, width) if shows == 1 else None) \
        or (_pairs(cells, size, width, least=2) if shows else [])
    rest: list[Row] = [[(line.kind, part)] for line in lines if line.kind != "show"
                       for part in wrap(action_log.pieces(line, names), size,
                                        line.kind == "pot", width)]
    return shown + rest


def _threes(cells: list[tuple[str, str]], size: int, width: int) -> list[Row] | None:
    """Short cells ("Hùng: 9 điểm") three to a row when there are more than two and each
    fits a third of the width; None otherwise."""
    third = (width - 2 * CELL_GAP) // 3
    if len(cells) > 2 and all(font(size, kind == "pot").size(w)[0] <= third
                              for kind, w in cells):
        return [cells[i:i + 3] for i in range(0, len(cells), 3)]
    return None


def _shown(line: StoryLine, names: Sequence[str], shows: int) -> str:
    if shows >= 2 or line.value is None or not line.seats:
        return action_log.text(line, names)
    who = action_log.seat_names(line, names)[0]  # the name the seat had when it showed
    return t("summary.shown_short", who=who, hand=line.value.name(language()))


def _clauses(words: str) -> list[str]:
    """A footer in the pieces it wraps by: a line too long breaks after its dash
    ("Ván tiếp sau 5 giây —" / "hoặc bấm Ván tiếp, Space, Enter"); a clause too long
    for a line by itself, between its words."""
    head, dash, tail = words.partition(" — ")
    return [f"{head} —", tail] if dash else words.split(" ")


@dataclass(frozen=True)
class Fit:
    """How the panel is laid out: what it shows, at which sizes, and how tall it is."""

    title: bool
    big: int
    """The results' text size."""
    big_step: int
    big_rows: list[Row]
    size: int
    """The hands' and pots' text size."""
    step: int
    rows: list[Row]
    footer: list[str]
    """The footer's lines (wrapped at the ``fine`` role, never shrunk)."""
    height: int


Plan = tuple[int, int, int, int, bool]
"""Results' size, hands' and pots' size, how the hands are shown (2 with cards, 1 by name,
0 not), which footer, title or not."""


def _big_rows(results: Sequence[tuple[str, bool]], size: int, width: int) -> list[Row]:
    """The results, one cell per seat: two to a row when they fit (a hot-seat table's
    every seat), else one to a row."""
    return _pairs([("result", words) for words, _good in results], size, width, bold=True,
                  least=2, shadow=True)


def _plans(results: Sequence[tuple[str, bool]], s: float, width: int, short: int
           ) -> Iterator[Plan]:
    """The ways to lay the panel out, best first. While what it holds does not fit: the
    hands shown give way (they are on the table, and in the log); the footer takes its
    short form; the results take a smaller size if that sets them two to a row; the
    hands and pots take the ``fine`` role instead of ``small``; the title goes; then
    the text goes below its role, a pixel at a time."""
    big, small, fine = max(12, int(21 * s)), px(s, "small"), px(s, "fine")
    most = len(_big_rows(results, big, width))
    paired = next((size for size in range(big - 1, MIN_TEXT - 1, -1)
                   if len(_big_rows(results, size, width)) < most), big)
    # The hands shown are the reason for the result (a split pot has no other), so they
    # stay while anything else can give way; only then do they go (issue 22).
    steps = [(big, small, 0, True), (big, small, short, True), (paired, small, short, True),
             (paired, fine, short, True), (paired, fine, short, False)]
    for b, size, footer, title in steps:
        yield b, size, 2, footer, title
        yield b, size, 1, footer, title
    for b, size, footer, title in steps:
        yield b, size, 0, footer, title
    for d in range(1, fine - MIN_TEXT + 1):
        yield max(MIN_TEXT, paired - d), fine - d, 0, short, False


def fit(lay: TableLayout, results: Sequence[tuple[str, bool]], lines: Sequence[StoryLine],
        names: Sequence[str], footers: Sequence[str], button: bool) -> Fit:
    """The first of ``_plans`` that fits the panel's place in the layout, which it never
    leaves — and never by cutting a pot or a note: they are the result. The panel is as
    tall as what it holds; only if even the last plan does not fit does it grow past its
    place (rather than lose a pot). Remembered (``_fits``): the panel stays up for
    seconds, and measuring every plan's words again was a third of its frames."""
    ck = (tuple(lay.summary), lay.scale, tuple(results), tuple(lines), tuple(names),
          tuple(footers), button, language())
    hit = _fits.get(ck)
    if hit is None:
        hit = _fit(lay, results, lines, names, footers, button)
        if len(_fits) >= FITS_KEPT:
            _fits.clear()
        _fits[ck] = hit
    return hit


FITS_KEPT = 32
"""The panel's layouts kept: a few per hand (its countdown changes the footer every
second), a handful of hands."""
_fits: dict[tuple[object, ...], Fit] = {}


def _fit(lay: TableLayout, results: Sequence[tuple[str, bool]], lines: Sequence[StoryLine],
         names: Sequence[str], footers: Sequence[str], button: bool) -> Fit:
    s = lay.scale
    place = lay.summary
    pad = int(PAD * s)
    width = place.w - 2 * pad
    fine = px(s, "fine")
    fstep = int(fine * 1.3)
    button_h = int((BUTTON[1] + 6) * s) if button else 0
    footers = list(footers) or [""]
    base = max(12, int(21 * s))
    best: Fit | None = None
    for big, size, shows, f, title in _plans(results, s, width, len(footers) - 1):
        if shows and not any(line.kind == "show" for line in lines):
            continue
        big_rows = _big_rows(results, big, width)
        big_step = int(BIG_H * s * big / base)
        step = int(size * 1.3)
        rows = _rows(lines, names, size, width, shows)
        foot = wrap(_clauses(footers[f]), fine, False, width - 2 * pad) if footers[f] else []
        height = (2 * pad + (int(TITLE_H * s) if title else 0) + big_step * len(big_rows)
                  + int(4 * s) + step * len(rows) + fstep * len(foot) + button_h)
        best = Fit(title, big, big_step, big_rows, size, step, rows, foot, height)
        if height <= place.h:
            return best
    assert best is not None
    return best


def draw_result(surface: pygame.Surface, lay: TableLayout, title: str,
                results: Sequence[tuple[str, bool]], lines: Sequence[StoryLine],
                names: Sequence[str], footer: str | Sequence[str] | None,
                button: bool, record: FrameRecord) -> pygame.Rect:
    """The result panel in the layout's place for it (``TableLayout.summary``): the
    title, the results (one cell per seat's, two to a row when they fit), the shown
    hands and pots, the footer (``footer``: one line, or its forms longest first) and
    room for the button; as tall as that, grown up from the place's bottom (``fit``
    says what gives way when that is taller than the place); the panel is told to the
    screen's ``record``. Returns the panel."""
    footers = [footer] if isinstance(footer, str) else list(footer or [])
    how = fit(lay, results, lines, names, footers, button)
    r = _draw_body(surface, lay, title, results, how, record)
    _draw_footer(surface, lay, how, button)
    return r


def _panel(lay: TableLayout, how: Fit) -> pygame.Rect:
    r = pygame.Rect(lay.summary.x, 0, lay.summary.w, how.height)
    r.bottom = lay.summary.bottom
    return r


def _draw_body(surface: pygame.Surface, lay: TableLayout, title: str,
               results: Sequence[tuple[str, bool]], how: Fit,
               record: FrameRecord) -> pygame.Rect:
    """The panel, its title, results, hands and pots (all but the footer)."""
    s = lay.scale
    pad = int(PAD * s)
    width = lay.summary.w - 2 * pad
    r = _panel(lay, how)
    panel(surface, r, (10, 16, 14, 236), GOLD, radius=int(14 * s))
    record.mark("summary", -1, r)
    y = float(r.y + pad)
    if how.title:
        text(surface, title, (r.centerx, y + TITLE_H * s / 2 - s), px(s, "heading"), GOLD,
             bold=True, max_width=width)
        y += int(TITLE_H * s)
    good = dict(results)
    for row in how.big_rows:
        _cells(surface, row, r, y + how.big_step / 2, how.big, width,
               lambda kind, words: GOLD if good.get(words) else CREAM, bold=True, shadow=True)
        y += how.big_step
    y += int(4 * s)
    for row in how.rows:
        _cells(surface, row, r, y + how.step / 2, how.size, width,
               lambda kind, words: COLOURS.get(kind, CREAM), bold=False, shadow=False)
        y += how.step
    return r


def _draw_footer(surface: pygame.Surface, lay: TableLayout, how: Fit, button: bool) -> None:
    """The footer's lines, above the button's room."""
    s = lay.scale
    pad = int(PAD * s)
    width = lay.summary.w - 2 * pad
    r = _panel(lay, how)
    fine = px(s, "fine")
    fstep = int(fine * 1.3)
    y = r.bottom - pad - (int((BUTTON[1] + 6) * s) if button else 0) - fstep * len(how.footer)
    for words in how.footer:
        text(surface, words, (r.centerx, y + fstep / 2), fine, MUTED, shadow=False,
             max_width=width)
        y += fstep


def _half(width: int) -> int:
    """A cell's width when two share a row: half the text's width, less a gap between."""
    return (width - CELL_GAP) // 2


def _cells(surface: pygame.Surface, row: Row, r: pygame.Rect, y: float, size: int, width: int,
           colour: Callable[[str, str], tuple[int, int, int]], bold: bool, shadow: bool) -> None:
    """One row: a centred cell, or two (three) cells centred in the halves (thirds) of the
    text's width."""
    if len(row) == 1:
        kind, words = row[0]
        text(surface, words, (r.centerx, y), size, colour(kind, words),
             bold=bold or kind == "pot", shadow=shadow, max_width=width)
        return
    left = r.centerx - width / 2
    n = 3 if len(row) == 3 else 2  # three short cells, or two halves
    cell = (width - (n - 1) * CELL_GAP) // n
    for k, (kind, words) in enumerate(row):
        x = left + width * (1 + 2 * k) / (2 * n)
        text(surface, words, (x, y), size, colour(kind, words), bold=bold or kind == "pot",
             shadow=shadow, max_width=cell)


def button_rect(lay: TableLayout) -> pygame.Rect:
    """Where "Ván tiếp" goes: the bottom of the panel's place."""
    s = lay.scale
    place = lay.summary
    w = min(int(BUTTON[0] * s), place.w - 2 * int(PAD * s))
    h = int(BUTTON[1] * s)
    return pygame.Rect(place.centerx - w // 2, place.bottom - int(PAD * s) - h, w, h)


class SummaryPanel:
    """The result panel and its "Ván tiếp" button. ``hand`` gives the hand's result to
    show (the session's story's, ``HandResult``); ``result`` its big line(s) — the
    player's net, or every seat's at a hot-seat table."""

    def __init__(self, app: GameApp, hand: Callable[[], HandResult | None],
                 names: Callable[[], Sequence[str]],
                 result: Callable[[], list[tuple[str, bool]]],
                 record: FrameRecord | None = None) -> None:
        self.app = app
        self.hand = hand
        self.names = names
        self.result = result
        self.record = record if record is not None else FrameRecord()
        """Told the panel's rectangle (its screen's ``frame_record``)."""
        self.button: pygame_gui.elements.UIButton | None = None
        self.shown_for = 0.0
        """Seconds the summary has been on screen uncovered (the countdown reads it)."""
        self._visible = False
        self._last_fit: tuple[tuple[object, ...], Fit] | None = None
        self._laid_out: tuple[object, ...] | None = None
        self._prepared: tuple[object, ...] | None = None
        """What ``_prepare_next`` has done for the countdown's next second."""
        self._place: tuple[pygame_gui.core.UIContainer, TableLayout] | None = None
        """Where the button goes once made (``build``): its container and the layout."""
        self._waited = False
        self._want = False
        """The button should show (``update``: the result up, the table uncovered)."""

    def build(self, container: pygame_gui.core.UIContainer, lay: TableLayout) -> None:
        """Say where the button goes. It is made at the second ``update`` after this —
        or the first that shows it: a hidden button is no part of the table's first
        frame (~4 ms of opening a table, docs/PERFORMANCE.md)."""
        self.button = None  # the container's elements went with it
        self._place = (container, lay)
        self._waited = False

    def _make_button(self) -> None:
        assert self._place is not None
        container, lay = self._place
        ts = self.app.type_scale
        self.button = pygame_gui.elements.UIButton(
            button_rect(lay), key("summary.next"), self.app.ui, container,
            object_id=ts.oid("#primary", "button"))
        set_visible(self.button, False)

    def relayout(self, lay: TableLayout) -> None:
        """The layout changed (the action log's drawer opened or closed): the button
        follows the panel's place."""
        if self._place is not None:
            self._place = (self._place[0], lay)
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
        if self.button is None and self._place is not None:
            if self._waited or want:
                self._make_button()
            self._waited = True
        self._want = want
        self.show_button()
        if not showing:
            return False
        if active:
            self.shown_for += dt
        return self.delay > 0 and self.shown_for >= self.delay

    def show_button(self) -> None:
        """The button shown exactly while the result is up on an uncovered table — on
        this frame: ``update`` calls it after the window's pygame_gui update, and the table
        again when a covering scene leaves it later in the frame (the container shows its
        hidden children again; the hot-seat hand-off closes in the table's own update),
        and the window rebuilds pygame_gui's list of what it draws before drawing
        (``core.shown_now``): the button was drawn on the felt for a frame at a hand-off
        and at the next deal (a playtest, docs/UI.md)."""
        if self.button is not None and bool(self.button.visible) != self._want:
            set_visible(self.button, self._want)

    def wants_continue(self, event: pygame.event.Event) -> bool:
        """The player asks for the next hand: the button, Space/Enter, a click."""
        if not self._visible or self.shown_for < ARM_SECONDS:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return bool(event.ui_element is self.button)
        if event.type == pygame.KEYDOWN:
            return bool(event.key in CONTINUE_KEYS)
        return bool(event.type == pygame.MOUSEBUTTONUP and event.button == 1)

    def _left(self) -> int:
        """The countdown's seconds as the footer says them."""
        return max(1, int(self.delay - self.shown_for + 0.999))

    def _notes(self, left: int) -> list[str]:
        if self.delay > 0:
            return [t("summary.auto", s=str(left)), t("summary.auto_short", s=str(left))]
        return [t("summary.wait"), ""]  # short of room: the button says it

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        if not self._visible:
            return
        notes = self._notes(self._left())
        hand = self.hand()
        if hand is None:
            return
        title = t("summary.title", n=str(hand.hand_no or "")).strip()
        results, names = self.result(), self.names()
        # One group of the canvas: the panel stays up for seconds, the same until its
        # countdown's next second (``canvas.grouped``; drawn anew while the frame is
        # recorded, ``frame_record``, which a replay would not tell).
        # Two: the countdown's next second draws only the footer anew.
        # The same hand, words and layout as the last frame: the same panel (``fit``'s
        # own memory hashes every line of the hand; this compares a few objects).
        seen = (hand, lay, language(), tuple(results), tuple(names), tuple(notes))
        last = self._last_fit
        if last is not None and last[0] == seen:
            how = last[1]
        else:
            how = fit(lay, results, hand.lines, names, notes, True)
            self._last_fit = (seen, how)
        watched = self.record.recording
        body = None if watched else (id(lay), language(), title, tuple(results), how.title,
                                     how.big, how.big_step, how.big_rows, how.size,
                                     how.step, how.rows, how.height)
        canvas.grouped(surface, "summary", body, _draw_body, surface, lay, title, results,
                       how, self.record)
        foot = None if watched else (id(lay), how.footer, how.height)
        canvas.grouped(surface, "summary footer", foot, _draw_footer, surface, lay, how, True)
        self._prepare_next(lay, results, hand.lines, names)

    def _prepare_next(self, lay: TableLayout, results: Sequence[tuple[str, bool]],
                      lines: Sequence[StoryLine], names: Sequence[str]) -> None:
        """One step a frame towards the countdown's next second — its layout (``fit``)
        on one frame, its footer's words rendered on the next — so the frame the
        countdown changes on finds both ready: laying the panel out and rendering its
        words on that one frame made it one of the slowest of a hand (docs/PERFORMANCE.md)."""
        if self.delay <= 0 or self._left() <= 1 \
                or (self.delay - self.shown_for + 0.999) % 1.0 > 0.5:
            return  # in the second's later half: never on the frame it changes on
        notes = self._notes(self._left() - 1)
        ck = (notes[0], id(lay), tuple(results), tuple(lines), tuple(names), language())
        if self._prepared == ck:
            return
        how = fit(lay, results, lines, names, notes, True)
        if self._laid_out != ck:
            self._laid_out = ck
            return
        for words in how.footer:
            text_surface(words, px(lay.scale, "fine"), MUTED)
        self._prepared = ck
