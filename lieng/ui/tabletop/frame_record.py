"""What a table frame actually drew, rectangle by rectangle, and the check that nothing
covers what it must not (the layout rule, docs/UI.md).

The drawing code calls ``record.mark(kind, owner, rect)`` with the rectangle of every
thing it blits on the table — a plate, a card, a status line, a bet, the pot, a chip in
flight, the result panel... — on the ``FrameRecord`` its screen owns and gave it (no
module state: two windows, or a test and the screen it drives, never share one).
``mark`` does nothing unless someone opened a ``capture()`` on that record, so a frame
costs one attribute read per mark. ``problems`` then says what broke the rule in that
frame. Who watches: the bot-table self-test (``python main.py --selftest``,
``lieng.devtools.bots_selftest``) checks every frame it draws and fails on a breach; the
layout tests check the frames they drive.

Owners: a seat's things carry the seat's number (the board's, not the display slot), a
pot layer's its layer, the rest -1.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

SEAT_KINDS = frozenset({"glow", "plate", "card", "status", "bet"})
"""A seat's own things (its glow lies under the other four)."""
FLIGHTS = frozenset({"drop", "sweep", "payout"})
"""Chips in the air: put down in front of a seat, swept to the pot, paid to a winner."""
EXEMPT = frozenset({"deal", "celebration"})
"""Cards flying from the deck to a seat, and a sáp's or liêng's short celebration
(``celebration``), may pass over anything."""
OVER_CHIPS = frozenset({"pot_label", "pot_total", "side_pot", "deck", "bet", "banner",
                        "toast"})
"""Drawn after the chips in the air: a chip passing under one of these is hidden for a
moment, never covers it. (A plate, a card or a status line is never crossed at all:
each seat's chips go through its lane, ``SeatSpot.lane``.)"""
OVERLAYS = frozenset({"summary", "drawer", "toast", "timer", "coach"})


@dataclass(frozen=True, slots=True)
class Drawn:
    kind: str
    owner: int
    rect: pygame.Rect


class FrameRecord:
    """One screen's record of what its frames draw (see the module docstring).

    ``frame`` is None while nobody records — then ``mark`` reads it and returns — and the
    list of what was drawn inside ``capture``. The drawing code may also ask
    ``recording`` before it replays a retained group of the canvas: a replay draws
    without calling the drawing code, so it would tell the record nothing."""

    __slots__ = ("frame",)

    def __init__(self) -> None:
        self.frame: list[Drawn] | None = None

    def mark(self, kind: str, owner: int, rect: pygame.Rect) -> None:
        """Note one drawn thing (a no-op outside ``capture``)."""
        if self.frame is not None:
            self.frame.append(Drawn(kind, owner, pygame.Rect(rect)))

    @property
    def recording(self) -> bool:
        return self.frame is not None

    @contextmanager
    def capture(self) -> Iterator[list[Drawn]]:
        """Record what is drawn inside the ``with`` block. Captures nest: what an inner
        one records (a self-test's frame) is also the outer one's (a test's steps)."""
        outer = self.frame
        inner: list[Drawn] = []
        self.frame = inner
        try:
            yield inner
        finally:
            self.frame = outer
            if outer is not None:
                outer.extend(inner)


def _allowed(first: Drawn, later: Drawn) -> bool:
    """May ``later`` be drawn where it overlaps ``first``?"""
    kinds = {first.kind, later.kind}
    if kinds & EXEMPT:
        return True
    if first.kind in FLIGHTS and later.kind in FLIGHTS:
        return True  # chips flying together
    if kinds <= SEAT_KINDS and first.owner == later.owner:
        # One seat's things: its glow under the rest, its fanned cards on each other.
        return "glow" in kinds or kinds == {"card"}
    if first.kind in FLIGHTS and later.kind in OVER_CHIPS:
        return True
    flight, other = (first, later) if first.kind in FLIGHTS else (later, first)
    if flight.kind in FLIGHTS:
        # A chip lands on (leaves) a pot's pile, or drops onto its own seat's bet.
        return other.kind in ("pot", "side_pile") or (
            other.kind == "bet" and other.owner == flight.owner and flight.kind == "drop")
    return False


def problems(frame: list[Drawn], size: tuple[int, int]) -> list[str]:
    """Everything in ``frame`` that breaks the layout rule, in words: a thing drawn
    (partly) outside the window; two things that cover each other where they must not
    (a seat's plate, name, cards, status line or bet, the pot's chips or figure, a side
    pot, the deck, the round banner, the result panel, the open drawer, the chips in the
    air); a bet still in front of a seat while the pot is being paid out, or chips still
    on the felt under the hand's result."""
    screen = pygame.Rect(0, 0, *size)
    out: list[str] = []
    for d in frame:
        if not screen.contains(d.rect):
            out.append(f"{d.kind}[{d.owner}] {tuple(d.rect)} leaves the window {size}")
    for i, a in enumerate(frame):
        for b in frame[i + 1:]:  # b is drawn over a
            if a.rect.colliderect(b.rect) and not _allowed(a, b):
                out.append(f"{a.kind}[{a.owner}] {tuple(a.rect)} × "
                           f"{b.kind}[{b.owner}] {tuple(b.rect)}")
    kinds = {d.kind for d in frame}
    if "payout" in kinds and "bet" in kinds:
        out.append("a bet is still on the felt while the pot is paid out")
    left = kinds & ({"bet", "pot", "side_pile"} | FLIGHTS)
    if "summary" in kinds and left:
        out.append(f"the hand's result is up with chips still on the felt: {sorted(left)}")
    return out
