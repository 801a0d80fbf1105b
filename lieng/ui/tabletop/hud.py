"""What the table writes over the felt for the player: the turn timer bar above the action
bar and the toasts (a timeout, a rebuy...). The table scenes decide *what* to say; this
module only draws it, at the window's scale."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from lieng.game.session import TableHeader
from lieng.ui.core import canvas
from lieng.ui.core.draw import CREAM, GOLD, MIN_TEXT, panel, text, text_surface
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
    notice ("Bạn đang xem ván này — chơi từ ván sau") used to be cut short with "…" — as
    even as their number allows, an amount never parted from its unit ("1.000 chip":
    ``amount_pieces``; below ``small`` rather than that, in the narrowest box)."""

    lead = ts.px("lead")
    if text_surface(label, lead, bold=True).get_width() <= width:
        return [label], lead
    pieces = amount_pieces(label)
    for role in ("body", "small"):
        size = ts.px(role)
        lines = _even(pieces, size, width)
        line_h = text_surface("Ảg", size, bold=True).get_height()
        if len(lines) * line_h <= height and _whole(pieces, size, width) and all(
                text_surface(x, size, bold=True).get_width() <= width for x in lines):
            return lines, size
    # A piece wider than the box at ``small`` ("20,000 chips" beside the open drawer at
    # 960×540, 98 px): a smaller size before the amount is parted from its unit.
    for size in range(ts.px("small"), MIN_TEXT - 1, -1):
        if _whole(pieces, size, width):
            return _even(pieces, size, width), size
    return _even(pieces, MIN_TEXT, width), MIN_TEXT


AMOUNT = re.compile(r"^[+\-−]?\d[\d.,]*$")
"""A word that is an amount, as ``i18n.chips`` writes it ("1.000", "1,000", "+290")."""


def amount_pieces(label: str) -> list[str]:
    """``label``'s words, an amount kept with the word after it (its unit): "Đã mua thêm
    1.000 chip" wrapped as "Đã mua thêm 1.000" / "chip" in a narrow box (a playtest);
    "1.000 chip" is one piece, never broken."""
    words = label.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        if AMOUNT.match(words[i]) and i + 1 < len(words):
            out.append(f"{words[i]} {words[i + 1]}")
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def _whole(pieces: list[str], size: int, width: int) -> bool:
    """Every amount fits ``width`` with its unit (``amount_pieces``)."""
    return all(text_surface(p, size, bold=True).get_width() <= width
               for p in pieces if " " in p)


def _even(pieces: list[str], size: int, width: int) -> list[str]:
    """The pieces wrapped to ``width``, then to the narrowest width that needs no more
    lines: the lines as even as their number allows (no lone last word)."""
    lines = wrap(pieces, size, True, width)
    lo, hi = width // max(1, len(lines)), width
    while len(lines) > 1 and lo < hi:
        mid = (lo + hi) // 2
        if len(wrap(pieces, size, True, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return wrap(pieces, size, True, hi)


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
