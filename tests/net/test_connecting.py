"""``Connecting``: a screen's attempts to join a LAN table (again), without pygame — the
window only starts them, takes their outcome and draws it (lieng/ui/scenes/lan_table.py,
lan_join.py)."""

from __future__ import annotations

import time
from collections.abc import Callable

from lieng.engine import Action
from lieng.net import LanClient, LanHost
from lieng.net.client import LanError
from lieng.net.connecting import Connected, ConnectFailed, Connecting
from lieng.net.remote_table import RemoteTable


class FakeClient:
    def __init__(self) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True


class Host:
    """``connect`` answers what the test set, and counts the attempts."""

    def __init__(self, answer: FakeClient | Exception) -> None:
        self.answer = answer
        self.connects = 0

    def connect(self) -> FakeClient:
        self.connects += 1
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


class Later:
    """A ``spawn`` that keeps the work for the test to run when it chooses: the worker's
    thread, made deterministic."""

    def __init__(self) -> None:
        self.work: list[Callable[[], None]] = []

    def __call__(self, work: Callable[[], None]) -> None:
        self.work.append(work)

    def run(self) -> None:
        self.work.pop(0)()


def test_a_success_is_handed_over_on_the_window_s_thread_only() -> None:
    client = FakeClient()
    host, later = Host(client), Later()
    attempts: Connecting[FakeClient] = Connecting(later)
    assert attempts.state == "idle" and attempts.take() is None
    assert attempts.start(host.connect) and attempts.running
    later.run()  # the worker connected ...
    assert attempts.running  # ... but the screen has not taken it yet
    assert attempts.take() == Connected(client) and not client.closed
    assert attempts.state == "idle" and attempts.take() is None  # handed over once


def test_a_failure_says_why_and_the_player_may_try_again() -> None:
    host, later = Host(LanError("bad_token", "the seat is gone")), Later()
    attempts: Connecting[FakeClient] = Connecting(later)
    assert attempts.start(host.connect)
    later.run()
    outcome = attempts.take()
    assert isinstance(outcome, ConnectFailed) and outcome.error.code == "bad_token"
    assert not attempts.running
    assert attempts.start(host.connect) and host.connects == 1  # a new attempt, not yet run
    later.run()
    assert host.connects == 2


def test_an_unexpected_error_is_a_failure_too_not_a_dead_worker() -> None:
    host, later = Host(OSError("network unreachable")), Later()
    attempts: Connecting[FakeClient] = Connecting(later)
    attempts.start(host.connect)
    later.run()
    outcome = attempts.take()
    assert isinstance(outcome, ConnectFailed) and outcome.error.code == "connect"
    assert "network unreachable" in str(outcome.error)


def test_a_second_click_while_one_runs_starts_no_second_connection() -> None:
    host, later = Host(FakeClient()), Later()
    attempts: Connecting[FakeClient] = Connecting(later)
    assert attempts.start(host.connect)
    assert not attempts.start(host.connect) and not attempts.start(host.connect)
    assert len(later.work) == 1
    later.run()
    assert not attempts.start(host.connect)  # the outcome is not taken yet: this attempt
    assert isinstance(attempts.take(), Connected) and host.connects == 1


def test_leaving_the_table_during_an_attempt_closes_the_late_connection() -> None:
    client = FakeClient()
    host, later = Host(client), Later()
    attempts: Connecting[FakeClient] = Connecting(later)
    attempts.start(host.connect)
    attempts.close()  # the player left while it connected
    assert attempts.state == "closed" and not attempts.running
    later.run()  # the connection came anyway
    assert client.closed
    assert attempts.take() is None and not attempts.start(host.connect)


def test_leaving_before_the_outcome_is_taken_closes_the_waiting_connection() -> None:
    client = FakeClient()
    host, later = Host(client), Later()
    attempts: Connecting[FakeClient] = Connecting(later)
    attempts.start(host.connect)
    later.run()
    attempts.close()
    assert client.closed and attempts.take() is None


def test_a_cancelled_join_lets_a_new_one_start_and_closes_only_the_old() -> None:
    first, second = FakeClient(), FakeClient()
    later = Later()
    attempts: Connecting[FakeClient] = Connecting(later)
    attempts.start(Host(first).connect)
    attempts.cancel()  # the player left the join screen, then came back and joined again
    assert attempts.state == "idle"
    assert attempts.start(Host(second).connect)
    later.run()  # the given-up attempt connects late: closed, not handed over
    assert first.closed and attempts.take() is None and attempts.running
    later.run()
    assert attempts.take() == Connected(second) and not second.closed


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
    attempts: Connecting[LanClient] = Connecting()
    assert attempts.start(table.connect_again) and not attempts.start(table.connect_again)
    end = time.monotonic() + 10
    outcome = attempts.take()
    while outcome is None and time.monotonic() < end:
        time.sleep(0.005)
        outcome = attempts.take()
    assert isinstance(outcome, Connected) and outcome.client is not client
    table.adopt(outcome.client)
    assert table.closed is None
    assert table.client.wait_until(lambda: table.client.turn is not None, 10)
    table.tick(2.0)
    table.act(table.me, Action.fold(), 2.0)
    end = time.monotonic() + 10
    while not host.history and time.monotonic() < end:
        table.tick(3.0)
        time.sleep(0.005)
    assert host.history[0].actions[-1] == (table.me, Action.fold())
    attempts.close()
    table.close()
