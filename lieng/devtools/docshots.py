"""Screenshots of the menu, history, statistics, replay and settings screens for
``docs/``: ``python -m lieng.devtools.docshots DIR [--lang en]`` (the docs' own set comes
from ``python -m lieng.devtools.docs_screens docs``, which runs this).

Plays a few hands with the self-test in a temporary data folder (never the player's),
then saves the menu with the bankroll, the settings, the history, a replay, the
statistics and the table with a coach hint. Headless (``SDL_VIDEODRIVER=dummy``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
from pathlib import Path


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m lieng.devtools.docshots")
    p.add_argument("out", type=Path)
    p.add_argument("--lang", choices=("vi", "en"), default="vi")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from lieng.storage.paths import scratch_data_dir

    # A fresh data folder whatever LIENG_DATA_DIR says: the self-test plays with its chips.
    with scratch_data_dir("lieng-docshots-"):
        shoot(args.out, args.lang)


def shoot(out: Path, lang: str) -> None:
    import pygame

    from lieng.devtools.bots_selftest import run_selftest
    from lieng.ui.scenes.history import HistoryScene
    from lieng.ui.scenes.menu import MenuScene
    from lieng.ui.scenes.settings_screen import SettingsScene
    from lieng.ui.scenes.stats import StatsScene
    from lieng.ui.scenes.table import TableScene
    from lieng.ui.session import close_app, open_app

    with contextlib.redirect_stdout(io.StringIO()):
        run_selftest(14, seed=7, bots=4, lang=lang)
    out.mkdir(parents=True, exist_ok=True)
    suffix = "" if lang == "vi" else f"-{lang}"
    app = open_app((1280, 720), lang, fps=0)

    def settle(n: int = 4) -> None:
        for _ in range(n):
            app.step(1 / 60)

    def save(name: str) -> None:
        pygame.image.save(app.screen, str(out / f"screenshot-{name}{suffix}.png"))

    app.push(MenuScene(app))
    settle()
    save("menu-bankroll")
    app.push(SettingsScene(app))
    settle()
    save("settings")
    app.pop()
    history = HistoryScene(app)
    app.push(history)
    history.loader.wait()
    settle()
    history.selected = 1
    history._sync()
    settle()
    save("history")
    # A showdown the player's own hand took part in (not one they watched, folded).
    showdown = next((i for i, r in enumerate(history.hands) if r.viewer in r.showdown),
                    next((i for i, r in enumerate(history.hands) if r.showdown), 0))
    history.open_replay(showdown)
    replay = app.stack.top
    assert replay is not None
    settle()
    while not replay.replay.at_end:  # type: ignore[attr-defined]
        replay.step_next()  # type: ignore[attr-defined]
        settle(240)
    settle(120)
    save("replay")
    app.pop()
    app.pop()
    stats = StatsScene(app)
    app.push(stats)
    stats.loader.wait()
    settle()
    save("statistics")
    app.pop()
    # A table with the coach hint on.
    app.change_settings(coach_hints=True, show_cards_at_once=True)
    app.stack.top.choose("play_bots")  # type: ignore[union-attr]
    app.stack.top.seed = 12  # type: ignore[union-attr]  # the same deal (7 points) every run
    app.stack.top.start_game()  # type: ignore[union-attr]
    table = app.stack.top
    assert isinstance(table, TableScene)
    for _ in range(900):
        settle(1)
        if table.my_legal() is not None and not table.board.busy:
            break
    settle(30)
    save("coach")
    close_app(app)


if __name__ == "__main__":
    main()
