"""``python -m lieng.devtools.hotseat_shots DIR [WxH] [vi|en]``: the hot-seat screenshots in
``docs/`` — the setup, a hand-off panel, a person's turn (their cards only), a showdown,
the scoreboard and the final standings — from a seeded game of three people and two bots,
played by the same key autopilot as the self-test. Works headless
(``SDL_VIDEODRIVER=dummy``)."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pygame

from lieng.devtools.driver import KeyAutopilot, click, press
from lieng.engine import Showdown
from lieng.game.setup import SeatChoice, make_hotseat_table
from lieng.storage.settings import Settings, language_of
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.handoff import HandoffScene
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.hotseat_setup import HotseatSetupScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.screens import SCREENS

SEATS = [SeatChoice("Lan"), SeatChoice("Minh"), SeatChoice("Hùng"),
         SeatChoice("Thảo", "normal"), SeatChoice("Quốc", "hard")]


def take(out: Path, size: tuple[int, int] = (1280, 720), lang: str = "vi",
         seed: int = 7) -> list[Path]:
    settings = Settings(language=language_of(lang), animation_speed="instant", sound_on=False)
    app = GameApp(size, settings, fps=0, screens=SCREENS)
    app.push(MenuScene(app))
    setup = HotseatSetupScene(app)
    app.push(setup)
    for i, choice in enumerate(SEATS):
        setup.names[i].set_text(choice.name)
        setup.seats[i] = choice
        setup._label_kind(i)
    app.step(1 / 60)
    saved: list[Path] = []
    suffix = "" if lang == "vi" and size == (1280, 720) else f"-{lang}-{size[0]}x{size[1]}"

    def save(name: str) -> None:
        path = out / f"hotseat-{name}{suffix}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    save("setup")
    table = make_hotseat_table(SEATS, 10, "classic", 100, 20, seed=seed)
    scene = HotseatScene(app, table)
    app.replace(scene)
    pilot = KeyAutopilot(random.Random(3))
    got: set[str] = set()
    for _ in range(20000):
        app.step(1 / 60)
        if "done" in got:
            # Play on to the end of the hand: the scoreboard between hands.
            hand = table.hand
            if hand is not None and hand.is_over and not scene.board.busy \
                    and app.stack.top is scene:
                break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            if "handoff" not in got and top.waited > 0.55 and table.hand_no >= 2:
                save("handoff")
                got.add("handoff")
            if top.waited > 0.6:
                press(pygame.K_RETURN)
        elif isinstance(top, Dialog):
            click(app, top.buttons[0])
        elif top is scene and scene.my_legal() is not None and not scene.board.busy:
            if "turn" not in got and table.hand_no >= 2:
                # The person's turn as they see it, the timer part-way down.
                for _ in range(30):
                    app.step(1 / 60)
                scene.session.advance(7)
                app.step(1 / 60)
                save("turn")
                got.add("turn")
            pilot(scene)
        hand = table.hand
        # The result panel up long enough for its "Ván tiếp" button to be drawn.
        if hand is not None and hand.is_over and scene.summary_showing() \
                and scene.summary.shown_for > 0.5 and "showdown" not in got:
            shows = [e for e in hand.events if isinstance(e, Showdown)]
            if shows and len(shows[0].hands) >= 2:
                save("showdown")
                got.add("showdown")
        if {"handoff", "turn", "showdown"} <= got:
            got.add("done")
    scene.show_scores()
    for _ in range(3):
        app.step(1 / 60)
    save("scores")
    app.pop()
    scene.finish()  # the players end the game: the final standings
    for _ in range(3):
        app.step(1 / 60)
    save("final")
    app.close()
    return saved


def main(argv: list[str]) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out = Path(argv[0]) if argv else Path("docs")
    size = tuple(int(x) for x in argv[1].split("x")) if len(argv) > 1 else (1280, 720)
    lang = argv[2] if len(argv) > 2 else "vi"
    out.mkdir(parents=True, exist_ok=True)
    for path in take(out, (size[0], size[1]), lang):
        print(f"saved {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
