"""Playtest findings through the real window (headless, real pygame events): a hand left
mid-way — by the leave button or by closing the window — is one hand everywhere: the
bank's hand count, the history list and the statistics, and the chips lost agree."""

from __future__ import annotations

import os
import random

import pygame

from lieng.devtools.bots_selftest import KeyAutopilot
from lieng.engine import HandEnded
from lieng.game import BOT_NAMES
from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.storage.history import History
from lieng.storage.settings import load_settings
from lieng.storage.stats import compute_stats
from lieng.ui.core.i18n import t
from lieng.ui.core.window import GameApp
from lieng.ui.player.notices import NoticeDialog
from lieng.ui.player.session import close_app, open_app
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.handoff import HandoffScene
from lieng.ui.scenes.history import HistoryScene
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.hotseat_setup import (
    HotseatSetupScene,
    SeatChoice,
    make_hotseat_table,
    rename_clashing_bots,
    validate,
)
from lieng.ui.scenes.lan_join import LanJoinScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.replay import ReplayScene
from lieng.ui.scenes.stats import StatsScene
from lieng.ui.scenes.table import TableScene

from .helpers import click, click_at, move_mouse, run_until, step
from .test_hotseat import type_name
from .test_lan_screens import LOOPBACK, _beacon_host, cleanup, type_into, wait  # noqa: F401
from .test_storage_screens import choose, leave_table, play_hands, real_app  # noqa: F401

SHOTS = os.environ.get("LIENG_SHOTS")
"""A folder to save screenshots in (for looking at them), or unset."""


def shot(app: GameApp, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, name))


def wait_mid_hand(app: GameApp, scene: TableScene) -> int:
    """Run the table until the player has chips in an unfinished hand; those chips."""
    table = scene.table

    def in_pot() -> int:
        hand = table.hand
        if hand is None or hand.is_over or not table.in_hand:
            return 0
        return hand.start_stacks[0] - hand.stacks[0]

    run_until(app, lambda: in_pot() > 0, limit=3000)
    return in_pot()


def test_hands_left_mid_way_count_everywhere(real_app) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    app = real_app()
    scene, hands = play_hands(app, 2, seed=13)
    nets = [h[-1].net[0] for h in hands]  # type: ignore[attr-defined]
    lost1 = wait_mid_hand(app, scene)
    leave_table(app, scene)  # the leave button, mid-hand
    scene, more = play_hands(app, 1, seed=14)
    nets += [h[-1].net[0] for h in more]  # type: ignore[attr-defined]
    lost2 = wait_mid_hand(app, scene)
    # Closing the window mid-hand: what main.py does after the loop ends.
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 1)
    assert not app.running
    close_app(app)

    bank, _ = Bankroll.open()
    played = len(hands) + len(more) + 2
    assert bank.total == STARTING_CHIPS + sum(nets) - lost1 - lost2
    records, notices = History().hands()
    assert notices == []
    assert bank.hands == len(records) == played
    left = [r for r in records if not r.complete]
    assert [r.net for r in left] == [-lost1, -lost2]
    stats = compute_stats(records)
    assert stats.hands_played == played
    assert stats.net_chips == bank.total - STARTING_CHIPS

    # The screens say the same after a restart.
    app = real_app()
    assert app.profile is not None and app.profile.bankroll.hands == played
    click(app, app.stack.top.extras.buttons["history"])
    hist = app.stack.top
    assert isinstance(hist, HistoryScene)
    run_until(app, lambda: hist.loaded)
    assert len(hist.hands) == played and not hist.hands[0].complete
    shot(app, f"history-left-{app.size[0]}.png")
    click_at(app, hist.row_rect(0).center)
    click(app, hist.replay)
    rep = app.stack.top
    assert isinstance(rep, ReplayScene)
    while not rep.replay.at_end:
        click(app, rep.buttons["next"])
        run_until(app, lambda: not rep.replay.board.busy)
    step(app, 2)
    shot(app, f"replay-left-{app.size[0]}.png")
    click(app, rep.buttons["back"])
    click(app, hist.back)
    click(app, app.stack.top.extras.buttons["stats"])
    st = app.stack.top
    assert isinstance(st, StatsScene)
    run_until(app, lambda: st.loaded)
    assert st.stats.hands_played == played
    assert st.stats.net_chips == app.profile.bankroll.total - STARTING_CHIPS


def pick(app: GameApp, menu: object, value: str) -> None:
    """Choose ``value`` in a drop-down with two real clicks."""
    move_mouse((2, 2))
    step(app, 2)
    click(app, menu.menu_states["closed"].selected_option_button)  # type: ignore[attr-defined]
    state = menu.current_state  # type: ignore[attr-defined]
    assert state is menu.menu_states["expanded"]  # type: ignore[attr-defined]
    item = next(it for it in state.options_selection_list.item_list
                if it["object_id"] == value)
    click(app, item["button_element"])
    step(app, 2)


