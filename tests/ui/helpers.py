"""Helpers the UI tests share: driving the real window with posted pygame events (clicks,
drags, keys, typing), playing hands from the menu, the LAN test hosts on 127.0.0.1, and
screenshots."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pygame
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from lieng.devtools.driver import KeyAutopilot, SummaryPilot
from lieng.engine import Event, HandEnded
from lieng.net import HostConfig, LanClient, LanHost
from lieng.table import Table, TableLike
from lieng.ui.core import canvas
from lieng.ui.core.scene import Scene
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.settings_screen import SettingsScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.session import close_app, open_app

DT = 1 / 15
"""A test frame's step: 15 frames a second, a slow machine's rate, which the game's tweens
and clocks take as they take 60 (the window caps a step at 0.1 s). Half the frames of 30
for the same hands: what a test checks is what the frames show, not how many there are."""


class MakeApp(Protocol):
    """The ``make_app`` fixture: a test window of ``size`` with these ``Settings`` fields
    (``speed``, ``muted`` and ``reveal_own_cards`` are short for ``animation_speed``, not
    ``sound_on`` and ``show_cards_at_once``; muted unless a test says otherwise), closed
    after the test."""

    def __call__(self, size: tuple[int, int] = ..., **settings: Any) -> GameApp: ...


RealApp = Callable[[], GameApp]
"""The ``real_app`` fixture: the real app on the test's data folder, at its menu."""

Cleanup = tuple[list[LanHost], list[LanClient]]
"""The ``cleanup`` fixture: LAN hosts and clients a test appends, stopped after it."""

REPO = Path(__file__).resolve().parents[2]
"""The repository's root (where ``main.py`` is)."""

LOOPBACK = "127.0.0.1"
FAST: dict[str, Any] = dict(bot_speed=0.0, hand_pause=0.0, deal_timeout=2.0)


SceneT = TypeVar("SceneT", bound=Scene)
TableT = TypeVar("TableT", bound=TableLike)


def real_app_on_menu(size: tuple[int, int], lang: str | None) -> Iterator[GameApp]:
    """For a fixture to ``yield from``: the real app (the player's bankroll and history:
    the menu's side panels) at ``size`` in ``lang`` (None: the saved one), on its menu,
    closed after the test."""
    app = open_app(size, lang, fps=0)
    app.push(MenuScene(app))
    step(app, 2)
    yield app
    close_app(app)


def top(app: GameApp, kind: type[SceneT]) -> SceneT:
    """The scene on top of the stack, which the test expects to be a ``kind``."""
    scene = app.stack.top
    assert isinstance(scene, kind), f"expected a {kind.__name__} on top, got {scene!r}"
    return scene


class GuiFont(Protocol):
    """What the tests read of a pygame_gui element's font: its ``IGUIFontInterface`` type
    leaves out ``point_size``, which the real font (``GUIFontPygame``) has."""

    point_size: int

    def size(self, text: str) -> tuple[int, int]: ...

    def get_rect(self, text: str) -> pygame.Rect: ...


def gui_font(element: Any) -> GuiFont:
    """The font ``element`` (a pygame_gui button, label, …) draws its text in."""
    font: GuiFont | None = element.font
    assert font is not None, element
    return font


def brisk(table: TableT, seconds: float = 0.1) -> TableT:
    """The table's bots "think" ``seconds`` (at normal speed) instead of 0.6–1.8 s: the
    status, the turn ring and every animation are still drawn and checked, without the
    dozens of identical frames of each bot's pause (a test of whole hands spent most of
    its frames there). Returns the table."""
    timing = getattr(table, "timing", None)
    assert timing is not None, f"{table!r} has no bots' timing"
    timing.think_min = timing.think_max = seconds
    return table


def step(app: GameApp, n: int = 1, dt: float = DT) -> None:
    for _ in range(n):
        app.step(dt)


def move_mouse(pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))


def click_at(app: GameApp, pos: tuple[int, int]) -> None:
    """A left click at ``pos``: move, press, release — each processed by a frame."""
    move_mouse(pos)
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)
    step(app)  # the UI_BUTTON_PRESSED the release posted


class Clickable(Protocol):
    """Anything on screen with a rectangle: a pygame_gui element, a drawn button."""

    @property
    def rect(self) -> pygame.Rect: ...


