"""Who plays a seat: bot plates carry "Máy · Khó" / "Bot · Hard"; a hot-seat seat switched
to a bot takes a bot name instead of keeping "Người chơi 3"."""

from __future__ import annotations

import pytest

from lieng.game.setup import make_table
from lieng.ui.core.i18n import configure
from lieng.ui.scenes.hotseat_setup import HotseatSetupScene, is_placeholder
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.drawing import bot_tag

from ..helpers import MakeApp, click, record_text, shot, step


def test_bot_plates_are_marked_with_their_level(make_app: MakeApp) -> None:
    app = make_app((960, 540), speed="instant")
    table = make_table(5, "hard", 10, "classic", "Bạn", seed=4)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app, 3)
    plates = scene.board.seats
    assert not plates[0].bot and plates[0].level is None
    assert all(p.bot and p.level == "hard" for p in plates[1:])
    assert bot_tag("hard") == "Máy · Khó" and bot_tag(None) == "Máy"
    assert bot_tag("unheard_of") == "Máy"  # a level with no words yet: just "Máy"
    shot(app, "bot-tags-960")
    configure("en")
    assert bot_tag("hard") == "Bot · Hard"
    configure("vi")


def test_a_hot_seat_seat_switched_to_a_bot_takes_a_bot_name(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    setup = HotseatSetupScene(app)
    app.push(setup)
    step(app)
    assert setup.seats[2].name == "Người chơi 3" and is_placeholder("Player 3")
    click(app, setup.kinds[2])  # person → bot (easy)
    assert setup.seats[2].kind == "easy"
    name = setup.names[2].get_text()
    assert name == setup.seats[2].name and not is_placeholder(name)
    others = {c.name.casefold() for i, c in enumerate(setup.seats) if i != 2}
    assert name.casefold() not in others
    for _ in range(6):  # through the levels back to a person
        click(app, setup.kinds[2])
        if setup.seats[2].kind == "human":
            break
    assert setup.seats[2].kind == "human"
    assert setup.names[2].get_text() == "Người chơi 3"  # the placeholder back
    # A name a person typed is theirs: it stays whatever the seat becomes.
    setup.names[1].set_text("Minh")
    click(app, setup.kinds[1])
    assert setup.names[1].get_text() == "Minh"


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_bot_tag_is_never_squeezed_on_a_small_window(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """At 960×540 "Máy · Bình thường" does not fit beside a four-digit stack: the tag goes
    beside the name, or the level alone is shown — whole, at its size, never "Máy · Bìn…"."""
    import lieng.ui.tabletop.drawing as drawing
    from lieng.ui.core.draw import text_surface
    from lieng.ui.core.i18n import t
    from lieng.ui.core.surface_cache import clear_all
    from lieng.ui.core.typescale import px

    app = make_app((960, 540), speed="instant", language=language)
    table = make_table(5, "normal", 10, "classic", "Bạn", seed=4)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app, 3)
    drawn = record_text(monkeypatch, drawing)
    clear_all()  # the plates are composed once and kept: have this frame compose them
    step(app)
    tags = [(s, r) for s, r in drawn if s in (bot_tag("normal"), t("level.normal"))]
    assert len(tags) == 5  # five bots
    fine = px(scene.layout.scale, "fine")
    for s, r in tags:
        assert r.w >= text_surface(s, fine).get_width() - 1  # drawn whole, not shrunk
    configure("vi")
