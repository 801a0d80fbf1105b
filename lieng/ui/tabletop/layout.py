"""Where things go on the table, for any window size and 2–6 seats: the one source of
the table's rectangles (docs/UI.md, "The layout rule").

Positions are computed from the window size and one scale factor
(``min(w / 1280, h / 720)``), so the layout scales from 960×540 to 2560×1440. Seats sit
on an ellipse around the felt, counter-clockwise in turn order (RULES.md step 1), with
the player's own seat at the bottom centre. With the action log's drawer open, the
table is laid out in the window's width less the drawer's: the drawer covers no seat.

Every seat gets boxes that no other seat's box and no centre box enters: its plate, the
winner's glow around it, its card fan, its status line and its bet (chips and figure).
The centre holds the pot's chips, figure and total, the side pots, the deck, the round
banner and, between hands, the result panel — each in its own box. The drawing code
draws into exactly these boxes (text shrinks to its box's width), and a test checks
what it actually drew against them (``frame_record``); ``collisions`` says, in words,
what breaks the rule — ``compute`` uses it to choose the roomiest arrangement that fits,
and the layout test asserts on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from lieng.ui.core.draw import table_rect
from lieng.ui.tabletop.layout_fit import (
    box,
    clear_path,
    first_free,
    free_band,
    free_run,
    pile_height,
    pile_rect,
    roomiest,
)

__all__ = ["SeatSpot", "TableLayout", "backdrop", "card_centers", "compute", "pile_height",
           "pile_rect"]

Point = tuple[float, float]

PLATE = (196, 66)
"""A seat plate's size (design pixels, 1280×720)."""
GLOW = 12
"""How far the winner's glow reaches beyond the plate."""
EDGE = GLOW + 4
"""Plates keep this far from the window's edges (and the drawer), glow included."""
GAP = 6
"""Between two boxes."""
STATUS_H = 22
BET_W, BET_H = 104, 40
"""A bet's box: a pile of up to ``BET_CHIPS`` chips, the figure right of it, and the few
pixels a chip drops when it is put in."""
BET_R, BET_CHIPS, BET_DROP = 9, 4, 8
POT_R, POT_CHIPS = 13, 6
SIDE_R, SIDE_CHIPS, SIDE_H = 10, 3, 32
"""A side pot's box: its chips, the figure right of them."""
DECK_W = 28
BANNER_H = 44
"""The round banner's box (the deck's too, during the deal)."""
DRAWER_W = 300
"""The action log's drawer (``log_panel``)."""
OWN_CARD_W = 84
SUMMARY_MAX = (560, 300)


@dataclass(frozen=True)
class Dims:
    """What may give way when the table is short of room (six seats beside the open
    drawer): the opponents' cards, the status lines' width, the side pots' width."""

    card_w: int = 46
    fan: float = 0.62
    status_w: float = 1.1
    side_w: int = 160
    bets_under: bool = False
    """A side seat's bet under (over) its cards rather than beyond them."""
    hug: bool = False
    """Side seats against the window's (the drawer's) edge rather than on the ellipse."""
    own_bet_beside: bool = False
    """The player's bet right of their cards rather than above them."""
    drawer_w: int = DRAWER_W
    """The action log's drawer (``log_panel``), when open."""


ROOMY = Dims()
FITS = (ROOMY, Dims(card_w=42, fan=0.56, status_w=1.0, side_w=140),
        Dims(card_w=42, fan=0.56, status_w=1.0, side_w=120, bets_under=True, hug=True),
        Dims(card_w=38, fan=0.5, status_w=1.0, side_w=110, bets_under=True, hug=True),
        Dims(card_w=38, fan=0.5, status_w=1.0, side_w=110, bets_under=True, hug=True,
             own_bet_beside=True),
        Dims(card_w=38, fan=0.5, status_w=1.0, side_w=110, bets_under=True, hug=True,
             own_bet_beside=True, drawer_w=260))
"""Tried in order: the first arrangement whose boxes all keep apart is used."""


