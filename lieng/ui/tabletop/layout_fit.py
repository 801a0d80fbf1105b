"""Small geometry for the table layout (``layout``): chip piles, paths, and finding free
room among boxes. It knows rectangles and points only — the layout's own boxes and the
check that none overlaps (``layout.collisions``) are in ``layout``, which imports this.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

import pygame

Point = tuple[float, float]


def pile_height(radius: int, chips: int) -> int:
    """The height of a ``draw.chip_pile`` of ``chips`` chips of ``radius``."""
    return 2 * radius + 1 + (chips - 1) * max(2, radius // 3)


def pile_rect(center: Point, radius: int, chips: int) -> pygame.Rect:
    """The box ``draw.chip_pile`` covers: its bottom chip centred at ``center``."""
    hgt = pile_height(radius, chips)
    return pygame.Rect(int(center[0]) - radius, int(center[1]) + radius + 1 - hgt,
                       2 * radius + 1, hgt)


def along(path: tuple[Point, ...], progress: float) -> Point:
    """The point ``progress`` (0..1) of the way along the polyline ``path``, by length."""
    if len(path) == 1:
        return path[0]
    legs = [((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in pairwise(path)]
    left = max(0.0, min(1.0, progress)) * sum(legs)
    for (a, b), leg in zip(pairwise(path), legs, strict=True):
        if left <= leg and leg > 0:
            f = left / leg
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        left -= leg
    return path[-1]


def clear_path(path: tuple[Point, ...], boxes: list[pygame.Rect], radius: int, chips: int
               ) -> bool:
    """A chip pile carried along ``path`` touches none of ``boxes`` (checked every half
    pile's width, so consecutive checks overlap)."""
    every = max(2, (2 * radius + 1) // 2)
    pile = pile_rect((0, 0), radius, chips)
    for a, b in pairwise(path):
        steps = max(1, int(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 / every))
        for k in range(steps + 1):
            x = int(a[0] + (b[0] - a[0]) * k / steps)
            y = int(a[1] + (b[1] - a[1]) * k / steps)
            if pile.move(x, y).collidelist(boxes) >= 0:
                return False
    return True


def box(w: float, h: float, **at: tuple[float, float]) -> pygame.Rect:
    """A ``w`` × ``h`` rect with one named point (``center=``, ``midtop=``...) at a place."""
    r = pygame.Rect(0, 0, int(w), int(h))
    (name, (x, y)), = at.items()
    setattr(r, name, (int(x), int(y)))
    return r


def first_free(candidates: list[pygame.Rect], taken: list[pygame.Rect],
               inside: pygame.Rect) -> pygame.Rect:
    """The first candidate inside ``inside`` that touches nothing taken (else the first:
    ``collisions`` then says which box found no room)."""
    for r in candidates:
        if inside.contains(r) and r.collidelist(taken) < 0:
            return r
    return candidates[0]


def free_band(boxes: Iterable[pygame.Rect], cx: int, top: int, bottom: int, half: int
              ) -> int:
    """The widest half-width around ``cx`` (at most ``half``) that no box reaches between
    ``top`` and ``bottom``."""
    for b in boxes:
        if b.bottom <= top or b.top >= bottom:
            continue
        if b.right <= cx:
            half = min(half, cx - b.right)
        elif b.left >= cx:
            half = min(half, b.left - cx)
        else:
            return 0
    return max(0, half)


def free_run(boxes: Iterable[pygame.Rect], cx: int, half: int, top: int, bottom: int
             ) -> tuple[int, int]:
    """The free vertical run of the column ``cx ± half`` between ``top`` and ``bottom``:
    boxes above the middle push its top down, boxes below push its bottom up."""
    mid = (top + bottom) // 2
    for b in boxes:
        if b.right <= cx - half or b.left >= cx + half:
            continue
        if b.centery < mid:
            top = max(top, b.bottom)
        else:
            bottom = min(bottom, b.top)
    return top, bottom


def roomiest(boxes: list[pygame.Rect], cx: int, top: int, bottom: int, gap: int,
             max_w: int, max_h: int) -> pygame.Rect:
    """The roomiest rectangle centred on ``cx`` between ``top`` and ``bottom`` that
    touches no box (its area counted up to ``max_w`` × ``max_h``)."""
    tops = sorted({top} | {b.bottom for b in boxes if top < b.bottom < bottom})
    bottoms = sorted({bottom} | {b.top for b in boxes if top < b.top < bottom})
    best, best_score = pygame.Rect(cx, top, 0, 0), -1
    for t in tops:
        for b in bottoms:
            if b - t <= 2 * gap:
                continue
            half = free_band(boxes, cx, t, b, max_w // 2 + gap) - gap
            if half <= 0:
                continue
            score = min(2 * half, max_w) * min(b - t - 2 * gap, max_h)
            if score > best_score:
                best_score = score
                best = pygame.Rect(cx - half, t + gap, 2 * half, b - t - 2 * gap)
    return best
