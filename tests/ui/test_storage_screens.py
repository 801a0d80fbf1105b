"""Issue 5 through the real window (headless, real pygame events): the settings screen
round trip, the bankroll at the table, the history list and its replay, the statistics
screen, the coach hint, and storage messages. Each test's data folder is a fresh temporary
``XDG_DATA_HOME`` (tests/conftest.py); "restarting the app" is ``session.open_app`` again
on the same folder."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pygame
import pytest

from lieng.devtools.bots_selftest import KeyAutopilot
from lieng.engine import Card, Event, HandEnded, PotAwarded, evaluate
from lieng.storage.bankroll import SCHEMA as BANK_SCHEMA
from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.storage.settings import load_settings, settings_path
from lieng.table import Table
from lieng.ui.core.window import GameApp
from lieng.ui.player.notices import NoticeDialog
from lieng.ui.player.session import close_app, open_app
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.history import ROWS, HistoryScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.replay import ReplayScene
from lieng.ui.scenes.settings_screen import SettingsScene
from lieng.ui.scenes.stats import StatsScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.coach import coach_line

from .helpers import click, click_at, move_mouse, run_until, step


@pytest.fixture
def real_app() -> Iterator:  # type: ignore[type-arg]
    apps: list[GameApp] = []

    def make() -> GameApp:
        app = open_app(fps=0)  # SDL_AUDIODRIVER=dummy: silent anyway
        apps.append(app)
        app.push(MenuScene(app))
        step(app, 2)
        return app

    yield make
    for app in apps:
        if app.running or app.stack.scenes:
            app.close()


def choose(app: GameApp, name: str, value: str) -> None:
    """Pick ``value`` in the settings screen's drop-down ``name`` with two real clicks."""
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    menu = scene.menus[name]
    move_mouse((2, 2))  # off any element, as a hand would move between two choices
    step(app, 2)
    click(app, menu.menu_states["closed"].selected_option_button)
    state = menu.current_state
    assert state is menu.menu_states["expanded"], (name, app.ui.get_hovering_any_element())
    items = state.options_selection_list.item_list
    item = next(it for it in items if it["object_id"] == value)
    assert item["button_element"] is not None, f"{name}={value} not visible"
    click(app, item["button_element"])
    step(app, 2)
    # A language or window-size change rebuilds the screen: read the new drop-down.
    top = app.stack.top
    assert isinstance(top, SettingsScene)
    assert top.menus[name].selected_option[1] == value


CHANGES = {"timer": "10", "bots": "5", "level": "hard", "bet": "50", "preset": "v8club",
           "coach": "on", "sound": "off", "volume": "30", "speed": "fast", "own_cards": "up",
           "deck": "four", "fullscreen": "on", "language": "en"}


