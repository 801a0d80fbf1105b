"""Where things go on the table, for any window size and 2–6 seats.

Positions are computed from the window size and one scale factor
(``min(w / 1280, h / 720)``), so the layout scales from 960×540 to 2560×1440. Seats sit
on an ellipse around the felt, counter-clockwise in turn order (RULES.md step 1), with
the player's own seat at the bottom centre.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from lieng.ui.core.draw import table_rect

Point = tuple[float, float]


@dataclass(frozen=True)
class SeatSpot:
    panel: pygame.Rect
    """The name/stack plate."""
    avatar: Point
    avatar_r: int
    cards: Point
    """Centre of the three-card fan."""
    card_w: int
    card_gap: int
    bet: Point
    """Where the seat's bet-this-hand badge sits, toward the pot."""
    status: Point
    """Where the last action / hand name is written."""


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    table: pygame.Rect
    seats: tuple[SeatSpot, ...]
    pot: Point
    deck: Point
    side_pots: tuple[Point, ...]
    bar: pygame.Rect
    """The action bar strip at the bottom."""
    top_bar: pygame.Rect

    def me(self) -> SeatSpot:
        return self.seats[0]


def seat_angle(i: int, n: int) -> float:
    """Screen-space angle (radians, y up) of display slot ``i`` of ``n``: slot 0 at the
    bottom, the following seats counter-clockwise (right side first)."""
    return math.radians(-90 + 360 * i / n)


def compute(size: tuple[int, int], n: int) -> TableLayout:
    w, h = size
    s = min(w / 1280, h / 720)
    table = table_rect(size, s)
    cx, cy = table.center
    rx = table.w / 2 + 10 * s
    ry = table.h / 2 + 6 * s
    seats: list[SeatSpot] = []
    pw, ph = int(196 * s), int(66 * s)
    for i in range(n):
        if i == 0:
            # The player: plate at the bottom left of the cards, big cards in front.
            card_w = int(84 * s)
            cards: Point = (cx, table.bottom - 10 * s)
            panel = pygame.Rect(0, 0, pw, ph)
            panel.midright = (int(cx - card_w * 2.0), int(cards[1] + 18 * s))
            seats.append(SeatSpot(
                panel=panel, avatar=(panel.x + ph / 2, panel.centery), avatar_r=int(ph * 0.4),
                cards=cards, card_w=card_w, card_gap=int(card_w * 1.08),
                bet=(cx + 14 * s, cards[1] - card_w * 1.36),
                status=(cx, cards[1] - card_w * 0.95)))
            continue
        a = seat_angle(i, n)
        px, py = cx + rx * math.cos(a), cy - ry * math.sin(a)
        # Keep plates inside the window.
        px = min(max(px, pw / 2 + 8 * s), w - pw / 2 - 8 * s)
        py = min(max(py, ph / 2 + 46 * s), h - ph / 2 - 90 * s)
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (int(px), int(py))
        dx, dy = cx - px, cy - py
        d = math.hypot(dx / table.w, dy / table.h) or 1.0
        ux, uy = dx / table.w / d, dy / table.h / d
        card_w = int(46 * s)
        cards = (px + ux * 150 * s * 1.25, py + uy * 125 * s * 0.75)
        bet = (px + ux * 235 * s * 1.25, py + uy * 235 * s * 0.62)
        status: Point = (panel.centerx, panel.bottom + 13 * s) if py < cy else \
            (panel.centerx, panel.top - 13 * s)
        seats.append(SeatSpot(
            panel=panel, avatar=(panel.x + ph / 2, panel.centery), avatar_r=int(ph * 0.4),
            cards=cards, card_w=card_w, card_gap=int(card_w * 0.62), bet=bet, status=status))
    pot = (cx, cy - 8 * s)
    deck = (cx, cy - 70 * s)
    side = tuple((cx + dx * s, cy + 44 * s) for dx in (-150, 150, -260, 260, -40))
    bar = pygame.Rect(0, h - int(74 * s), w, int(74 * s))
    top_bar = pygame.Rect(0, 0, w, int(44 * s))
    return TableLayout(size, s, table, tuple(seats), pot, deck, side, bar, top_bar)


def card_centers(spot: SeatSpot) -> list[Point]:
    """The three card positions of a seat's fan, left to right."""
    cx, cy = spot.cards
    g = spot.card_gap
    return [(cx - g, cy), (cx, cy), (cx + g, cy)]