@dataclass(frozen=True)
class SeatSpot:
    panel: pygame.Rect
    """The name/stack plate."""
    plate: pygame.Rect
    """The plate with the first player's marker, which overhangs its corner."""
    glow: pygame.Rect
    """The winner's halo: the plate grown by ``GLOW``."""
    avatar: Point
    avatar_r: int
    cards: Point
    """Centre of the three-card fan."""
    card_w: int
    card_gap: int
    cards_box: pygame.Rect
    """The fan (the player's own cards lifted while squeezed included)."""
    bet: Point
    """The bottom chip of the seat's bet pile, in front of the seat toward the pot; the
    figure is written right of it."""
    bet_box: pygame.Rect
    status: Point
    """Centre of the last action / hand name line."""
    status_box: pygame.Rect
    lane: Point = (0.0, 0.0)
    """Where this seat's chips pass between its bet and the pots: out of the bet's box on
    the pot's side, clear of its cards (a chip never crosses a plate, cards or status)."""

    def boxes(self) -> tuple[pygame.Rect, ...]:
        """Everything this seat draws (the glow is under the plate, cards and status)."""
        return (self.glow, self.plate, self.cards_box, self.status_box, self.bet_box)


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    area: pygame.Rect
    """The window less the bars and, when open, the drawer: the table's room."""
    table: pygame.Rect
    seats: tuple[SeatSpot, ...]
    pot: Point
    """The main pot's bottom chip."""
    pot_box: pygame.Rect
    pot_label: pygame.Rect
    """The pot's figure ("Tẩy: 210")."""
    pot_total: pygame.Rect
    side_pots: tuple[Point, ...]
    """Each side pot's bottom chip."""
    side_boxes: tuple[pygame.Rect, ...]
    """Each side pot's chips and figure."""
    deck: Point
    deck_box: pygame.Rect
    banner: pygame.Rect
    summary: pygame.Rect
    """The hand's result panel: the felt between the seats."""
    reveal: pygame.Rect
    """The "turn my cards" button right of the player's cards."""
    drawer: pygame.Rect
    """The action log's drawer (drawn only when open)."""
    drawer_open: bool
    bar: pygame.Rect
    """The action bar strip at the bottom."""
    top_bar: pygame.Rect
    dims: Dims = ROOMY

    def me(self) -> SeatSpot:
        return self.seats[0]

    def pot_spot(self, layer: int) -> Point:
        """Where pot layer ``layer``'s chips sit (0 the main pot)."""
        return self.pot if layer == 0 else self.side_pots[(layer - 1) % len(self.side_pots)]


def seat_angle(i: int, n: int) -> float:
    """Screen-space angle (radians, y up) of display slot ``i`` of ``n``: slot 0 at the
    bottom, the following seats counter-clockwise (right side first)."""
    return math.radians(-90 + 360 * i / n)


def card_size(card_w: int) -> tuple[int, int]:
    return int(card_w), round(card_w * 1.4)  # cards.CARD_RATIO


def _fan(center: Point, card_w: int, gap: int) -> pygame.Rect:
    cw, ch = card_size(card_w)
    return box(2 * gap + cw, ch, center=center)


def _bet_at(bet_box: pygame.Rect, s: float) -> Point:
    """The bottom chip of the pile drawn in ``bet_box``."""
    r = int(BET_R * s)
    return (bet_box.x + r + 1, bet_box.bottom - r - 2)


def _marker(panel: pygame.Rect, s: float) -> pygame.Rect:
    """The first player's marker, a disc on the plate's top right corner."""
    mr = int(11 * s)
    return box(2 * mr + 1, 2 * mr + 1, center=(panel.right - int(4 * s), panel.top + int(4 * s)))


def _spot(panel: pygame.Rect, s: float, fan: pygame.Rect, card_w: int, gap: int,
          status_box: pygame.Rect, bet_box: pygame.Rect) -> SeatSpot:
    ph = panel.h
    return SeatSpot(
        panel=panel, plate=panel.union(_marker(panel, s)),
        glow=panel.inflate(2 * int(GLOW * s), 2 * int(GLOW * s)),
        avatar=(panel.x + ph / 2, panel.centery), avatar_r=int(ph * 0.4),
        cards=fan.center, card_w=card_w, card_gap=gap, cards_box=fan,
        bet=_bet_at(bet_box, s), bet_box=bet_box,
        status=status_box.center, status_box=status_box)


