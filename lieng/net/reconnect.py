"""Joining a LAN table again after the connection dropped, without freezing the window.

Connecting takes up to the client's timeout (seconds), so the attempt runs on a worker
thread; the window's thread starts it (``start``), polls it once a frame (``take``) and
draws its state (``running``: "Đang kết nối lại…"). What the attempt may do to the table
happens on the window's thread only: the new client is adopted in ``take``
(``RemoteTable.adopt``), never by the worker. The attempt is the game's, not the screen's,
so it is tested without pygame (tests/net/test_reconnect.py): a success, a failure, a
second click while one runs, and leaving the table during an attempt — a client that
connects after the player left is closed at once, so no seat is held open for nobody.

The session token that keeps the seat is the client's (``LanClient.token``), read by
``RemoteTable.connect_again``; this module never sees it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar

from .client import LanError


class Closable(Protocol):
    """A connection a late attempt must give back (``LanClient.close``)."""

    def close(self) -> None: ...


ClientT = TypeVar("ClientT", bound=Closable)


class Rejoinable(Protocol[ClientT]):
    """The table side of a reconnect (``RemoteTable``): a slow half that may run on any
    thread, and the half that changes the table."""

    def connect_again(self) -> ClientT: ...

    def adopt(self, client: ClientT) -> None: ...


@dataclass(frozen=True)
class Rejoined:
    """The seat is back: the table plays on through the new connection (its snapshot
    arrives with the next ``tick``)."""


@dataclass(frozen=True)
class RejoinFailed:
    """The attempt failed: ``error.code`` says why (``bad_token`` once the host's grace
    period is over, ``connect``, ``timeout``…); the player may try again."""

    error: LanError


Outcome = Rejoined | RejoinFailed
State = Literal["idle", "running", "closed"]


def _on_a_thread(work: Callable[[], None]) -> None:
    threading.Thread(target=work, name="lieng-lan-reconnect", daemon=True).start()


class Reconnect(Generic[ClientT]):
    """Reconnect attempts for one LAN table (see the module docstring).

    ``spawn`` runs the slow half somewhere else than the caller's thread (default: a
    daemon thread; a test may run it when it chooses)."""

    def __init__(self, table: Rejoinable[ClientT],
                 spawn: Callable[[Callable[[], None]], None] = _on_a_thread) -> None:
        self._table = table
        self._spawn = spawn
        self._lock = threading.Lock()
        self._state: State = "idle"
        self._result: ClientT | LanError | None = None
        """What the worker got, waiting for ``take``."""

    @property
    def state(self) -> State:
        """``running`` from ``start`` until ``take`` reports the outcome; ``closed`` once
        the player left (no attempt starts again)."""
        with self._lock:
            return self._state

    @property
    def running(self) -> bool:
        """An attempt is under way (the table draws "reconnecting")."""
        return self.state == "running"

    def start(self) -> bool:
        """Try joining again; False when an attempt already runs (a second click on
        "Kết nối lại" starts no second connection) or the table was left."""
        with self._lock:
            if self._state != "idle":
                return False
            self._state = "running"
        self._spawn(self._work)
        return True

    def _work(self) -> None:
        result: ClientT | LanError
        try:
            result = self._table.connect_again()
        except LanError as exc:
            result = exc
        except Exception as exc:  # never let a worker die silently: a failure to show
            result = LanError("connect", str(exc))
        with self._lock:
            late = self._state == "closed"
            if not late:
                self._result = result
        if late and not isinstance(result, LanError):
            result.close()  # the player left meanwhile: keep no seat open

    def take(self) -> Outcome | None:
        """On the window's thread: the attempt's outcome once it has one (then the table
        is idle again), adopting the new connection on success; None while it runs, or
        when none ran."""
        with self._lock:
            result, self._result = self._result, None
            if result is None:
                return None
            self._state = "idle"
        if isinstance(result, LanError):
            return RejoinFailed(result)
        self._table.adopt(result)
        return Rejoined()

    def close(self) -> None:
        """The player left the table: an attempt under way is given up (its connection,
        should it still come, is closed), a connection not yet adopted is closed now, and
        none starts again."""
        with self._lock:
            self._state = "closed"
            result, self._result = self._result, None
        if result is not None and not isinstance(result, LanError):
            result.close()
