"""The LAN screens (``lieng.ui.scenes.lan_host``, ``lan_join``, ``lan_table``) through the
real window: Mở bàn LAN, Vào bàn LAN and the LAN table, driven by posted pygame events.
Every socket is on 127.0.0.1: hosts bind there, beacons go there (or nowhere), and the
table finder listens there. Also the lobby's address list (``lan_common``)."""

from __future__ import annotations

import contextlib
import random
import socket
import sys
import threading
from typing import Any

import pygame
import pytest

from lieng.bots import make_bot
from lieng.devtools.driver import KeyAutopilot
from lieng.net import HostConfig, LanClient, LanHost
from lieng.storage.settings import FileStore, load_settings
from lieng.ui.core.i18n import t
from lieng.ui.core.tween import Tween, linear
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.lan_common import _interface_addresses, error_key, local_addresses, parse_port
from lieng.ui.scenes.lan_host import LanHostScene
from lieng.ui.scenes.lan_join import LanJoinScene
from lieng.ui.scenes.lan_table import LanTableScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.tabletop import hud
from lieng.ui.tabletop.board_state import Banner
from lieng.ui.tabletop.frame_record import problems

from ..helpers import (
    FAST,
    LOOPBACK,
    Cleanup,
    MakeApp,
    _beacon_host,
    click,
    record_text,
    shot,
    step,
    type_into,
    wait,
)


def test_host_screen_opens_a_table_a_friend_joins_and_a_hand_is_played(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    hosts, clients = cleanup
    app = make_app(speed="instant")
    app.store = FileStore()  # the LAN choices are saved like a real game's
    app.push(MenuScene(app))
    step(app)
    click(app, app.stack.top.lan.buttons["lan_host"])  # type: ignore[union-attr]
    scene = app.stack.top
    assert isinstance(scene, LanHostScene)
    # Everything on loopback: no beacon at all, a free port picked by the system.
    scene.host_options.update(bind=LOOPBACK, port=0, beacon_target=None, **FAST)
    type_into(app, scene.entries["name"], "Chủ bàn")
    type_into(app, scene.entries["port"], "47200")
    click(app, scene.primary)  # Mở bàn
    assert scene.error is None and scene.phase == "lobby"
    host = scene.host
    assert host is not None
    hosts.append(host)
    assert host.config.seats == 4 and host.config.bots == 1 and host.config.password is None
    assert "127.0.0.1" in scene.addresses
    # The port and the name are remembered on disk.
    saved = load_settings()[0]
    assert saved.lan_port == 47200 and saved.lan_player_name == "Chủ bàn"
    # A friend joins over loopback; the lobby shows them live.
    friend = LanClient(LOOPBACK, host.port, name="Bạn xa",
                       autopilot=make_bot("easy", rng=random.Random(3))).connect()
    clients.append(friend)
    wait(app, lambda: scene.roster is not None and "Bạn xa" in scene.roster.names)
    assert scene.roster is not None and scene.roster.names[0] == "Chủ bàn"
    assert scene.roster.kinds == ("human", "human", "open", "bot")
    # One seat is still empty: Bắt đầu gives it a bot and the table screen takes over.
    click(app, scene.primary)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene) and table_scene.me == 0
    table_scene.autopilot = KeyAutopilot(random.Random(5))
    remote = table_scene.remote
    # A hand with a fold is "not checkable" (its proof is never sent); one fully shown
    # passes. Either way the first hand's check is shown, and it is not a failure.
    wait(app, lambda: len(remote.checks) >= 1 and table_scene.reports.last_check is not None
         and table_scene.reports.last_check.data.get("ok") in (True, None), 60)
    assert remote.checks[0].data["ok"] in (True, None)
    assert [s.kind for s in remote.seats] == ["remote", "remote", "bot", "bot"]
    assert host.history and host.table is not None
    stacks, pot, chips_in = host.call(lambda: (
        host.table.stacks if host.table else [],
        host.table.hand.pot if host.table and host.table.hand else 0, host.chips_in))
    assert sum(stacks) + pot == chips_in
    # Leaving the table closes it for everyone.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    step(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.body == "lan.leave_host"
    click(app, dialog.buttons[0])  # Rời bàn
    assert isinstance(app.stack.top, MenuScene)
    assert friend.wait_until(lambda: friend.closed is not None, 10)
    assert friend.closed is not None and friend.closed[0] == "host_left"
    assert not host.errors


