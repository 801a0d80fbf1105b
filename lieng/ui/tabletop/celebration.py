"""A short celebration when a sáp or a liêng wins a pot: "SÁP!" / "LIÊNG!" pops up over
the winner's cards with a ring of gold sparks, and fades in under two seconds.

Only drawn: it is not one of the board's tweens, so it never makes the board busy — the
table's clock, the bots, the buttons and the next hand never wait for it — and it is
drawn over the whole frame, the result panel too, under pygame_gui's buttons alone
(``TableDrawer.draw_celebrations``): the panel comes up while it runs, beside a side
seat's cards, and used to hide half the word (a playtest). It starts when the table
shows the pot going to the winner (the board tells its watchers at that moment), never
for a pot handed back (a refund, RULES.md step 9) or for a hand the table did not show.

The word is rendered once, at its settled size and full gold, with its shadow
(``draw.shadowed``); each frame scales that surface for the pop and darkens it for the
fade. Rendering it anew at each frame's size and colour — a font loaded for each new size,
the glyphs rendered and the shadow composed — was 0.3-1.2 ms of each of its frames, among
the slowest of a hand (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from lieng.engine import Event, HandStarted, PotAwarded
from lieng.engine.ranking import HandCategory, HandValue
from lieng.ui.core import canvas
from lieng.ui.core.draw import GOLD, shadow_offset, shadowed
from lieng.ui.core.i18n import t
from lieng.ui.core.typescale import px
from lieng.ui.tabletop.frame_record import FrameRecord

CELEBRATED: dict[HandCategory, str] = {HandCategory.SAP: "celebrate.sap",
                                       HandCategory.LIENG: "celebrate.lieng"}
"""The hands worth a celebration, and their words."""
DURATION = 1.8
"""Seconds from the pop to the last spark (at normal speed)."""
SPARKS = 14


@dataclass
class Burst:
    seat: int
    key: str
    age: float = 0.0
    duration: float = DURATION

    @property
    def progress(self) -> float:
        return min(1.0, self.age / self.duration) if self.duration > 0 else 1.0


class Celebrations:
    """Watches the events as the board shows them (``watch``), ages with the board
    (``update``), and draws what is running (``draw``)."""

    def __init__(self, hand_values: Callable[[], Sequence[HandValue | None]],
                 speed: Callable[[], float] = lambda: 1.0) -> None:
        self.hand_values = hand_values
        """Each seat's shown hand (None: not shown), as the board has it now."""
        self.speed = speed
        self.bursts: list[Burst] = []
        self._done: set[int] = set()
        """Seats celebrated this hand (a sáp that takes three pots pops once)."""

    def watch(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self._done.clear()
            self.bursts.clear()
            return
        if not isinstance(event, PotAwarded) or event.refund:
            return
        values = self.hand_values()
        for seat in event.winners:
            value = values[seat] if seat < len(values) else None
            if value is None or value.category not in CELEBRATED or seat in self._done:
                continue
            self._done.add(seat)
            # Instant speed (0) still shows it, briefly.
            self.bursts.append(Burst(seat, CELEBRATED[value.category],
                                     duration=DURATION * max(0.5, self.speed())))

    def update(self, dt: float) -> None:
        for burst in self.bursts:
            burst.age += dt
        self.bursts = [b for b in self.bursts if b.progress < 1.0]

    def draw(self, surf: pygame.Surface, centre_of: Callable[[int], tuple[float, float]],
             scale: float, record: FrameRecord) -> None:
        """Each running burst around ``centre_of(seat)`` (the winner's cards), told to
        ``record`` (the drawer's: ``frame_record``)."""
        bounds = surf.get_rect()
        for burst in self.bursts:
            p = burst.progress
            cx, cy = centre_of(burst.seat)
            fade = 1.0 if p < 0.6 else max(0.0, (1.0 - p) / 0.4)
            # Sparks fly out and fall back a little, smaller as they go. What every spark
            # of the frame shares is worked out once (its colours, size and fall): the
            # sparks are a celebration frame's Python, under a result panel that makes
            # those frames among a hand's slowest (docs/PERFORMANCE.md).
            reach = (28 + 90 * (1 - (1 - p) ** 3)) * scale
            fall = 30 * scale * p * p
            r = max(1, int((5 - 3 * p) * scale))
            colours = (tuple(int(c * fade) for c in (255, 240, 190)),
                       tuple(int(c * fade) for c in GOLD))
            right, bottom = bounds.right - r, bounds.bottom - r
            watched = record.recording
            for i in range(SPARKS):
                a = 2 * math.pi * i / SPARKS + 0.4 * p
                x = int(cx + math.cos(a) * reach)
                y = int(cy + math.sin(a) * reach * 0.7 + fall)
                if r <= x <= right and r <= y <= bottom:  # the spark wholly on the window
                    canvas.circle(surf, colours[i % 2], (x, y), r)  # type: ignore[arg-type]
                    if watched:
                        record.mark("celebration", burst.seat,
                                    pygame.Rect(x - r, y - r, 2 * r, 2 * r))
            # The word pops in (overshoots, settles), then fades with the sparks.
            pop = 1.0 + 0.35 * math.sin(min(1.0, p / 0.25) * math.pi) if p < 0.25 else 1.0
            size = max(8, int(px(scale, "large") * 1.4 * pop))
            word = t(burst.key)
            probe = pygame.Rect(0, 0, int(size * 0.7 * len(word)), size)
            probe.center = (int(cx), int(cy - 34 * scale))
            probe.clamp_ip(bounds)
            shown = word_surface(word, max(8, int(px(scale, "large") * 1.4)), size, fade,
                                 bounds.w)
            # Centred as ``draw.text`` centres a shadowed word: its letters, not the shadow.
            off = shadow_offset(size)
            drawn = shown.get_rect()
            drawn.center = (probe.centerx + off // 2, probe.centery + off // 2)
            surf.blit(shown, drawn)
            record.mark("celebration", burst.seat, drawn.clip(bounds))


def word_surface(word: str, settled: int, size: int, fade: float, room: int) -> pygame.Surface:
    """The word as a frame of the celebration shows it: the one rendering at the ``settled``
    size (gold, shadowed; cached by ``draw``) scaled to ``size`` — no wider than ``room`` —
    and darkened to ``fade`` (1: full gold, 0: black) as the sparks fade."""
    base = shadowed(word, settled, GOLD, bold=True)
    w, h = base.get_size()
    k = min(size / settled, room / w) if w else 1.0
    out = base
    if abs(k - 1.0) > 1e-9:
        out = pygame.transform.smoothscale(base, (max(1, round(w * k)), max(1, round(h * k))))
    if fade < 1.0:
        m = max(0, min(255, int(255 * fade)))
        out = out.copy() if out is base else out  # the cached rendering is never drawn into
        out.fill((m, m, m), special_flags=pygame.BLEND_RGB_MULT)
    return out
