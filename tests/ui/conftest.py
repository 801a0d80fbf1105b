"""Fixtures the UI tests share: test windows (``make_app``), the real app on the test's
data folder (``real_app``), and LAN hosts and clients stopped after the test (``cleanup``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from lieng.net import LanClient, LanHost
from lieng.storage.settings import Settings
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.screens import SCREENS
from lieng.ui.session import open_app

from .helpers import Cleanup, MakeApp, RealApp, step


@pytest.fixture
def make_app() -> Iterator[MakeApp]:
    apps: list[GameApp] = []

    def make(size: tuple[int, int] = (1280, 720), **settings: Any) -> GameApp:
        # The tests' shorthand for three fields: speed, muted, reveal_own_cards.
        fields = {"sound_on": False, **settings}
        if "speed" in fields:
            fields["animation_speed"] = fields.pop("speed")
        if "muted" in fields:
            fields["sound_on"] = not fields.pop("muted")
        if "reveal_own_cards" in fields:
            fields["show_cards_at_once"] = fields.pop("reveal_own_cards")
        app = GameApp(size, dataclasses.replace(Settings(), **fields), fps=0, screens=SCREENS)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def real_app() -> Iterator[RealApp]:
    apps: list[GameApp] = []

    def make() -> GameApp:
        app = open_app(fps=0)  # SDL_AUDIODRIVER=dummy: silent anyway
        apps.append(app)
        app.push(MenuScene(app))
        step(app, 2)
        return app

    yield make
    for app in apps:
        if app.running or app.stack.scenes:
            app.close()


@pytest.fixture
def cleanup() -> Iterator[Cleanup]:
    hosts: list[LanHost] = []
    clients: list[LanClient] = []
    yield hosts, clients
    for c in clients:
        c.close()
    for h in hosts:
        h.stop()
