"""What a window holds and gives back (docs/PERFORMANCE.md, "The test suite" and "A long
bot session"): the drawing caches are bounded by bytes counted in windows, and a closed
window leaves no UI manager, cached surface or font behind."""

from __future__ import annotations

import gc
import weakref

import pygame
import pygame_gui
import pytest

from lieng.storage.settings import Settings
from lieng.ui.core import surface_cache
from lieng.ui.core.assets import font
from lieng.ui.core.surface_cache import SurfaceCache, fit_to_window, surface_bytes
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.menu import MenuScene

from ..helpers import MakeApp, step


@pytest.fixture(autouse=True)
def _window_size_back() -> object:
    """The caches' window size is the process's: put back the default after each test."""
    yield None
    fit_to_window((1280, 720))


def _surf(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_the_cache_keeps_the_most_recently_used_within_its_bytes() -> None:
    fit_to_window((100, 100))  # one screen: 40,000 bytes
    cache: SurfaceCache[str] = SurfaceCache("test", screens=1.0, floor=0)
    assert cache.max_bytes == 40_000
    one = surface_bytes(_surf(50, 50))  # a quarter of a screen
    for key in "abcd":
        cache.put(key, _surf(50, 50))
    assert cache.bytes == 4 * one and len(cache) == 4
    assert cache.get("a") is not None  # "a" is now the newest, "b" the oldest
    cache.put("e", _surf(50, 50))
    assert cache.get("b") is None and cache.get("a") is not None
    assert cache.bytes <= cache.max_bytes
    # larger than the whole budget: handed back, not kept, nothing else dropped
    big = _surf(300, 300)
    assert cache.put("big", big) is big
    assert cache.get("big") is None and len(cache) == 4
    # replacing a key counts its bytes once
    cache.put("a", _surf(50, 50))
    assert cache.bytes == 4 * one


def test_budgets_follow_the_window_and_shrink_with_it() -> None:
    fit_to_window((200, 200))
    cache: SurfaceCache[int] = SurfaceCache("test", screens=2.0, floor=0)
    assert cache.max_bytes == 2 * 200 * 200 * 4
    for i in range(8):
        cache.put(i, _surf(100, 100))  # a quarter of a screen each: 8 fit in 2 screens
    assert len(cache) == 8
    fit_to_window((100, 100))  # a quarter of the area: two screens are now 2 surfaces
    assert cache.max_bytes == 2 * 100 * 100 * 4
    assert len(cache) == 2 and cache.get(7) is not None and cache.get(6) is not None
    assert SurfaceCache("floored", screens=0.001, floor=5000).max_bytes == 5000


def test_a_closed_window_leaves_no_manager_surface_or_font_behind() -> None:
    refs: list[weakref.ref[pygame_gui.UIManager]] = []
    for size in [(1280, 720), (2200, 1300), (960, 540)]:
        app = GameApp(size, Settings(sound_on=False), fps=0)
        app.push(MenuScene(app))
        step(app, 3)
        assert surface_cache.total_bytes() > 0 and font.cache_info().currsize > 0
        refs.append(weakref.ref(app.ui))
        app.close()
        assert surface_cache.total_bytes() == 0
        assert font.cache_info().currsize == 0
        del app
    gc.collect()
    assert [r() for r in refs] == [None, None, None]
    assert not [o for o in gc.get_objects() if isinstance(o, pygame_gui.UIManager)]


def test_closing_twice_is_harmless(make_app: MakeApp) -> None:
    app = make_app((960, 540))
    app.close()
    app.close()  # the fixture closes it a third time


def test_closing_a_closed_window_again_leaves_the_next_window_whole() -> None:
    """A window closed twice after another was opened (a test fixture closing every
    window it made) must not quit the newer window's display: its close then skipped
    releasing its manager, which outlived it."""
    first = GameApp((960, 540), Settings(sound_on=False), fps=0)
    first.push(MenuScene(first))
    step(first)
    first.close()
    second = GameApp((960, 540), Settings(sound_on=False), fps=0)
    second.push(MenuScene(second))
    first.close()
    assert pygame.display.get_init()
    step(second)
    assert second.frames == 1
    ref = weakref.ref(second.ui)
    second.close()
    del first, second
    gc.collect()
    assert ref() is None


def test_closing_the_window_on_the_join_screen_stops_the_table_finder(
        make_app: MakeApp) -> None:
    from lieng.ui.scenes.lan_join import LanJoinScene

    from ..helpers import LOOPBACK

    app = make_app((960, 540))
    app.push(MenuScene(app))
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app, 2)
    finder = scene.finder
    assert finder is not None
    threads = [t for t in (finder._thread, finder._prober) if t is not None]
    assert threads and all(t.is_alive() for t in threads)
    app.close()
    assert scene.finder is None
    for t in threads:
        t.join(timeout=10)
    assert not any(t.is_alive() for t in threads)
