"""The retained canvas (``lieng.ui.core.canvas``): after any run of frames, repainting only
what changed leaves exactly the pixels that drawing every frame whole leaves — whatever
moves, appears, goes or changes places, translucent surfaces, parts of surfaces,
fractional positions and shapes included."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from lieng.ui.core import canvas
from lieng.ui.core.canvas import Canvas, Op
from lieng.ui.core.canvas import _changed as changed_rects

SIZE = (320, 200)

Item = tuple[str, int, float, float, int]
"""(kind, which surface or colour, x, y, size): one thing a test frame draws."""


def _surfaces(rng: random.Random) -> list[pygame.Surface]:
    out = []
    for _ in range(6):
        s = pygame.Surface((rng.randint(8, 90), rng.randint(8, 60)), pygame.SRCALPHA)
        s.fill((rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255),
                rng.choice((40, 128, 200, 255))))
        pygame.draw.circle(s, (250, 240, 10, 180), (4, 4), 6)
        out.append(s)
    opaque = pygame.Surface(SIZE)
    opaque.fill((20, 70, 40))
    out.append(opaque)  # the "felt": the first thing of every frame
    return out


def _draw(surfaces: list[pygame.Surface], items: list[Item]) -> Callable[[pygame.Surface],
                                                                          None]:
    def draw(surf: pygame.Surface) -> None:
        surf.blit(surfaces[-1], (0, 0))
        for kind, which, x, y, size in items:
            colour = ((which * 40) % 256, 90, 200, 160)
            if kind == "blit":
                surf.blit(surfaces[which], (int(x), int(y)))
            elif kind == "float":
                surf.blit(surfaces[which], (x, y))
            elif kind == "part":
                surf.blit(surfaces[which], pygame.Rect(int(x), int(y), 1, 1),
                          pygame.Rect(2, 3, size, size))
            elif kind == "circle":
                canvas.circle(surf, colour, (int(x), int(y)), size, which % 3)
            elif kind == "arc":
                canvas.arc(surf, colour, pygame.Rect(int(x), int(y), size * 2, size * 2),
                           0.3, 0.3 + which, 3)
            elif kind == "ellipse":
                canvas.ellipse(surf, colour, pygame.Rect(int(x), int(y), size * 2, size), 2)
            elif kind == "rect":
                canvas.rect(surf, colour, pygame.Rect(int(x), int(y), size * 2, size),
                            border_radius=which)
            else:
                canvas.line(surf, colour, (int(x), int(y)), (int(x) + size * 2, int(y) + size),
                            which % 4 + 1)
    return draw


def _item(rng: random.Random) -> Item:
    kind = rng.choice(("blit", "blit", "blit", "float", "part", "circle", "arc", "ellipse",
                       "rect", "line"))
    return (kind, rng.randrange(6), rng.uniform(-40, SIZE[0]), rng.uniform(-30, SIZE[1]),
            rng.randint(2, 30))


def _changed(rng: random.Random, items: list[Item]) -> list[Item]:
    """The next frame: a few things move, appear, go or change places, or nothing."""
    items = list(items)
    for _ in range(rng.choice((0, 1, 1, 2, 5))):
        what = rng.random()
        if what < 0.35 and items:
            i = rng.randrange(len(items))
            kind, which, x, y, size = items[i]
            items[i] = (kind, which, x + rng.uniform(-9, 9), y + rng.uniform(-9, 9), size)
        elif what < 0.55:
            items.insert(rng.randrange(len(items) + 1), _item(rng))
        elif what < 0.75 and items:
            items.pop(rng.randrange(len(items)))
        elif len(items) > 1:
            i, j = rng.sample(range(len(items)), 2)
            items[i], items[j] = items[j], items[i]
    return items


def test_repainting_what_changed_leaves_every_pixel_of_drawing_it_all() -> None:
    pygame.display.init()
    try:
        screen = pygame.display.set_mode(SIZE)
        for seed in range(6):
            rng = random.Random(seed)
            surfaces = _surfaces(rng)
            items = [_item(rng) for _ in range(25)]
            retained = Canvas(SIZE, screen)
            for frame in range(40):
                items = _changed(rng, items)
                shown = pygame.Surface(SIZE, 0, screen)
                retained.paint(shown, _draw(surfaces, items))
                whole = pygame.Surface(SIZE, 0, screen)
                _draw(surfaces, items)(whole)
                assert pygame.image.tobytes(shown, "RGB") == \
                    pygame.image.tobytes(whole, "RGB"), (seed, frame)
    finally:
        pygame.display.quit()


def test_an_unchanged_frame_repaints_nothing_and_one_change_only_its_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    surfaces = _surfaces(rng)
    items: list[Item] = [("blit", 0, 10, 10, 5), ("blit", 1, 200, 100, 5)]
    c = Canvas(SIZE)
    repainted: list[pygame.Rect] = []
    repaint = c._repaint

    def watched(r: pygame.Rect) -> None:
        repainted.append(pygame.Rect(r))
        repaint(r)

    monkeypatch.setattr(c, "_repaint", watched)

    def painted(frame: list[Item]) -> int:
        """Pixels one frame repainted."""
        repainted.clear()
        c.paint(target, _draw(surfaces, frame))
        return sum(r.w * r.h for r in repainted)

    target = pygame.Surface(SIZE)
    assert painted(items) == SIZE[0] * SIZE[1]  # the first frame: everything
    assert painted(items) == 0
    moved: list[Item] = [items[0], ("blit", 1, 201, 100, 5)]
    w, h = surfaces[1].get_size()
    assert painted(moved) == (w + 1) * h  # where it was and where it is, joined
    c.invalidate()
    assert painted(moved) == SIZE[0] * SIZE[1]


def test_shapes_on_another_surface_are_pygames_own_and_say_what_they_cover() -> None:
    plain = pygame.Surface(SIZE)
    on_canvas = Canvas(SIZE)
    for centre, r in (((100, 100), 11), ((5, 5), 11), ((315, 150), 13)):
        expected = pygame.draw.circle(pygame.Surface(SIZE), (1, 2, 3), centre, r)
        assert canvas.circle(plain, (1, 2, 3), centre, r) == expected
        drawn: list[pygame.Rect] = []

        def marker(surf: pygame.Surface, at: tuple[int, int] = centre, radius: int = r,
                   out: list[pygame.Rect] = drawn) -> None:
            out.append(canvas.circle(surf, (1, 2, 3), at, radius))

        on_canvas.paint(plain, marker)
        assert drawn == [expected]
    # Outside ``paint`` a canvas is a surface like any other: a blit draws at once.
    dot = pygame.Surface((2, 2))
    dot.fill((255, 0, 0))
    on_canvas.blit(dot, (1, 1))
    assert on_canvas.get_at((1, 1))[:3] == (255, 0, 0)


def test_a_window_that_kept_the_last_frame_gets_every_pixel_of_the_next() -> None:
    """``paint(..., over)`` copies only what changed and what was drawn over the window
    (its controls) onto a window that holds the last frame: afterwards the window is the
    whole frame, pixel for pixel, whatever had been drawn in those rectangles."""
    pygame.display.init()
    try:
        screen = pygame.display.set_mode(SIZE)
        for seed in range(4):
            rng = random.Random(100 + seed)
            surfaces = _surfaces(rng)
            items = [_item(rng) for _ in range(25)]
            retained = Canvas(SIZE, screen)
            window = pygame.Surface(SIZE, 0, screen)
            over: list[pygame.Rect] | None = None
            for frame in range(40):
                items = _changed(rng, items)
                retained.paint(window, _draw(surfaces, items), over)
                whole = pygame.Surface(SIZE, 0, screen)
                _draw(surfaces, items)(whole)
                assert pygame.image.tobytes(window, "RGB") == \
                    pygame.image.tobytes(whole, "RGB"), (seed, frame)
                # The controls, drawn over the window after the frame.
                over = [pygame.Rect(rng.randint(-5, SIZE[0]), rng.randint(-5, SIZE[1]),
                                    rng.randint(1, 90), rng.randint(1, 40))
                        for _ in range(rng.randint(0, 3))]
                for r in over:
                    window.fill((rng.randrange(256), 0, rng.randrange(256)), r)
    finally:
        pygame.display.quit()



def test_lists_of_other_lengths_report_only_what_was_added_dropped_or_changed() -> None:
    """A chip flight starting among sixty operations: only its operations' rectangles —
    the common start and end are matched as they are, the middle by its common runs."""
    surf = pygame.Surface((4, 4))
    ops: list[Op] = [(surf, (float(i), 0.0), None, 0) for i in range(60)]
    rects = [pygame.Rect(i, 0, 4, 4) for i in range(60)]
    flight: Op = (surf, (500.0, 500.0), None, 0)
    grown = [*ops[:30], flight, *ops[30:]]
    grown_rects = [*rects[:30], pygame.Rect(500, 500, 4, 4), *rects[30:]]
    assert changed_rects(ops, rects, grown, grown_rects) == [pygame.Rect(500, 500, 4, 4)]
    assert changed_rects(grown, grown_rects, ops, rects) == [pygame.Rect(500, 500, 4, 4)]
    # Three places at once: the first operation gone, a flight added, another at the end.
    last: Op = (surf, (600.0, 600.0), None, 0)
    assert sorted(map(tuple, changed_rects(ops, rects, [*grown[1:], last],
                                           [*grown_rects[1:], pygame.Rect(600, 600, 4, 4)]))
                  ) == [(0, 0, 4, 4), (500, 500, 4, 4), (600, 600, 4, 4)]
    # A list that is the other's start (or end) repeated: no run is matched twice.
    assert changed_rects(ops[:2], rects[:2], ops[:1], rects[:1]) == [rects[1]]
    assert changed_rects(ops[:1], rects[:1], ops[:1] * 2, rects[:1] * 2) == [rects[0]]
