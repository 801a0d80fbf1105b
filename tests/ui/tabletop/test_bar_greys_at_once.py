"""The action bar shows its new state on the frame it greys out: a playtest saw the
greyed-out buttons still carrying their amounts ("Theo 20", "Tố 2× · 40") for one frame
after a call. pygame_gui redraws a button's states one a frame after its text changes,
and the disabled one came last; the bar redraws the state it shows at once."""

from __future__ import annotations

import pygame
import pygame_gui

from lieng.devtools.driver import SummaryPilot
from lieng.game.setup import make_table

from ..helpers import MakeApp, click, open_table, run_until
from ..helpers import key as press


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _as_it_should_look(button: pygame_gui.elements.UIButton) -> bytes:
    """The state the button is in, drawn afresh with its words now."""
    shape = button.drawable_shape
    assert shape is not None
    state = shape.active_state.state_id
    shape.redraw_state(state)
    return _pixels(shape.states[state].surface)


def test_the_buttons_grey_out_with_their_new_words_on_the_same_frame(
        make_app: MakeApp) -> None:
    # No animation is checked here: at "instant" the bots answer at once, and the six
    # hands before the wanted turn (hand 7, after call, call, raise, fold: the same turn
    # as at "normal") go by without their deals' and results' frames.
    app = make_app(speed="instant")
    table = make_table(3, "normal", 10, "classic", "Bạn", seed=4)
    scene = open_table(app, table)
    next_hand = SummaryPilot()  # "Ván tiếp" on each hand's result, as a person would
    app.frame_hooks.append(lambda app: next_hand(scene))
    for _ in range(40):  # to a turn of mine with a bet to call and a raise on offer
        run_until(app, lambda: scene.my_legal() is not None, limit=6000)
        legal = scene.my_legal()
        assert legal is not None
        if legal.call > 0 and legal.raise_k:
            break
        press(app, pygame.K_c)
        if table.hand is not None and table.hand.is_over:
            press(app, pygame.K_RETURN)
    else:
        raise AssertionError("no turn with a call and a raise came: the test proved nothing")
    bar = scene.bar
    assert bar is not None
    buttons = (bar.call, bar.raise_, bar.allin)
    live = [(b.text, b.text_kwargs) for b in buttons]
    click(app, bar.call)  # "Theo 200", hovered, pressed: its last frame greys the bar
    assert bar.legal is None and not any(b.is_enabled for b in buttons)
    assert [(b.text, b.text_kwargs) for b in buttons] != live
    shown = [_pixels(b.image) for b in buttons]  # what this frame drew
    assert shown == [_as_it_should_look(b) for b in buttons], \
        "a greyed-out button still shows its old words"
