"""Connecting to a LAN host without freezing the window: joining a table, and joining it
again after the connection dropped.

Connecting takes up to the client's timeout (seconds), so an attempt runs on a worker
thread: the window's thread starts it (``start``), polls it once a frame (``take``) and
draws its state (``running``: "Đang kết nối…", "Đang kết nối lại…"). The outcome —
the connected client, or why not — is handed over on the window's thread only, so
whatever it changes (the LAN table adopting the new connection, the join screen showing
the lobby) happens there, never on the worker. A click while an attempt runs starts no
second one; giving an attempt up (``cancel``: the player left the join screen; ``close``:
the player left the table, for good) closes its connection should it still come, so no
seat is held at the host for nobody. The attempt is the game's, not a screen's, so it is
tested without pygame (tests/net/test_connecting.py).

The session token that keeps a seat is the client's (``LanClient.token``); this module
never sees it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar

from .client import LanError


class Closable(Protocol):
    """A connection an attempt given up must give back (``LanClient.close``)."""

    def close(self) -> None: ...


ClientT = TypeVar("ClientT", bound=Closable)


@dataclass(frozen=True)
class Connected(Generic[ClientT]):
    """The attempt connected: ``client`` is seated (or watching), the caller's now."""

    client: ClientT


@dataclass(frozen=True)
class ConnectFailed:
    """The attempt failed: ``error.code`` says why (``bad_token`` once the host's grace
    period is over, ``wrong_password``, ``connect``, ``timeout``…); the player may try
    again."""

    error: LanError


State = Literal["idle", "running", "closed"]


def _on_a_thread(work: Callable[[], None]) -> None:
    threading.Thread(target=work, name="lieng-lan-connect", daemon=True).start()


class Connecting(Generic[ClientT]):
    """One screen's connection attempts, one at a time (see the module docstring).

    ``spawn`` runs the slow half somewhere else than the caller's thread (default: a
    daemon thread; a test may run it when it chooses)."""

    def __init__(self, spawn: Callable[[Callable[[], None]], None] = _on_a_thread) -> None:
        self._spawn = spawn
        self._lock = threading.Lock()
        self._state: State = "idle"
        self._attempt = 0
        """The number of the attempt under way: a worker whose number is no longer it was
        given up."""
        self._result: ClientT | LanError | None = None
        """What the current attempt got, waiting for ``take``."""

    @property
    def state(self) -> State:
        """``running`` from ``start`` until ``take`` hands the outcome over (or the attempt
        is given up); ``closed`` once ``close`` was called (no attempt starts again)."""
        with self._lock:
            return self._state

    @property
    def running(self) -> bool:
        """An attempt is under way (the screen says so)."""
        return self.state == "running"

    def start(self, connect: Callable[[], ClientT]) -> bool:
        """Run ``connect`` (slow: it may take the client's timeout) on the worker; False
        when an attempt already runs (a second click starts no second connection) or
        the attempts were closed."""
        with self._lock:
            if self._state != "idle":
                return False
            self._state = "running"
            self._attempt += 1
            attempt = self._attempt
        self._spawn(lambda: self._work(connect, attempt))
        return True

    def _work(self, connect: Callable[[], ClientT], attempt: int) -> None:
        result: ClientT | LanError
        try:
            result = connect()
        except LanError as exc:
            result = exc
        except Exception as exc:  # never let a worker die silently: a failure to show
            result = LanError("connect", str(exc))
        with self._lock:
            given_up = self._state != "running" or attempt != self._attempt
            if not given_up:
                self._result = result
        if given_up and not isinstance(result, LanError):
            result.close()  # the player left meanwhile: keep no seat open

    def take(self) -> Connected[ClientT] | ConnectFailed | None:
        """On the window's thread: the attempt's outcome once it has one (then no attempt
        runs), the client handed over with it; None while it runs, or when none ran."""
        with self._lock:
            result, self._result = self._result, None
            if result is None:
                return None
            self._state = "idle"
        if isinstance(result, LanError):
            return ConnectFailed(result)
        return Connected(result)

    def cancel(self) -> None:
        """Give up the attempt under way, if any: its connection, should it still come,
        is closed, and one not yet handed over is closed now. Another may start."""
        self._give_up("idle")

    def close(self) -> None:
        """``cancel``, and no attempt starts again (the player left the table)."""
        self._give_up("closed")

    def _give_up(self, then: State) -> None:
        with self._lock:
            if self._state != "closed":
                self._state = then
            self._attempt += 1
            result, self._result = self._result, None
        if result is not None and not isinstance(result, LanError):
            result.close()