def click(app: GameApp, element: Clickable | None) -> None:
    """A left click at the centre of ``element`` (which must be there: pygame_gui types
    many of its parts as optional)."""
    assert element is not None, "nothing to click"
    click_at(app, element.rect.center)


def drag(app: GameApp, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    move_mouse(start)
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps,
             start[1] + (end[1] - start[1]) * i // steps)
        move_mouse(p)
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app)
    step(app)


def key(app: GameApp, keycode: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=keycode, mod=0, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=keycode, mod=0, unicode="",
                                         scancode=0))
    step(app)


def run_until(app: GameApp, cond: Callable[[], bool], limit: int = 3000,
              dt: float = DT) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(dt)
    raise AssertionError("condition not reached")


class Waits(Protocol):
    def wait(self, timeout: float | None = None) -> bool: ...


class Loads(Protocol):
    """A scene that reads on a worker thread (``lieng.ui.core.background.Background``)."""

    loaded: bool

    @property
    def loader(self) -> Waits: ...


def run_until_loaded(app: GameApp, scene: Loads, deadline: float = 60.0) -> None:
    """Step until ``scene`` has taken its worker thread's result. The thread is waited for
    first: a frame loop with no frame cap can starve it of the GIL for long stretches, and
    on a busy machine ``run_until``'s frames ran out before a two-line history was read
    (the deadline is a bound on a hang, not a measure of speed)."""
    assert scene.loader.wait(deadline), "the background read never finished"
    run_until(app, lambda: scene.loaded)


def type_into(app: GameApp, entry: Any, value: str) -> None:
    """Click a text box, erase it with Backspace and type ``value``."""
    click(app, entry)
    for _ in range(len(entry.get_text()) + 2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                             unicode="\b", scancode=0))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=value))
    step(app)


type_name = type_into
"""The same, for a name box."""


def wait(app: GameApp, cond: Callable[[], bool], seconds: float = 30.0,
         poll: float = 1 / 60) -> None:
    """Run frames until ``cond`` holds; the host plays in real time on its own thread.
    ``poll``: the pause between two frames — a player's window's pace by default. A
    frame every 2 ms drew four times as many frames for the same wait, and each held the
    interpreter lock the host's thread in the same process needed to get on."""
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("condition not reached")
        app.step(1 / 60)
        time.sleep(poll)


# Screenshots for looking at them.

SHOTS_ENV = "LIENG_TEST_SHOTS"
"""The environment variable naming a folder for ``shot``; unset, nothing is saved."""


def shot(app: GameApp, name: str) -> None:
    """Save the window as ``<$LIENG_TEST_SHOTS>/<name>.png`` when a person asks for it.

    The suite never writes outside pytest's temporary folders on its own: with the
    variable unset this does nothing, so no test depends on a picture being saved.
    """
    folder = os.environ.get(SHOTS_ENV)
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))


# The table screen.

def open_table(app: GameApp, table: Table) -> TableScene[Table]:
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app)
    return scene


def play_calls_until_hand_over(app: GameApp, scene: TableScene[Table], table: Table) -> None:
    """Call (key C) on every turn of the player's until the engine ends the hand."""
    run_until(app, lambda: scene.my_legal() is not None or
              (table.hand is not None and table.hand.is_over), limit=6000)
    while table.hand is not None and not table.hand.is_over:
        if scene.my_legal() is not None:
            key(app, pygame.K_c)
        else:
            step(app)


# The real app: settings, hands from the menu.

def drop_down_items(state: object) -> list[dict[str, Any]]:
    """The rows of an open drop-down's list (pygame_gui's item dicts, each with its
    ``object_id`` and, when scrolled into view, its ``button_element``)."""
    assert isinstance(state, UIExpandedDropDownState), f"the drop-down is not open: {state!r}"
    options = state.options_selection_list
    assert options is not None
    return options.item_list