def test_join_lists_a_beaconed_table_joins_by_click_host_leaving_ends(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    hosts, clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    assert scene.finder is not None
    host = _beacon_host(scene.finder.port)
    hosts.append(host)
    wait(app, lambda: len(scene.row_buttons) == 1)
    info = scene.tables[0]
    ad = info.ad
    assert (ad.name, info.address, ad.port, ad.seats, ad.bet, ad.preset) == \
        ("Bàn của Lan", LOOPBACK, host.port, 3, 20, "v8club")
    label = scene.row_buttons[0].text
    assert "Bàn của Lan" in label and "0/3" in label and "V8 Club" in label
    type_into(app, scene.entries["name"], "Minh")
    click(app, scene.row_buttons[0])
    wait(app, lambda: scene.phase == "lobby")
    assert scene.client is not None and scene.client.seat == 0
    # The list is live: the beacon now counts one player.
    # A second person joins; every person's seat is taken, so the host starts.
    other = LanClient(LOOPBACK, host.port, name="Hùng",
                      autopilot=make_bot("easy", rng=random.Random(1))).connect()
    clients.append(other)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene) and table_scene.me == 0
    assert scene.finder is None  # the listener is closed once seated
    table_scene.autopilot = KeyAutopilot(random.Random(2))
    wait(app, lambda: table_scene.reports.last_check is not None
         and table_scene.reports.last_check.data.get("ok") in (True, None), 60)
    # The host leaves: a clear message, then back to the menu.
    host.stop()
    wait(app, lambda: isinstance(app.stack.top, Dialog))
    dialog = app.stack.top
    assert dialog.body == "lan.closed_host_left"
    click(app, dialog.buttons[0])
    assert isinstance(app.stack.top, MenuScene)
    assert len(app.stack) == 1


