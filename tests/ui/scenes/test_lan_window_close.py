"""Closing the window at a LAN table leaves it as "Rời bàn" does: the host hears the
goodbye and the connection's thread ends with the window (a window closed by the system
used to leave its connection to be torn down at exit)."""

from __future__ import annotations

import threading

from lieng.net import HostConfig, LanClient, LanHost
from lieng.net.remote_table import RemoteTable
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.lan_table import LanTableScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.session import close_app

from ..helpers import LOOPBACK, Cleanup, MakeApp, step


def _window_at_a_lan_table(make_app: MakeApp, cleanup: Cleanup
                           ) -> tuple[GameApp, LanClient, threading.Thread]:
    """A window seated at a started LAN table (a host with a bot on 127.0.0.1), and its
    connection's thread."""
    hosts, clients = cleanup
    host = LanHost(HostConfig(bind=LOOPBACK, port=0, seats=2, bots=1, start_when=1,
                              turn_seconds=30.0, bot_speed=0.0, hand_pause=0.0,
                              deal_timeout=2.0, beacon_target=None)).start()
    hosts.append(host)
    client = LanClient(LOOPBACK, host.port, name="Lan").connect()
    clients.append(client)
    assert client.wait_until(lambda: client.roster is not None and client.roster.started, 10)
    app = make_app((960, 540), speed="instant")
    app.push(MenuScene(app))
    app.push(LanTableScene(app, RemoteTable(client)))
    step(app, 3)
    thread = client._thread
    assert thread is not None
    return app, client, thread


def test_closing_the_window_at_a_lan_table_leaves_the_table(make_app: MakeApp,
                                                           cleanup: Cleanup) -> None:
    app, client, thread = _window_at_a_lan_table(make_app, cleanup)
    close_app(app)
    # The window waits only so long for the goodbye; on a loaded machine the thread may
    # still be finishing it as close_app returns, so wait on it with a deadline.
    thread.join(10.0)
    assert not thread.is_alive()
    assert client.closed is not None and client.closed[0] == "left"


def test_a_window_closed_without_its_goodbye_still_lets_the_connection_go(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    # GameApp.close alone (a crash's clean-up, a test's window): the screen leaving the
    # stack is enough to leave the table and end the connection's thread.
    app, client, thread = _window_at_a_lan_table(make_app, cleanup)
    app.close()
    thread.join(10.0)
    assert not thread.is_alive()
    assert client.closed is not None and client.closed[0] == "left"