def _own_seat(table: pygame.Rect, s: float, beside: bool) -> tuple[SeatSpot, pygame.Rect]:
    """The player's seat: big cards at the bottom centre, the plate left of them with the
    status line over it, the bet above the cards; and the "turn my cards" button."""
    cx = table.centerx
    card_w = int(OWN_CARD_W * s)
    gap = int(card_w * 1.08)
    cards: Point = (cx, table.bottom - 10 * s)
    fan = _fan(cards, card_w, gap)
    fan.h += int(8 * s)  # a squeezed card is drawn lifted
    fan.y -= int(8 * s)
    panel = box(PLATE[0] * s, PLATE[1] * s, midright=(int(cx - card_w * 2.0 + 20 * s),
                                                      int(cards[1] + 22 * s)))
    top = _marker(panel, s).top
    status_box = box(panel.w, STATUS_H * s, midbottom=(panel.centerx, top))
    reveal = box(120 * s, 34 * s, midleft=(int(cards[0] + gap * 1.6 + 44 * s), int(cards[1])))
    if beside:
        bet_box = box(BET_W * s, BET_H * s, bottomleft=(fan.right + GAP * s,
                                                        reveal.top - GAP * s))
    else:
        bet_box = box(BET_W * s, BET_H * s, midbottom=(cx + 10 * s, fan.top - GAP * s))
    spot = _spot(panel, s, fan, card_w, gap, status_box, bet_box)
    return replace(spot, cards=cards), reveal


def _seat(i: int, n: int, area: pygame.Rect, table: pygame.Rect, s: float,
          dims: Dims) -> tuple[SeatSpot, float, float]:
    """An opponent's seat, its bet still to place: the plate on the ellipse around the
    felt, the status line under it (over it, below the middle), the cards beside it toward
    the centre (under the status line for a seat at the top). Also the unit vector from
    the plate toward the felt's centre."""
    cx, cy = table.center
    rx = table.w / 2 + 10 * s
    ry = table.h / 2 + 6 * s
    pw, ph = int(PLATE[0] * s), int(PLATE[1] * s)
    edge = EDGE * s
    a = seat_angle(i, n)
    px, py = cx + rx * math.cos(a), cy - ry * math.sin(a)
    px = min(max(px, area.x + pw / 2 + edge), area.right - pw / 2 - edge)
    py = min(max(py, area.top + ph / 2 + edge), area.bottom - ph / 2 - 90 * s)
    dx, dy = (cx - px) / table.w, (cy - py) / table.h
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    if dims.hug and abs(ux) > 0.6:
        px = area.x + pw / 2 + edge if ux > 0 else area.right - pw / 2 - edge
    panel = box(pw, ph, center=(px, py))
    plate = panel.union(_marker(panel, s))
    card_w = int(dims.card_w * s)
    gap = int(card_w * dims.fan)
    fan = _fan((0, 0), card_w, gap)
    g = int(GAP * s)
    if py < cy:
        status_box = box(pw * dims.status_w, STATUS_H * s, midtop=(panel.centerx, plate.bottom))
    else:
        status_box = box(pw * dims.status_w, STATUS_H * s, midbottom=(panel.centerx, plate.top))
    if abs(ux) > 0.6:
        fan.centery = int(panel.centery + uy * 24 * s)
        if ux > 0:
            fan.left = max(plate.right, status_box.right) + g
        else:
            fan.right = min(plate.left, status_box.left) - g
    else:
        fan.midtop = (panel.centerx, status_box.bottom + g)
    return _spot(panel, s, fan, card_w, gap, status_box, pygame.Rect(0, 0, 0, 0)), ux, uy