def test_buy_in_follows_the_table_bet(real_app) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    app = real_app()
    click(app, app.stack.top.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    assert (ng.choice["bet"], ng.choice["buy_in"]) == ("10", "1000")  # 100 bets
    pick(app, ng.menus["bet"], "50")
    assert ng.choice["buy_in"] == "5000"  # still 100 bets
    assert ng.menus["buy_in"].selected_option[1] == "5000"
    shot(app, f"new-game-{app.size[0]}-{app.settings.language}.png")
    pick(app, ng.menus["buy_in"], "2500")  # 50 bets
    pick(app, ng.menus["bet"], "10")
    assert ng.choice["buy_in"] == "500"  # 50 bets again
    pick(app, ng.menus["bet"], "100")
    # 50 × 100 = 5.000; the bank (10.000) allows it.
    assert ng.choice["buy_in"] == "5000"
    pick(app, ng.menus["buy_in"], "10000")  # 100 bets: all the bank has
    pick(app, ng.menus["bet"], "20")
    assert ng.choice["buy_in"] == "2000"
    assert "100" in ng.menus["buy_in"].selected_option[0]  # the label counts the bets
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.table.seats[0].stack == 2000


def test_chips_back_notice_writes_numbers_in_the_language(real_app) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    bank, _ = Bankroll.open()
    bank.buy_in(1500)  # then the game "crashed" with 1.500 chips at the table
    for lang, words in (("vi", "1.500 chip"), ("en", "1,500 chips")):
        if lang == "en":
            Bankroll.open()[0].buy_in(1500)
        app = open_app(lang=lang, fps=0)
        app.push(MenuScene(app))
        step(app, 2)
        top = app.stack.top
        assert isinstance(top, NoticeDialog)
        text = " ".join(top.lines())
        assert words in text, text
        shot(app, f"notice-{lang}.png")
        click(app, top.buttons[0])
        close_app(app)


def test_lang_on_the_command_line_is_for_one_run(real_app) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    app = open_app(lang="en", fps=0)  # what main.py does for `--lang en`
    app.push(MenuScene(app))
    step(app, 2)
    assert app.settings.language == "en"
    # A settings change in that run is saved, the one-off language isn't.
    click(app, app.stack.top.buttons["settings"])
    choose(app, "speed", "fast")
    click(app, app.stack.top.back)
    close_app(app)
    saved, _ = load_settings()
    assert (saved.language, saved.animation_speed) == ("vi", "fast")
    app = real_app()  # the next plain start
    assert app.settings.language == "vi"
    close_app(app)
    # Choosing a language in the settings during a `--lang` run does keep it.
    app = open_app(lang="vi", fps=0)
    app.push(MenuScene(app))
    step(app, 2)
    click(app, app.stack.top.buttons["settings"])
    choose(app, "language", "en")
    click(app, app.stack.top.back)
    close_app(app)
    assert load_settings()[0].language == "en"


def test_lan_join_without_a_password_says_one_is_needed(make_app, cleanup) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    hosts, _clients = cleanup
    app = make_app((960, 540), speed="instant")  # Vietnamese
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    assert scene.finder is not None
    host = _beacon_host(scene.finder.port, password="bí mật", name="Bàn của Nguyễn Văn Long")
    hosts.append(host)
    wait(app, lambda: len(scene.row_buttons) == 1)
    # A long table name is shortened so the row still says the table needs a password.
    row = scene.row_buttons[0]
    assert row.text.startswith("Bàn của") and "…" in row.text
    assert row.text.endswith("có mật khẩu") and row.font.size(row.text)[0] <= row.rect.w - 16
    click(app, row)  # the password box left empty
    wait(app, lambda: scene.error is not None)
    assert scene.phase == "choose" and t(scene.error) == "Bàn này cần mật khẩu."
    step(app, 2)
    shot(app, "lan-join-no-password-960.png")
    scene.error = None
    type_into(app, scene.entries["password"], "sai")
    click(app, scene.row_buttons[0])
    wait(app, lambda: scene.error is not None)
    assert t(scene.error) == "Sai mật khẩu bàn."
    scene.close_finder()


def test_a_person_taking_a_bot_s_name_renames_the_bot(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((960, 540), speed="instant")
    app.push(MenuScene(app))
    step(app)
    click(app, app.stack.top.buttons["hotseat"])
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


def test_closing_the_window_mid_hot_seat_game_saves_the_standings(real_app) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    app = real_app()
    assert app.profile is not None
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh"),
                                SeatChoice("Tuấn", "easy")], 10, "classic", 100, 20, seed=4)
    scene = HotseatScene(app, table, history=app.profile.history)
    app.push(scene)
    app.settings.speed = "instant"
    pilot = KeyAutopilot(random.Random(9))
    stacks_after: list[list[int]] = []
    table.subscribe(lambda evs: stacks_after.extend(  # type: ignore[arg-type, func-returns-value]
        [list(e.stacks) for e in evs if isinstance(e, HandEnded)]))

    def mid_third_hand() -> bool:
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click(app, top.button)
        elif isinstance(top, Dialog):
            click(app, top.buttons[0])
        elif scene.my_legal() is not None:
            pilot(scene)
        return table.hand_no >= 3 and table.in_hand and not scene.board.busy

    run_until(app, mid_third_hand, limit=20000)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 1)
    close_app(app)

    games, _ = History().games()
    assert len(games) == 1
    result = games[0]
    assert result.mode == "hotseat" and result.hands == 2  # the hand in play isn't counted
    by_name = {s.name: s.chips for s in result.standings}
    assert [by_name[n] for n in ("Lan", "Minh", "Tuấn")] == stacks_after[1]
    assert len(History().hands()[0]) == 2
