"""The faces the board will turn up are rendered ahead, one a frame
(``Board.coming_faces``, ``TableDrawer.prepare``): the frames a showdown turns the hands
over in, and those the player's own cards fly in on face up, render none of them."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from lieng.devtools.showdown_shots import scripted_table
from lieng.engine import Card
from lieng.ui.core import cards as cards_mod

from ..helpers import MakeApp, key, open_table, step


def test_shown_and_own_faces_are_ready_before_the_frame_that_draws_them(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((960, 540), show_cards_at_once=True)
    table = scripted_table()
    scene = open_table(app, table)
    renderer = scene.drawer.cards
    ahead = [False]
    renders: list[tuple[int, int, int, bool]] = []  # frame, card, width, ahead
    draw_face = cards_mod._draw_face

    def noted(card: Card, width: int, four_colour: bool = False) -> pygame.Surface:
        renders.append((app.frames, card.index, width, ahead[0]))
        return draw_face(card, width, four_colour)

    monkeypatch.setattr(cards_mod, "_draw_face", noted)
    prepare_face = renderer.prepare_face

    def prepared(card: Card, width: int) -> bool:
        ahead[0] = True
        try:
            return prepare_face(card, width)
        finally:
            ahead[0] = False

    monkeypatch.setattr(renderer, "prepare_face", prepared)
    for _ in range(6000):
        if scene.summary_showing():
            break
        if scene.my_legal() is not None:
            key(app, pygame.K_c)
        else:
            step(app)
    assert scene.summary_showing(), "the scripted hand reached its result"
    shown = {cs.card.index for i, seat in enumerate(scene.board.seats) if i != scene.me
             for cs in seat.cards if cs.card is not None}
    assert len(shown) >= 6  # the side-pot showdown turns several hands over
    by_drawing = {(c, w) for _f, c, w, was_ahead in renders if not was_ahead}
    by_prepare = {(c, w) for _f, c, w, was_ahead in renders if was_ahead}
    assert {c for c, _w in by_prepare} >= shown
    assert not [cw for cw in by_drawing if cw[0] in shown]  # all ready when turned over
    # One a frame, and none in a frame whose drawing rendered a face itself.
    per_frame = Counter(f for f, _c, _w, was_ahead in renders if was_ahead)
    # The player's own cards flew in face up, each size of them ready too.
    own = {cs.card.index for cs in scene.board.seats[scene.me].cards if cs.card is not None}
    assert len(own) == 3 and {c for c, _w in by_prepare} >= own
    assert not [cw for cw in by_drawing if cw[0] in own]
    assert max(per_frame.values()) == 1
    drew = {f for f, _c, _w, was_ahead in renders if not was_ahead}
    assert not drew & set(per_frame)


def test_a_tables_first_frame_renders_nothing_ahead_and_the_next_does(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first frame makes the felt, the deck and the words (the start-up the bench
    measures against a bare window): the faces wait for the next."""
    app = make_app((960, 540))
    rendered: list[int] = []
    draw_face = cards_mod._draw_face

    def noted(card: Card, width: int, four_colour: bool = False) -> pygame.Surface:
        rendered.append(app.frames)
        return draw_face(card, width, four_colour)

    monkeypatch.setattr(cards_mod, "_draw_face", noted)
    scene = open_table(app, scripted_table())  # one frame
    assert scene.board.coming_faces and rendered == []
    step(app)
    assert rendered == [1]
