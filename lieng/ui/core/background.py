"""Work done off the frame loop: reading a full hand history takes up to most of a second
(``docs/PERFORMANCE.md``, Storage), so the history and statistics screens read it on a
worker thread and show "loading" until it is there, instead of freezing the window."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Background(Generic[T]):
    """Runs ``work`` once on a daemon thread; ``result`` is ready when ``done``."""

    def __init__(self, work: Callable[[], T]) -> None:
        self._work = work
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        threading.Thread(target=self._run, name="lieng-background", daemon=True).start()

    def _run(self) -> None:
        try:
            self._result = self._work()
        except BaseException as exc:  # re-raised on the main thread by ``result``
            self._error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    @property
    def result(self) -> T:
        if not self._done.is_set():
            raise RuntimeError("the background work has not finished")
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]
