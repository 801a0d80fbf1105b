"""A small tween system: values that move from A to B over time with easing.

Like Tuxemon's ``Animation`` (ARCHITECTURE.md), but over plain numbers: a ``Tween``
interpolates floats and tuples, its owner reads ``value`` each frame. Time is only what
``update(dt)`` is given, so an instant animation speed (duration 0) finishes in one step.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: cards landing on the felt."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


Value = float | tuple[float, ...]


def lerp(a: Value, b: Value, t: float) -> Value:
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    assert not isinstance(b, tuple)
    return a + (b - a) * t


@dataclass
class Tween:
    """``start`` → ``end`` over ``duration`` seconds after ``delay``; ``on_done`` runs once."""

    start: Value
    end: Value
    duration: float
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    on_start: Callable[[], None] | None = None
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    done: bool = False
    started: bool = False

    @property
    def progress(self) -> float:
        """Eased progress 0..1 (0 while waiting out the delay)."""
        if self.done:
            return 1.0
        t = self.elapsed - self.delay
        if t <= 0:
            return 0.0
        if self.duration <= 0 or t >= self.duration:
            return 1.0
        return self.easing(t / self.duration)

    @property
    def value(self) -> Value:
        return lerp(self.start, self.end, self.progress)

    @property
    def active(self) -> bool:
        """Past its delay and not yet finished."""
        return self.started and not self.done

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if not self.started and self.elapsed >= self.delay:
            self.started = True
            if self.on_start is not None:
                self.on_start()
        if self.started and self.elapsed - self.delay >= self.duration:
            self.finish()

    def finish(self) -> None:
        """Jump to the end now (a player acted: the board catches up at once)."""
        if self.done:
            return
        if not self.started:
            self.started = True
            if self.on_start is not None:
                self.on_start()
        self.elapsed = self.delay + max(self.duration, 0.0)
        self.done = True
        if self.on_done is not None:
            self.on_done()


@dataclass
class Tweener:
    """Runs many tweens; finished ones are dropped."""

    tweens: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        if tween.duration <= 0 and tween.delay <= 0:
            tween.finish()
        return tween

    def update(self, dt: float) -> None:
        # Callbacks may add tweens; those start next frame.
        for tw in list(self.tweens):
            tw.update(dt)
        self.tweens = [tw for tw in self.tweens if not tw.done]

    def finish_all(self) -> None:
        # Finishing may add more tweens (a chain); finish those too, bounded.
        for _ in range(1000):
            if not self.tweens:
                return
            pending, self.tweens = self.tweens, []
            for tw in pending:
                tw.finish()

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def __len__(self) -> int:
        return len(self.tweens)


def ease_sequence(points: Sequence[float]) -> Easing:
    """Piecewise-linear easing through ``points`` (for pulses)."""
    pts = list(points)

    def f(t: float) -> float:
        if len(pts) < 2:
            return t
        x = t * (len(pts) - 1)
        i = min(int(x), len(pts) - 2)
        return pts[i] + (pts[i + 1] - pts[i]) * (x - i)

    return f
