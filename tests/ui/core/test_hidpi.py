"""``lieng.ui.core.hidpi``: what each platform is told before the window opens. The real
Windows and macOS calls run on those runners (skipped elsewhere); the fallbacks run
everywhere with a stand-in for ``ctypes.windll``."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from lieng.ui.core import hidpi


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def fn(self, name: str, fail: bool = False) -> Any:
        def call(*args: Any) -> int:
            self.calls.append((name, args))
            if fail:
                raise OSError("no such function")
            return 0
        return call


def test_windows_asks_for_per_monitor_awareness_first() -> None:
    rec = Recorder()
    windll = SimpleNamespace(shcore=SimpleNamespace(SetProcessDpiAwareness=rec.fn("shcore")),
                             user32=SimpleNamespace(SetProcessDPIAware=rec.fn("user32")))
    assert hidpi.set_windows_dpi_awareness(windll) == "per-monitor"
    assert rec.calls == [("shcore", (hidpi.PROCESS_PER_MONITOR_DPI_AWARE,))]


def test_windows_before_8_1_falls_back_to_system_awareness() -> None:
    rec = Recorder()
    windll = SimpleNamespace(user32=SimpleNamespace(SetProcessDPIAware=rec.fn("user32")))
    assert hidpi.set_windows_dpi_awareness(windll) == "system"
    assert rec.calls == [("user32", ())]


def test_no_api_at_all_is_not_an_error() -> None:
    rec = Recorder()
    windll = SimpleNamespace(user32=SimpleNamespace(SetProcessDPIAware=rec.fn("u", True)))
    assert hidpi.set_windows_dpi_awareness(windll) == "unavailable"


def test_macos_allows_retina_windows_unless_the_player_said_otherwise() -> None:
    env: dict[str, str] = {}
    assert hidpi.prepare_display("darwin", env) == "retina"
    assert env == {hidpi.MAC_HIGHDPI_HINT: "0"}
    env = {hidpi.MAC_HIGHDPI_HINT: "1"}
    hidpi.prepare_display("darwin", env)
    assert env[hidpi.MAC_HIGHDPI_HINT] == "1"


def test_linux_is_left_alone() -> None:
    env: dict[str, str] = {}
    assert hidpi.prepare_display("linux", env) == "none" and env == {}


@pytest.mark.skipif(sys.platform != "win32", reason="the real Windows API")
def test_the_process_is_dpi_aware_on_windows() -> None:
    code = ("import ctypes; from lieng.ui.core.hidpi import prepare_display; "
            "print(prepare_display()); print(ctypes.windll.user32.IsProcessDPIAware())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[0] == "per-monitor" and out[1] == "1"


@pytest.mark.skipif(sys.platform != "darwin", reason="the real macOS window")
def test_the_window_opens_on_macos_with_the_hint() -> None:
    code = ("import os; from lieng.ui.core.window import GameApp; app = GameApp(); "
            "print(os.environ['SDL_VIDEO_HIGHDPI_DISABLED'], app.screen.get_size())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("0 (1280, 720)")
