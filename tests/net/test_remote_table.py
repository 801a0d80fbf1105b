"""``RemoteTable``: a LAN seat with the surface the table screen drives, and the LAN
self-test through real game windows (dummy video driver, loopback only)."""

from __future__ import annotations

import random
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lieng.engine import (
    Action,
    Event,
    Hand,
    HandEnded,
    HandStarted,
    IllegalActionError,
    InvalidSeatError,
    RuleSet,
)
from lieng.engine.views import redact, view_to_dict
from lieng.game.session import TableSession
from lieng.net import LanClient, LanHost
from lieng.net.fairdeal import proof_allowed
from lieng.net.messages import Update
from lieng.net.protocol import (
    BAD_HOST_MESSAGE,
    GAME_VERSION,
    PROTOCOL_VERSION,
    encode,
)
from lieng.net.remote_table import RemoteTable
from lieng.table import PlayerSpec, Table

ROOT = Path(__file__).resolve().parents[2]


def test_remote_table_plays_like_a_table(make_host: Callable[..., LanHost],
                                         make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=3, bots=1, max_hands=4, start_when=2)
    other = make_client(host, "Bảo", pilot=5)
    client = make_client(host, "Ana")
    assert client.wait_until(lambda: client.roster is not None and client.roster.started, 10)
    table = RemoteTable(client)
    session = TableSession(table, table.me)
    seen: list[Event] = []
    table.subscribe(seen.extend)
    assert table.n_seats == 3 and table.me == client.seat
    assert [s.name for s in table.seats][table.me] == "Ana"
    acted = refused = 0
    answered: tuple[int, int] | None = None
    end = time.monotonic() + 30
    while table.closed is None and time.monotonic() < end:
        now = time.monotonic()
        table.tick(now)
        hand = table.hand
        if hand is None or hand.is_over:
            if hand is not None:  # between hands nobody may act: the session refuses
                assert not session.act(Action.call())
                refused += 1
            time.sleep(0.002)
            continue
        if hand.to_act != table.me:
            # The window's one turn check is the session's; the table does not ask again.
            assert not session.act(Action.call())
            refused += 1
        elif (table.hand_no, len(hand.actions)) != answered:
            answered = (table.hand_no, len(hand.actions))
            assert table.deadline is not None and table.deadline > now
            legal = hand.legal()
            too_much = Action.raise_(legal.raise_k.stop if legal.raise_k else 1)
            assert not session.act(too_much)  # refused before anything is sent
            assert table.act(table.me, Action.call(), now) == []
            with pytest.raises(IllegalActionError):  # one action per turn (the client's)
                table.act(table.me, Action.call(), now)
            assert not session.act(Action.call())  # the view still says so: nothing sent
            with pytest.raises(InvalidSeatError):
                table.act(table.me + 1, Action.call(), now)
            acted += 1
        time.sleep(0.002)
    other.close()
    assert table.closed is not None and table.closed[0] == "finished"
    assert acted > 0 and refused > 0
    assert sum(isinstance(e, HandStarted) for e in seen) == 4
    assert sum(isinstance(e, HandEnded) for e in seen) == 4
    last = host.history[-1]
    assert table.hand is not None and table.hand.view == last.views[table.me]
    assert table.hand_no == 4
    assert table.stacks == list(host.table.stacks)  # type: ignore[union-attr]
    assert [m.data["ok"] for m in table.checks] == [
        True if proof_allowed(rec.dealt_in, rec.shown) else None for rec in host.history]
    assert table.errors == []


