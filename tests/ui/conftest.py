from __future__ import annotations

from collections.abc import Iterator

import pytest

from lieng.ui.core.window import GameApp
from lieng.ui.player.preferences import UISettings


@pytest.fixture
def make_app() -> Iterator:  # type: ignore[type-arg]
    apps: list[GameApp] = []

    def make(size: tuple[int, int] = (1280, 720), **settings: object) -> GameApp:
        st = UISettings(muted=True, **settings)  # type: ignore[arg-type]
        app = GameApp(size, st, fps=0)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()