def choose(app: GameApp, name: str, value: str) -> None:
    """Pick ``value`` in the settings screen's drop-down ``name`` with two real clicks."""
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    menu = scene.menus[name]
    move_mouse((2, 2))  # off any element, as a hand would move between two choices
    step(app, 2)
    click(app, menu.menu_states["closed"].selected_option_button)
    state = menu.current_state
    assert state is menu.menu_states["expanded"], (name, app.ui.get_hovering_any_element())
    items = drop_down_items(state)
    item = next(it for it in items if it["object_id"] == value)
    assert item["button_element"] is not None, f"{name}={value} not visible"
    click(app, item["button_element"])
    step(app, 2)
    # A language or window-size change rebuilds the screen: read the new drop-down.
    shown = app.stack.top
    assert isinstance(shown, SettingsScene)
    assert shown.menus[name].selected_option[1] == value


def play_hands(app: GameApp, n: int, seed: int, bots: str = "2") -> tuple[TableScene[Table],
                                                                          list[list[Event]]]:
    """From the menu: the new-game dialog (clicked), then ``n`` hands with the player's
    seat pressing keys, each result left by Space once it takes keys. Returns the table
    scene and every finished hand's full events as the table produced them (an
    independent record to check the screens against)."""
    click(app, top(app, MenuScene).buttons["play_bots"])
    ng = top(app, NewGameScene)
    assert isinstance(ng, NewGameScene)
    ng.choice["bots"] = bots
    ng.seed = seed
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    hands: list[list[Event]] = []
    first = scene.table.hand
    assert first is not None and not first.is_over  # dealt as the table opened
    current: list[Event] = list(first.events)

    def listen(events: Sequence[Event]) -> None:
        current.extend(events)
        if any(isinstance(e, HandEnded) for e in events):
            hands.append(list(current))
            current.clear()

    scene.table.subscribe(listen)
    app.change_settings(animation_speed="instant")
    scene.autopilot = KeyAutopilot(random.Random(seed))
    table = scene.table
    next_hand = SummaryPilot()  # "Ván tiếp" by Space on each result, as a person would

    def done() -> bool:
        next_hand(scene)
        top = app.stack.top
        if isinstance(top, Dialog):
            click(app, top.buttons[0])  # a rebuy offer: take it
        return len(hands) >= n and not table.in_hand and not scene.board.busy

    run_until(app, done, limit=6000)
    scene.autopilot = None
    return scene, hands


def leave_table(app: GameApp, scene: TableScene[Table]) -> None:
    click(app, scene.top_buttons["leave"])
    dialog = top(app, Dialog)
    assert isinstance(dialog, Dialog)
    click(app, dialog.buttons[0])
    step(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def my_net(events: Sequence[Event], seat: int = 0) -> int:
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    return ended.net[seat]


# LAN.

def _beacon_host(finder_port: int, **kw: Any) -> LanHost:
    opts: dict[str, Any] = dict(name="Bàn của Lan", bind=LOOPBACK, port=0, seats=3, bots=1,
                                beacon_target=LOOPBACK, beacon_port=finder_port,
                                beacon_interval=0.1, table_bet=20, preset="v8club", **FAST)
    opts.update(kw)
    return LanHost(HostConfig(**opts)).start()


def record_text(monkeypatch: Any, module: Any) -> list[tuple[str, pygame.Rect]]:
    """Every line ``module`` draws with its ``text`` from now on, with the rectangle it
    took in the window — what the player reads, measured as drawn. Text drawn onto a
    composed surface that says where it goes (a seat's plate: ``origin``) is moved there.
    Composed surfaces are kept: a test that must see one drawn again clears the caches
    (``lieng.ui.core.surface_cache.clear_all``) before its frame."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = module.text

    def record(surface: pygame.Surface, s: str, *a: Any, **k: Any) -> pygame.Rect:
        rect: pygame.Rect = real(surface, s, *a, **k)
        origin = getattr(surface, "origin", (0, 0))
        drawn.append((s, rect.move(origin)))
        return rect

    monkeypatch.setattr(module, "text", record)
    # Every group of the canvas is drawn anew instead of replaying the last frame's
    # pixels, which would not call ``text`` (``lieng.ui.core.canvas.grouped``: key None).
    real_grouped = canvas.grouped

    def anew(surf: pygame.Surface, slot: Any, _key: object, draw: Any, *args: object) -> None:
        real_grouped(surf, slot, None, draw, *args)

    monkeypatch.setattr(canvas, "grouped", anew)
    return drawn
