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
