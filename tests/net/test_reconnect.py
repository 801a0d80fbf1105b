"""``Reconnect``: a LAN table's attempts to join again, without pygame — the window only
starts them, takes their outcome and draws it (lieng/ui/scenes/lan_table.py)."""

from __future__ import annotations

import time
from collections.abc import Callable

from lieng.engine import Action
from lieng.net import LanClient, LanHost
from lieng.net.client import LanError
from lieng.net.reconnect import Reconnect, Rejoined, RejoinFailed
from lieng.net.remote_table import RemoteTable


class FakeClient:
    def __init__(self) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True


class FakeTable:
    """``connect_again`` answers what the test set; ``adopt`` keeps what it was given."""

    def __init__(self, answer: FakeClient | Exception) -> None:
        self.answer = answer
        self.connects = 0
        self.adopted: list[FakeClient] = []

    def connect_again(self) -> FakeClient:
        self.connects += 1
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer

    def adopt(self, client: FakeClient) -> None:
        self.adopted.append(client)


class Later:
    """A ``spawn`` that keeps the work for the test to run when it chooses: the worker's
    thread, made deterministic."""

    def __init__(self) -> None:
        self.work: list[Callable[[], None]] = []

    def __call__(self, work: Callable[[], None]) -> None:
        self.work.append(work)

    def run(self) -> None:
        self.work.pop(0)()


def test_a_success_is_adopted_on_the_window_s_thread_only() -> None:
    client = FakeClient()
    table, later = FakeTable(client), Later()
    rejoin = Reconnect(table, later)
    assert rejoin.state == "idle" and rejoin.take() is None
    assert rejoin.start() and rejoin.running
    later.run()  # the worker connected ...
    assert table.adopted == [] and rejoin.running  # ... but only ``take`` adopts
    assert rejoin.take() == Rejoined()
    assert table.adopted == [client] and not client.closed
    assert rejoin.state == "idle" and rejoin.take() is None  # told once


def test_a_failure_says_why_and_the_player_may_try_again() -> None:
    table, later = FakeTable(LanError("bad_token", "the seat is gone")), Later()
    rejoin = Reconnect(table, later)
    assert rejoin.start()
    later.run()
    outcome = rejoin.take()
    assert isinstance(outcome, RejoinFailed) and outcome.error.code == "bad_token"
    assert table.adopted == [] and not rejoin.running
    assert rejoin.start() and table.connects == 1  # a new attempt, not yet run
    later.run()
    assert table.connects == 2


def test_an_unexpected_error_is_a_failure_too_not_a_dead_worker() -> None:
    table, later = FakeTable(OSError("network unreachable")), Later()
    rejoin = Reconnect(table, later)
    rejoin.start()
    later.run()
    outcome = rejoin.take()
    assert isinstance(outcome, RejoinFailed) and outcome.error.code == "connect"
    assert "network unreachable" in str(outcome.error)


def test_a_second_click_while_one_runs_starts_no_second_connection() -> None:
    table, later = FakeTable(FakeClient()), Later()
    rejoin = Reconnect(table, later)
    assert rejoin.start()
    assert not rejoin.start() and not rejoin.start()
    assert len(later.work) == 1
    later.run()
    assert not rejoin.start()  # the outcome is not taken yet: still this attempt
    assert rejoin.take() == Rejoined() and table.connects == 1


def test_leaving_during_an_attempt_closes_the_late_connection() -> None:
    client = FakeClient()
    table, later = FakeTable(client), Later()
    rejoin = Reconnect(table, later)
    rejoin.start()
    rejoin.close()  # the player left while it connected
    assert rejoin.state == "closed" and not rejoin.running
    later.run()  # the connection came anyway
    assert client.closed and table.adopted == []
    assert rejoin.take() is None and not rejoin.start()


def test_leaving_before_the_outcome_is_taken_closes_the_waiting_connection() -> None:
    client = FakeClient()
    table, later = FakeTable(client), Later()
    rejoin = Reconnect(table, later)
    rejoin.start()
    later.run()
    rejoin.close()
    assert client.closed and rejoin.take() is None and table.adopted == []


def test_a_real_table_takes_its_seat_back_through_a_worker_thread(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=2, bots=1, turn_seconds=60.0)
    client = make_client(host, "Ana")
    assert client.wait_until(lambda: client.turn is not None, 10)
    table = RemoteTable(client)
    table.tick(0.0)
    client.drop_connection()
    table.tick(1.0)
    assert table.closed is not None and table.closed[0] == "disconnected"
    rejoin: Reconnect[LanClient] = Reconnect(table)
    assert rejoin.start() and not rejoin.start()
    end = time.monotonic() + 10
    outcome = rejoin.take()
    while outcome is None and time.monotonic() < end:
        time.sleep(0.005)
        outcome = rejoin.take()
    assert outcome == Rejoined()
    assert table.client is not client and table.closed is None
    assert table.client.wait_until(lambda: table.client.turn is not None, 10)
    table.tick(2.0)
    table.act(table.me, Action.fold(), 2.0)
    end = time.monotonic() + 10
    while not host.history and time.monotonic() < end:
        table.tick(3.0)
        time.sleep(0.005)
    assert host.history[0].actions[-1] == (table.me, Action.fold())
    rejoin.close()
    table.close()
