"""A window's frame kept from one frame to the next and repainted only where it changed.

A table frame blits about seventy surfaces — the felt, every seat's plate, text and cards,
the pots, the result panel — and most of them are the same surface at the same place as
in the frame before: only a turn's ring, a chip in flight or a card turning over moves.
Blending them all again every frame was most of a frame's cost (docs/PERFORMANCE.md).

``Canvas`` is a window-sized surface that *records* what a frame draws on it — each blit
(which surface, where, which part) and each shape (its arguments) — instead of drawing it,
compares that list with the last frame's, and repaints only the rectangles where the two
differ: each from the bottom up, every recorded operation that touches it in its order,
clipped to it. Every pixel is then what drawing the whole list would have made: a blit
clipped to a rectangle draws, inside it, exactly the pixels it draws whole, and a shape
is never cut (the rectangle grows to hold it: ``pygame.draw``'s arcs and outlines draw
other pixels when clipped — ``tests/ui/core/test_canvas.py`` found it). The canvas then
goes onto the window: whole, or — when the window still holds the last frame but for
what was drawn over it since (the controls) — only what changed and those rectangles.

A *group* (``Canvas.group``, ``grouped``) is a run of operations kept under a key: while
the key stays the same, the group's operations are replayed without running the code
that drew them (a seat's plate, cards and status line, the pots, the result panel).

Why the two lists' difference is enough: an operation is its surface (the object, not
its pixels) and its arguments. Outside the changed rectangles every pixel is covered by
the same operations, in the same order, as in the frame before — so it is the same pixel.

What this asks of the code that draws on a canvas:

- a surface it blits is never drawn into afterwards (the caches' surfaces never are:
  a surface is composed, then kept and only read). A surface made anew each frame (a
  card narrowed to turn over) is a new operation each frame, repainted each frame;
- shapes go through this module (``circle``, ``arc``, ``ellipse``, ``rect``, ``line``):
  ``pygame.draw`` on the canvas itself would draw at once, out of order. On any other
  surface these are ``pygame.draw``'s own functions;
- a group's key holds everything its drawing reads.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from difflib import SequenceMatcher

import pygame
from pygame.typing import Point, RectLike

Colour = tuple[int, int, int] | tuple[int, int, int, int]

BlitOp = tuple[pygame.Surface, tuple[float, float], tuple[int, int, int, int] | None, int]
"""A recorded blit: the surface, where its top left goes, which part of it, the flags."""
ShapeOp = tuple[Callable[..., pygame.Rect], tuple[Hashable, ...]]
"""A recorded shape: its ``pygame.draw`` function and the arguments after the surface."""
Op = BlitOp | ShapeOp
Recorded = tuple[list[Op], list[pygame.Rect], list[pygame.Rect]]
"""A group's operations, their rectangles and its shapes' bounds."""

WHOLE = 0.6
"""When the changed rectangles cover more than this share of the window, it is repainted
whole (one pass over the list rather than many)."""


class Canvas(pygame.Surface):
    """A retained frame: ``paint(target, draw)`` has ``draw`` draw the frame onto the
    canvas, repaints what changed since the last ``paint`` and blits the result onto
    ``target``. It has the pixel format of ``like`` (the window), so that last blit is a
    copy."""

    def __init__(self, size: tuple[int, int], like: pygame.Surface | None = None) -> None:
        if like is not None:
            super().__init__(size, 0, like)
        else:
            super().__init__(size)
        self._bounds = self.get_rect()
        self._ops: list[Op] = []
        self._rects: list[pygame.Rect] = []
        self._shapes: list[pygame.Rect] = []
        self._last_ops: list[Op] = []
        self._last_rects: list[pygame.Rect] = []
        self._groups: dict[Hashable, tuple[object, object, Recorded]] = {}
        self._fresh = True
        self._recording = False

    # ----------------------------------------------------------------- recording

    def blit(self, source: pygame.Surface, dest: Point | RectLike = (0, 0),
             area: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        """Record a blit (outside ``paint``: draw it at once, like any surface). Returns
        what it covers, unclipped."""
        if not self._recording:
            return super().blit(source, dest, area, special_flags)
        x: float
        y: float
        if isinstance(dest, pygame.Rect):
            x, y = dest.x, dest.y
        else:
            x, y = dest[0], dest[1]  # type: ignore[index, assignment]  # a point, a rect
        if area is None:
            part = None
            w, h = source.get_size()
        else:
            a = pygame.Rect(area)
            part = (a.x, a.y, a.w, a.h)
            w, h = a.w, a.h
        if type(x) is int and type(y) is int:
            r = pygame.Rect(x, y, w, h)
        else:  # a fractional point: a pixel more each way, however pygame rounds it
            r = pygame.Rect(int(x) - 1, int(y) - 1, w + 2, h + 2)
        self._ops.append((source, (x, y), part, special_flags))
        self._rects.append(r)
        return r.copy()  # the caller's to change; the recorded one stays as it was

    def shape(self, draw: Callable[..., pygame.Rect], args: tuple[Hashable, ...],
              bounds: pygame.Rect) -> pygame.Rect:
        """Record ``draw(self, *args)`` (a ``pygame.draw`` function), which draws within
        ``bounds``; outside ``paint``, draw it at once."""
        if not self._recording:
            return draw(self, *args)
        bounds = bounds.copy()
        self._shapes.append(bounds)
        self._ops.append((draw, args))
        self._rects.append(bounds)
        return bounds.copy()

    def group(self, slot: Hashable, key: object, draw: Callable[..., object],
              *args: object) -> None:
        """Record what ``draw(*args)`` draws as the group ``slot`` — or, when ``key`` is
        the key ``slot`` had the last time, the operations it drew then, without drawing.
        ``key`` (compared with ``==``) must hold everything ``draw`` draws from (an object
        named in it by its ``id`` must be among ``args``: held with the group, its number
        is not reused)."""
        hit = self._groups.get(slot)
        if hit is not None and hit[0] == key:
            ops, rects, shapes = hit[2]
            self._ops += ops
            self._rects += rects
            if shapes:
                self._shapes += shapes
            return
        start, first_shape = len(self._ops), len(self._shapes)
        draw(*args)
        kept = tuple(a for a in args if a is not self)  # no cycle through the canvas
        self._groups[slot] = (key, kept, (self._ops[start:], self._rects[start:],
                                          self._shapes[first_shape:]))

    # ----------------------------------------------------------------- painting

    def paint(self, target: pygame.Surface, draw: Callable[[pygame.Surface], None],
              over: Sequence[pygame.Rect] | None = None) -> None:
        """Record the frame ``draw`` draws, repaint what changed and put it onto
        ``target``: all of it — or, when ``over`` is given, only what changed and the
        rectangles ``over``. ``over`` says that ``target`` still holds the last frame
        this canvas put there except in those rectangles (what was drawn over it since:
        the window's controls); a frame then costs no full-window blit."""
        self._ops, self._rects, self._shapes = [], [], []
        self._recording = True
        try:
            draw(self)
        finally:
            self._recording = False
        whole = self._bounds.w * self._bounds.h
        if self._fresh:
            dirty = [self._bounds]
            self._fresh = False
        else:
            dirty = _whole_shapes(_merged(_changed(self._last_ops, self._last_rects,
                                                   self._ops, self._rects)), self._shapes)
        area = sum(r.w * r.h for r in dirty)
        if area > WHOLE * whole:
            dirty, area = [self._bounds], whole
        for r in dirty:
            self._repaint(r)
        self._last_ops, self._last_rects = self._ops, self._rects
        if over is None or area == whole:
            target.blit(self, (0, 0))
            return
        target.blits([(self, r, r) for r in _bands((*dirty, *over), self._bounds.w)],
                     doreturn=False)

    def invalidate(self) -> None:
        """Repaint everything at the next ``paint`` (what is under the canvas changed in
        a way no operation says: a new deck of faces with the same sizes, say)."""
        self._fresh = True

    def _repaint(self, r: pygame.Rect) -> None:
        self.set_clip(r)
        ops = self._ops
        blit = pygame.Surface.blit
        for i in r.collidelistall(self._rects):
            op = ops[i]
            if len(op) == 4:
                source, dest, area, flags = op
                blit(self, source, dest, area, flags)
            else:
                fn, args = op
                fn(self, *args)
        self.set_clip(None)


def _changed(old: list[Op], old_rects: list[pygame.Rect], new: list[Op],
             new_rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles of the operations one list has and the other has not (in order:
    two lists of the same length are compared place by place, others matched by their
    longest common runs). Outside them, every pixel is covered by the same operations in
    the same order in both frames."""
    out: list[pygame.Rect] = []
    if len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b or old_rects[i] != new_rects[i]:
                out.append(old_rects[i])
                out.append(new_rects[i])
        return [r for r in out if r.w and r.h]
    # The runs both lists start and end with are matched as they are; only what lies
    # between is matched by its longest common runs (a chip flight that starts or lands
    # adds or drops a few operations among sixty: matching the whole lists was 0.1-0.4
    # ms of those frames, docs/PERFORMANCE.md). A common start, a matched middle and a
    # common end are one common subsequence of the two lists, as the whole match is.
    start, stop = 0, min(len(old), len(new))
    while start < stop and old[start] == new[start]:
        start += 1
    end = 0
    while end < stop - start and old[-1 - end] == new[-1 - end]:
        end += 1
    was, now = old[start:len(old) - end], new[start:len(new) - end]
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, was, now, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        out.extend(old_rects[start + i1:start + i2])
        out.extend(new_rects[start + j1:start + j2])
    return [r for r in out if r.w and r.h]


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with every two that overlap joined into one (a pixel repainted twice
    costs twice)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.copy()
        k = r.collidelist(out)
        while k >= 0:
            r.union_ip(out.pop(k))
            k = r.collidelist(out)
        out.append(r)
    return out


def _bands(rects: Sequence[pygame.Rect], width: int) -> list[pygame.Rect]:
    """The window's rows that ``rects`` touch, as full-width bands, overlapping ones
    joined. A copy between two surfaces of the window's format is one ``memcpy`` when
    its rows are whole, and row by row otherwise: a band 1280 pixels wide copies in
    less time than a 120-pixel-wide button's rectangle of the same height."""
    spans = sorted((r.top, r.bottom) for r in rects if r.w > 0 and r.h > 0)
    out: list[pygame.Rect] = []
    top, bottom = -1, -1
    for a, b in spans:
        if a > bottom:
            if bottom > top:
                out.append(pygame.Rect(0, top, width, bottom - top))
            top, bottom = a, b
        else:
            bottom = max(bottom, b)
    if bottom > top:
        out.append(pygame.Rect(0, top, width, bottom - top))
    return out


def _whole_shapes(dirty: list[pygame.Rect], shapes: list[pygame.Rect]) -> list[pygame.Rect]:
    """``dirty`` grown until no shape is cut by one of its rectangles: ``pygame.draw``'s
    arcs and outlines, cut by a clip, draw other pixels inside it than drawn whole."""
    grown = bool(shapes)
    while grown:
        grown = False
        for r in dirty:
            for k in r.collidelistall(shapes):
                b = shapes[k]
                if not r.contains(b):
                    r.union_ip(b)
                    grown = True
        if grown:
            dirty = _merged(dirty)
    return dirty


def grouped(surf: pygame.Surface, slot: Hashable, key: object,
            draw: Callable[..., object], *args: object) -> None:
    """``draw(*args)``; on a canvas that is recording a frame, as its group ``slot`` under
    ``key`` (``Canvas.group``: the same key again replays the same operations). ``key``
    None draws anew (a test recording what the frame draws, which a replay would not
    tell it)."""
    if key is None or not isinstance(surf, Canvas) or not surf._recording:
        draw(*args)
        return
    surf.group(slot, key, draw, *args)


# --------------------------------------------------------------------- shapes


def circle(surf: pygame.Surface, colour: Colour, center: tuple[int, int], radius: int,
           width: int = 0) -> pygame.Rect:
    """``pygame.draw.circle``, recorded on a canvas (returning the rectangle it covers,
    as pygame's does)."""
    if not isinstance(surf, Canvas):
        return pygame.draw.circle(surf, colour, center, radius, width)
    cx, cy = int(center[0]), int(center[1])
    bounds = pygame.Rect(cx - radius, cy - radius, 2 * radius, 2 * radius)
    surf.shape(pygame.draw.circle, (colour, (cx, cy), radius, width), bounds.inflate(2, 2))
    return bounds.clip(surf.get_rect())


def arc(surf: pygame.Surface, colour: Colour, rect: pygame.Rect, start: float, stop: float,
        width: int = 1) -> pygame.Rect:
    """``pygame.draw.arc``, recorded on a canvas."""
    if not isinstance(surf, Canvas):
        return pygame.draw.arc(surf, colour, rect, start, stop, width)
    return surf.shape(pygame.draw.arc, (colour, tuple(rect), start, stop, width),
                      pygame.Rect(rect).inflate(2, 2))


def ellipse(surf: pygame.Surface, colour: Colour, rect: pygame.Rect,
            width: int = 0) -> pygame.Rect:
    """``pygame.draw.ellipse``, recorded on a canvas."""
    if not isinstance(surf, Canvas):
        return pygame.draw.ellipse(surf, colour, rect, width)
    return surf.shape(pygame.draw.ellipse, (colour, tuple(rect), width),
                      pygame.Rect(rect).inflate(2, 2))


def rect(surf: pygame.Surface, colour: Colour, box: pygame.Rect | tuple[int, int, int, int],
         border_radius: int = 0) -> pygame.Rect:
    """``pygame.draw.rect`` filling ``box`` (rounded by ``border_radius``), recorded on a
    canvas. Fills only: an outline wider than half its box draws far outside it."""
    if not isinstance(surf, Canvas):
        return pygame.draw.rect(surf, colour, box, border_radius=border_radius)
    r = pygame.Rect(box)
    return surf.shape(_filled_rect, (colour, tuple(r), border_radius), r.inflate(2, 2))


def _filled_rect(surf: pygame.Surface, colour: Colour, box: tuple[int, int, int, int],
                 border_radius: int) -> pygame.Rect:
    return pygame.draw.rect(surf, colour, box, border_radius=border_radius)


def line(surf: pygame.Surface, colour: Colour, start: tuple[int, int], end: tuple[int, int],
         width: int = 1) -> pygame.Rect:
    """``pygame.draw.line``, recorded on a canvas."""
    if not isinstance(surf, Canvas):
        return pygame.draw.line(surf, colour, start, end, width)
    x0, y0 = int(min(start[0], end[0])), int(min(start[1], end[1]))
    x1, y1 = int(max(start[0], end[0])), int(max(start[1], end[1]))
    bounds = pygame.Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1).inflate(2 * width + 2,
                                                                     2 * width + 2)
    return surf.shape(pygame.draw.line, (colour, tuple(start), tuple(end), width), bounds)
