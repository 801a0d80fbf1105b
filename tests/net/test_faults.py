"""LAN time and faults: disconnects, reconnects, refusals at the door, the host
leaving, and joining in the middle of a hand."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from typing import Any

import pytest

from lieng.engine import Action, ActionKind, Hand
from lieng.net import LanClient, LanError, LanHost
from lieng.net.fairdeal import proof_allowed
from lieng.net.protocol import GAME_VERSION, PROTOCOL_VERSION, encode
from lieng.table import Table

from .framebuf import FrameBuffer
from .test_play import QUOTED, closed


def _hand(table: Table) -> Hand:
    """The table's hand in play (read on the host's thread, where it changes)."""
    hand = table.hand
    assert hand is not None
    return hand


def _until(pred: Callable[[], bool], timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.01)
    return False


def test_disconnect_mid_turn_folds_then_reconnect_gets_seat_and_snapshot(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=3, bots=1, turn_seconds=0.4, grace=30.0)
    ana = make_client(host, "Ana")              # no autopilot: a person who goes quiet
    make_client(host, "Bảo", pilot=1)
    assert ana.wait_until(lambda: ana.turn is not None, 10)
    seat, token = ana.seat, ana.token
    assert seat is not None and token
    assert ana.turn is not None
    hand_no, turn_no = ana.turn
    ana.drop_connection()

    def folded_by_timer() -> bool:
        table = host.table
        assert table is not None
        rec = next((r for r in host.history if r.hand == hand_no), None)
        actions = rec.actions if rec else (table.hand.actions if table.hand else [])
        return len(actions) > turn_no and actions[turn_no] == (seat, Action.timeout())

    assert _until(lambda: host.call(folded_by_timer)), "the silent seat was not folded"

    def sitting_out() -> bool:  # away: the next hands are dealt without it (no ante)
        t = host.table
        return (t is not None and t.in_hand and t.hand is not None and t.hand_no > hand_no
                and not t.hand.dealt_in[seat] and seat in t.away)

    assert _until(lambda: host.call(sitting_out), 20), "the away seat was dealt in"
    table = host.table
    assert table is not None
    stack = host.call(lambda: table.seats[seat].stack)
    assert host.call(lambda: table.stacks[seat]) == stack  # set aside, not spent
    back = make_client(host, "someone else", token=token)
    assert back.seat == seat
    assert back.name == "Ana"  # the session's name, not the one sent this time
    got: list[Any] = []

    def snapshot_in() -> bool:  # it follows the welcome; it may still be on its way
        got.extend(back.poll())
        return any(m.type == "snapshot" for m in got)

    assert _until(snapshot_in, 5)
    snapshot = next(m for m in got if m.type == "snapshot")
    assert snapshot.data["hand"] >= hand_no + 1
    # Back: dealt into the next hand, and its turn comes.
    host.call(lambda: setattr(host.table, "turn_limit", 60.0))
    assert back.wait_until(lambda: back.turn is not None, 20)

    def seat_to_act() -> bool:
        t = host.table
        return t is not None and t.in_hand and t.hand is not None and t.hand.to_act == seat

    assert host.call(seat_to_act)
    host_view = host.call(lambda: _hand(table).view_for(seat))
    assert back.wait_until(lambda: back.view == host_view, 5)
    assert table.hand is not None and table.hand.dealt_in[seat]
    # The seat plays on: a fold is accepted and shows in the host's log.
    n, hand_now = len(host_view.actions), table.hand_no
    assert back.send_action(Action.fold())
    assert _until(lambda: host.call(lambda: len(_hand(table).actions) > n
                                    or table.hand_no > hand_now))
    assert host.errors == []


def test_reconnect_after_grace_is_refused_and_a_bot_takes_the_seat(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=2, bots=0, turn_seconds=0.2, grace=0.0, start_when=2)
    ana = make_client(host, "Ana")
    make_client(host, "Bảo", pilot=1)
    seat, token = ana.seat, ana.token
    assert seat is not None
    ana.drop_connection()
    assert _until(lambda: host.call(lambda: host.table is not None
                                    and host.table.seats[seat].kind == "bot"), 15)
    with pytest.raises(LanError) as exc:
        make_client(host, "Ana", token=token)
    assert exc.value.code == "bad_token"
    # The seat is open again: a newcomer gets it and plays from the next hand.
    again = make_client(host, "Chi", pilot=3)
    assert again.seat == seat
    assert again.wait_until(lambda: not again.watching and again.view is not None
                            and again.view.seat == seat, 15)
    assert host.errors == []


def test_refusals_at_the_door(make_host: Callable[..., LanHost],
                              make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=2, bots=1, password="bí mật", start_when=99)
    with pytest.raises(LanError) as exc:
        make_client(host, "Ana")
    assert exc.value.code == "wrong_password"
    with pytest.raises(LanError) as exc:
        make_client(host, "Ana", password="sai")
    assert exc.value.code == "wrong_password"
    with pytest.raises(LanError) as exc:
        make_client(host, "\x00\x07 ", password="bí mật")
    assert exc.value.code == "bad_name"
    ok = make_client(host, "  Ana\u200b\x1b ", password="bí mật")
    assert ok.seat == 0 and ok.name == "Ana"
    with pytest.raises(LanError) as exc:
        make_client(host, "Bảo", password="bí mật")
    assert exc.value.code == "table_full"
    for hello, code in [({"proto": PROTOCOL_VERSION + 1, "game": GAME_VERSION}, "version_mismatch"),
                        ({"proto": PROTOCOL_VERSION, "game": "99.0.0"}, "version_mismatch"),
                        ({"proto": PROTOCOL_VERSION, "game": GAME_VERSION}, "wrong_password")]:
        reply = _raw_hello(host.port, {"t": "hello", "name": "X", **hello})
        assert reply["t"] == "error" and reply["code"] == code and reply["fatal"]
    assert host.errors == []


def _raw_hello(port: int, hello: dict[str, Any]) -> dict[str, Any]:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(encode(hello))
        buf = FrameBuffer()
        while True:
            data = sock.recv(65536)
            assert data, "closed without an answer"
            frames = buf.feed(data)
            if frames:
                reply: dict[str, Any] = json.loads(frames[0])
                return reply


def test_host_leaving_tells_every_client(make_host: Callable[..., LanHost],
                                         make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=3, bots=1, start_when=2)
    clients = [make_client(host, n, pilot=i) for i, n in enumerate(["Ana", "Bảo"])]
    assert clients[0].wait_until(lambda: len(clients[0].hand_views) >= 1, 10)
    host.stop()
    for c in clients:
        assert c.wait_until(closed(c), 5)
        assert c.closed == ("host_left", "The host closed the table.")
        assert any(m.type == "closed" for m in c.poll())


def test_a_late_joiner_watches_without_seeing_the_seat_it_will_take(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=3, bots=1, start_when=1, turn_seconds=60.0, hand_pause=0.3)
    ana = make_client(host, "Ana")   # starts the game; the empty seat gets a stand-in bot
    assert ana.wait_until(lambda: ana.turn is not None, 10)
    late = make_client(host, "Bảo", pilot=2, record_raw=True)
    assert late.watching and late.seat == 1
    assert ana.turn is not None
    hand_no = ana.turn[0]
    assert late.wait_until(lambda: late.view is not None, 5)
    assert late.view is not None and late.view.seat is None and late.view.my_cards == ()
    table = host.table
    assert table is not None and table.hand is not None
    assert table.seats[1].kind == "bot"
    hidden = host.call(lambda: [QUOTED[c] for c in _hand(table).cards_of(1)])
    # Ana finishes the hand by folding; the late joiner sits down from the next one.
    assert ana.send_action(Action.fold())
    assert late.wait_until(lambda: late.view is not None and late.view.seat == 1, 15)
    assert not late.watching
    assert host.call(lambda: table.seats[1].kind) == "remote"
    for body in late.raw_frames:
        if json.loads(body).get("hand") == hand_no:
            shown = json.loads(body).get("view") or {}
            if any(s == 1 for s, _ in shown.get("shown", [])):
                continue
            assert not any(code in body for code in hidden)
    assert any(a.kind is ActionKind.FOLD for a in host.history[0].views[0].actions)
    assert host.errors == []


def test_the_hosting_player_plays_seat_zero_through_a_local_client(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient]) -> None:
    import random

    from lieng.bots import make_bot
    from lieng.net import connect_local

    host = make_host(seats=3, bots=1, local_player="Chủ bàn", max_hands=3)
    guest = make_client(host, "Ana", pilot=1)
    assert guest.seat == 1  # seat 0 is kept for the host's own window
    me = connect_local(host, autopilot=make_bot("easy", rng=random.Random(0)))
    assert me.seat == 0 and me.name == "Chủ bàn"
    assert me.wait_until(lambda: me.closed is not None, 30)
    assert me.closed is not None and me.closed[0] == "finished"
    assert [k.ok for k in me.checks] == [
        True if proof_allowed(rec.dealt_in, rec.shown) else None for rec in host.history]
    assert all(0 in rec.contributors for rec in host.history)
    me.close()
    assert host.errors == []


def test_leaving_the_lobby_frees_the_seat(make_host: Callable[..., LanHost],
                                          make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=2, bots=0)
    ana = make_client(host, "Ana")
    assert ana.seat == 0
    ana.close()
    assert _until(lambda: host.call(lambda: not host.sessions))
    bao = make_client(host, "Bảo")
    assert bao.seat == 0 and host.table is None


def test_the_host_keeps_only_the_last_hands(make_host: Callable[..., LanHost],
                                            make_client: Callable[..., LanClient],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand's record holds the deck and every seat's cards: a long session must not
    keep them all (``MAX_KEPT_HANDS``, like the client's)."""
    from lieng.net import records

    monkeypatch.setattr(records, "MAX_KEPT_HANDS", 3)
    host = make_host(seats=2, bots=1, max_hands=6)
    c = make_client(host, "Ana", pilot=1)
    assert c.wait_until(lambda: c.closed is not None, 30)
    assert [r.hand for r in host.history] == [4, 5, 6]


