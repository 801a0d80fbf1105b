"""``python -m lieng.devtools.scale_shots DIR [WxH ...] [--lang en]``: the screens whose
text sizes the type scale sets (docs/UI.md "The type scale") at several window sizes —
the menu with the bankroll, the new game, the settings, the hot-seat setup, the hot-seat
hand-off with the end-the-game dialog open over it, and the table with the leave dialog.
Runs on a fresh data folder (never the player's); headless under
``SDL_VIDEODRIVER=dummy``. Default sizes: 960×600 and 2200×1300, where playtests found
a drop-down larger than its label and menu buttons of two sizes."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

import pygame

DEFAULT_SIZES = ("960x600", "2200x1300")


def take(out: Path, size: tuple[int, int], lang: str = "vi") -> list[Path]:
    from lieng.devtools.driver import press
    from lieng.game.setup import SeatChoice, make_hotseat_table, make_table
    from lieng.ui.scenes.handoff import HandoffScene
    from lieng.ui.scenes.hotseat import HotseatScene
    from lieng.ui.scenes.hotseat_setup import HotseatSetupScene
    from lieng.ui.scenes.menu import MenuScene
    from lieng.ui.scenes.new_game import NewGameScene
    from lieng.ui.scenes.settings_screen import SettingsScene
    from lieng.ui.scenes.table import TableScene
    from lieng.ui.session import close_app, open_app

    app = open_app(size, lang, fps=0)
    saved: list[Path] = []

    def settle(n: int = 3) -> None:
        for _ in range(n):
            app.step(1 / 60)

    def save(name: str) -> None:
        path = out / f"scale-{name}-{lang}-{size[0]}x{size[1]}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    app.push(MenuScene(app))
    settle()
    save("menu")
    for name, scene in (("new-game", NewGameScene(app)), ("settings", SettingsScene(app)),
                        ("hotseat-setup", HotseatSetupScene(app))):
        app.push(scene)
        settle()
        save(name)
        app.pop()
    seats = [SeatChoice("Lan"), SeatChoice("Minh"), SeatChoice("Thảo", "normal")]
    hotseat = HotseatScene(app, make_hotseat_table(seats, 10, "classic", 100, 20, seed=3))
    app.push(hotseat)
    for _ in range(3000):
        if isinstance(app.stack.top, HandoffScene):
            break
        app.step(1 / 60)
    settle(40)
    save("handoff")
    press(pygame.K_ESCAPE)  # "end the shared game?" over the hand-off panel
    settle(120)
    save("handoff-dialog")
    app.stack.clear()
    app.push(MenuScene(app))
    table = TableScene(app, make_table(3, "normal", 10, "classic", "Bạn", seed=5))
    app.push(table)
    settle(240)
    press(pygame.K_ESCAPE)
    settle()
    save("table-dialog")
    close_app(app)
    return saved


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m lieng.devtools.scale_shots")
    p.add_argument("out", type=Path)
    p.add_argument("sizes", nargs="*", default=list(DEFAULT_SIZES))
    p.add_argument("--lang", choices=("vi", "en"), default="vi")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = tmp
        os.environ["LIENG_DATA_DIR"] = os.path.join(tmp, "lieng")  # never the player's
        for spec in args.sizes:
            w, h = (int(x) for x in spec.split("x"))
            for path in take(args.out, (w, h), args.lang):
                print(f"saved {path}")


if __name__ == "__main__":
    main()
