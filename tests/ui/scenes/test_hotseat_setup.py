"""The hot-seat setup screen (``lieng.ui.scenes.hotseat_setup``): typed names (kept for next
time, no two alike, a bot renamed when a person takes its name), at least one person, a
starting stack per seat (the table it describes: tests/game/test_setup.py)."""

from __future__ import annotations

import i18n as pyi18n

from lieng.game import BOT_NAMES
from lieng.game.setup import SeatChoice
from lieng.storage.settings import FileStore, load_settings
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.hotseat_setup import HotseatSetupScene, rename_clashing_bots, validate
from lieng.ui.scenes.menu import MenuScene

from ..helpers import MakeApp, click, step, top, type_name


def test_names_are_kept_for_next_time(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    app.store = FileStore()  # saved like a real game's
    app.push(MenuScene(app))
    step(app)
    click(app, top(app, MenuScene).buttons["hotseat"])
    setup = app.stack.top
    assert isinstance(setup, HotseatSetupScene)
    type_name(app, setup.names[0], "Lan")
    type_name(app, setup.names[1], "lan")
    click(app, setup.start)
    assert setup.error == "hotseat.same_names" and app.stack.top is setup
    type_name(app, setup.names[1], "Bảo")
    type_name(app, setup.names[2], "Chi")
    click(app, setup.start)
    assert any(isinstance(sc, HotseatScene) for sc in app.stack.scenes)
    assert app.settings.hotseat_names == ("Lan", "Bảo", "Chi")
    saved, _ = load_settings()
    assert saved.hotseat_names == ("Lan", "Bảo", "Chi")
    # Next time the setup starts from those names.
    app.change_settings(saved)
    again = HotseatSetupScene(app)
    app.push(again)
    step(app)
    assert [e.get_text() for e in again.names[:3]] == ["Lan", "Bảo", "Chi"]


def test_setup_needs_a_person(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    setup = HotseatSetupScene(app)
    app.push(setup)
    step(app)
    for i in range(3):
        click(app, setup.kinds[i])  # person → bot
    click(app, setup.start)
    assert setup.error == "hotseat.need_person" and app.stack.top is setup


def test_a_person_taking_a_bot_s_name_renames_the_bot(make_app: MakeApp) -> None:
    app = make_app((960, 540), speed="instant")
    app.push(MenuScene(app))
    step(app)
    click(app, top(app, MenuScene).buttons["hotseat"])
    setup = app.stack.top
    assert isinstance(setup, HotseatSetupScene)
    bot_name = setup.seats[3].name
    assert setup.seats[3].kind != "human" and setup.count >= 4
    type_name(app, setup.names[0], bot_name.upper())  # the same name, other letter case
    click(app, setup.start)
    scene = setup.started
    assert isinstance(scene, HotseatScene), setup.error
    names = [s.name for s in scene.table.seats]
    assert names[0] == bot_name.upper() and names[3] != bot_name
    assert len({n.casefold() for n in names}) == len(names)
    assert scene.table.seats[3].kind == "bot"


def test_rename_clashing_bots_keeps_people_and_numbers_when_out_of_names() -> None:
    seats = [SeatChoice(n) for n in ("Lan", "Minh")] + [SeatChoice("Lan", "easy")]
    assert rename_clashing_bots(seats) == [2]
    assert seats[2].name not in ("Lan", "Minh") and [s.name for s in seats[:2]] == ["Lan", "Minh"]
    people = [SeatChoice(n) for n in BOT_NAMES]
    bots = [SeatChoice(BOT_NAMES[0], "hard"), SeatChoice(BOT_NAMES[0], "hard")]
    assert rename_clashing_bots(people + bots) == [len(people), len(people) + 1]
    assert [b.name for b in bots] == [f"{BOT_NAMES[0]} 2", f"{BOT_NAMES[0]} 3"]
    two_people = [SeatChoice("An"), SeatChoice("an")]
    assert rename_clashing_bots(two_people) == [] and validate(two_people) == "hotseat.same_names"


def test_each_seat_gets_its_own_starting_stack(make_app: MakeApp) -> None:
    """A starting stack per seat. Clicking a row's stack cycles it; the "all seats" choice
    resets every row."""
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    setup = HotseatSetupScene(app)
    app.push(setup)
    step(app)
    def shown(i: int) -> str:
        b = setup.stacks[i]
        return str(pyi18n.t(b.text, **(b.text_kwargs or {})))

    assert shown(0) == "100 × cược"
    click(app, setup.stacks[1])  # 100 → 200
    click(app, setup.stacks[2])
    click(app, setup.stacks[2])  # 100 → 200 → 20 (wraps)
    assert [shown(i) for i in range(3)] == ["100 × cược", "200 × cược", "20 × cược"]
    click(app, setup.start)
    scene = app.stack.top
    while not isinstance(scene, HotseatScene):
        scene = next(sc for sc in app.stack.scenes if isinstance(sc, HotseatScene))
    bet = scene.table.rules.table_bet
    assert [s.spec.stack for s in scene.table.seats[:3]] == [100 * bet, 200 * bet, 20 * bet]
