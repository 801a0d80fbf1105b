"""``python main.py --selftest --mode hotseat --hands N``: a hot-seat game of three people
and two bots played through the real window on autopilot.

It clicks "Chơi chung một máy" in the menu, sets three people and two bots in the setup
and starts; then every hand-off panel is confirmed with Enter, every person's turn is
played by pressing the action bar's keys (``KeyAutopilot``), broke people buy chips again,
and after N hands Esc leaves the table for the final scoreboard. ``PrivacyWatch`` checks
every frame's face blits. Exit code 0 when the chips add up, every person saw their own
cards, and no hidden card was ever drawn where it shouldn't be.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pygame

from lieng.devtools.driver import Driver, KeyAutopilot, SummaryPilot, click, press
from lieng.devtools.privacy_watch import PrivacyWatch
from lieng.game.setup import SeatChoice
from lieng.storage.settings import Settings, language_of
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.handoff import ARM_SECONDS, HandoffScene
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.hotseat_setup import HotseatSetupScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.scoreboard import ScoreboardScene
from lieng.ui.screens import SCREENS

PEOPLE = ("Lan", "Minh", "Hùng")
BOTS = (("Thảo", "normal"), ("Quốc", "hard"))


@dataclass
class _State:
    phase: str = "menu"
    scene: HotseatScene | None = None
    confirmed_panels: int = 0
    final: bool = False


def run_hotseat_selftest(hands: int, size: tuple[int, int] = (1280, 720),
                         seed: int | None = None, lang: str = "vi") -> int:
    t0 = time.perf_counter()
    settings = Settings(language=language_of(lang), animation_speed="instant",
                        sound_on=False)
    app = GameApp(size, settings, fps=0, screens=SCREENS)
    app.push(MenuScene(app))
    rng = random.Random(seed)
    pilot = KeyAutopilot(random.Random(rng.getrandbits(32)))
    next_hand = SummaryPilot()
    watch = PrivacyWatch()
    watch.install(app)
    state = _State()
    max_frames = 6000 + 900 * hands

    driver = Driver(app)

    def menu(top: MenuScene) -> None:
        if state.phase == "menu":
            click(app, top.buttons["hotseat"])
            state.phase = "setup"

    def setup(top: HotseatSetupScene) -> None:
        if state.phase == "setup":
            top.seats[:5] = [SeatChoice(n) for n in PEOPLE] + \
                [SeatChoice(n, level) for n, level in BOTS]
            for i, entry in enumerate(top.names[:5]):
                entry.set_text(top.seats[i].name)
            top.count = 5
            top.seed = seed
            click(app, top.start)
            state.phase = "table"

    def table(top: HotseatScene) -> None:
        state.scene = top
        if top.autopilot is None:
            top.autopilot = pilot
        t = top.table
        if t.hand_no >= hands and t.hand is not None and t.hand.is_over \
                and not top.board.busy and state.phase == "table":
            press(pygame.K_ESCAPE)
            state.phase = "leaving"
        elif state.phase == "table":
            next_hand(top)  # "Ván tiếp" on each hand's result

    def handoff(top: HandoffScene) -> None:
        if top.waited >= ARM_SECONDS:
            driver.once(top, confirm)

    def confirm() -> None:
        state.confirmed_panels += 1
        press(pygame.K_RETURN)

    def dialog(top: Dialog) -> None:
        if top.title in ("hotseat.broke_title", "hotseat.end_title"):
            click(app, top.buttons[0])  # buy chips again; yes, leave: the final scoreboard
        else:
            app.running = False

    def scoreboard(top: ScoreboardScene) -> None:
        if top.final:
            state.final = True
            app.running = False

    driver.on(MenuScene, menu).on(HotseatSetupScene, setup).on(HotseatScene, table)
    driver.on(HandoffScene, handoff).on(Dialog, dialog).on(ScoreboardScene, scoreboard)
    driver.run(max_frames)
    elapsed = time.perf_counter() - t0
    scene = state.scene
    if scene is None:
        print("selftest FAILED: never reached the hot-seat table")
        app.close()
        return 1
    t = scene.table
    added = sum(a for _h, _s, kind, a in scene.session.flow.changes if kind == "rebuy")
    taken = sum(a for _h, _s, kind, a in scene.session.flow.changes if kind == "leave")
    start = sum(seat.spec.stack for seat in t.seats)
    expected = start + added - taken
    total = sum(seat.stack for seat in t.seats)
    people = [i for i, seat in enumerate(t.seats) if seat.kind == "human"]
    # Every person who confirmed a hand-off had their own cards drawn face up.
    everyone_saw = all(watch.seen_by[i] > 0 for i in scene.turns.confirmed)
    ok = (state.final and t.hand_no >= hands and total == expected and not watch.violations
          and scene.turns.handoffs > 0 and watch.panel_frames > 0 and everyone_saw
          and scene.end.result is not None)
    print(f"selftest {'ok' if ok else 'FAILED'}: hotseat, {t.hand_no}/{hands} hands, "
          f"{t.n_seats} seats ({len(people)} people), {scene.turns.handoffs} hand-offs, "
          f"{scene.turns.timeouts} hand-off timeouts, {watch.frames} frames checked "
          f"({watch.panel_frames} under a hand-off panel), {len(watch.violations)} privacy "
          f"violations, own cards seen {dict(sorted(watch.seen_by.items()))}, "
          f"{pilot.presses} key presses, chips {total} (expected {expected}), "
          f"{elapsed:.2f} s")
    for v in watch.violations[:5]:
        print(f"  {v}")
    app.close()
    return 0 if ok else 1

