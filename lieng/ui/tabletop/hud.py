"""What the table writes over the felt for the player: the turn timer bar above the action
bar and the toasts (a timeout, a rebuy...). The table scenes decide *what* to say; this
module only draws it, at the window's scale."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from lieng.game.session import TableHeader
from lieng.ui.core import canvas
from lieng.ui.core.draw import CREAM, GOLD, panel, text, text_surface
from lieng.ui.core.i18n import chips, t
from lieng.ui.core.typescale import TypeScale
from lieng.ui.tabletop.frame_record import FrameRecord
from lieng.ui.tabletop.layout import TableLayout as Layout
from lieng.ui.tabletop.log_panel import wrap


@dataclass
class Toast:
    """A message shown over the table for a few seconds (timeout, rebuy...)."""

    key: str
    args: dict[str, str]
    left: float


def _timer_bar(lay: Layout) -> pygame.Rect:
    s = lay.scale
    bar = pygame.Rect(0, 0, int(lay.size[0] * 0.5), max(4, int(7 * s)))
    bar.midbottom = (lay.size[0] // 2, lay.bar.top - int(4 * s))
    return bar


def timer_rect(lay: Layout) -> pygame.Rect:
    """Where the turn countdown — the bar and "Đến lượt bạn · N giây" above it — may be
    drawn: the action bar's tooltips keep out of it (a playtest found the Theo / Qua lượt
    tooltip over the seconds left), ``ActionBar``'s ``keep_clear``."""
    bar = _timer_bar(lay)
    s = lay.scale
    high = text_surface("Đ", TypeScale(s).px("body"), bold=True).get_height()
    top = int(bar.top - 14 * s - high / 2) - 1
    return pygame.Rect(bar.x, top, bar.w, bar.bottom - top)


def draw_timer_bar(surface: pygame.Surface, lay: Layout, frac: float, label: str,
                   record: FrameRecord) -> None:
    """The player's turn timer (RULES.md step 6): green, then amber, then red; its
    rectangle told to the screen's ``record`` (``frame_record``)."""
    s = lay.scale
    ts = TypeScale(s)
    bar = _timer_bar(lay)
    canvas.rect(surface, (30, 30, 30), bar, border_radius=4)
    fill = bar.copy()
    fill.w = int(bar.w * frac)
    colour = (90, 200, 110) if frac > 0.5 else (230, 190, 60) if frac > 0.25 \
        else (220, 70, 60)
    canvas.rect(surface, colour, fill, border_radius=4)
    drawn = text(surface, label, (bar.centerx, bar.top - 14 * s), ts.px("body"), GOLD, bold=True)
    record.mark("timer", -1, bar.union(drawn))


def draw_toasts(surface: pygame.Surface, lay: Layout, labels: Sequence[str],
                record: FrameRecord) -> None:
    """One framed line per toast, in the round banner's box under the pot (the newest
    on top: they are short-lived); each told to the screen's ``record``."""
    s = lay.scale
    ts = TypeScale(s)
    for label in labels[-1:]:
        w = int(min(lay.banner.w, (len(label) * 11 + 60) * s))
        r = pygame.Rect(0, 0, w, min(lay.banner.h, int(44 * s)))
        r.center = lay.banner.center
        panel(surface, r, (40, 14, 14, 230), GOLD, radius=int(12 * s))
        lines, size = toast_lines(label, lay.banner.w - 20, r.h - 4, ts)
        widest = max(text_surface(x, size, bold=True).get_width() for x in lines)
        if len(lines) > 1 or widest > r.w - 20:
            # Wrapped: the banner's whole width; in the narrowest arrangement (four seats
            # beside the open drawer at 960×540) taller than it too, for a few seconds.
            line_h = text_surface("ván", size, bold=True).get_height()
            r.size = (lay.banner.w, max(r.h, len(lines) * line_h + 4))
            r.center = lay.banner.center
            panel(surface, r, (40, 14, 14, 230), GOLD, radius=int(12 * s))
        step = r.h / len(lines)
        for i, line in enumerate(lines):
            text(surface, line, (r.centerx, r.y + step * (i + 0.5)), size, CREAM, bold=True,
                 max_width=r.w - 20)
        record.mark("toast", -1, r)


def toast_lines(label: str, width: int, height: int, ts: TypeScale) -> tuple[list[str], int]:
    """A toast's lines and size: one line at ``lead`` if it fits ``width``, else the words
    wrapped at ``body`` (then ``small``) into as many lines as ``height`` holds — a long
    notice ("Bạn đang xem ván này — chơi từ ván sau") used to be cut short with "…"."""

    lead = ts.px("lead")
    if text_surface(label, lead, bold=True).get_width() <= width:
        return [label], lead
    for role in ("body", "small"):
        size = ts.px(role)
        lines = wrap(label, size, True, width)
        line_h = text_surface("Ảg", size, bold=True).get_height()
        if len(lines) * line_h <= height and all(
                text_surface(x, size, bold=True).get_width() <= width for x in lines):
            return lines, size
    return wrap(label, ts.px("small"), True, width), ts.px("small")


def info_line(header: TableHeader, round_no: int) -> str:
    """The table's top-line words, as the session says them (``TableSession.header``):
    hand, table bet, round, rules. Between hands no round is going on; after the last
    raising round (RULES.md step 7) "Vòng 4/3" would read as a mistake, so it says only
    calls are left; before the first deal there is no hand to number (a LAN table read
    "Ván 0")."""
    key = "table.info" if round_no <= header.max_rounds else "table.info_calls"
    if not header.in_hand:
        key = "table.info_over" if header.hand_no is not None else "table.info_waiting"
    return t(key, hand=str(header.hand_no), bet=chips(header.table_bet),
             round=str(max(1, round_no)), rounds=str(header.max_rounds),
             preset=t(f"preset.{header.preset}"))