def _bet_candidates(spot: SeatSpot, ux: float, uy: float, s: float, under: bool
                    ) -> list[pygame.Rect]:
    """Where a seat's bet may go, best first: beyond its cards toward the centre, then
    under (over) them, on the centre's side (``under``: the other way round)."""
    fan = spot.cards_box
    g = int(GAP * s)
    bw, bh = BET_W * s, BET_H * s
    if abs(ux) > 0.6:
        out = [box(bw, bh, midleft=(fan.right + g, fan.centery)) if ux > 0 else
               box(bw, bh, midright=(fan.left - g, fan.centery))]
        y = fan.bottom + g if uy >= 0 else fan.top - g - int(bh)
        near, far = (fan.right, fan.x) if ux > 0 else (fan.x, fan.right)
        out += [box(bw, bh, topright=(near, y)) if ux > 0 else box(bw, bh, topleft=(near, y)),
                box(bw, bh, topleft=(far, y)) if ux > 0 else box(bw, bh, topright=(far, y))]
        return out[1:] + out[:1] if under else out
    right = box(bw, bh, midleft=(fan.right + g, fan.centery + 6 * s))
    left = box(bw, bh, midright=(fan.left - g, fan.centery + 6 * s))
    return [right, left, box(bw, bh, midtop=(fan.centerx, fan.bottom + g))] if ux > -0.1 \
        else [left, right, box(bw, bh, midtop=(fan.centerx, fan.bottom + g))]


def _lane(spot: SeatSpot, pots: list[Point], blocked: list[pygame.Rect], s: float) -> Point:
    """The first point out of the bet's box — toward the main pot, straight down, up,
    left or right — from which a chip pile reaches every pot without touching a seat's
    plate, glow, cards or status (the seat's own glow included: it lies under them)."""
    bx, by = spot.bet
    px, py = pots[0]
    d = math.hypot(px - bx, py - by) or 1.0
    reach = (BET_R * 2 + BET_CHIPS * 3 + GAP * 2) * s
    toward = (bx + (px - bx) / d * reach, by + (py - by) / d * reach)
    cands = [toward]
    for k in (1, 2, 3):
        cands += [(bx + dx * k * reach, by + dy * k * reach)
                  for dx, dy in ((0, 1), (0, -1), (-1, 0), (1, 0), (1, 1), (-1, 1), (1, -1),
                                 (-1, -1))]
    r = int(BET_R * s)
    for lane in cands:
        if all(clear_path((spot.bet, lane, pot), blocked, r, BET_CHIPS) for pot in pots):
            return lane
    return toward


@lru_cache(maxsize=8)
def backdrop(size: tuple[int, int]) -> TableLayout:
    """The two-seat table that the menu, the hot-seat's hand-off and its final scores draw
    their felt around, for a window of ``size``: computed once per size (a compute is
    about 3 ms, and these screens draw the felt every frame). Read it, never change it: it
    is shared."""
    return compute(size, 2)


def compute(size: tuple[int, int], n: int, drawer: bool = False) -> TableLayout:
    """The table's boxes for a window of ``size``, ``n`` seats and the action log's
    drawer open or not: the roomiest of ``FITS`` whose boxes keep apart."""
    for dims in FITS:
        # The lanes (the slow part) only for an arrangement whose boxes keep apart.
        boxes = _compute(size, n, drawer, dims, lanes=False)
        if not collisions(boxes, lanes=False):
            lay = _with_lanes(boxes)
            if not collisions(lay):
                return lay
    return _with_lanes(_compute(size, n, drawer, FITS[-1], lanes=False))


def _with_lanes(lay: TableLayout) -> TableLayout:
    """``lay`` with each seat's lane to the pots."""
    blocked = [b for spot in lay.seats for b in (spot.glow, spot.plate, spot.cards_box,
                                                 spot.status_box)]
    pots = [lay.pot, *lay.side_pots]
    return replace(lay, seats=tuple(replace(spot, lane=_lane(spot, pots, blocked, lay.scale))
                                    for spot in lay.seats))


