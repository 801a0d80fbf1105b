"""The window and its loop: one ``GameApp`` owns the display, the UI manager, the scene
stack, the sounds and the card renderer.

The scene stack (``SceneStack``: push / pop / replace, the top scene the active one) is
the window's own — the window is its one owner and ``GameApp.push`` / ``pop`` /
``replace`` are its interface — so it lives here. It holds anything with a scene's life
cycle (``StackedScene``, what the window calls on a scene: ``scene.Scene`` and its
subclasses are those), so the window never imports the scene base class, which names the
window as its app: one way only, no cycle.

``step(dt)`` is one frame — events, update, draw — and ``run`` calls it at 60 FPS. The
self-test, the screenshot and the GUI tests drive the very same ``step`` (the real
app, the same scenes, the same loop); they only choose how ``dt`` is measured.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from lieng import __version__
from lieng.resources import asset
from lieng.storage.settings import LANGUAGES, NullStore, Settings, SettingsStore
from lieng.ui.core import i18n
from lieng.ui.core.assets import Sounds, font, register_fonts, theme_dict
from lieng.ui.core.cards import CardRenderer
from lieng.ui.core.gui import release_manager
from lieng.ui.core.gui_manager import GuiManager
from lieng.ui.core.heap import freeze_what_lasts, return_free_memory
from lieng.ui.core.hidpi import prepare_display
from lieng.ui.core.shown_now import drawn_list_now
from lieng.ui.core.surface_cache import clear_all, fit_to_window
from lieng.ui.core.typescale import TypeScale, factor, install

if TYPE_CHECKING:
    from lieng.game.profile import Profile

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 540)
MAX_SIZE = (2560, 1440)
FPS = 60

class StackedScene(Protocol):
    """What the stack and the window's loop call on a scene (``scene.Scene``)."""

    @property
    def opaque(self) -> bool:
        """False for dialogs drawn over the scene below."""

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def resize(self) -> None: ...

    def window_closing(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    """push / pop / replace; the top scene is the active one."""

    def __init__(self) -> None:
        self.scenes: list[StackedScene] = []

    @property
    def top(self) -> StackedScene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: StackedScene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> StackedScene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: StackedScene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def visible(self) -> list[StackedScene]:
        """The scenes to draw, bottom first."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def __len__(self) -> int:
        return len(self.scenes)


ScreenFactory = Callable[..., StackedScene]
"""Builds a named screen for ``GameApp.open``: the app, then that screen's own arguments
(``lieng.ui.screens`` holds the window's)."""


class GameApp:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None,
                 fps: int = FPS, screens: Mapping[str, ScreenFactory] | None = None) -> None:
        self.settings: Settings = settings if settings is not None else Settings()
        """The player's settings — the one settings object (``lieng.storage.settings``,
        frozen and validated at load): every screen reads it, a change is a new object
        (``change_settings``), and ``save_settings`` gives it to the store."""
        self.screens: Mapping[str, ScreenFactory] = screens or {}
        """The screens ``open`` knows by name (``lieng.ui.screens.SCREENS``); core cannot
        import them, so the window is given them."""
        self.fps = fps
        freeze_what_lasts()  # the once-a-hand collection walks the game's objects only
        prepare_display()  # before the first window: DPI awareness can't change after it
        pygame.init()
        i18n.configure(self.settings.language)
        size = _clamp_size(size)
        pygame.display.set_caption(f"Liêng {__version__}")
        with contextlib.suppress(pygame.error, FileNotFoundError):
            pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = size
        fit_to_window(size)  # the drawing caches' budgets are counted in windows
        self.ui = GuiManager(size, None, enable_live_theme_updates=False,
                             starting_language=self.settings.language,
                             translation_directory_paths=[str(asset("translations"))])
        register_fonts(self.ui)
        self.ui.get_theme().load_theme(theme_dict())
        self._theme_classes: set[str] = set()
        self.type_scale = TypeScale.for_window(size)
        """Every text size in the window (``lieng.ui.core.typescale``)."""
        install(self.ui, self.type_scale, self._theme_classes)
        self.sounds = Sounds(not self.settings.sound_on, self.settings.volume)
        self.cards = CardRenderer(self.settings.four_colour_deck)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.closed = False
        """Whether ``close`` has run: the window's manager, fonts and caches are gone."""
        self.frames = 0
        self.frame_hooks: list[Callable[[GameApp], None]] = []
        """Called after every drawn frame (the self-test, the benchmark)."""
        self.store: SettingsStore = NullStore()
        """Where ``save_settings`` puts them: the player's file when running for real,
        nowhere in the tests, self-tests and screenshots."""
        self.profile: Profile | None = None
        """The player's bankroll and hand history when running for real (``session``)."""
        self.session_language: str | None = None
        """A language asked for on the command line (``--lang``): for this run only, never
        saved — until the player picks another one in the settings."""
        self.saved_language = self.settings.language
        """The language the store keeps while ``session_language`` is shown."""
        self.fullscreen = False

    # ----------------------------------------------------------------- geometry

    @property
    def scale(self) -> float:
        return factor(self.size)  # the type scale's factor too

    def resize(self, size: tuple[int, int]) -> None:
        size = _clamp_size(size)
        if size != tuple(self.screen.get_size()) and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = size
        fit_to_window(size)
        self.ui.set_window_resolution(size)
        self.type_scale = TypeScale.for_window(size)
        install(self.ui, self.type_scale, self._theme_classes)  # before the scenes rebuild
        for scene in self.stack.scenes:
            scene.resize()

    # ----------------------------------------------------------------- settings

    def change_settings(self, settings: Settings | None = None, **changes: Any) -> None:
        """The settings become ``settings`` (or the current ones with ``changes``); what
        the window holds of them follows at once — the sound, the volume, the deck."""
        new = dataclasses.replace(settings if settings is not None else self.settings,
                                  **changes)
        self.settings = new
        self.sounds.muted = not new.sound_on
        self.sounds.volume = new.volume
        self.cards.four_colour = new.four_colour_deck

    def set_language(self, lang: str) -> None:
        language = next((x for x in LANGUAGES if x == lang), None)
        if language is None:
            raise ValueError(f"no such language: {lang!r}")
        self.change_settings(language=language)
        i18n.set_language(lang)
        self.ui.set_locale(lang)
        for scene in self.stack.scenes:
            scene.resize()

    def set_muted(self, muted: bool) -> None:
        self.change_settings(sound_on=not muted)

    def set_fullscreen(self, on: bool) -> None:
        """Really switch the window: full screen at the desktop's size, or back to a
        resizable window of the size it had."""
        if on == self.fullscreen:
            return
        if on:
            self._windowed_size = self.size
            desktop = pygame.display.get_desktop_sizes()
            size = _clamp_size(desktop[0] if desktop else self.size)
            self.fullscreen = True
            self.screen = pygame.display.set_mode(size, pygame.FULLSCREEN)
        else:
            size = getattr(self, "_windowed_size", self.size)
            self.fullscreen = False
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.resize(tuple(self.screen.get_size()))  # type: ignore[arg-type]

    def save_settings(self) -> None:
        """The settings to the store (a file, or nowhere) — with the saved language while
        a ``--lang`` one is shown. A disk that refuses loses nothing of the game: the
        settings stay as they are in the window, and the next save tries again."""
        if self.settings.language != self.session_language:
            self.session_language = None  # the player chose a language: keep it
            self.saved_language = self.settings.language
        kept = self.settings if self.session_language is None else dataclasses.replace(
            self.settings, language=self.saved_language)
        self.store.save(kept)

    # ----------------------------------------------------------------- scenes

    def push(self, scene: StackedScene) -> None:
        self.stack.push(scene)

    def open(self, name: str, *args: object, replace: bool = False) -> StackedScene:
        """Push the screen registered as ``name``, built with ``args`` — or, with
        ``replace``, put it in the top scene's place — and return it (navigation by name:
        a screen never imports the screen it opens)."""
        factory = self.screens.get(name)
        if factory is None:
            known = ", ".join(sorted(self.screens)) or "none: build the window with screens="
            raise LookupError(f"no screen named {name!r} in this window; known: {known}")
        scene = factory(self, *args)
        if replace:
            self.replace(scene)
        else:
            self.push(scene)
        return scene

    def pop(self) -> None:
        self.stack.pop()
        if not self.stack.scenes:
            self.running = False

    def replace(self, scene: StackedScene) -> None:
        self.stack.replace(scene)

    def quit(self) -> None:
        self.running = False

    # ----------------------------------------------------------------- the loop

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip."""
        for event in pygame.event.get():
            self.dispatch(event)
        if not self.running:
            return
        self.ui.update(dt)
        top = self.stack.top
        for scene in list(self.stack.scenes):
            # Scenes under a dialog keep animating; only the top one takes input.
            scene.update(dt)
        if top is None:
            self.running = False
            return
        self.draw()
        pygame.display.flip()
        self.frames += 1
        for hook in list(self.frame_hooks):
            hook(self)

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Hand one event on; True when something used it: the window itself (quit, a
        resize), a pygame_gui element (a click on a button), or the top scene (its
        ``handle_event``'s answer). The loop (``step``) has nothing more to do with an
        event nobody used — only the top scene takes input, so a dialog stays modal — and
        a driver that hands the window an event itself (the click-path bench and test,
        ``lieng.devtools.click_path``) learns whether it landed."""
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return True
        if event.type == pygame.WINDOWSIZECHANGED:
            if (event.x, event.y) != self.size:
                self.resize((event.x, event.y))
            return True
        # A pygame_gui element that used the event (a click on a button) keeps it from
        # the table; its UI_* follow-up events still reach the scene. Keys always pass.
        if self.ui.process_events(event) and event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return True
        top = self.stack.top
        return top is not None and bool(top.handle_event(event))

    def draw(self) -> None:
        # An element a scene showed or hid in its update is drawn so on this frame, not
        # the next (pygame_gui rebuilds its list in its own update, before the scenes');
        # before the scenes draw, whose canvas repaints where the controls were.
        drawn_list_now(self.ui)
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)

    def run(self, max_frames: int | None = None) -> None:
        self.clock.tick()
        while self.running and (max_frames is None or self.frames < max_frames):
            dt = self.clock.tick(self.fps) / 1000.0
            self.step(min(dt, 0.1))

    def run_fixed(self, dt: float, max_frames: int) -> None:
        """Drive the loop with a fixed time step (self-test, tests, benchmark)."""
        while self.running and self.frames < max_frames:
            self.step(dt)

    def now(self) -> float:
        return time.perf_counter()

    def close(self) -> None:
        """Leave nothing of this window behind: its scenes, the UI manager's elements, the
        events still queued for them, the fonts and every drawn-surface cache. A player
        who opens and closes tables all evening, and a test suite that opens hundreds of
        windows, then stay at the memory of one window."""
        self.stack.clear()
        self.frame_hooks.clear()
        if self.closed:
            # Closed already (a test's fixture may close a window twice): a second close
            # must not quit the display of a window opened since.
            return
        self.closed = True
        release_manager(self.ui)
        if pygame.display.get_init():
            # Queued pygame_gui events (killing the elements posts some too) hold their
            # element, and the element its manager: take them after the elements are
            # gone. get(), not clear(): pygame-ce 2.5 never frees the dict of an event
            # that clear() (or display.quit()) drops, and so nothing that dict refers to.
            pygame.event.get()
            pygame.display.quit()
        clear_all()
        font.cache_clear()
        return_free_memory()


def _clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    w = max(MIN_SIZE[0], min(MAX_SIZE[0], int(size[0])))
    h = max(MIN_SIZE[1], min(MAX_SIZE[1], int(size[1])))
    return (w, h)
