"""Cards drawn procedurally at the exact pixel size asked for, so they stay crisp at every
window size: a face with large ranks, ♥♦ red and ♣♠ black, and a patterned back.

Each face and back is drawn once per size at twice the resolution and smooth-scaled down
(anti-aliased corners), then cached. Every face blit can be recorded (``face_log``): the
GUI tests check from this — what was really drawn — that no other seat's card is ever face
up before the showdown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from lieng.engine import Card, Suit
from lieng.engine.cards import RANK_LABELS
from lieng.ui.core import canvas
from lieng.ui.core.assets import font
from lieng.ui.core.surface_cache import SurfaceCache

RED = (200, 30, 45)
BLACK = (28, 28, 34)
FACE_BG = (252, 249, 240)
BACK_RED = (150, 24, 38)
BACK_DARK = (104, 14, 26)
GOLD = (232, 193, 90)
FOUR_COLOURS: dict[Suit, tuple[int, int, int]] = {
    Suit.HEARTS: RED, Suit.DIAMONDS: (30, 90, 200), Suit.CLUBS: (20, 130, 60),
    Suit.SPADES: BLACK}

CARD_RATIO = 1.4
"""Height / width of a card (poker-size cards are 88 × 63 mm)."""


@dataclass(frozen=True, slots=True)
class FaceDraw:
    """One face-up card blit: which card, where and on which frame."""

    card: Card
    rect: tuple[int, int, int, int]
    frame: int


class CardRenderer:
    def __init__(self, four_colour: bool = False) -> None:
        self._four_colour = four_colour
        # A deck at two or three widths (the table, the result panel, a resize) fits.
        self._faces: SurfaceCache[tuple[int, int]] = SurfaceCache("card faces", 0.5)
        self._backs: SurfaceCache[int] = SurfaceCache("card backs", 0.1)
        self._dimmed: SurfaceCache[tuple[int, int]] = SurfaceCache("dimmed cards", 0.3)
        self.face_log: list[FaceDraw] | None = None
        """Set to a list to record every face drawn (tests)."""
        self.frame = 0
        self.rendered = 0
        """Faces and backs rendered so far (ones the caches did not hold): the table
        renders the faces it will need ahead only in a frame that rendered none
        (``prepare_face``) — never in its first frame, say, which renders the deck."""

    @property
    def four_colour(self) -> bool:
        return self._four_colour

    @four_colour.setter
    def four_colour(self, on: bool) -> None:
        if on != self._four_colour:
            self._four_colour = on
            self._faces.clear()
            self._dimmed.clear()

    @staticmethod
    def size_for(width: int) -> tuple[int, int]:
        return (int(width), round(width * CARD_RATIO))

    # ----------------------------------------------------------------- surfaces

    def face(self, card: Card, width: int) -> pygame.Surface:
        width = max(12, int(width))
        key = (card.index, width)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces.put(key, _draw_face(card, width, self._four_colour))
            self.rendered += 1
        return surf

    def prepare_face(self, card: Card, width: int) -> bool:
        """Have ``card``'s face at ``width`` ready for a frame to come; True when it had
        to be rendered now (the same surface ``face`` would have rendered then)."""
        before = self.rendered
        self.face(card, width)
        return self.rendered != before

    def back(self, width: int) -> pygame.Surface:
        width = max(12, int(width))
        surf = self._backs.get(width)
        if surf is None:
            surf = self._backs.put(width, _draw_back(width))
            self.rendered += 1
        return surf

    # ----------------------------------------------------------------- blits

    def draw(self, target: pygame.Surface, card: Card | None, center: tuple[float, float],
             width: int, face_up: bool, flip: float = 1.0, angle: float = 0.0,
             alpha: int = 255, dim: bool = False) -> pygame.Rect:
        """Draw a card centred at ``center``. ``flip`` in 0..1 narrows it (a turn-over);
        a face is drawn only when ``face_up`` and the card is known."""
        show_face = face_up and card is not None
        surf = self.face(card, width) if show_face and card is not None else self.back(width)
        if dim:
            key = (card.index if show_face and card is not None else -1, int(width))
            dimmed = self._dimmed.get(key)
            if dimmed is None:
                dimmed = surf.copy()
                dimmed.fill((120, 120, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
                self._dimmed.put(key, dimmed)
            surf = dimmed
        if flip < 0.999:
            w = max(1, int(surf.get_width() * max(0.02, flip)))
            surf = pygame.transform.scale(surf, (w, surf.get_height()))
        if angle:
            surf = pygame.transform.rotozoom(surf, angle, 1.0)
        if alpha < 255:
            surf = surf.copy()
            surf.set_alpha(alpha)
        rect = surf.get_rect(center=(int(center[0]), int(center[1])))
        target.blit(surf, rect)
        if show_face and card is not None and self.face_log is not None:
            self.face_log.append(FaceDraw(card, (rect.x, rect.y, rect.w, rect.h), self.frame))
        return rect


    def draw_peel(self, target: pygame.Surface, card: Card, center: tuple[float, float],
                  width: int, progress: float) -> pygame.Rect:
        """The player squeezing their own card open ("nặn bài"): the back is lifted from
        the near (bottom) edge and ``progress`` (0..1) of the face shows under it."""
        face = self.face(card, width)
        back = self.back(width)
        rect = face.get_rect(center=(int(center[0]), int(center[1])))
        w, h = rect.size
        shown = max(0, min(h, int(h * progress)))
        target.blit(face, rect)
        if shown < h:
            target.blit(back, rect, pygame.Rect(0, 0, w, h - shown))
            # The lifted edge: a light strip (the back's underside) and a shadow line.
            fold = rect.y + h - shown
            lip = max(2, min(shown, h // 14))
            canvas.rect(target, (235, 228, 210), (rect.x + 2, fold - lip, w - 4, lip))
            canvas.line(target, (60, 50, 40), (rect.x + 2, fold), (rect.right - 3, fold),
                        max(1, w // 40))
        if self.face_log is not None:
            self.face_log.append(FaceDraw(card, (rect.x, rect.y, rect.w, rect.h), self.frame))
        return rect


def _rounded(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], radius: int,
             width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def suit_colour(suit: Suit, four_colour: bool = False) -> tuple[int, int, int]:
    """♥♦ red and ♣♠ black; the four-colour deck makes ♦ blue and ♣ green."""
    if four_colour:
        return FOUR_COLOURS[suit]
    return RED if suit.is_red else BLACK


def _draw_face(card: Card, width: int, four_colour: bool = False) -> pygame.Surface:
    ss = 2
    w, h = width * ss, round(width * CARD_RATIO) * ss
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(4, w // 10)
    _rounded(surf, surf.get_rect(), (0, 0, 0, 70), r)  # soft edge
    _rounded(surf, surf.get_rect().inflate(-2 * ss, -2 * ss), FACE_BG, r)
    _rounded(surf, surf.get_rect().inflate(-2 * ss, -2 * ss), (190, 184, 168), r, max(1, ss))
    colour = suit_colour(card.suit, four_colour)
    label = RANK_LABELS[card.rank]
    # Corner index: rank large, suit under it.
    rank_font = font(int(h * (0.27 if len(label) == 1 else 0.23)), bold=True)
    suit_font = font(int(h * 0.2))
    rk = rank_font.render(label, True, colour)
    su = suit_font.render(card.suit.symbol, True, colour)
    pad = int(w * 0.07)
    cx = pad + max(rk.get_width(), su.get_width()) // 2
    surf.blit(rk, rk.get_rect(midtop=(cx, int(pad * 0.5))))
    surf.blit(su, su.get_rect(midtop=(cx, int(pad * 0.5) + int(rk.get_height() * 0.86))))
    # A large pip in the lower right, readable even when cards overlap in a fan; court
    # cards sit it on a gold-framed panel so J, Q, K stand apart from the pip cards.
    centre = (int(w * 0.62), int(h * 0.66))
    if card.rank in (11, 12, 13):
        frame = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.5))
        frame.center = centre
        _rounded(surf, frame, (247, 232, 196), max(2, w // 14))
        _rounded(surf, frame, GOLD, max(2, w // 14), max(2, ss * 2))
        crown = font(int(h * 0.12), bold=True).render(label, True, (150, 110, 30))
        surf.blit(crown, crown.get_rect(midtop=(frame.centerx, frame.top + int(h * 0.02))))
        pip = font(int(h * 0.3)).render(card.suit.symbol, True, colour)
        surf.blit(pip, pip.get_rect(center=(frame.centerx, frame.centery + int(h * 0.05))))
    else:
        pip = font(int(h * 0.46)).render(card.suit.symbol, True, colour)
        surf.blit(pip, pip.get_rect(center=centre))
    return pygame.transform.smoothscale(surf, (width, round(width * CARD_RATIO)))


def _draw_back(width: int) -> pygame.Surface:
    ss = 2
    w, h = width * ss, round(width * CARD_RATIO) * ss
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(4, w // 10)
    _rounded(surf, surf.get_rect(), (0, 0, 0, 70), r)
    _rounded(surf, surf.get_rect().inflate(-2 * ss, -2 * ss), (250, 246, 236), r)
    inner = surf.get_rect().inflate(-int(w * 0.14), -int(w * 0.14))
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(BACK_RED)
    step = max(6, int(w * 0.16))
    lw = max(1, ss)
    for k in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(pattern, BACK_DARK, (k, 0), (k + inner.h, inner.h), lw * 2)
        pygame.draw.line(pattern, BACK_DARK, (k, 0), (k - inner.h, inner.h), lw * 2)
    # Medallion in the middle.
    c = (inner.w // 2, inner.h // 2)
    rad = int(inner.w * 0.3)
    pygame.draw.circle(pattern, BACK_DARK, c, rad + lw * 3)
    pygame.draw.circle(pattern, GOLD, c, rad + lw * 2, lw * 2)
    pts = [(c[0] + math.cos(a) * rad * 0.7, c[1] + math.sin(a) * rad * 0.7)
           for a in (0, math.pi / 2, math.pi, 3 * math.pi / 2)]
    pygame.draw.polygon(pattern, GOLD, pts)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    _rounded(mask, mask.get_rect(), (255, 255, 255, 255), max(2, r - int(w * 0.07)))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pattern, inner)
    _rounded(surf, inner, GOLD, max(2, r - int(w * 0.07)), lw)
    return pygame.transform.smoothscale(surf, (width, round(width * CARD_RATIO)))
