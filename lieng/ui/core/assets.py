"""Fonts, the pygame_gui theme and sounds — all found through ``lieng.resources.asset``.

DejaVu Sans is used everywhere, by our own drawing and by pygame_gui: it has every
Vietnamese letter and ♥♦♣♠, which pygame_gui's default Noto Sans lacks (ARCHITECTURE.md
"Facts that save a day"). The theme names the font ``dejavu``; its files are registered
with the UI manager by absolute path, so the theme works from a checkout, a wheel and a
frozen build alike.
"""

from __future__ import annotations

import io
import json
from functools import cache, lru_cache
from typing import Any

import pygame

from lieng.resources import asset

FONT_NAME = "dejavu"
REGULAR = ("fonts", "DejaVuSans.ttf")
BOLD = ("fonts", "DejaVuSans-Bold.ttf")


@lru_cache(maxsize=8)
def font_bytes(path: str) -> bytes:
    """A font file's bytes, read once per process. A font opened from its path reads the
    file as FreeType asks for each glyph — a seek and a read, two system calls, every
    time — and every window opens a dozen; opened from memory (``font_file``) the same
    drawing costs half the CPU (docs/PERFORMANCE.md, "The test suite")."""
    with open(path, "rb") as f:
        return f.read()


def font_file(path: str) -> io.BytesIO:
    """A font file to open with ``pygame.font.Font``, from memory (``font_bytes``); each
    font gets a stream of its own over the same bytes."""
    return io.BytesIO(font_bytes(path))


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A DejaVu font at ``size`` pixels (cached: fonts are loaded once per size)."""
    path = asset(*(BOLD if bold else REGULAR))
    return pygame.font.Font(font_file(str(path)), max(6, int(size)))


def theme_dict() -> dict[str, Any]:
    """``assets/theme.json`` as a dict, ready for ``UIManager.get_theme().load_theme``."""
    with asset("theme.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def register_fonts(manager: Any) -> None:
    """Tell pygame_gui where DejaVu lives and preload the sizes the theme uses."""
    manager.add_font_paths(FONT_NAME, str(asset(*REGULAR)), str(asset(*BOLD)))
    sizes: set[tuple[int, str]] = set()
    for element in theme_dict().values():
        f = element.get("font") if isinstance(element, dict) else None
        if isinstance(f, dict) and f.get("name") == FONT_NAME:
            style = "bold" if str(f.get("bold", "0")) == "1" else "regular"
            sizes.add((int(f.get("size", 14)), style))
    manager.preload_fonts([{"name": FONT_NAME, "point_size": size, "style": style}
                           for size, style in sorted(sizes)])


class Sounds:
    """The five generated sounds and a mute. Silent (not failing) without an audio device.

    The mixer is opened and the files read when the sounds are first unmuted — at once
    for a player with sound on, never for a muted window (the tests' hundreds of windows,
    a player who plays silent): 5 ms of every window's opening otherwise."""

    NAMES = ("deal", "chip", "fold", "win", "timer")

    def __init__(self, muted: bool = False, volume: int = 80) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        """The loaded sounds; None until first unmuted, empty without an audio device."""
        self._muted = True
        self.muted = muted
        self.volume = volume
        """Master volume, percent 0–100."""

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, muted: bool) -> None:
        self._muted = muted
        if not muted and self._sounds is None:
            self._sounds = self._load()

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1, 512)
            for name in self.NAMES:
                sounds[name] = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
        except pygame.error:
            return {}
        return sounds

    def play(self, name: str, volume: float = 0.6) -> None:
        if self._muted or not self._sounds:
            return
        snd = self._sounds.get(name)
        if snd is not None:
            snd.set_volume(volume * max(0, min(100, self.volume)) / 100)
            snd.play()
