"""The self-test and the screenshot: the real app, the same scenes and loop, driven by
posted pygame events instead of a person.

``--selftest`` clicks through the menu and the new-game dialog, then plays N hands with
every seat on autopilot at instant speed: the bots are the real bots, and the player's
seat is played by pressing the action bar's keys (U, C, R, A, ←/→). Every table frame
it draws is checked against the layout rule (``LayoutWatch``, docs/UI.md): a frame in
which anything covers what it must not, or leaves the window, fails the run. ``--screenshot``
plays a scripted hand to a fixed moment — six seats, a raise pending for the player, side
pots on the table — and saves that frame.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from lieng.devtools.driver import Driver, KeyAutopilot, LayoutWatch, SummaryPilot, click, press
from lieng.engine import Action, Event, HandView, RuleSet
from lieng.storage.paths import data_dir
from lieng.storage.settings import NullStore, Settings, Speed, language_of
from lieng.table import PlayerSpec, Table
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.notices import NoticeDialog
from lieng.ui.scenes.table import TableScene
from lieng.ui.screens import SCREENS


@dataclass
class _SelftestState:
    phase: str = "menu"
    start_total: int = 0
    rebuys: int = 0
    seen_hand: int = -1
    table: TableScene[Table] | None = None
    """The table played, kept after it closes (the player went broke for good)."""
    won: bool = False
    """The table said the player beat every bot (its "msg.table_won" dialog)."""
    notices: set[str] = field(default_factory=set)
    """The codes of the storage notices the player was shown (and the run dismissed)."""


def run_selftest(hands: int, size: tuple[int, int] = (1280, 720), seed: int | None = None,
                 bots: int = 5, lang: str = "vi", hold_mid_hand: bool = False,
                 on_hand: Callable[[int], None] | None = None,
                 speed: Speed = "instant", check_layout: bool = True) -> int:
    """Play ``hands`` hands through the real window; print one line; return the exit code.

    The app is the real one (``session.open_app``): the saved settings, the bankroll and
    the history in the data folder — the buy-in comes from the bankroll and every hand is
    committed and recorded, and the run fails unless the three files are in that folder.
    ``python main.py --selftest`` makes that a temporary folder unless one is given
    (``--data-dir``, ``LIENG_DATA_DIR``; ``lieng/app.py``), so trying the self-test never
    costs a player chips nor fills their history. Only the window's own choices are
    overridden for the run (instant speed, muted) and those are not saved.

    With ``hold_mid_hand``, once ``hands`` hands are done and the player has chips in the
    next hand's pot, it prints ``MIDHAND bankroll=<total>`` and stops there until it is
    killed (the crash test). ``on_hand`` is told each new hand's number as the table
    deals it (``bench/long_session.py`` samples the process's memory there); ``speed``
    is the animations' (instant unless a bench asks for the frames a player sees).
    ``check_layout`` (on unless a bench measures a player's frames: a recorded frame draws
    every retained group anew) checks every table frame against the layout rule.
    """
    from lieng.ui.session import open_app

    t0 = time.perf_counter()
    app = open_app(size, lang, fps=0)
    app.change_settings(animation_speed=speed)
    app.set_muted(True)
    app.store = NullStore()  # the run's choices (instant, muted, 5 bots) are never saved
    profile = app.profile
    assert profile is not None
    bank_start = profile.bankroll.total
    app.push(MenuScene(app))
    rng = random.Random(seed)
    pilot = KeyAutopilot(random.Random(rng.getrandbits(32)))
    next_hand = SummaryPilot()
    state = _SelftestState()
    max_frames = 4000 + 400 * hands

    driver = Driver(app)

    def menu(top: MenuScene) -> None:
        if state.phase == "menu":
            click(app, top.buttons["play_bots"])
            state.phase = "new_game"
        elif state.phase == "table":
            app.running = False  # back at the menu: the table ended (no chips left)

    def new_game(top: NewGameScene) -> None:
        if state.phase == "new_game":
            top.choice["bots"] = str(bots)
            top.seed = seed
            click(app, top.start)
            state.phase = "table"

    def table(top: TableScene[Table]) -> None:
        state.table = top
        if top.autopilot is None:
            top.autopilot = pilot
            state.start_total = sum(seat.spec.stack for seat in top.table.seats)
        t = top.table
        if on_hand is not None and t.hand_no != state.seen_hand:
            state.seen_hand = t.hand_no
            on_hand(t.hand_no)
        if hold_mid_hand and t.hand_no > hands and t.in_hand and t.hand is not None \
                and any(seat == top.me for seat, _a in t.hand.actions):
            print(f"MIDHAND bankroll={profile.bankroll.total} "
                  f"stack={t.hand.start_stacks[top.me]} behind={t.hand.stacks[top.me]}",
                  flush=True)
            while True:  # the real app, frozen mid-hand, until it is killed
                time.sleep(1)
        if not hold_mid_hand and t.hand_no >= hands and t.hand is not None \
                and t.hand.is_over and not top.board.busy:
            app.running = False
            return
        next_hand(top)  # "Ván tiếp" on each hand's result

    def dialog(top: Dialog) -> None:
        state.won = state.won or top.body == "msg.table_won"
        if top.title == "msg.broke_title":
            state.rebuys += 1
            click(app, top.buttons[0])
        else:
            app.running = False

    # A storage notice at start-up (a damaged file kept aside) is read and dismissed.
    driver.on(MenuScene, menu).on(NewGameScene, new_game).on(TableScene, table)
    def notice(top: NoticeDialog) -> None:
        state.notices.update(n.code for n in top.notices)
        click(app, top.buttons[0])

    driver.on(NoticeDialog, lambda top: driver.once(top, lambda: notice(top)))
    driver.on(Dialog, dialog)
    layout = LayoutWatch()  # every table frame against the layout rule
    if check_layout:
        app.frame_hooks.append(layout)
    driver.run(max_frames)
    table_scene = next((s for s in app.stack.scenes if isinstance(s, TableScene)), state.table)
    elapsed = time.perf_counter() - t0
    if table_scene is None:
        print("selftest FAILED: never reached the table")
        return 1
    t = table_scene.table
    rebought = profile.rebought
    total = sum(t.stacks)
    # Newcomers who took broke bots' seats brought their own stacks (lieng.game.bot_seating).
    came = table_scene.session.seating.arrivals if table_scene.session.seating is not None else []
    expected = state.start_total + rebought + sum(a.spec.stack for a in came)
    done = t.hand_no >= hands or state.won
    me = t.seats[table_scene.me]
    profile.stand_up()
    # The bankroll moved by exactly the player's result at the table.
    bank_ok = profile.bankroll.total == bank_start + me.net and \
        profile.bankroll.at_table == 0 and profile.hands_recorded == t.hand_no
    # The real storage was exercised: its files exist in the data folder.
    folder = data_dir(create=False)
    missing = [name for name in ("settings.json", "bankroll.json", "history.jsonl")
               if not os.path.isfile(folder / name)]  # never raises in a locked folder
    # Every save really happened: a save that failed, or left no
    # backup, was only shown as a message, and the files above may still exist.
    failed_saves = profile.bankroll.failed_saves + profile.history.failed_appends
    ok = done and total == expected and t.hand is not None and t.hand.is_over and bank_ok \
        and not missing and not failed_saves and layout.ok \
        and (layout.frames > 0 or not check_layout)
    print(f"selftest {'ok' if ok else 'FAILED'}: {t.hand_no}/{hands} hands, {t.n_seats} seats, "
          f"{app.frames} frames, {pilot.presses} key presses, chips {total} "
          f"(expected {expected}), stacks {list(t.stacks)}, bankroll {bank_start} -> "
          f"{profile.bankroll.total} ({profile.hands_recorded} hands recorded), "
          + (f"MISSING {', '.join(missing)} in {folder}, " if missing else "")
          + (f"{failed_saves} SAVES FAILED, " if failed_saves else "")
          + (f"layout rule checked on {layout.frames} table frames" if check_layout
             else "layout rule not checked")
          + (f": {layout.count} BREACHES ({'; '.join(layout.breaches)}), " if layout.count
             else ", ")
          + ("the bankroll ran out before the last hand, "
             if not done and profile.bankroll.total == 0 else "")
          + f"{elapsed:.2f} s"
          # The storage messages the player was shown (and the run dismissed), by code.
          + (f", notices: {' '.join(sorted(state.notices))}" if state.notices else ""))
    app.close()
    return 0 if ok else 1


# --------------------------------------------------------------------- the screenshot


@dataclass
class ScriptedPlayer:
    """A seat that plays a fixed list of actions (for the screenshot)."""

    script: list[Action] = field(default_factory=list)

    def decide(self, view: HandView) -> Action:
        return self.script.pop(0) if self.script else Action.call()

    def observe(self, event: Event) -> None:
        pass


SCREENSHOT_SEATS: Sequence[tuple[str, int, list[Action]]] = (
    ("Bạn", 1000, []),
    ("Minh", 1000, [Action.call()]),
    ("Lan", 60, [Action.all_in()]),
    ("Hùng", 1000, [Action.raise_(5)]),
    ("Thảo", 1000, [Action.call()]),
    ("Quốc", 1000, [Action.fold()]),
)


def screenshot_app(size: tuple[int, int], lang: str = "vi") -> tuple[GameApp, TableScene[Table]]:
    """Build the app at the screenshot moment: the player (seat 0) checked, Lan went
    all-in short, Hùng raised 5×, Thảo called, Quốc folded — the player faces the raise,
    with a main pot and a side pot (the raise above Lan's all-in)."""
    settings = Settings(language=language_of(lang), animation_speed="instant",
                        show_cards_at_once=True)
    app = GameApp(size, settings, fps=0, screens=SCREENS)
    scripts = {name: list(script) for name, _stack, script in SCREENSHOT_SEATS}
    players = [PlayerSpec(name if i else settings.player_name, "human" if i == 0 else "bot",
                          stack=stack) for i, (name, stack, _s) in enumerate(SCREENSHOT_SEATS)]

    def factory(spec: PlayerSpec, rng: random.Random) -> ScriptedPlayer:
        return ScriptedPlayer(scripts[spec.name])

    table = Table(RuleSet(table_bet=10), players, seed=2026, bot_factory=factory)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    press(pygame.K_c)  # the player checks first
    for _ in range(60):
        app.step(1 / 60)
        hand = table.hand
        if hand is not None and hand.to_act == 0 and len(hand.actions) >= 6:
            break
    # Show the moment as a player would see it: animations at normal speed, settled,
    # the turn timer part-way down.
    app.change_settings(animation_speed="normal")
    for _ in range(3):
        press(pygame.K_RIGHT)  # the raise slider part-way: Tố 4×
    for _ in range(40):
        app.step(1 / 60)
    scene.session.advance(6.0)  # the turn timer part-way down
    app.step(1 / 60)
    return app, scene


def take_screenshot(path: Path, size: tuple[int, int] = (1280, 720), lang: str = "vi") -> Path:
    app, _scene = screenshot_app(size, lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(path))
    app.close()
    return path
