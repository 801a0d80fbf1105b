"""A LAN seat after a crash (issue 22, defect 1), through the real window on 127.0.0.1:
a restarted game joining with the same name gets its old seat back (the token it kept
on disk, lieng/net/seat_tokens.py), and the others see the empty seat as "Mất kết nối",
not "Đang nghĩ…"."""

from __future__ import annotations

import random
from typing import Any

from lieng.bots import make_bot
from lieng.net import LanClient
from lieng.ui.core.i18n import t
from lieng.ui.scenes.lan_join import LanJoinScene
from lieng.ui.scenes.lan_table import LanTableScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.tabletop import drawing

from ..helpers import LOOPBACK, record_text, step, wait
from .test_lan import _join_by_address, host_and_join


def test_a_restarted_window_reclaims_its_seat_by_name(make_app: Any, cleanup: Any) -> None:
    hosts, clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    host, scene = host_and_join(app, hosts, seats=3, bots=1, turn_seconds=5.0,
                                start_when=2, grace=60.0)
    wait(app, lambda: scene.phase == "lobby")
    other = LanClient(LOOPBACK, host.port, name="Hùng",
                      autopilot=make_bot("easy", rng=random.Random(1))).connect()
    clients.append(other)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    seat = table_scene.me
    # The game crashes: the connection goes without a goodbye and the window's state is
    # lost. A new window starts at the menu and joins with the same name.
    table_scene.remote.client.drop_connection()
    app.stack.clear()
    app.push(MenuScene(app))
    wait(app, lambda: host.call(lambda: not host.lobby.online(seat)))
    again = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(again)
    step(app)
    _join_by_address(app, again, host.port, "Lan")
    wait(app, lambda: isinstance(app.stack.top, LanTableScene) or again.error is not None)
    assert again.error is None  # not "Bàn đã đủ người."
    back = app.stack.top
    assert isinstance(back, LanTableScene) and back.me == seat
    assert back.remote.client.name == "Lan"
    assert host.call(lambda: host.lobby.online(seat))
    assert not host.errors


def test_a_disconnected_seat_shows_mat_ket_noi(make_app: Any, cleanup: Any,
                                               monkeypatch: Any) -> None:
    hosts, clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    host, scene = host_and_join(app, hosts, seats=3, bots=1, turn_seconds=30.0,
                                start_when=2, grace=60.0)
    wait(app, lambda: scene.phase == "lobby")
    other = LanClient(LOOPBACK, host.port, name="Hùng").connect()  # a person, no pilot
    clients.append(other)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    hung = other.seat
    assert hung is not None
    drawn = record_text(monkeypatch, drawing)
    other.drop_connection()
    wait(app, lambda: table_scene.board.seats[hung].away)
    drawn.clear()
    step(app, 2)
    assert any(s == t("status.away") for s, _ in drawn)
    assert t("status.away") == "Mất kết nối"
    assert not any(s == t("status.thinking") for s, _ in drawn)
