"""``--first-frame``: open the window on a dealt five-bot table, draw one frame, say so and
exit — what start-up is measured to (the start-up figures of docs/PERFORMANCE.md). The same
code runs from a checkout and from the packaged program, so the two are compared like for
like (``bench/startup.py``). It touches no user file: settings are in memory, sound is off.
"""

from __future__ import annotations

import os

from lieng.game.setup import make_table
from lieng.storage.settings import Settings
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.table import TableScene
from lieng.ui.screens import SCREENS


def run_first_frame(size: tuple[int, int]) -> int:
    app = GameApp(size, Settings(sound_on=False), fps=0, screens=SCREENS)
    app.push(TableScene(app, make_table(5, "normal", 10, "classic", "Bạn")))
    app.step(1 / 60)
    print("first-frame", flush=True)
    # Leave at once, as the start-up figure ends here; closing SDL cleanly costs time
    # that is not start-up.
    os._exit(0)
