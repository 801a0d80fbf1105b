"""The modules a "Tố" click crosses on its way to the table, as the code runs them (not
as a reader guesses): docs/ARCHITECTURE.md, "The path of a 'Tố' click".

    SDL_VIDEODRIVER=dummy python bench/click_path.py          # a bot table
    SDL_VIDEODRIVER=dummy python bench/click_path.py --lan    # a LAN table (127.0.0.1)

It opens the real window on a table, plays to the player's turn with a raise on offer,
then hands the window the event pygame_gui posts for a click on the raise button, and
records with ``lieng.devtools.click_path.PathRecorder`` every ``lieng`` module whose code
is entered until the table's ``act`` is (at a LAN table: the host's table, across the
window's, the client's and the host's threads). Then, for the bot table, the modules of
the frames that animate the raise (the events' path, every frame's drawing included).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _click(app: Any, scene: Any) -> None:
    import pygame
    import pygame_gui

    app.dispatch(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.bar.raise_,
                                    mouse_button=1))


def _show(title: str, modules: list[str]) -> None:
    print(f"{title} ({len(modules)} modules, in the order entered):")
    for m in modules:
        print("  ", m)


def bot_table() -> int:
    from lieng.devtools.click_path import PathRecorder, raise_offered
    from lieng.game.setup import make_table
    from lieng.storage.settings import Settings
    from lieng.table import Table
    from lieng.ui.core.window import GameApp
    from lieng.ui.scenes.table import TableScene
    from lieng.ui.screens import SCREENS

    app = GameApp((1280, 720), Settings(sound_on=False), fps=0, screens=SCREENS)
    scene = TableScene(app, make_table(3, "normal", 10, "classic", "Bạn", seed=4))
    app.push(scene)
    for _ in range(3000):
        app.step(1 / 60)
        if raise_offered(scene):
            break
    else:
        print("the player's turn with a raise never came", file=sys.stderr)
        return 1
    recorder = PathRecorder(Table.act.__code__)
    dispatched: list[str] = []  # the click's whole dispatch: the table's events too

    def both(frame: Any, event: str, arg: Any) -> None:
        recorder.hook(frame, event, arg)
        name = frame.f_globals.get("__name__", "")
        if event == "call" and isinstance(name, str) and name.startswith("lieng") \
                and name not in dispatched:
            dispatched.append(name)

    recorder.arm()
    sys.setprofile(both)
    _click(app, scene)
    sys.setprofile(None)
    if not recorder.reached.is_set():
        print("the click never reached the table", file=sys.stderr)
        return 1
    _show("the click, to the table acting", recorder.modules)
    print(f"the click's whole dispatch ({len(dispatched)} modules: the table acting and its"
          " events onto the board's queue)")
    animated: set[str] = set()

    def hook(frame: Any, event: str, arg: Any) -> None:
        name = frame.f_globals.get("__name__", "")
        if event == "call" and isinstance(name, str) and name.startswith("lieng"):
            animated.add(name)

    sys.setprofile(hook)
    for _ in range(600):
        app.step(1 / 60)
        if not scene.board.busy:
            break
    sys.setprofile(None)
    print(f"the frames until the board is still ({len(animated)} modules, every frame's"
          " drawing included)")
    app.close()
    return 0


def lan_table() -> int:
    from lieng.devtools.click_path import record_lan_click
    from lieng.storage.settings import Settings
    from lieng.ui.core.window import GameApp
    from lieng.ui.screens import SCREENS

    app = GameApp((1280, 720), Settings(sound_on=False, animation_speed="fast"), fps=0,
                  screens=SCREENS)
    try:
        modules = record_lan_click(app)
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 1
    finally:
        app.close()
    _show("the click, to the host's table acting", modules)
    return 0

if __name__ == "__main__":
    sys.exit(lan_table() if "--lan" in sys.argv[1:] else bot_table())
