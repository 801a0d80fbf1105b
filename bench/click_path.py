"""The modules a "Tố" click crosses at a bot table, as the code runs them (not as a
reader guesses): docs/ARCHITECTURE.md, "The path of a click".

    SDL_VIDEODRIVER=dummy python bench/click_path.py

It opens the real window on a bot table, plays to the player's turn, then hands the
window the event pygame_gui posts for a click on the raise button and records, with
``sys.setprofile``, every ``lieng`` module whose Python code runs: first while the event
is handled (the click's own path), then over the frames the board takes to animate the
raise (the delayed leg, until the board is still).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def recording(seen: set[str]) -> Callable[[FrameType, str, Any], None]:
    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            name = frame.f_globals.get("__name__", "")
            if isinstance(name, str) and name.startswith("lieng"):
                seen.add(name)
    return hook


def main() -> int:
    import pygame
    import pygame_gui

    from lieng.ui.core.preferences import UISettings
    from lieng.ui.core.window import GameApp
    from lieng.ui.scenes.new_game import make_table
    from lieng.ui.scenes.table import TableScene
    from lieng.ui.screens import SCREENS

    app = GameApp((1280, 720), UISettings(muted=True, speed="normal"), fps=0, screens=SCREENS)
    scene = TableScene(app, make_table(3, "normal", 10, "classic", "Bạn", seed=4))
    app.push(scene)
    for _ in range(3000):
        app.step(1 / 60)
        legal = scene.my_legal()
        if legal is not None and legal.raise_k and not scene.board.busy:
            break
    else:
        print("the player's turn with a raise never came", file=sys.stderr)
        return 1
    bar = scene.bar
    assert bar is not None
    click = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=bar.raise_,
                               mouse_button=1)
    handled: set[str] = set()
    sys.setprofile(recording(handled))
    app.dispatch(click)
    sys.setprofile(None)
    hand = scene.table.hand
    assert hand is not None and hand.actions[-1][0] == scene.me, "the click did not act"
    animated: set[str] = set()
    sys.setprofile(recording(animated))
    for _ in range(600):
        app.step(1 / 60)
        if not scene.board.busy:
            break
    sys.setprofile(None)
    print(f"the click, handled ({len(handled)} modules):")
    for m in sorted(handled):
        print("  ", m)
    print(f"the frames until the board is still ({len(animated)} modules, every frame's"
          " drawing included):")
    for m in sorted(animated):
        print("  ", m)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