def test_settings_round_trip_through_clicks(real_app) -> None:  # type: ignore[no-untyped-def]
    app = real_app()
    windowed = app.size
    click(app, app.stack.top.buttons["settings"])
    assert isinstance(app.stack.top, SettingsScene)
    for name, value in CHANGES.items():
        choose(app, name, value)
    # They took effect at once.
    assert app.settings.language == "en" and app.settings.muted and app.sounds.muted
    assert app.sounds.volume == 30 and app.cards.four_colour and app.settings.speed == "fast"
    assert app.fullscreen and pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    click(app, app.stack.top.back)
    assert isinstance(app.stack.top, MenuScene)
    close_app(app)

    saved, notices = load_settings()
    assert notices == []
    assert (saved.turn_timer, saved.bots, saved.bot_level, saved.table_bet, saved.tiebreak,
            saved.coach_hints, saved.sound_on, saved.volume, saved.animation_speed,
            saved.show_cards_at_once, saved.four_colour_deck, saved.fullscreen,
            saved.language) == (10, 5, "hard", 50, "v8club", True, False, 30, "fast", True, True,
                                True, "en")

    # Restart the app objects on the same data folder: every value is back.
    app = real_app()
    assert app.fullscreen and app.settings.language == "en" and app.settings.muted
    click(app, app.stack.top.buttons["settings"])
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    assert {n: m.selected_option[1] for n, m in scene.menus.items()} == {
        **{n: m.selected_option[1] for n, m in scene.menus.items()}, **CHANGES}
    # Switching full screen off really gives the window back.
    choose(app, "fullscreen", "off")
    assert not app.fullscreen and app.size == windowed
    assert not pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    click(app, app.stack.top.back)

    # The new-game dialog starts from them and the table gets the timer.
    click(app, app.stack.top.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    assert (ng.choice["bots"], ng.choice["level"], ng.choice["bet"], ng.choice["preset"]) == (
        "5", "hard", "50", "v8club")
    assert ng.choice["buy_in"] == "5000"  # 100 table bets, from the bankroll
    click(app, ng.start)
    table_scene = app.stack.top
    assert isinstance(table_scene, TableScene)
    rules = table_scene.table.rules
    assert (rules.turn_seconds, rules.table_bet, rules.tiebreak) == (10, 50, "v8club")
    assert table_scene.table.n_seats == 6
    assert table_scene.table.seats[0].stack == 5000
    assert app.profile is not None and app.profile.bankroll.balance == STARTING_CHIPS - 5000
    hand = table_scene.table.hand
    assert hand is not None and not hand.is_over
    in_pot = hand.start_stacks[0] - hand.stacks[0]
    assert in_pot >= 50  # at least the ante
    close_app(app)
    assert settings_path().exists()
    bank, notices = Bankroll.open()
    # Closing the window mid-hand is leaving the table: the chips in the pot are lost
    # (as the leave dialog says), the rest is back in the bank — nothing left at a table.
    assert bank.total == STARTING_CHIPS - in_pot and bank.at_table == 0 and notices == []


def play_hands(app: GameApp, n: int, seed: int, bots: str = "2") -> tuple[TableScene,
                                                                          list[list[Event]]]:
    """From the menu: the new-game dialog (clicked), then ``n`` hands with the player's
    seat pressing keys. Returns the table scene and every finished hand's full events as
    the table produced them (an independent record to check the screens against)."""
    click(app, app.stack.top.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    ng.choice["bots"] = bots
    ng.seed = seed
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    hands: list[list[Event]] = []
    first = scene.table.hand
    assert first is not None and not first.is_over  # dealt as the table opened
    current: list[Event] = list(first.events)

    def listen(events: Sequence[Event]) -> None:
        current.extend(events)
        if any(isinstance(e, HandEnded) for e in events):
            hands.append(list(current))
            current.clear()

    scene.table.subscribe(listen)
    app.settings.speed = "instant"
    scene.autopilot = KeyAutopilot(random.Random(seed))
    table = scene.table

    def done() -> bool:
        top = app.stack.top
        if isinstance(top, Dialog):
            click(app, top.buttons[0])  # a rebuy offer: take it
        return len(hands) >= n and not table.in_hand and not scene.board.busy

    run_until(app, done, limit=6000)
    scene.autopilot = None
    return scene, hands


def leave_table(app: GameApp, scene: TableScene) -> None:
    click(app, scene.top_buttons["leave"])
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    click(app, dialog.buttons[0])
    step(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def my_net(events: Sequence[Event], seat: int = 0) -> int:
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    return ended.net[seat]


def test_bankroll_follows_every_hand_and_comes_back_on_leaving(real_app) -> None:  # type: ignore[no-untyped-def]
    app = real_app()
    profile = app.profile
    scene, hands = play_hands(app, 3, seed=21)
    table: Table = scene.table
    played = table.hand_no
    nets = [my_net(h) for h in hands]
    # Each hand was committed as it ended: the bank file already says so (no cash-out yet).
    assert profile.bankroll.hands == played
    assert profile.bankroll.total == STARTING_CHIPS + sum(nets)
    assert profile.bankroll.at_table == table.seats[0].stack
    leave_table(app, scene)
    assert profile.bankroll.at_table == 0
    assert profile.bankroll.balance == STARTING_CHIPS + sum(nets)
    # The menu shows the bankroll.
    step(app, 1)
    assert app.profile is not None
    assert app.stack.top.extras.buttons["history"].visible


def test_history_lists_hands_and_replays_one_on_the_table(real_app) -> None:  # type: ignore[no-untyped-def]
    app = real_app()
    scene, hands = play_hands(app, 3, seed=8)
    leave_table(app, scene)
    click(app, app.stack.top.extras.buttons["history"])
    hist = app.stack.top
    assert isinstance(hist, HistoryScene)
    run_until(app, lambda: hist.loaded)  # read on a worker thread
    assert len(hist.hands) == len(hands) <= ROWS
    # Newest first, the same hands the table played, the player's own result.
    for rec, events in zip(hist.hands, reversed(hands), strict=True):
        assert rec.net == my_net(events)
        assert rec.pot == sum(e.amount for e in events if isinstance(e, PotAwarded))
    # Select the second row with a click, then the replay button.
    click_at(app, hist.row_rect(1).center)
    assert hist.selected == 1
    click(app, hist.replay)
    rep = app.stack.top
    assert isinstance(rep, ReplayScene)
    events = hands[-2]
    record = hist.hands[1]
    board = rep.replay.board
    # After the first step (the deal): the antes are in the pot and our cards are ours.
    run_until(app, lambda: not rep.replay.board.busy)
    dealt_in = sum(record.started.dealt_in)
    assert sum(a for a, _ in board.layers()) == dealt_in * record.rules.table_bet
    mine = [c.card for c in board.seats[0].cards]
    assert mine == list(record.cards) and len(mine) == 3
    assert all(c.card is None for s in board.seats[1:] for c in s.cards)  # never seen
    # Step to the end with the next button.
    while not rep.replay.at_end:
        click(app, rep.buttons["next"])
        run_until(app, lambda: not rep.replay.board.busy)
    board = rep.replay.board
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert [s.stack for s in board.seats] == list(ended.stacks)
    assert [s.net for s in board.seats] == list(ended.net)
    won = [0] * len(board.seats)
    for e in events:
        if isinstance(e, PotAwarded):
            for w, share in zip(e.winners, e.shares, strict=True):
                won[w] += share
    assert [s.won for s in board.seats] == won
    for seat, cards in record.showdown.items():
        assert [c.card for c in board.seats[seat].cards] == list(cards)
    # Back one step, then auto-play to the end again.
    click(app, rep.buttons["prev"])
    assert rep.replay.pos == len(rep.replay.steps) - 1
    click(app, rep.buttons["play"])
    assert rep.playing
    run_until(app, lambda: rep.replay.at_end and not rep.playing and not rep.replay.board.busy)
    assert [s.stack for s in rep.replay.board.seats] == list(ended.stacks)
    click(app, rep.buttons["back"])
    assert app.stack.top is hist


def test_statistics_screen_figures(real_app) -> None:  # type: ignore[no-untyped-def]
    app = real_app()
    scene, hands = play_hands(app, 4, seed=5, bots="3")
    leave_table(app, scene)
    click(app, app.stack.top.extras.buttons["stats"])
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    run_until(app, lambda: stats.loaded)
    nets = [my_net(h) for h in hands]
    won = [any(isinstance(e, PotAwarded) and 0 in e.winners and not e.refund for e in h)
           for h in hands]
    pots = [sum(e.amount for e in h if isinstance(e, PotAwarded)) for h in hands]
    st = stats.stats
    assert st.hands_played == len(hands)
    assert st.hands_won == sum(won)
    assert st.net_chips == sum(nets) == app.profile.bankroll.total - STARTING_CHIPS
    assert st.biggest_pot == max([p for p, w in zip(pots, won, strict=True) if w], default=0)
    # Best hand: the strongest of the player's dealt cards.
    mine = [tuple(e.card for e in h if type(e).__name__ == "CardDealt" and e.seat == 0)
            for h in hands]
    best = max(mine, key=lambda cards: evaluate(cards, scene.table.rules).key)
    assert st.best_hand is not None and st.best_hand.cards == evaluate(best,
                                                                        scene.table.rules).cards
    # Every one of the player's actions counted once; all against "normal" bots.
    n_actions = sum(1 for h in hands for e in h
                    if type(e).__name__ == "ActionTaken" and e.seat == 0)
    assert sum(st.actions.values()) == n_actions
    assert set(st.per_level) == {"normal"} and st.per_level["normal"].hands == len(hands)
    figures = dict(stats.figures())
    assert figures["stats.played"] == str(len(hands))
    click(app, stats.back)
    assert isinstance(app.stack.top, MenuScene)


def test_coach_hint_names_the_hand_and_its_chance(real_app) -> None:  # type: ignore[no-untyped-def]
    from lieng.bots.strength import win_probability

    app = real_app()
    assert app.stored is not None and not app.stored.coach_hints  # off by default
    app.stored.coach_hints = True
    app.settings.reveal_own_cards = True
    click(app, app.stack.top.buttons["play_bots"])
    ng = app.stack.top
    ng.choice["bots"] = "3"
    ng.seed = 2
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    run_until(app, lambda: scene.my_legal() is not None and not scene.board.busy)
    cards = tuple(c.card for c in scene.own_cards())
    assert all(isinstance(c, Card) for c in cards)
    others = sum(1 for i, s in enumerate(scene.board.seats) if i and not s.folded)
    pct = round(100 * win_probability(cards, opponents=others, rules=scene.table.rules))
    line = coach_line(scene)
    # The bar's label names the hand just below: the hint does not repeat it.
    name = evaluate(cards, scene.table.rules).name("vi")
    assert scene.bar is not None and scene.bar.hand_label.text == name
    assert name not in line
    assert f"{pct}%" in line and f"{others} người" in line


def test_storage_message_shown_once_and_the_game_goes_on(real_app) -> None:  # type: ignore[no-untyped-def]
    app = real_app()
    close_app(app)
    settings_path().write_bytes(b"\xff\xfe not json")
    app = real_app()
    step(app, 2)
    top = app.stack.top
    assert isinstance(top, NoticeDialog)
    assert any(n.code in ("restored_backup", "reset_defaults") for n in top.notices)
    lines = " ".join(top.lines())
    assert "cài đặt" in lines.lower()
    click(app, top.buttons[0])
    step(app, 3)
    assert isinstance(app.stack.top, MenuScene)  # shown once; the menu works
    assert app.profile is not None and app.profile.pending == []


def test_full_disk_mid_game_is_one_message_and_play_goes_on(real_app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import errno

    import lieng.storage.atomic as atomic
    import lieng.storage.history as history_mod

    app = real_app()
    click(app, app.stack.top.buttons["play_bots"])
    ng = app.stack.top
    ng.choice["bots"] = "2"
    ng.seed = 4
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene)

    def full(*_a: object, **_k: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app.settings.speed = "instant"
    scene.autopilot = KeyAutopilot(random.Random(4))
    table = scene.table
    with monkeypatch.context() as disk:
        disk.setattr(atomic, "write_atomic", full)
        disk.setattr(history_mod, "append_line", full)
        run_until(app, lambda: isinstance(app.stack.top, NoticeDialog), limit=3000)
        dialog = app.stack.top
        assert isinstance(dialog, NoticeDialog)
        assert {n.code for n in dialog.notices} == {"disk_full"} and len(dialog.notices) == 2
        assert "Ổ đĩa đã đầy" in " ".join(dialog.lines())
        click(app, dialog.buttons[0])
        assert app.stack.top is scene
        # Play goes on; the same failure is not repeated.
        hands = table.hand_no
        run_until(app, lambda: table.hand_no >= hands + 2 or isinstance(app.stack.top, Dialog),
                  limit=4000)
        assert not isinstance(app.stack.top, NoticeDialog)
        assert table.hand_no >= hands + 2
    # Space again: the next commit saves everything the memory holds.
    n = table.hand_no
    run_until(app, lambda: (table.hand_no > n and not table.in_hand) or
              isinstance(app.stack.top, Dialog), limit=4000)
    profile = app.profile
    assert profile is not None
    loaded = atomic.load_document(profile.bankroll.path, BANK_SCHEMA)
    assert loaded.data is not None
    assert loaded.data["balance"] + loaded.data["at_table"] == profile.bankroll.total
    assert loaded.data["hands"] == table.hand_no


def test_broke_player_claims_the_daily_refill_from_the_menu(real_app) -> None:  # type: ignore[no-untyped-def]
    from lieng.storage.bankroll import REFILL_TO
    from lieng.ui.scenes.menu_bankroll import wait_text

    bank, _ = Bankroll.open()
    bank.buy_in(STARTING_CHIPS - 5)
    bank.commit_hand(-(STARTING_CHIPS - 5))
    bank.cash_out()
    app = real_app()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    refill = menu.extras.buttons["refill"]
    assert refill.visible
    # Too few chips for a table: the new-game dialog can't seat the player.
    click(app, menu.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene) and ng.choice["buy_in"] == ""
    click(app, ng.start)
    assert app.stack.top is ng
    click(app, ng.back)
    click(app, refill)
    profile = app.profile
    assert profile is not None and profile.bankroll.total == REFILL_TO
    assert not refill.visible
    status = profile.refill_status()
    assert not status.available and status.wait.total_seconds() > 0
    assert wait_text(status.wait).endswith("phút")
    close_app(app)
    again, _ = Bankroll.open()
    assert again.total == REFILL_TO and again.refill_status(profile.clock()).available is False


def test_statistics_lists_shared_screen_game_results(real_app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 6: a hot-seat game's final standings are kept in the statistics."""
    from datetime import datetime

    from lieng.storage.history import GameResult, History, SeatRecord

    result = GameResult.build(datetime(2026, 11, 29, 20, 15), "hotseat", 12, [
        (SeatRecord("Lan"), 1350, 350), (SeatRecord("Minh"), 900, -100),
        (SeatRecord("Cô Sáu", "bot", "hard"), 750, -250)])
    History().append(result)
    app = real_app()
    click(app, app.stack.top.extras.buttons["stats"])
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    run_until(app, lambda: stats.loaded)
    assert stats.page == "overview"
    click(app, stats.games_btn)
    assert stats.page == "games"
    step(app, 2)
    pygame.image.save(app.screen, str(tmp_path / "games.png"))  # drawn without error
    assert stats.game_lines() == [(
        "29/11 20:15 · Chơi chung một máy · 12 ván",
        "1. Lan +350 · 2. Minh −100 · 3. Cô Sáu (máy) −250")]
    click(app, stats.games_btn)
    assert stats.page == "overview"