def test_wrong_password_is_shown_and_the_right_one_joins(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    hosts, _clients = cleanup
    app = make_app(speed="instant", language="en")
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    assert scene.finder is not None
    host = _beacon_host(scene.finder.port, password="bí mật")
    hosts.append(host)
    wait(app, lambda: len(scene.row_buttons) == 1)
    assert "password" in scene.row_buttons[0].text
    type_into(app, scene.entries["password"], "sai")
    click(app, scene.row_buttons[0])
    wait(app, lambda: scene.error is not None)
    assert scene.error == "lan.err_password" and scene.phase == "choose"
    assert t(scene.error) == "Wrong table password."  # the player's language (English here)
    type_into(app, scene.entries["password"], "bí mật")
    click(app, scene.join)
    wait(app, lambda: scene.phase == "lobby")
    assert scene.error is None
    scene.go_back()  # leaves the lobby, the seat frees up
    assert scene.phase == "choose"
    scene.close_finder()


def test_lan_join_without_a_password_says_one_is_needed(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    hosts, _clients = cleanup
    app = make_app((960, 540), speed="instant")  # Vietnamese
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    assert scene.finder is not None
    host = _beacon_host(scene.finder.port, password="bí mật", name="Bàn của Nguyễn Văn Long")
    hosts.append(host)
    wait(app, lambda: len(scene.row_buttons) == 1)
    # A long table name is shortened so the row still says the table needs a password.
    row = scene.row_buttons[0]
    assert row.text.startswith("Bàn của") and "…" in row.text
    assert row.text.endswith("có mật khẩu") and row.font.size(row.text)[0] <= row.rect.w - 16  # type: ignore[union-attr]
    click(app, row)  # the password box left empty
    wait(app, lambda: scene.error is not None)
    assert scene.phase == "choose" and t(scene.error) == "Bàn này cần mật khẩu."  # type: ignore[arg-type]
    step(app, 2)
    shot(app, "lan-join-no-password-960")
    scene.error = None
    type_into(app, scene.entries["password"], "sai")
    click(app, scene.row_buttons[0])
    wait(app, lambda: scene.error is not None)
    assert t(scene.error) == "Sai mật khẩu bàn."  # type: ignore[arg-type]
    scene.close_finder()


def test_manual_address_errors_are_in_the_player_s_language(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    # Nothing listens on this port: connection refused.
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    type_into(app, scene.entries["address"], LOOPBACK)
    type_into(app, scene.entries["port"], str(port))
    click(app, scene.join)
    wait(app, lambda: scene.error is not None)
    assert scene.error == "lan.err_connect"
    type_into(app, scene.entries["port"], "80")
    click(app, scene.join)
    assert scene.error == "lan.err_port"
    assert error_key("table_full") == "lan.err_full"
    assert error_key("version_mismatch") == "lan.err_version"
    assert parse_port("47123") == 47123 and parse_port("99999") is None
    scene.close_finder()


def _join_by_address(app: GameApp, scene: LanJoinScene, port: int, name: str) -> None:
    type_into(app, scene.entries["name"], name)
    type_into(app, scene.entries["address"], LOOPBACK)
    type_into(app, scene.entries["port"], str(port))
    click(app, scene.join)


def host_and_join(app: GameApp, hosts: list[LanHost], name: str = "Lan",
                  **config: Any) -> tuple[LanHost, LanJoinScene]:
    """A host on 127.0.0.1 (``config``: HostConfig fields beyond the fast test timings)
    and the join screen, used to join it by address as ``name``."""
    host = LanHost(HostConfig(bind=LOOPBACK, port=0, **config, **FAST)).start()
    hosts.append(host)
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    _join_by_address(app, scene, host.port, name)
    return host, scene


def test_a_player_joining_mid_hand_watches_until_the_next_hand(
        make_app: MakeApp, cleanup: Cleanup, monkeypatch: pytest.MonkeyPatch) -> None:
    hosts, clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    host = LanHost(HostConfig(bind=LOOPBACK, port=0, seats=3, bots=1, start_when=1,
                              turn_seconds=30.0, **FAST)).start()
    hosts.append(host)
    # An plays alone with the bot and holds the hand on their turn.
    an = LanClient(LOOPBACK, host.port, name="An").connect()
    clients.append(an)
    assert an.wait_until(lambda: an.turn is not None, 10)
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    _join_by_address(app, scene, host.port, "Minh")
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    me = table_scene.me
    assert table_scene.remote.watching and table_scene.my_legal() is None
    # The "watching" notice sits in the banner's box, over no seat (the layout rule).
    with table_scene.frame_record.capture() as frame:
        table_scene.draw(app.screen)
    notices = [d.rect for d in frame if d.kind == "toast"]
    assert notices and table_scene.layout.banner.contains(notices[0])
    assert not problems(frame, app.size)
    # A toast said meanwhile takes the box for its seconds, the newest on top as toasts
    # do; the notice is not drawn under it (the two used to be drawn over each other)...
    table_scene.toast("msg.rebought", amount="200")
    step(app)
    drawn = record_text(monkeypatch, hud)
    with table_scene.frame_record.capture() as frame:
        table_scene.draw(app.screen)
    monkeypatch.undo()
    words = " ".join(s for s, _r in drawn)
    assert len([d for d in frame if d.kind == "toast"]) == 1
    assert t("msg.rebought", amount="200") in words and t("lan.watching") not in words
    assert not problems(frame, app.size)
    table_scene.toasts.clear()
    # ...and while a round's banner shows in that box, the notice waits, as toasts do.
    board = table_scene.board
    board.banners = [Banner("table.round", {"n": "2"},
                            Tween(0.0, 1.0, 5.0, linear, elapsed=2.5))]  # half-way
    with table_scene.frame_record.capture() as frame:
        table_scene.draw(app.screen)
    kinds = {d.kind for d in frame}
    assert "banner" in kinds and "toast" not in kinds, kinds
    board.banners = []
    first_hand = table_scene.remote.hand_no
    table_scene.autopilot = KeyAutopilot(random.Random(9))

    def an_folds() -> bool:
        if an.turn is not None:
            from lieng.engine import Action

            an.send_action(Action.fold())
        hand = table_scene.remote.hand
        return hand is not None and table_scene.remote.hand_no > first_hand \
            and hand.view.seat == me

    wait(app, an_folds)
    assert not table_scene.remote.watching
    assert table_scene.board.seats[me].name == "Minh"  # the bot's seat is Minh's now
    assert table_scene.remote.seats[me].kind == "remote"


def test_a_lost_connection_offers_reconnect_to_the_same_seat(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    hosts, clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    # A short turn timer: a turn the drop interrupted is folded soon if need be.
    host, scene = host_and_join(app, hosts, seats=3, bots=1, turn_seconds=5.0)
    wait(app, lambda: scene.phase == "lobby")
    other = LanClient(LOOPBACK, host.port, name="Hùng",
                      autopilot=make_bot("easy", rng=random.Random(1))).connect()
    clients.append(other)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    table_scene.autopilot = KeyAutopilot(random.Random(3))
    seat = table_scene.me
    wait(app, lambda: table_scene.remote.hand is not None)
    table_scene.remote.client.drop_connection()  # the network fails
    wait(app, lambda: isinstance(app.stack.top, Dialog))
    dialog: Dialog = app.stack.top  # type: ignore[assignment]
    assert dialog.body == "lan.lost_body"
    # The attempt is held on its worker until the test lets it go: on loopback it
    # would otherwise finish inside the click's frames, and the test would race it.
    remote = table_scene.remote
    go_on = threading.Event()

    def held_connect() -> LanClient:
        assert go_on.wait(30), "the test never let the attempt go on"
        return type(remote).connect_again(remote)

    remote.connect_again = held_connect  # type: ignore[method-assign]
    click(app, dialog.buttons[0])  # Kết nối lại
    assert app.stack.top is table_scene
    # Connecting runs on a worker thread: the window keeps drawing meanwhile.
    frames = app.frames
    for _ in range(5):
        step(app)
    assert app.frames > frames and table_scene.reconnecting
    go_on.set()
    wait(app, lambda: "lan.reconnected" in table_scene.session.said)
    assert table_scene.remote.closed is None and table_scene.remote.me == seat
    assert table_scene.remote.client.seat == seat
    assert "lan.reconnected" in table_scene.session.said
    # A key pressed while the line was down did nothing; the autopilot presses afresh.
    table_scene.autopilot = KeyAutopilot(random.Random(4))
    # Play goes on: another deal check arrives on the new connection.
    seen = len(table_scene.remote.checks)
    wait(app, lambda: len(table_scene.remote.checks) > seen, 60)


def test_a_reconnect_to_a_new_table_on_the_port_says_so_and_is_not_offered_again(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    """The host is gone and a new table listens on its port: "Kết nối lại" is refused
    (``bad_token``), the words cover both a seat held too long and another table at the
    address (the protocol does not tell them apart), and only "Về menu" is offered — the
    same token can only be refused again (a playtest kept being offered "Kết nối lại")."""
    hosts, _clients = cleanup
    app, scene = _seated_alone(make_app, cleanup)
    port = hosts[0].port
    scene.remote.client.drop_connection()  # the network fails
    wait(app, lambda: isinstance(app.stack.top, Dialog))
    hosts[0].stop()
    again = LanHost(HostConfig(bind=LOOPBACK, port=port, seats=2, bots=1, **FAST)).start()
    hosts.append(again)
    lost = app.stack.top
    assert isinstance(lost, Dialog) and lost.body == "lan.lost_body"
    click(app, lost.buttons[0])  # Kết nối lại
    wait(app, lambda: isinstance(app.stack.top, Dialog) and app.stack.top is not lost)
    refused = app.stack.top
    assert isinstance(refused, Dialog) and refused.body == "lan.err_token"
    assert "bàn khác" in t(refused.body)
    assert [key for key, _do in refused.choices] == ["msg.to_menu"]
    click(app, refused.buttons[0])
    assert isinstance(app.stack.top, MenuScene)


def test_a_failed_deal_check_is_shown_in_red(make_app: MakeApp, cleanup: Cleanup) -> None:
    hosts, _clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    host_and_join(app, hosts, seats=2, bots=1)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    # What the client reports when a deal does not verify (lieng/net/client.py).
    from lieng.net.fairdeal import DealCheck

    table_scene.remote.client._push(DealCheck(99, False, "the deck does not match"))
    wait(app, lambda: "lan.check_failed_toast" in table_scene.session.said)
    check = table_scene.reports.last_check
    assert check is not None and check.data["hand"] == 99
    surface = app.screen.copy()
    table_scene.draw(surface)
    s = table_scene.layout.scale
    # The line under the table info is drawn in the failure colour.
    row = [surface.get_at((x, int(48 * s)))[:3] for x in range(0, int(400 * s))]
    assert any(abs(c[0] - 235) < 30 and c[1] < 140 and c[2] < 130 for c in row)
    # A mental deal stopped by seat 1's game: a toast, and the red line names the seat.
    table_scene.remote.client._push(DealCheck(100, False, "x: a bad shuffle", stopped_by=1))
    wait(app, lambda: "lan.deal_stopped_toast" in table_scene.session.said)
    name = table_scene.remote.seats[1].name
    assert name in t("lan.deal_stopped", hand="100", who=name)
    surface = app.screen.copy()
    table_scene.draw(surface)
    row = [surface.get_at((x, int(48 * s)))[:3] for x in range(0, int(400 * s))]
    assert any(abs(c[0] - 235) < 30 and c[1] < 140 and c[2] < 130 for c in row)


def _seated_alone(make_app: MakeApp, cleanup: Cleanup,
                  **host: Any) -> tuple[GameApp, LanTableScene]:
    """A window joined by address to a fresh two-seat host (one bot; ``host``: more of
    its ``HostConfig``), at its LAN table."""
    hosts, _clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    lan_host = LanHost(HostConfig(bind=LOOPBACK, port=0, seats=2, bots=1,
                                  **{**FAST, **host})).start()
    hosts.append(lan_host)
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    _join_by_address(app, scene, lan_host.port, "Lan")
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    return app, table_scene


def test_the_host_closing_on_my_turn_ends_the_turn_on_screen(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    """The host leaves while the player is to act: "Bàn đã đóng", and no turn under it —
    the countdown, the live buttons and my plate's gold ring go (a playtest saw "Đến
    lượt bạn" count down to 0 and stay). The session says there is no turn on a closed
    table (``TableSession.closed``); the scene draws that."""
    app, scene = _seated_alone(make_app, cleanup, turn_seconds=60.0)
    hosts, _clients = cleanup
    host = hosts[-1]
    assert scene.bar is not None
    # No autopilot: the turn waits for the player (its countdown starts once the host's
    # time for it is read, which may be a frame after the turn: a loaded machine saw it).
    wait(app, lambda: scene.turn_shown() and scene.remaining() is not None, 30)
    assert any(b.is_enabled for b in scene.bar.buttons().values())
    assert scene.board.to_act == scene.me  # my plate has the gold ring
    host.stop()
    wait(app, lambda: isinstance(app.stack.top, Dialog))
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.body == "lan.closed_host_left"
    step(app, 5)
    assert scene.remote.hand is not None and scene.remote.hand.to_act == scene.me
    assert not scene.turn_shown() and scene.remaining() is None
    assert not any(b.is_enabled for b in scene.bar.buttons().values())
    assert scene.board.to_act is None  # no seat acts on a closed table: no gold ring


def test_a_hand_with_a_fold_is_shown_as_not_checkable_neutrally(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    """The host keeps the proof of a hand with a fold (the folded cards stay hidden): the
    line says so in the player's language, in a neutral colour, with no failure toast."""
    app, table_scene = _seated_alone(make_app, cleanup)
    from lieng.net.fairdeal import DealCheck

    table_scene.remote.client._push(
        DealCheck(77, None, "not checkable: a folded hand stays hidden"))
    wait(app, lambda: table_scene.reports.last_check is not None
         and table_scene.reports.last_check.data.get("ok") is None)
    assert "lan.check_failed_toast" not in table_scene.session.said
    check = table_scene.reports.last_check
    assert check is not None and check.data["hand"] == 77
    surface = app.screen.copy()
    table_scene.draw(surface)
    s = table_scene.layout.scale
    row = [surface.get_at((x, int(48 * s)))[:3] for x in range(0, int(400 * s))]
    assert not any(abs(c[0] - 235) < 30 and c[1] < 140 and c[2] < 130 for c in row)  # not red
    from lieng.ui.core.i18n import language, set_language

    before = language()
    try:
        for lang, word in (("vi", "không kiểm tra được"), ("en", "not checkable")):
            set_language(lang)
            assert word in t("lan.check_hidden", hand="77")
            assert "77" in t("lan.check_hidden", hand="77")
    finally:
        set_language(before)


def test_a_bad_message_from_the_host_is_said_and_play_goes_on(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    from lieng.net.messages import error
    from lieng.net.protocol import BAD_HOST_MESSAGE

    app, table_scene = _seated_alone(make_app, cleanup)
    table_scene.remote.client._push(error(BAD_HOST_MESSAGE, "x"))
    wait(app, lambda: "lan.bad_host_message" in table_scene.session.said)
    assert app.stack.top is table_scene and table_scene.remote.closed is None


def test_leaving_the_join_screen_while_connecting_keeps_no_seat(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow host welcomes the player after they left the Join screen: the late client is
    closed (it says bye) and no network thread is left behind."""
    import threading

    from lieng.engine import RuleSet
    from lieng.net.protocol import GAME_VERSION, PROTOCOL_VERSION, encode

    srv = socket.socket()
    srv.bind((LOOPBACK, 0))
    srv.listen(1)
    heard: list[bytes] = []
    welcomed = threading.Event()
    left = threading.Event()

    def serve() -> None:
        conn, _ = srv.accept()
        with conn, srv:
            conn.recv(4096)
            left.wait(10)  # the welcome comes only after the player has left
            conn.sendall(encode({
                "t": "welcome", "proto": PROTOCOL_VERSION, "game": GAME_VERSION, "seat": 1,
                "token": "x", "name": "A", "table": "T", "seats": 2,
                "rules": RuleSet().to_dict(), "turn_seconds": 20, "stack": 1000,
                "rebuy": True, "watching": False}))
            welcomed.set()
            conn.settimeout(5)
            with contextlib.suppress(OSError):
                heard.append(conn.recv(100))

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    made: list[LanClient] = []  # the client the join screen makes, to watch its thread

    class Watched(LanClient):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr("lieng.ui.scenes.lan_join.LanClient", Watched)
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    _join_by_address(app, scene, srv.getsockname()[1], "Ana")
    assert scene.connecting.running and len(made) == 1  # still connecting
    client = made[0]
    scene.go_back()
    assert isinstance(app.stack.top, MenuScene)
    left.set()
    server.join(10)
    assert welcomed.is_set() and heard and b'"bye"' in heard[0]
    assert client._thread is not None
    client._thread.join(5)
    assert not client._thread.is_alive()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIOCGIFADDR is Linux's")
def test_interfaces_are_read_from_the_kernel() -> None:
    found = _interface_addresses()
    assert "127.0.0.1" in found  # the loopback interface is always there
    assert all(len(ip.split(".")) == 4 for ip in found)


def test_list_ends_with_loopback_and_has_no_duplicates() -> None:
    addresses = local_addresses()
    assert addresses[-1] == "127.0.0.1"
    assert len(addresses) == len(set(addresses))
    assert not any(a.startswith("127.") for a in addresses[:-1])


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_lan_chips_note_is_readable_beside_the_back_button(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
        language: str) -> None:
    """The note that LAN chips are the table's own is drawn at the small role's size,
    not shrunk to fit (it used to be squeezed into the table list at 7–9 px), and it
    covers neither the Back button nor the table list."""
    import lieng.ui.scenes.lan_join as lan_join

    app = make_app(size, speed="instant", language=language)
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    drawn = record_text(monkeypatch, lan_join)
    step(app)
    words = set(t("lan.chips_note").split())
    lines = [(s, r) for s, r in drawn if s and set(s.split()) <= words]
    assert " ".join(s for s, _r in lines) == t("lan.chips_note")
    small = app.type_scale.px("small")
    from lieng.ui.core.draw import text_surface

    for s, r in lines:
        assert r.w >= text_surface(s, small).get_width() - 1  # drawn at full size
        assert not r.colliderect(scene.back.rect)
        assert not r.colliderect(scene._list_rect())
        assert app.screen.get_rect().contains(r)
    scene.close_finder()
