"""Drawing helpers shared by the scenes: cached text, chips, panels, the felt.

Rendering a string is the costly part of a frame, so rendered text is cached by
(text, size, bold, colour); every cache here is bounded by the bytes it holds
(``lieng.ui.core.surface_cache``: old entries make way for new ones, and closing the
window frees them all).
"""

from __future__ import annotations

import math
import unicodedata

import pygame

from lieng.ui.core.assets import font
from lieng.ui.core.surface_cache import SurfaceCache

Colour = tuple[int, int, int] | tuple[int, int, int, int]

GOLD = (232, 193, 90)
CREAM = (243, 238, 220)
MUTED = (170, 176, 166)
SHADOW = (0, 0, 0)
DIALOG_FILL = (16, 26, 22, 255)
"""A dialog's panel is opaque: nothing under it — the hand-off panel's name and
countdown, the table's cards — shows through its message."""

_text_cache: SurfaceCache[tuple[str, int, bool, Colour]] = SurfaceCache("text", 1.0)


def text_surface(text: str, size: int, colour: Colour = CREAM,
                 bold: bool = False) -> pygame.Surface:
    key = (text, int(size), bold, colour)
    surf = _text_cache.get(key)
    if surf is None:
        surf = _text_cache.put(key, _render(text, int(size), colour, bold))
    return surf