def test_remote_table_reconnects_to_its_seat(make_host: Callable[..., LanHost],
                                             make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=2, bots=1, turn_seconds=60.0)
    client = make_client(host, "Ana")
    assert client.wait_until(lambda: client.turn is not None, 10)
    table = RemoteTable(client)
    table.tick(0.0)
    assert table.hand is not None and table.hand.to_act == table.me
    before = table.hand.view
    client.drop_connection()
    table.tick(1.0)
    assert table.closed is not None and table.closed[0] == "disconnected"
    table.reconnect()
    seen: list[Event] = []
    table.subscribe(seen.extend)
    assert table.client.wait_until(lambda: table.client.turn is not None, 10)
    table.tick(2.0)
    assert table.closed is None and table.hand is not None
    assert table.hand.view == before           # the hand waited for us (60 s timer)
    assert isinstance(seen[0], HandStarted)    # the snapshot rebuilds the board's hand
    assert table.deadline is not None and table.deadline > 2.0
    table.act(table.me, Action.fold(), 2.0)
    end = time.monotonic() + 10
    while table.hand_no < 2 and time.monotonic() < end:
        table.tick(3.0)
        time.sleep(0.005)
    assert host.history[0].actions[-1] == (table.me, Action.fold())
    table.close()


def _fake_host(frames_after_welcome: list[dict[str, Any]]
               ) -> tuple[int, threading.Event, threading.Event]:
    """A host that welcomes one client, then — once the test sets ``connected`` — sends
    ``frames_after_welcome`` in one burst (so the client polls them as one batch) and stays
    connected until ``done`` is set."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    done = threading.Event()
    connected = threading.Event()

    def serve() -> None:
        conn, _ = srv.accept()
        with conn, srv:
            n = int.from_bytes(conn.recv(4), "big")
            conn.recv(n)
            conn.sendall(encode({
                "t": "welcome", "proto": PROTOCOL_VERSION, "game": GAME_VERSION, "seat": 0,
                "token": "x", "name": "A", "table": "T", "seats": 2,
                "rules": RuleSet().to_dict(), "turn_seconds": 20, "stack": 1000,
                "rebuy": True, "watching": False}))
            connected.wait(10)
            conn.sendall(b"".join(encode(f) for f in frames_after_welcome))
            done.wait(10)

    threading.Thread(target=serve, daemon=True).start()
    return srv.getsockname()[1], done, connected


def test_bad_messages_from_the_host_are_reported_and_the_rest_of_the_batch_counts() -> None:
    """A malformed event, a malformed roster: each is reported as a bad host message and
    dropped; the good messages around them in the same batch still take effect."""
    hand = Hand(RuleSet(), [1000, 1000], 0, rng=random.Random(1))
    good_view = view_to_dict(hand.view_for(0))
    roster = {"t": "table", "names": ["Ana", "Bảo"], "kinds": ["human", "bot"],
              "connected": [True, True], "stacks": [990, 990], "buy_ins": [1, 1],
              "hand": 1, "started": True, "host_seat": None}
    port, done, connected = _fake_host([
        {"t": "update", "hand": 1, "events": [{"type": "bogus"}], "view": good_view},
        {"t": "table", "names": ["a"], "kinds": []},
        {"t": "table", "names": ["a", "b"], "kinds": ["human", "bot"], "connected": [1, 1],
         "stacks": None, "buy_ins": None},
        roster,
        {"t": "update", "hand": 1, "events": [e.to_dict() for e in hand.events_for(0)],
         "view": good_view},
    ])
    client = LanClient("127.0.0.1", port, name="A").connect()
    connected.set()
    try:
        table = RemoteTable(client)
        assert client.wait_until(lambda: client.roster is not None and client.hand_no == 1, 5)
        events = table.tick(0.0)
        assert [m.data["code"] for m in table.errors] == [BAD_HOST_MESSAGE] * 3
        assert [s.name for s in table.seats] == ["Ana", "Bảo"]
        assert table.hand is not None and table.hand.view == hand.view_for(0)
        assert isinstance(events[0], HandStarted)
    finally:
        done.set()
        client.close()


def test_a_message_the_table_cannot_use_is_skipped_not_fatal_to_the_batch() -> None:
    """The last guard in ``RemoteTable.tick``: even a message that got past the client's
    checks and still breaks ``_take`` costs only itself."""
    port, done, connected = _fake_host([])
    client = LanClient("127.0.0.1", port, name="A").connect()
    connected.set()
    try:
        table = RemoteTable(client)
        hand = Hand(RuleSet(), [1000, 1000], 0, rng=random.Random(1))
        view = hand.view_for(0)
        broken: Any = {"not": "a view"}  # what no decoder lets through
        client._push(Update(1, (), broken))
        client._push(Update(1, tuple(hand.events_for(0)), view))
        events = table.tick(0.0)
        assert [m.data["code"] for m in table.errors] == [BAD_HOST_MESSAGE]
        assert table.hand_no == 1 and events
    finally:
        done.set()
        client.close()


def test_the_first_turn_shows_no_more_than_one_turn(make_host: Callable[..., LanHost],
                                                    make_client: Callable[..., LanClient]
                                                    ) -> None:
    """The host's first turn of a hand waits for the deal to land on every screen
    (``bot_speed`` > 0: ``host.deal_seconds``) and sends the seconds left from now; the
    window's turn clock is never more than the table's turn (a playtest read 22 s at a
    20-second table)."""
    host = make_host(seats=2, bots=1, turn_seconds=20.0, bot_speed=1.0)
    client = make_client(host, "Ana")
    table = RemoteTable(client)
    now = 0.0
    deadline = time.monotonic() + 60
    while table.deadline is None:
        assert time.monotonic() < deadline, "no turn of Ana's came"
        now += 0.05
        table.tick(now)
        time.sleep(0.01)
    assert 0 < table.deadline - now <= table.rules.turn_seconds


def test_a_lan_seats_events_are_redacted_once_by_the_host(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The host redacts each connection's events (``redact(e, seat)``); the session
    over the remote table hands them on as they came, and redacts a local table's."""
    import lieng.game.session as session_mod
    from lieng.game.session import TableSession

    calls: list[int | None] = []
    real = redact

    def counted(event: Event, seat: int | None) -> Event:
        calls.append(seat)
        return real(event, seat)

    monkeypatch.setattr(session_mod, "redact", counted)
    host = make_host(seats=2, bots=1, turn_seconds=60.0)
    client = make_client(host, "Ana")
    assert client.wait_until(lambda: client.turn is not None, 10)
    table = RemoteTable(client)
    session = TableSession(table, table.me)
    shown: list[Event] = []
    session.subscribe(shown.extend)
    table.tick(0.0)
    assert shown and table.redacted_for == table.me
    assert calls == []  # the host's redaction is the one
    table.close()
    local = TableSession(Table(RuleSet(table_bet=10), [PlayerSpec("A"), PlayerSpec("B")],
                               seed=1))
    assert local.table.redacted_for is None and local.next_hand() is None
    assert calls and set(calls) == {0}  # a local table's events: redacted for me, once


def test_a_lan_seat_s_session_settles_nothing_between_hands() -> None:
    """The host settles broke seats and closes the table (docs/RULES.md step 2); a LAN
    seat's session (``guest_session``) asks no rebuy and, once the table has closed,
    says there is no next hand — not that me won the table, as the bot table's flow
    would of the one seat left that may ask."""
    from lieng.game.flow import GameOver
    from lieng.net.guest_session import guest_session

    port, done, connected = _fake_host([])
    client = LanClient("127.0.0.1", port, name="A").connect()
    connected.set()
    try:
        table = RemoteTable(client)
        session = guest_session(table)
        assert session.recorder is None  # no profile: nothing recorded
        done.set()  # the host goes away
        deadline = time.monotonic() + 10
        while table.closed is None:
            assert time.monotonic() < deadline, "the table never closed"
            table.tick(0.0)
            time.sleep(0.01)
        assert session.next_hand() == GameOver("too_few")
        assert session.flow.changes == []
        assert TableSession(table, table.me).next_hand() == GameOver("table_won", table.me)
    finally:
        client.close()