def _compute(size: tuple[int, int], n: int, drawer: bool, dims: Dims, lanes: bool = True
             ) -> TableLayout:
    w, h = size
    s = min(w / 1280, h / 720)
    g = int(GAP * s)
    top_bar = pygame.Rect(0, 0, w, int(44 * s))
    bar = pygame.Rect(0, h - int(74 * s), w, int(74 * s))
    dw = int(dims.drawer_w * s)
    drawer_rect = pygame.Rect(w - dw - int(8 * s), top_bar.bottom + int(20 * s), dw,
                              bar.top - int(52 * s) - top_bar.bottom - int(20 * s))
    right = drawer_rect.x - int(4 * s) if drawer else w
    area = pygame.Rect(0, top_bar.bottom, right, bar.top - top_bar.bottom)
    table = table_rect(size, s, area)
    cx = table.centerx
    me, reveal = _own_seat(table, s, dims.own_bet_beside)
    others = [_seat(i, n, area, table, s, dims) for i in range(1, n)]
    seat_boxes = [b for spot in [me] + [o[0] for o in others]
                  for b in (spot.glow, spot.plate, spot.cards_box, spot.status_box)]
    taken = [*seat_boxes, me.bet_box, reveal]
    # Bets first: beyond each seat's cards, or under (over) them when that is the room.
    spots = [me]
    for spot, ux, uy in others:
        bet_box = first_free(_bet_candidates(spot, ux, uy, s, dims.bets_under), taken,
                             area)
        taken.append(bet_box)
        spots.append(replace(spot, bet=_bet_at(bet_box, s), bet_box=bet_box))
    # The pot's column: chips, figure, total and the banner, in the free run around the
    # centre between the seats above and the player's bet below.
    pot_r = int(POT_R * s)
    pot_h = pile_height(pot_r, POT_CHIPS)
    label_h, total_h, banner_h = int(24 * s), int(20 * s), int(BANNER_H * s)
    stack_h = pot_h + label_h + total_h + g + banner_h
    col_top, col_bottom = free_run(taken, cx, int(60 * s), table.top, me.cards_box.top)
    y0 = col_top + max(g, (col_bottom - col_top - stack_h) // 2)
    pot: Point = (cx, y0 + pot_h - pot_r - 1)
    pot_box = pile_rect(pot, pot_r, POT_CHIPS)
    half = free_band(taken, cx, pot_box.bottom, pot_box.bottom + label_h + total_h,
                     int(110 * s) + g)
    label_w = max(int(60 * s), 2 * (half - g))
    pot_label = box(label_w, label_h, midtop=(cx, pot_box.bottom))
    pot_total = box(min(label_w, int(130 * s)), total_h, midtop=(cx, pot_label.bottom))
    banner = box(label_w, banner_h, midtop=(cx, pot_total.bottom + g))
    deck_w = int(DECK_W * s)
    deck: Point = (float(banner.centerx), float(banner.centery))
    deck_box = box(deck_w + 3, card_size(deck_w)[1] + 3, center=deck)
    centre = [pot_box, pot_label, pot_total, banner]
    # Side pots around the main pot, nearest first.
    side_w, side_h = int(dims.side_w * s), int(SIDE_H * s)
    rows = (pot_box.centery, pot_total.top, banner.centery, banner.bottom + g + side_h // 2,
            pot_box.top - g - side_h // 2)
    cands: list[pygame.Rect] = []
    for ring in range(3):
        for y in rows:
            lo, hi = y - side_h // 2, y + side_h // 2
            inner = max([abs(r.right - cx) for r in centre if r.bottom > lo and r.top < hi]
                        + [0])
            off = inner + g + ring * (side_w + g)
            cands += [box(side_w, side_h, midright=(cx - off, y)),
                      box(side_w, side_h, midleft=(cx + off, y))]
    side_boxes: list[pygame.Rect] = []
    taken += centre
    for _k in range(max(1, n - 1)):  # n seats make at most n pot layers
        side = first_free(cands, taken, table)
        side_boxes.append(side)
        taken.append(side)
    # The banner as wide as its row leaves room for.
    taken.remove(banner)
    band = free_band(taken, cx, banner.top, banner.bottom, int(180 * s) + g)
    banner = box(max(label_w, 2 * (band - g)), banner_h, midtop=banner.midtop)
    r_side = int(SIDE_R * s)
    side_pots = tuple((float(r.x + r_side + 1), float(r.bottom - r_side - 3))
                      for r in side_boxes)
    # The result panel: between hands nothing is in the middle but the seats.
    summary = roomiest([*seat_boxes, reveal], cx, table.top, me.cards_box.top, g,
                       int(SUMMARY_MAX[0] * s), int(SUMMARY_MAX[1] * s))
    lay = TableLayout(size, s, area, table, tuple(spots), pot, pot_box, pot_label, pot_total,
                      side_pots, tuple(side_boxes), deck, deck_box, banner, summary, reveal,
                      drawer_rect, drawer, bar, top_bar, dims)
    return _with_lanes(lay) if lanes else lay


# ----------------------------------------------------------------- the layout rule


def named_boxes(lay: TableLayout) -> list[tuple[str, int, pygame.Rect]]:
    """Every reserved box as (name, owner, rect): owner is the display slot of a seat's
    boxes, -1 for the centre's."""
    out: list[tuple[str, int, pygame.Rect]] = []
    for i, spot in enumerate(lay.seats):
        out += [("glow", i, spot.glow), ("plate", i, spot.plate), ("cards", i, spot.cards_box),
                ("status", i, spot.status_box), ("bet", i, spot.bet_box)]
    out += [("pot", -1, lay.pot_box), ("pot_label", -1, lay.pot_label),
            ("pot_total", -1, lay.pot_total), ("banner", -1, lay.banner),
            ("reveal", -1, lay.reveal)]
    out += [(f"side_pot{k + 1}", -1, r) for k, r in enumerate(lay.side_boxes)]
    return out


def collisions(lay: TableLayout, lanes: bool = True) -> list[str]:
    """What breaks the layout rule, in words ([] when nothing does): a box outside the
    window or on a bar, two boxes that overlap (a seat's glow may lie under its own
    plate, cards, status and bet; the deck shares the banner's box, never at the same
    time), the open drawer on any box, the result panel on a seat."""
    problems: list[str] = []
    screen = pygame.Rect(0, 0, *lay.size)
    boxes = named_boxes(lay)
    for name, owner, r in boxes:
        if not screen.contains(r):
            problems.append(f"{name}{owner} leaves the window")
        if r.colliderect(lay.top_bar) or r.colliderect(lay.bar):
            problems.append(f"{name}{owner} is on a bar")
        if lay.drawer_open and r.colliderect(lay.drawer):
            problems.append(f"{name}{owner} is under the drawer")
    if not lay.deck_box.colliderect(lay.banner) or not lay.banner.contains(lay.deck_box):
        problems.append("the deck is not in the banner's box")
    for a, (na, oa, ra) in enumerate(boxes):
        for nb, ob, rb in boxes[a + 1:]:
            if oa == ob and oa >= 0 and "glow" in (na, nb):
                continue
            if ra.colliderect(rb):
                problems.append(f"{na}{oa} × {nb}{ob}")
    for name, owner, r in boxes:
        if owner >= 0 and name != "bet" and r.colliderect(lay.summary):
            problems.append(f"summary × {name}{owner}")
    if not screen.contains(lay.summary) or lay.summary.colliderect(lay.reveal):
        problems.append("summary out of place")
    return problems + blocked_lanes(lay) if lanes else problems


def furniture(lay: TableLayout) -> list[pygame.Rect]:
    """What chips in the air never touch: every seat's plate, glow, cards and status."""
    return [b for spot in lay.seats for b in (spot.glow, spot.plate, spot.cards_box,
                                              spot.status_box)]


def blocked_lanes(lay: TableLayout) -> list[str]:
    """Seats whose chips cannot reach every pot's place, or come back from it, without
    touching a seat's plate, glow, cards or status (``SeatSpot.lane``)."""
    r = int(BET_R * lay.scale)
    boxes = furniture(lay)
    out = []
    for i, spot in enumerate(lay.seats):
        for k, pot in enumerate((lay.pot, *lay.side_pots)):
            if not clear_path((spot.bet, spot.lane, pot), boxes, r, BET_CHIPS):
                out.append(f"seat {i}'s chips cannot reach pot {k}")
    return out


def card_centers(spot: SeatSpot) -> list[Point]:
    """The three card positions of a seat's fan, left to right."""
    cx, cy = spot.cards
    g = spot.card_gap
    return [(cx - g, cy), (cx, cy), (cx + g, cy)]