def _render(text: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
    """Render ``text``; never raises. pygame refuses a string that draws nothing ("Text has
    zero width": a lone zero-width mark), an embedded NUL and lone surrogates; such a
    string is drawn without the characters it cannot show, and an empty result as a blank
    of the font's height, so a stranger's name can never stop the window."""
    f = font(size, bold)
    try:
        return f.render(text, True, colour)
    except (pygame.error, ValueError):
        shown = "".join(ch for ch in text if ch.isprintable()
                        and not unicodedata.category(ch).startswith(("C", "M")))
        try:
            return f.render(shown, True, colour)
        except (pygame.error, ValueError):
            return pygame.Surface((1, f.get_height()), pygame.SRCALPHA)


MIN_TEXT = 8
"""``text`` shrinks a line to fit its width down to this size, and no further."""
ELLIPSIS = "…"


def text(target: pygame.Surface, s: str, pos: tuple[float, float], size: int,
         colour: Colour = CREAM, bold: bool = False, anchor: str = "center",
         shadow: bool = True, max_width: int | None = None) -> pygame.Rect:
    """Draw ``s`` anchored at ``pos`` (``anchor`` is a pygame.Rect attribute name).

    With ``max_width`` nothing is drawn beyond it, shadow included: the size shrinks until
    the text fits, down to ``MIN_TEXT``; a line still too wide there is cut short with
    "…" (``ellipsize``). An ellipsis rather than a clip, because a clip cuts a letter
    through — a Vietnamese letter can lose its tone mark and read as another word —
    while "…" says plainly that there is more (the whole line is in the action log, and
    a caller that must show every word wraps it instead: ``summary``, ``log_panel``)."""
    size = int(size)
    surf = text_surface(s, size, colour, bold)
    room = None if max_width is None else max(1, int(max_width) - (shadow_offset(size)
                                                                  if shadow else 0))
    while room is not None and surf.get_width() > room and size > MIN_TEXT:
        size -= 1
        room = max(1, int(max_width or 0) - (shadow_offset(size) if shadow else 0))
        surf = text_surface(s, size, colour, bold)
    if room is not None and surf.get_width() > room:
        s = ellipsize(s, size, bold, room)
        surf = text_surface(s, size, colour, bold)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    drawn = shadowed(s, size, colour, bold) if shadow else surf
    if room is not None and rect.w > room:  # not even "…" fits: clip, the last resort
        rect.w = room
        drawn = drawn.subsurface((0, 0, min(room, drawn.get_width()), drawn.get_height()))
    target.blit(drawn, rect)
    return rect


def shadow_offset(size: int) -> int:
    """How far a text's shadow falls right and down at ``size``: what ``text`` takes off a
    ``max_width`` before it fits the words, so a caller sizing a box for shadowed text
    leaves it too."""
    return max(1, size // 14)


def _width(s: str, size: int, bold: bool) -> int:
    try:
        return int(font(size, bold).size(s)[0])
    except (pygame.error, ValueError):
        return text_surface(s, size, CREAM, bold).get_width()


def ellipsize(s: str, size: int, bold: bool, width: int) -> str:
    """The longest start of ``s`` that, with "…" after it, is at most ``width`` pixels
    wide — cut between letters, never between a letter and its combining marks (a
    decomposed "ễ" keeps its hat and its tilde or goes whole). Just "…" when nothing fits."""
    if _width(s, size, bold) <= width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:  # the longest fitting start
        mid = (lo + hi + 1) // 2
        if _width(s[:mid].rstrip() + ELLIPSIS, size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    while 0 < lo < len(s) and unicodedata.category(s[lo]).startswith("M"):
        lo -= 1
    return s[:lo].rstrip() + ELLIPSIS


_shadow_cache: SurfaceCache[tuple[str, int, bool, Colour]] = SurfaceCache("shadowed text",
                                                                          0.6)


def shadowed(s: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Text with its drop shadow composed once: one blit per frame instead of two. Cached
    (so never to be drawn into: copy it first)."""
    key = (s, size, bold, colour)
    surf = _shadow_cache.get(key)
    if surf is None:
        fg = text_surface(s, size, colour, bold)
        sh = text_surface(s, size, (0, 0, 0), bold)
        off = shadow_offset(size)
        surf = pygame.Surface((fg.get_width() + off, fg.get_height() + off), pygame.SRCALPHA)
        surf.blit(sh, (off, off))
        surf.blit(fg, (0, 0))
        _shadow_cache.put(key, surf)
    return surf


def shade(target: pygame.Surface, alpha: int) -> None:
    """Darken the whole of ``target`` (the backdrop of a dialog or an overlay screen) as
    black at ``alpha`` over it would: every channel times ``1 - alpha/255``, in place.

    A multiply fill allocates nothing: a translucent full-window surface cost ~0.4 ms a
    frame to allocate, and cached it held a window of pixels per alpha for the whole
    evening (7 MiB at 1280×720 for the two the game uses; docs/PERFORMANCE.md).
    """
    keep = max(0, min(255, round(255 - int(alpha))))
    target.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


_panel_cache: SurfaceCache[tuple[object, ...]] = SurfaceCache("panel", 1.25)


def panel(target: pygame.Surface, rect: pygame.Rect, fill: Colour = (14, 22, 19, 215),
          border: Colour | None = (142, 122, 60), radius: int = 12, width: int = 2) -> None:
    """A rounded translucent panel (cached by size and colours)."""
    key = (rect.size, fill, border, radius, width)
    surf = _panel_cache.get(key)
    if surf is None:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
        if border is not None:
            pygame.draw.rect(surf, border, surf.get_rect(), width, border_radius=radius)
        _panel_cache.put(key, surf)
    target.blit(surf, rect)


CHIP_COLOURS: list[tuple[int, tuple[int, int, int]]] = [
    (500, (40, 40, 46)), (100, (30, 90, 170)), (50, (200, 120, 20)),
    (25, (30, 140, 70)), (5, (190, 30, 40)), (1, (235, 235, 230)),
]

_chip_cache: SurfaceCache[tuple[int, tuple[int, int, int]]] = SurfaceCache("chip", 0.5)


def chip(radius: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """One casino chip seen from above: coloured disc, white edge stripes, inner ring."""
    radius = max(3, int(radius))
    key = (radius, colour)
    surf = _chip_cache.get(key)
    if surf is not None:
        return surf
    ss = 3
    r = radius * ss
    big = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    c = (r + 1, r + 1)
    pygame.draw.circle(big, (0, 0, 0, 90), (c[0], c[1] + ss), r)
    pygame.draw.circle(big, colour, c, r)
    stripe = (250, 250, 245) if sum(colour) < 600 else (190, 30, 40)
    for k in range(6):
        a = k * math.pi / 3
        a0, a1 = a - 0.18, a + 0.18
        pts = [(c[0] + math.cos(a0) * r, c[1] + math.sin(a0) * r),
               (c[0] + math.cos(a1) * r, c[1] + math.sin(a1) * r),
               (c[0] + math.cos(a1) * r * 0.72, c[1] + math.sin(a1) * r * 0.72),
               (c[0] + math.cos(a0) * r * 0.72, c[1] + math.sin(a0) * r * 0.72)]
        pygame.draw.polygon(big, stripe, pts)
    pygame.draw.circle(big, stripe, c, int(r * 0.62), max(1, ss))
    dark = tuple(max(0, v - 40) for v in colour)
    pygame.draw.circle(big, dark, c, int(r * 0.55))
    surf = pygame.transform.smoothscale(big, (2 * radius + 1, 2 * radius + 1))
    return _chip_cache.put(key, surf)


def chips_for(amount: int, max_chips: int = 8) -> list[tuple[int, int, int]]:
    """Chip colours for a pile showing ``amount`` (largest denominations first)."""
    out: list[tuple[int, int, int]] = []
    left = amount
    for value, colour in CHIP_COLOURS:
        while left >= value and len(out) < max_chips:
            out.append(colour)
            left -= value
    if not out and amount > 0:
        out.append(CHIP_COLOURS[-1][1])
    return out


def chip_pile(target: pygame.Surface, amount: int, center: tuple[float, float], radius: int,
              max_chips: int = 8) -> pygame.Rect:
    """A short stack of chips for ``amount``, bottom at ``center``; returns what it
    covers."""
    colours = chips_for(amount, max_chips)
    step = max(2, radius // 3)
    covered = pygame.Rect(int(center[0]), int(center[1]), 0, 0)
    for i, colour in enumerate(reversed(colours)):
        s = chip(radius, colour)
        r = s.get_rect(center=(int(center[0]), int(center[1] - i * step)))
        target.blit(s, r)
        covered = r if i == 0 else covered.union(r)
    return covered


def felt(size: tuple[int, int], scale: float, rect: pygame.Rect | None = None) -> pygame.Surface:
    """The background: dark room, an oval table (``rect``, by default the whole window's
    ``table_rect``) with a wooden rail and green felt."""
    # Vertical gradient for the room: 64 bands, scaled up (a full-height loop of
    # fills costs more than the whole first frame otherwise).
    top, bottom = (22, 26, 30), (8, 10, 12)
    strip = pygame.Surface((1, 64))
    for y in range(64):
        t = y / 63
        strip.set_at((0, y), tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)))
    surf = pygame.transform.scale(strip, size)
    if rect is None:
        rect = table_rect(size, scale)
    rail = rect.inflate(int(46 * scale), int(46 * scale))
    shadow = pygame.Surface(rail.inflate(40, 40).size, pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 120), shadow.get_rect())
    surf.blit(shadow, shadow.get_rect(center=(rail.centerx, rail.centery + int(12 * scale))))
    for colour, inset in (((70, 38, 20), 0), ((110, 64, 32), 8), ((84, 46, 22), 30)):
        _smooth_ellipse(surf, colour, rail.inflate(-int(inset * scale), -int(inset * scale)))
    # Felt with a radial glow, drawn at a quarter size and smooth-scaled (it is soft
    # anyway), then the felt's edge drawn crisp at full size.
    q = pygame.Surface((max(8, rect.w // 4), max(8, rect.h // 4)), pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        col = (int(18 + 22 * t), int(86 + 46 * t), int(54 + 26 * t))
        r = q.get_rect().inflate(-int(q.get_width() * 0.55 * t), -int(q.get_height() * 0.55 * t))
        pygame.draw.ellipse(q, col, r)
    glow = pygame.transform.smoothscale(q, rect.size)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
    glow.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(glow, rect)
    _aa_outline(surf, (24, 96, 60), rect)
    pygame.draw.ellipse(surf, (232, 193, 90), rect.inflate(-int(36 * scale), -int(36 * scale)),
                        max(1, int(2 * scale)))
    return surf


def _aa_outline(surf: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect) -> None:
    """An anti-aliased edge over a filled ellipse (``pygame.draw`` fills are aliased)."""
    from pygame import gfxdraw

    rx, ry = rect.w // 2 - 1, rect.h // 2 - 1
    if rx > 0 and ry > 0:
        gfxdraw.aaellipse(surf, rect.centerx, rect.centery, rx, ry, colour)


def _smooth_ellipse(surf: pygame.Surface, colour: tuple[int, int, int],
                    rect: pygame.Rect) -> None:
    pygame.draw.ellipse(surf, colour, rect)
    _aa_outline(surf, colour, rect)


def table_rect(size: tuple[int, int], scale: float,
               area: pygame.Rect | None = None) -> pygame.Rect:
    """The felt's oval, in ``area`` (the window's width less the action log's drawer
    when it is open; the whole window by default)."""
    w, h = size
    if area is None:
        area = pygame.Rect(0, 0, w, h)
    rw = min(area.w - int(220 * scale), int(h * 1.75))
    rh = int(h * 0.56)
    r = pygame.Rect(0, 0, rw, rh)
    r.center = (area.centerx, int(h * 0.43))
    return r
