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
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _raise_offered(scene: Any) -> bool:
    legal = scene.my_legal()
    return legal is not None and bool(legal.raise_k) and not scene.board.busy


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
    from lieng.devtools.click_path import PathRecorder
    from lieng.storage.settings import Settings
    from lieng.table import Table
    from lieng.ui.core.window import GameApp
    from lieng.ui.scenes.new_game import make_table
    from lieng.ui.scenes.table import TableScene
    from lieng.ui.screens import SCREENS

    app = GameApp((1280, 720), Settings(sound_on=False), fps=0, screens=SCREENS)
    scene = TableScene(app, make_table(3, "normal", 10, "classic", "Bạn", seed=4))
    app.push(scene)
    for _ in range(3000):
        app.step(1 / 60)
        if _raise_offered(scene):
            break
    else:
        print("the player's turn with a raise never came", file=sys.stderr)
        return 1
    recorder = PathRecorder(Table.act.__code__)
    recorder.install()
    recorder.arm()
    _click(app, scene)
    recorder.uninstall()
    if not recorder.reached.is_set():
        print("the click never reached the table", file=sys.stderr)
        return 1
    _show("the click, to the table acting", recorder.modules)
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
    from lieng.devtools.click_path import PathRecorder
    from lieng.net import HostConfig, LanClient, LanHost
    from lieng.net.remote_table import RemoteTable
    from lieng.net.transport import Transport
    from lieng.storage.settings import Settings
    from lieng.table import Table
    from lieng.ui.core.window import GameApp
    from lieng.ui.scenes.lan_table import LanTableScene
    from lieng.ui.scenes.menu import MenuScene
    from lieng.ui.screens import SCREENS

    # The client's sending of a message and the host's reading of one: the click's work
    # in the other threads (their loops' own ticks are not the click's path).
    recorder = PathRecorder(Table.act.__code__,
                            roots=(LanClient._send.__code__, Transport._serve.__code__))
    recorder.install(threads=True)  # before the host's and the client's threads start
    host = LanHost(HostConfig(bind="127.0.0.1", port=0, seats=2, bots=1, start_when=1,
                              turn_seconds=30.0, bot_speed=0.0, hand_pause=0.0,
                              deal_timeout=2.0, max_hands=3, beacon_target=None)).start()
    client = LanClient("127.0.0.1", host.port, name="Lan").connect()
    app = GameApp((1280, 720), Settings(sound_on=False, animation_speed="fast"), fps=0,
                  screens=SCREENS)
    try:
        if not client.wait_until(lambda: client.roster is not None
                                 and bool(client.roster["started"]), 10):
            print("the LAN table never started", file=sys.stderr)
            return 1
        app.push(MenuScene(app))
        scene = LanTableScene(app, RemoteTable(client))
        app.push(scene)
        end = time.monotonic() + 30
        while not _raise_offered(scene):
            if time.monotonic() > end:
                print("the player's turn with a raise never came", file=sys.stderr)
                return 1
            app.step(1 / 60)
            time.sleep(0.002)
        recorder.arm()
        _click(app, scene)
        reached = recorder.reached.wait(10)
        recorder.uninstall()
        if not reached:
            print("the click never reached the host's table", file=sys.stderr)
            return 1
        _show("the click, to the host's table acting", recorder.modules)
        return 0
    finally:
        recorder.uninstall()
        client.close()
        host.stop()
        app.close()


if __name__ == "__main__":
    sys.exit(lan_table() if "--lan" in sys.argv[1:] else bot_table())