def test_an_action_in_the_lobby_is_told_the_game_has_not_started(
        make_host: Callable[..., LanHost]) -> None:
    host = make_host(seats=3, bots=0, start_when=99)
    with socket.create_connection(("127.0.0.1", host.port), timeout=5) as sock:
        sock.sendall(encode({"t": "hello", "proto": PROTOCOL_VERSION, "game": GAME_VERSION,
                             "name": "Ana"}))
        sock.sendall(encode({"t": "action", "hand": 1, "turn": 0,
                             "action": Action.call().to_dict()}))
        buf = FrameBuffer()
        errors: list[dict[str, Any]] = []
        while not errors:
            data = sock.recv(65536)
            assert data, "closed without an answer"
            errors += [m for m in map(json.loads, buf.feed(data)) if m["t"] == "error"]
    assert errors[0]["code"] == "not_seated"
    assert errors[0]["message"] == "the game has not started yet"


def test_an_autopilot_bug_is_logged_not_hidden(make_host: Callable[..., LanHost],
                                               caplog: pytest.LogCaptureFixture) -> None:
    """A bot that fails to observe an event still plays the seat, and the failure shows in
    the log (it used to be swallowed without a trace)."""
    import random

    from lieng.bots import make_bot

    class Clumsy:
        def __init__(self) -> None:
            self.bot = make_bot("easy", rng=random.Random(0))

        def decide(self, view: Any) -> Action:
            return self.bot.decide(view)

        def observe(self, event: Any) -> None:
            raise RuntimeError("observe is broken")

    host = make_host(seats=2, bots=1, max_hands=2)
    with caplog.at_level("ERROR", logger="lieng.net.client"):
        c = LanClient("127.0.0.1", host.port, name="Ana", autopilot=Clumsy()).connect()
        try:
            assert c.wait_until(lambda: c.closed is not None, 30)
        finally:
            c.close()
    assert c.closed is not None and c.closed[0] == "finished"
    assert any("autopilot failed to observe" in r.getMessage() for r in caplog.records)
