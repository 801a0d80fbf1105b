"""A dialog over a LAN table: the host keeps the table's time (RULES.md step 6), so the
client's countdown runs on under it (``LanTableScene.timers_wait_when_covered``) — the
bot and hot-seat tables, whose clocks wait, are in ``test_dialog_timers.py``."""

from __future__ import annotations

import pygame

from lieng.engine import ActionKind, ActionTaken
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.lan_table import LanTableScene
from lieng.ui.scenes.menu import MenuScene

from ..helpers import Cleanup, MakeApp, click, key, top, wait
from .test_lan import host_and_join


def test_the_host_keeps_time_while_a_dialog_covers_a_lan_table(
        make_app: MakeApp, cleanup: Cleanup) -> None:
    """RULES.md step 6 at a LAN table: the host's turn timer runs on while the leave
    question covers the client's table — a client can't pause it — so the client's own
    countdown runs on too, and nothing local trips when the host folds the seat under
    the dialog (``LanTableScene.timers_wait_when_covered``)."""
    hosts, _clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    host_and_join(app, hosts, seats=2, bots=1, turn_seconds=4.0)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    me = table_scene.me
    timed_out: list[ActionTaken] = []
    table_scene.remote.subscribe(lambda events: timed_out.extend(
        e for e in events if isinstance(e, ActionTaken) and e.seat == me
        and e.kind is ActionKind.TIMEOUT))
    wait(app, lambda: table_scene.my_legal() is not None and not table_scene.board.busy)
    key(app, pygame.K_ESCAPE)
    dialog = top(app, Dialog)
    assert isinstance(dialog, Dialog) and dialog.body == "lan.leave_client"
    start = table_scene.remaining()
    assert start is not None
    shown: list[float] = []

    def folded_by_the_host() -> bool:
        rem = table_scene.remaining()
        if rem is not None:
            shown.append(rem)
        return bool(timed_out)

    # The host's 4 s turn timer runs in real time: a frame every 10 ms is enough to see
    # the client's countdown run (the check below counts the frames that ran).
    wait(app, folded_by_the_host, 20, poll=0.01)
    assert top(app, Dialog) is dialog  # still the question, nothing else popped up
    # The frames ran (len(shown) of them, 1/60 s each) and the countdown with them; how
    # long the host took in real time depends on the machine's load, not on the client.
    ran = (len(shown) - 1) / 60
    assert ran > 0.5 and min(shown) <= max(0.0, start - 0.9 * ran), \
        "the countdown stood still while the host's ran"
    click(app, dialog.buttons[1])  # Ở lại
    assert app.stack.top is table_scene
    hand_no = table_scene.remote.hand_no
    wait(app, lambda: table_scene.remote.hand_no > hand_no)  # the table plays on
