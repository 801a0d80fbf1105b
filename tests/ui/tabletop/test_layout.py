"""The table layout (``lieng.ui.tabletop.layout``): for every seat count, window size and
the action log's drawer open or closed, every reserved box — plates, glows, cards,
status lines, bets, the pot's chips and figures, side pots, banner, deck, result panel,
drawer — stays in the window and off the others, each seat's chips have a lane to every
pot, and the turn order runs counter-clockwise. The checks themselves (``collisions``,
``frame_record.problems``) are shown to fail on a broken layout or frame."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from lieng.ui.tabletop import frame_record
from lieng.ui.tabletop.frame_record import Drawn, FrameRecord, problems
from lieng.ui.tabletop.layout import FITS, backdrop, collisions, compute

SIZES = [(960, 540), (1280, 720), (1920, 1080), (2560, 1440), (1024, 768), (1366, 768)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("drawer", [False, True])
def test_layout_fits_and_nothing_overlaps(size: tuple[int, int], n: int, drawer: bool) -> None:
    lay = compute(size, n, drawer)
    assert collisions(lay) == []
    assert lay.drawer_open is drawer
    screen = pygame.Rect(0, 0, *size)
    for spot in lay.seats:
        assert screen.contains(spot.glow)  # the winner's glow is never cut
        if drawer:
            assert spot.glow.right <= lay.drawer.left  # the drawer covers no seat
    # The result panel has room for its lines and button.
    assert lay.summary.w >= 200 * lay.scale and lay.summary.h >= 140 * lay.scale
    # Turn order runs counter-clockwise: right side of the table first, player at the bottom.
    assert lay.seats[0].panel.centery > lay.table.centery
    if n >= 3:
        assert lay.seats[1].panel.centerx > lay.table.centerx
        assert lay.seats[-1].panel.centerx < lay.table.centerx
    # With room enough, nothing gives way.
    if size == (1280, 720) and n <= 5 and not drawer:
        assert lay.dims == FITS[0]


def test_collisions_name_what_overlaps() -> None:
    """A seat's bet moved onto the pot, a glow out of the window, a seat under the open
    drawer: each is reported."""
    lay = compute((1280, 720), 6)
    top = lay.seats[3]
    bad_bet = replace(top, bet_box=lay.pot_box.inflate(20, 20))
    bad = replace(lay, seats=(*lay.seats[:3], bad_bet, *lay.seats[4:]))
    assert any("bet3" in p and "pot" in p for p in collisions(bad))
    left = lay.seats[4]
    bad_glow = replace(left, glow=left.glow.move(-left.glow.x - 5, 0))
    bad = replace(lay, seats=(*lay.seats[:4], bad_glow, *lay.seats[5:]))
    assert "glow4 leaves the window" in collisions(bad)
    bad = replace(lay, drawer_open=True)
    assert any("under the drawer" in p for p in collisions(bad))


def test_a_record_is_its_screen_s_own_and_captures_nest() -> None:
    """What a frame drew is told to the record its screen owns (``TableScene.frame_record``)
    — no module state two screens, or a test and the screen it drives, would share — and
    a capture inside another (the self-test's frame inside a test's steps) is both's."""
    a, b = FrameRecord(), FrameRecord()
    r = pygame.Rect(10, 10, 5, 5)
    assert not a.recording
    a.mark("plate", 0, r)  # nobody records: nothing kept
    with a.capture() as outer:
        a.mark("plate", 0, r)
        b.mark("card", 1, r)  # another screen's record, not recording
        with a.capture() as inner:
            assert a.recording
            a.mark("card", 0, r)
    assert [d.kind for d in inner] == ["card"]
    assert [d.kind for d in outer] == ["plate", "card"]
    assert a.frame is None and b.frame is None
    assert not any(isinstance(v, list) for v in vars(frame_record).values())


def test_frame_problems_follow_the_rule() -> None:
    """What a frame may and may not draw over what (``frame_record.problems``)."""
    size = (1280, 720)
    plate = Drawn("plate", 1, pygame.Rect(100, 100, 196, 66))
    card = Drawn("card", 1, pygame.Rect(300, 100, 46, 64))
    label = Drawn("pot_label", -1, pygame.Rect(600, 300, 100, 24))
    over_plate = Drawn("payout", 1, pygame.Rect(120, 110, 19, 28))
    under_label = Drawn("sweep", 2, pygame.Rect(620, 296, 19, 28))
    bet = Drawn("bet", 2, pygame.Rect(400, 400, 60, 28))
    assert problems([plate, card, label], size) == []
    assert problems([plate, over_plate], size)  # chips on a plate (the "ùng" defect)
    assert problems([under_label, label], size) == []  # the figure is drawn over the chip
    assert problems([label, under_label], size)  # a chip over the pot's figure
    assert problems([bet, Drawn("payout", 3, pygame.Rect(0, 0, 19, 28))], size) == [
        "a bet is still on the felt while the pot is paid out"]
    assert problems([Drawn("glow", 1, pygame.Rect(-4, 90, 220, 90))], size)
    # A seat's glow lies under its own plate and cards, not under another seat's.
    glow = Drawn("glow", 1, pygame.Rect(88, 88, 220, 90))
    assert problems([glow, plate, card], size) == []
    assert problems([Drawn("glow", 2, glow.rect), plate], size)


def test_the_menu_s_backdrop_is_the_two_seat_table_computed_once_per_size() -> None:
    for size in [(960, 540), (1280, 720)]:
        assert backdrop(size) == compute(size, 2)
        assert backdrop(size) is backdrop(size)  # drawn every frame: not computed again
    assert backdrop((960, 540)).size == (960, 540)
