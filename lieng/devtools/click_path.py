"""The modules a click crosses on its way to the table, as the code runs them (not as a
reader guesses): docs/ARCHITECTURE.md, "The path of a click".

A ``PathRecorder`` is a profile hook (``sys.setprofile``, and ``threading.setprofile``
for threads started after it, such as a LAN host's loop) that, once armed, notes every
``lieng`` module whose Python code is entered, in order, until the code it waits for —
the table's ``act`` — is entered: the path from the click event to the table acting.
What the table's events do afterwards (the redaction, the board, the bots' ``observe``)
is the events' path, not the click's, and is not counted. In the thread that armed it
(the window's) every module counts; in any other thread only code run under one of the
``roots`` — the client's sending of a message, the host's reading of one — so the
host's own tick, waking meanwhile, is not taken for the click's path.

``bench/click_path.py`` prints the paths; ``tests/ui/scenes/test_click_path.py`` holds
them to issue 21's targets.
"""

from __future__ import annotations

import sys
import threading
from types import CodeType, FrameType
from typing import Any


class PathRecorder:
    """Notes the ``lieng`` modules entered between ``arm()`` and the first entry into
    ``until`` (that module included), in the order they were first entered."""

    def __init__(self, until: CodeType, roots: tuple[CodeType, ...] = ()) -> None:
        self.until = until
        self.roots = roots
        self.modules: list[str] = []
        self.armed = False
        self._thread: int | None = None
        self.reached = threading.Event()
        """Set when ``until`` was entered after ``arm()``."""
        self._lock = threading.Lock()

    def hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or not self.armed:
            return
        name = frame.f_globals.get("__name__", "")
        if not isinstance(name, str) or not name.startswith("lieng"):
            return
        if threading.get_ident() != self._thread and not self._under_root(frame):
            return
        with self._lock:
            if not self.armed:
                return
            if name not in self.modules:
                self.modules.append(name)
            if frame.f_code is self.until:
                self.armed = False
                self.reached.set()

    def _under_root(self, frame: FrameType | None) -> bool:
        while frame is not None:
            if frame.f_code in self.roots:
                return True
            frame = frame.f_back
        return False

    def install(self, threads: bool = False) -> None:
        """Hook this thread (and, with ``threads``, every thread started from now on)."""
        sys.setprofile(self.hook)
        if threads:
            threading.setprofile(self.hook)

    def uninstall(self) -> None:
        sys.setprofile(None)
        threading.setprofile(None)

    def arm(self) -> None:
        with self._lock:
            self.modules = []
            self.reached.clear()
            self._thread = threading.get_ident()
            self.armed = True


def raise_offered(scene: Any) -> bool:
    """It is the player's turn, a raise is among what they may do, and the board is still:
    the moment a person would press "Tố"."""
    legal = scene.my_legal()
    return legal is not None and bool(legal.raise_k) and not scene.board.busy


def record_lan_click(app: Any) -> list[str]:
    """The modules a "Tố" click in ``app``'s window crosses at a LAN table on 127.0.0.1 —
    the click, the client's sending of the intent, the host's reading of it — to the
    host's table acting. ``app`` is an open window (the caller closes it); raises
    ``RuntimeError`` when the table, the player's raise or the table's action never came.
    The bench prints the result and the test holds it to its count."""
    import time

    import pygame
    import pygame_gui

    from lieng.net import HostConfig, LanClient, LanHost
    from lieng.net.remote_table import RemoteTable
    from lieng.net.transport import Transport
    from lieng.table import Table
    from lieng.ui.scenes.lan_table import LanTableScene
    from lieng.ui.scenes.menu import MenuScene

    # The client's sending of a message and the host's reading of one: the click's work
    # in the other threads (their loops' own ticks are not the click's path).
    recorder = PathRecorder(Table.act.__code__,
                            roots=(LanClient._send.__code__, Transport._serve.__code__))
    recorder.install(threads=True)  # before the host's and the client's threads start
    host = LanHost(HostConfig(bind="127.0.0.1", port=0, seats=2, bots=1, start_when=1,
                              turn_seconds=30.0, bot_speed=0.0, hand_pause=0.0,
                              deal_timeout=2.0, max_hands=3, beacon_target=None)).start()
    client = LanClient("127.0.0.1", host.port, name="Lan").connect()
    try:
        if not client.wait_until(lambda: client.roster is not None
                                 and client.roster.started, 10):
            raise RuntimeError("the LAN table never started")
        app.push(MenuScene(app))
        scene = LanTableScene(app, RemoteTable(client))
        app.push(scene)
        end = time.monotonic() + 30
        while not raise_offered(scene):
            if time.monotonic() > end:
                raise RuntimeError("the player's turn with a raise never came")
            app.step(1 / 60)
            time.sleep(0.002)  # the host and the client run on their own threads
        bar = scene.bar
        assert bar is not None
        recorder.arm()
        if not app.dispatch(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                               ui_element=bar.raise_, mouse_button=1)):
            raise RuntimeError("the table screen did not take the click on the raise")
        if not recorder.reached.wait(10):
            raise RuntimeError("the click never reached the host's table")
        return list(recorder.modules)
    finally:
        recorder.uninstall()
        client.close()
        host.stop()
