"""Closing a client whose loop stops before it takes the goodbye (the host closed the
connection at the same moment): the goodbye that never ran is closed, not left for the
collector to report as "coroutine … was never awaited", and the reader it would have
cancelled ends with the loop ("Task was destroyed but it is pending", "Event loop is
closed": both seen in the LAN window tests)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from lieng.net import LanClient, LanHost


def test_a_goodbye_the_loop_never_started_is_closed(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader the goodbye would have cancelled is ended with the loop, too."""
    host = make_host(seats=2, bots=1)
    client = make_client(host)
    handed: list[Coroutine[Any, Any, None]] = []

    def loop_gone(coro: Coroutine[Any, Any, None],
                  loop: asyncio.AbstractEventLoop) -> concurrent.futures.Future[None]:
        handed.append(coro)  # the loop stops before it starts this
        gone: concurrent.futures.Future[None] = concurrent.futures.Future()
        gone.set_exception(RuntimeError("the loop stopped"))
        return gone

    with monkeypatch.context() as patch:
        patch.setattr(asyncio, "run_coroutine_threadsafe", loop_gone)
        client.close()
    assert len(handed) == 1
    assert inspect.getcoroutinestate(handed[0]) == inspect.CORO_CLOSED
    thread, loop = client._thread, client._loop
    assert thread is not None and not thread.is_alive()
    assert loop is not None and loop.is_closed()
    assert [task for task in asyncio.all_tasks(loop) if not task.done()] == []
