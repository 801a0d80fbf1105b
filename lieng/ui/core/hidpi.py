"""Sharp pixels on high-DPI screens: what the platform needs to hear before the window
opens (``GameApp`` calls ``prepare_display`` just before ``pygame.init``).

* **Windows.** A program that does not declare itself DPI-aware is drawn at 96 DPI and
  bitmap-stretched by Windows on a 125–200 % display: blurry cards and text. Declaring it
  (``SetProcessDpiAwareness``, per monitor) makes the window's pixels the screen's. It has
  to happen before the first window exists, and only once per process; the call is made
  through ``ctypes`` because the frozen program has no manifest saying it.
* **macOS.** Without ``NSHighResolutionCapable`` in the bundle (``build.spec``'s
  ``Info.plist``) macOS runs the whole app in its low-resolution mode on Retina screens.
  With it, SDL may make Retina windows unless its ``SDL_VIDEO_HIGHDPI_DISABLED`` hint
  forbids it; the hint is pinned to "0" here (a player's own setting wins). Note that
  pygame-ce 2.5's ``display.set_mode`` does not ask SDL for a high-DPI window, so the
  table itself is still drawn at point size and scaled by macOS: the title bar and
  system dialogs are sharp, the cards are as sharp as on a non-Retina screen.
* **Linux.** Nothing: X11 and Wayland scale through SDL's own variables, which a player
  can set.
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping
from typing import Any

PROCESS_PER_MONITOR_DPI_AWARE = 2
"""``SetProcessDpiAwareness``'s value for "I scale myself, on every monitor"."""
MAC_HIGHDPI_HINT = "SDL_VIDEO_HIGHDPI_DISABLED"
"""SDL reads its hints from the environment; "0" leaves high-DPI windows allowed."""


def set_windows_dpi_awareness(windll: Any = None) -> str:
    """Declare the process DPI-aware; which API took it.

    ``"per-monitor"`` (Windows 8.1+, ``shcore``), ``"system"`` (older Windows,
    ``user32.SetProcessDPIAware``) or ``"unavailable"``. A refusal because the awareness
    was already set (a manifest, an earlier call) still counts as done. ``windll`` is
    ``ctypes.windll``; tests pass a stand-in.
    """
    if windll is None:
        # Imported here, on Windows only: ``ctypes`` is a few milliseconds of every other
        # platform's start-up for nothing (docs/PERFORMANCE.md, the first table frame).
        import ctypes

        windll = getattr(ctypes, "windll", None)
    if windll is None:
        return "unavailable"
    try:
        windll.shcore.SetProcessDpiAwareness(PROCESS_PER_MONITOR_DPI_AWARE)
        return "per-monitor"
    except (AttributeError, OSError):
        pass  # no shcore.dll before Windows 8.1
    try:
        windll.user32.SetProcessDPIAware()
        return "system"
    except (AttributeError, OSError):
        return "unavailable"


def prepare_display(platform: str = sys.platform,
                    environ: MutableMapping[str, str] | None = None) -> str:
    """Do what ``platform`` needs before the first window opens; a word for the tests
    (``"per-monitor"``, ``"system"``, ``"unavailable"``, ``"retina"``, ``"none"``)."""
    environ = os.environ if environ is None else environ
    if platform == "win32":
        return set_windows_dpi_awareness()
    if platform == "darwin":
        environ.setdefault(MAC_HIGHDPI_HINT, "0")
        return "retina"
    return "none"
