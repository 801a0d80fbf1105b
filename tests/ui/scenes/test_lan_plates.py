"""What a LAN table's plates say, through the real window on 127.0.0.1: a bot's level
("Máy · Khó", as at a bot table: the host's roster carries it now), and the chips of a
seat whose player came back mid-hand (they showed 0 until the next hand)."""

from __future__ import annotations

from typing import Any

from lieng.engine import Action
from lieng.net import LanClient
from lieng.ui.core import surface_cache
from lieng.ui.core.i18n import t
from lieng.ui.scenes import lan_common
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.lan_table import LanTableScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.tabletop import drawing

from ..helpers import LOOPBACK, click, record_text, shot, step, wait
from .test_lan import host_and_join


def test_a_bot_plate_at_a_lan_table_says_its_level(make_app: Any, cleanup: Any,
                                                   monkeypatch: Any) -> None:
    hosts, clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    host, scene = host_and_join(app, hosts, seats=3, bots=1, bot_level="hard",
                                turn_seconds=30.0, start_when=2)
    wait(app, lambda: scene.phase == "lobby" and scene.client is not None
         and scene.client.roster is not None)
    lobby = record_text(monkeypatch, lan_common)
    step(app)
    assert "Máy · Khó" in {s for s, _ in lobby}  # the lobby's row for the bot's seat
    other = LanClient(LOOPBACK, host.port, name="Hùng").connect()
    clients.append(other)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    bot = next(i for i, s in enumerate(table_scene.remote.seats) if s.kind == "bot")
    drawn = record_text(monkeypatch, drawing)
    surface_cache.clear_all()  # the plates are drawn again, into ``drawn``
    step(app, 3)
    plate = table_scene.board.seats[bot]
    assert plate.bot and plate.level == "hard"
    assert t("seat.bot_level", level=t("level.hard")) == "Máy · Khó"
    # As at a bot table: "Máy · Khó", or the level alone where the plate has no room
    # for both (drawing.draw_seat) — never the bare "Máy" of a plate that has no level.
    said = {s for s, _ in drawn}
    assert said & {"Máy · Khó", "Khó"} and "Máy" not in said, sorted(said)
    shot(app, "lan-bot-plate-level")


def test_a_seat_reclaimed_mid_hand_shows_its_chips_at_once(make_app: Any,
                                                           cleanup: Any) -> None:
    """Lan folds hand 1 and loses the connection; hand 2 is dealt without Lan (away: the
    chips set aside, so that hand's start says 0 for the seat, docs/RULES.md "A player
    who is away"). Lan reconnects while hand 2 goes on: the plate shows Lan's chips, not
    the 0 it showed until hand 3."""
    hosts, clients = cleanup
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    host, scene = host_and_join(app, hosts, seats=3, bots=1, turn_seconds=60.0,
                                start_when=2, grace=120.0)
    wait(app, lambda: scene.phase == "lobby")
    other = LanClient(LOOPBACK, host.port, name="Hùng").connect()  # the test plays it
    clients.append(other)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    remote, me = table_scene.remote, table_scene.me

    def lan_folded_or_over() -> bool:
        if other.hand_no == 1 and other.turn is not None:
            other.send_action(Action.fold())
        hand = remote.hand
        if hand is None:
            return False
        if not hand.is_over and hand.to_act == me:
            remote.act(me, Action.fold())
            return True
        return hand.is_over

    wait(app, lan_folded_or_over)
    remote.client.drop_connection()
    wait(app, lambda: isinstance(app.stack.top, Dialog))
    lost = app.stack.top
    assert isinstance(lost, Dialog) and lost.body == "lan.lost_body"

    def hand_two_without_lan() -> bool:
        if other.hand_no == 1 and other.turn is not None:
            other.send_action(Action.fold())  # Hùng ends hand 1; hand 2 he holds
        return host.call(lambda: host.table is not None and host.table.hand_no == 2
                         and host.table.in_hand and me in host.table.away)

    wait(app, hand_two_without_lan)
    chips = host.call(lambda: host.table.seats[me].stack if host.table else 0)
    assert chips > 0
    click(app, lost.buttons[0])  # Kết nối lại
    wait(app, lambda: remote.hand_no == 2 and not table_scene.reconnecting
         and table_scene.board.hand_started and not table_scene.board.busy)
    app.cards.face_log = []  # what the snapshot's replay draws face up: nothing of
    step(app, 3)             # the hand Lan sits out (tests/ui/scenes/test_lan_privacy.py)
    assert app.cards.face_log == []
    plate = table_scene.board.seats[me]
    assert not plate.away and not plate.dealt_in
    assert (plate.stack, remote.seats[me].stack, remote.stacks[me]) == (chips, chips, chips)
    assert plate.status == "status.sitting_out"  # "Ngồi ngoài", not "Hết chip"
    assert host.call(lambda: host.table is not None and host.table.hand_no == 2
                     and host.table.in_hand)  # still the hand Lan came back into
    shot(app, "lan-reclaimed-seat-chips")
    assert not host.errors
