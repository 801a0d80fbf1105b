"""The classic tie-break's label says which hands its high card settles. RULES.md
"Tie-break presets": under ``classic`` the highest card settles equal liêng and equal ảnh,
and equal points split the pot. A playtest (play10 D4) saw "Cổ điển — so lá lớn nhất"
("compare the highest card") in the new-game screen and the settings, then watched two
9-point hands split the pot under it: the label promised more than the rule does. It now
names liêng and ảnh, and still fits its drop-down at every size."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lieng.engine import Card, evaluate
from lieng.engine.rules import PRESETS, TIEBREAKS
from lieng.ui.core.i18n import configure, t
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.settings_screen import SettingsScene

from ..helpers import gui_font, real_app_on_menu, shot, step


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_classic_label_names_the_hands_its_high_card_settles(lang: str) -> None:
    # The playtest's hand: equal points split under classic, whatever the highest cards.
    classic = PRESETS["classic"]
    minh = evaluate(Card.parse_many("10D 9C QS"), classic)
    lan = evaluate(Card.parse_many("3D KH 6S"), classic)
    assert minh.points == lan.points == 9 and minh == lan
    # ... while two liêng of the same top rank are settled by the top card's suit.
    assert evaluate(Card.parse_many("QH KS AD"), classic) > \
        evaluate(Card.parse_many("QS KD AC"), classic)
    configure(lang)
    try:
        words = t("preset_pick.classic").casefold()
        assert "liêng" in words and "ảnh" in words, words
    finally:
        configure("vi")


@pytest.fixture(params=[((960, 540), "vi"), ((960, 540), "en"), ((1280, 720), "vi"),
                        ((1280, 720), "en"), ((2200, 1300), "vi")],
                ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[GameApp]:
    size, lang = request.param
    yield from real_app_on_menu(size, lang)


def test_every_preset_label_fits_its_drop_down(app: GameApp) -> None:
    """Each preset's words, in the settings' and the new-game screen's picker, are no
    wider than the picker's button (pygame_gui would cut them at its edge)."""
    for scene in (SettingsScene(app), NewGameScene(app)):
        app.push(scene)
        step(app, 2)
        button = scene.menus["preset"].menu_states["closed"].selected_option_button
        assert button is not None
        font = gui_font(button)
        for preset in TIEBREAKS:
            words = t(f"preset_pick.{preset}")
            assert font.size(words)[0] <= button.rect.w - 6, (preset, words, button.rect)
        shot(app, f"preset-{type(scene).__name__}-{app.size[0]}-{app.settings.language}")
        app.pop()
        step(app, 2)
