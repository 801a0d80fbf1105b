"""What a LAN window draws face up, frame by frame (the card renderer's ``face_log``):
a guest's window and the hosting player's alike show only the player's own cards and
the hands a showdown revealed — never another person's or a bot's hidden cards (RULES.md
step 8; the host's window is a player like the others, README "Mở bàn LAN"). The wire
side — nobody, the host included, even receives a person's cards — is
tests/net/test_lan_mental.py; a host that sends another seat's card anyway is
tests/ui/scenes/test_rogue_host.py."""

from __future__ import annotations

import random
from typing import Any

import pytest

from lieng.devtools.driver import KeyAutopilot
from lieng.engine import Action, Card, Event, HandView
from lieng.net import HostConfig, LanClient, LanHost, connect_local
from lieng.net.remote_table import RemoteTable
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.lan_table import LanTableScene
from lieng.ui.scenes.menu import MenuScene

from ..helpers import FAST, LOOPBACK, wait


class Caller:
    """Hùng's game on autopilot: calls every turn, so every hand reaches a showdown."""

    def decide(self, view: HandView) -> Action:
        return Action.call()

    def observe(self, event: Event) -> None:
        """Nothing to learn: it always calls."""


@pytest.mark.parametrize("role", ["guest", "host"])
def test_a_lan_window_draws_only_its_own_and_shown_cards(make_app: Any, cleanup: Any,
                                                         role: str) -> None:
    hosts, clients = cleanup
    app = make_app(speed="instant", show_cards_at_once=True)
    app.push(MenuScene(app))
    local = "Chủ bàn" if role == "host" else None
    host = LanHost(HostConfig(bind=LOOPBACK, port=0, seats=3, bots=1, bot_level="easy",
                              turn_seconds=30.0, local_player=local, max_hands=2,
                              **FAST)).start()
    hosts.append(host)
    if role == "host":
        client = connect_local(host)
    else:
        client = LanClient(LOOPBACK, host.port, name="Lan").connect()
    clients.append(client)
    other = LanClient(LOOPBACK, host.port, name="Hùng", autopilot=Caller()).connect()
    clients.append(other)
    assert client.wait_until(lambda: client.roster is not None and client.roster.started, 30)
    scene = LanTableScene(app, RemoteTable(client), host=host if role == "host" else None)
    scene.autopilot = KeyAutopilot(random.Random(3), folds=False)
    app.push(scene)
    remote = scene.remote
    allowed: dict[int, set[Card]] = {}
    violations: list[str] = []
    seen = {"own": 0, "shown": 0}

    def check(app: GameApp) -> None:
        log = app.cards.face_log
        assert log is not None
        hand = remote.hand
        if hand is not None:
            view = hand.view
            mine = allowed.setdefault(remote.hand_no, set())
            mine.update(view.my_cards)
            for cards in view.shown.values():
                mine.update(cards)
        # The board may still be showing the last hand's end as the next one arrives.
        ok = allowed.get(remote.hand_no, set()) | allowed.get(remote.hand_no - 1, set())
        own = set(hand.view.my_cards) if hand is not None else set()
        for fd in log:
            if fd.card not in ok:
                violations.append(f"hand {remote.hand_no}: {fd.card} drawn face up")
            elif fd.card in own:
                seen["own"] += 1
            else:
                seen["shown"] += 1
        log.clear()

    app.cards.face_log = []
    app.frame_hooks.append(check)
    wait(app, lambda: remote.closed is not None and not scene.board.busy, 180)
    assert remote.closed is not None and remote.closed[0] == "finished"
    assert not violations, violations[:5]
    assert seen["own"] > 0 and seen["shown"] > 0, seen  # the check saw both kinds
    assert not host.errors
