"""An asyncio service that runs on a thread of its own (the game window) or on the
calling thread (headless), and that other threads can stop and query safely.

``LanHost`` is one. The machinery is kept apart from the host so the host module reads
as what a table does, not how an event loop is started, stopped and reached into.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
from collections.abc import Callable, Coroutine
from typing import Any, Self, TypeVar

T = TypeVar("T")

MAX_ERRORS = 100
"""Unexpected failures a service keeps word for word; later ones are only counted."""
MAX_ERROR_TEXT = 500


class ErrorLog(list[str]):
    """A service's unexpected failures, bounded: a client that finds a way to cause one
    per frame must not grow the host's memory without end (20,000 such frames once added
    3.7 MB). The first ``MAX_ERRORS - 1`` are kept (each cut to ``MAX_ERROR_TEXT``
    characters); the last entry then says how many more there were. Still a list, so
    ``errors == []`` reads as before."""

    def __init__(self, limit: int = MAX_ERRORS) -> None:
        super().__init__()
        self.limit = max(2, limit)
        self.more = 0
        """Failures past the limit, counted but not kept."""

    def append(self, item: str) -> None:
        if len(self) < self.limit - 1:
            super().append(item[:MAX_ERROR_TEXT])
            return
        self.more += 1
        summary = f"... and {self.more} more unexpected failures"
        if len(self) < self.limit:
            super().append(summary)
        else:
            self[-1] = summary


class LoopService:
    """Subclasses implement ``_serve``: set ``_ready`` once listening (or set
    ``_start_error`` and return), then wait for ``_stopping`` and wind down."""

    thread_name = "lieng-service"

    def __init__(self) -> None:
        self.errors: list[str] = ErrorLog()
        """Unexpected exceptions caught on the loop (tests assert it stays empty)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopping: asyncio.Event | None = None
        self._start_error: BaseException | None = None
        self._stop_message = ("host_left", "The host closed the table.")

    async def _serve(self) -> None:  # pragma: no cover - every service overrides it
        raise NotImplementedError

    def start(self, timeout: float = 10.0) -> Self:
        """Serve on a background thread; returns (itself) once ready."""
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()),
                                        name=self.thread_name, daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the service did not start")
        if self._start_error is not None:
            raise self._start_error
        return self

    def run(self, on_ready: Callable[[Self], None] | None = None) -> None:
        """Serve on this thread until stopped; ``on_ready(self)`` runs (on another thread)
        once the service is ready."""
        if on_ready is not None:
            def announce() -> None:
                self._ready.wait()
                if self._start_error is None:
                    on_ready(self)

            threading.Thread(target=announce, daemon=True).start()
        asyncio.run(self._main())
        if self._start_error is not None:
            raise self._start_error

    def stop(self, reason: str = "host_left",
             message: str = "The host closed the table.", timeout: float = 5.0) -> None:
        """Ask the service to stop with ``reason``/``message``, and wait for its thread."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._request_stop, reason, message)
        if self._thread is not None:
            self._thread.join(timeout)

    def call(self, fn: Callable[[], T], timeout: float = 10.0) -> T:
        """Run ``fn`` on the service's loop and return its result (thread-safe reads);
        once the service has stopped, just run it."""
        if self._loop is None or self._loop.is_closed() or not self._loop.is_running():
            return fn()

        async def run() -> T:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def _request_stop(self, reason: str, message: str) -> None:
        self._stop_message = (reason, message)
        if self._stopping is not None:
            self._stopping.set()

    async def _main(self) -> None:
        loop = asyncio.get_running_loop()
        self._loop = loop
        loop.set_exception_handler(self._on_loop_error)
        self._stopping = asyncio.Event()
        if threading.current_thread() is threading.main_thread():
            # Headless: Ctrl+C or a service stop still winds down properly.
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(sig, self._request_stop, "host_left",
                                            "The host closed the table.")
        await self._serve()

    async def _guard(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro``; an exception stops the service instead of dying silently."""
        try:
            await coro
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.errors.append(f"{type(exc).__name__}: {exc}")
            self._request_stop("host_error", f"The host hit an error: {exc}")

    def _on_loop_error(self, loop: asyncio.AbstractEventLoop, ctx: dict[str, Any]) -> None:
        exc = ctx.get("exception")
        if isinstance(exc, (ConnectionError, OSError)):
            return  # a peer went away mid-write: the connection code handles that
        self.errors.append(str(ctx.get("message")) + (f": {exc!r}" if exc else ""))
