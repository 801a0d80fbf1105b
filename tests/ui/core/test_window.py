"""The window and its loop (``lieng.ui.core.window.GameApp``): a resize rebuilds the screen
and no elements are created per frame, a language switch relabels the action bar, mute
silences but still counts, and the command line that opens the window."""

from __future__ import annotations

import pygame
import pytest

from lieng.app import parse_args
from lieng.game.setup import make_table
from lieng.ui.core.assets import Sounds
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene

from ..helpers import MakeApp, step


def test_resize_rebuilds_and_no_elements_are_created_per_frame(make_app: MakeApp) -> None:
    app = make_app(speed="normal")
    table = make_table(5, "normal", 10, "classic", "Bạn", seed=1)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app, 5)
    count = len(app.ui.get_sprite_group().sprites())
    step(app, 120)
    assert len(app.ui.get_sprite_group().sprites()) == count
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=540, size=(960, 540)))
    step(app, 3)
    assert app.size == (960, 540)
    assert scene.layout.size == (960, 540)
    bar = scene.bar
    assert bar is not None
    assert bar.slider is not None
    rects = [b.rect for b in bar.buttons().values()] + [bar.slider.rect]
    screen = pygame.Rect(0, 0, 960, 540)
    for i, r in enumerate(rects):
        assert screen.contains(r)
        for q in rects[i + 1:]:
            assert not r.colliderect(q)
    step(app, 60)
    after = len(app.ui.get_sprite_group().sprites())
    step(app, 60)
    assert len(app.ui.get_sprite_group().sprites()) == after
    # Too small a window is held at the minimum.
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=400, h=300, size=(400, 300)))
    step(app, 2)
    assert app.size == (960, 540)


def test_language_switch_relabels_the_bar(make_app: MakeApp) -> None:
    app = make_app()
    table = make_table(2, "normal", 10, "classic", "Bạn", seed=1)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app, 2)
    assert scene.bar is not None
    import i18n as pyi18n

    assert pyi18n.t(scene.bar.fold.text) == "Úp bỏ"
    app.set_language("en")
    step(app, 2)
    assert pyi18n.t(scene.bar.fold.text) == "Fold"
    app.set_language("vi")


def test_command_line() -> None:
    args = parse_args(["--selftest", "--hands", "5", "--size", "960x540"])
    assert args.selftest and args.hands == 5 and args.size == (960, 540)
    with pytest.raises(SystemExit):
        parse_args(["--version"])


class _Sound:
    """Stands in for a loaded ``pygame.mixer.Sound``: counts how often it is played."""

    def __init__(self) -> None:
        self.plays = 0
        self.volume = 0.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.plays += 1


def test_mute_silences_the_sounds(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(speed="instant")
    chip, win = _Sound(), _Sound()
    monkeypatch.setattr(app.sounds, "_sounds", {"chip": chip, "win": win})
    app.set_muted(False)
    app.sounds.play("chip")
    app.set_muted(True)
    app.sounds.play("win")
    assert chip.plays == 1 and win.plays == 0 and app.sounds.muted


def test_a_muted_window_reads_no_sound_until_unmuted(make_app: MakeApp) -> None:
    """The mixer and the five files wait for the first unmute (5 ms of every window)."""
    app = make_app(muted=True)
    assert app.sounds._sounds is None
    app.sounds.play("chip")  # muted: nothing to play, nothing loaded
    assert app.sounds._sounds is None
    app.set_muted(False)
    loaded = app.sounds._sounds
    assert loaded is not None
    assert set(loaded) in (set(Sounds.NAMES), set())  # empty only without an audio device
    app.sounds.play("chip")
    app.set_muted(True)
    app.set_muted(False)
    assert app.sounds._sounds is loaded  # read once
