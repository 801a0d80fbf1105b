"""A malicious host against a real client window (issue #23, items 2, 3 and 4).

Each test joins a ``ScriptedHost`` on 127.0.0.1 through the Join screen, like a player,
sends a few honest frames of a real engine hand and then one no honest host sends, and
drives the window with pygame events. The window must not crash, must not draw what it
was sent, and must say in one line what happened."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from lieng.engine import CardDealt, Event, Hand, RuleSet, Showdown
from lieng.ui.core.i18n import t
from lieng.ui.core.window import GameApp
from lieng.ui.scenes import lan_table
from lieng.ui.scenes.lan_join import LanJoinScene
from lieng.ui.scenes.lan_table import LanTableScene
from lieng.ui.scenes.menu import MenuScene

from ...net.scripted_host import HandScript, ScriptedHost, welcome
from ..helpers import LOOPBACK, click, key, record_text, step, type_into, wait

HUGE = 10**400
"""A whole number past float range (``float(HUGE)`` raises ``OverflowError``)."""
DIGITS_4300 = int("9" * 4300)
"""The longest whole number Python's JSON reads; any sum with it has 4,301 digits, which
``str`` and ``f"{n:,}"`` refuse."""


@pytest.fixture
def hosts() -> Iterator[list[ScriptedHost]]:
    made: list[ScriptedHost] = []
    yield made
    for h in made:
        h.close()


def _join(make_app: Callable[..., GameApp], host: ScriptedHost) -> tuple[GameApp, LanJoinScene]:
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    scene = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
    app.push(scene)
    step(app)
    type_into(app, scene.entries["name"], "Ana")
    type_into(app, scene.entries["address"], LOOPBACK)
    type_into(app, scene.entries["port"], str(host.port))
    click(app, scene.join)
    return app, scene


def _hand() -> Hand:
    return Hand(RuleSet(), [1000, 1000], 0, rng=random.Random(1))


def _seated(make_app: Callable[..., GameApp], hosts: list[ScriptedHost]
            ) -> tuple[GameApp, LanTableScene, ScriptedHost, HandScript, list[Event]]:
    """At the table, on our turn of an honest hand; the events the board was given."""
    hand = _hand()
    me = hand.legal().seat
    host = ScriptedHost(welcome(seat=me))
    hosts.append(host)
    script = HandScript(hand, me)
    host.send(script.roster())
    app, _scene = _join(make_app, host)
    wait(app, lambda: isinstance(app.stack.top, LanTableScene))
    table_scene = app.stack.top
    assert isinstance(table_scene, LanTableScene)
    drawn: list[Event] = []
    table_scene.remote.subscribe(drawn.extend)
    host.send(script.update())
    wait(app, lambda: table_scene.my_legal() is not None)
    return app, table_scene, host, script, drawn


def _slide(app: GameApp) -> None:
    for code in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT):
        key(app, code)
    step(app, 10)


# ------------------------------------------------------------------ item 2


@pytest.mark.parametrize("where", ["rules", "welcome"])
def test_a_turn_timer_of_10_to_the_400_is_refused_at_the_join(
        make_app: Callable[..., GameApp], hosts: list[ScriptedHost], where: str) -> None:
    """Before: ``rules``: the welcome was accepted and the table's first frame raised
    ``OverflowError`` (``RuleSet`` had no upper bounds); ``welcome``: its own
    ``turn_seconds`` raised ``OverflowError`` out of the decoder (item 3)."""
    rules = RuleSet().to_dict()
    if where == "rules":
        rules["turn_seconds"] = HUGE
    host = ScriptedHost(welcome(rules=rules, **({"turn_seconds": HUGE}
                                                if where == "welcome" else {})))
    hosts.append(host)
    host.send(HandScript(_hand(), 0).roster())
    app, scene = _join(make_app, host)
    wait(app, lambda: scene.error is not None)
    step(app, 30)
    assert scene.error == "lan.err_bad_host" and app.stack.top is scene
    assert not any(isinstance(s, LanTableScene) for s in app.stack.scenes)


def test_a_4300_digit_table_bet_in_the_turn_offer_is_refused_and_the_slider_works(
        make_app: Callable[..., GameApp], hosts: list[ScriptedHost]) -> None:
    """Before: the offer was drawn, and moving the raise slider raised ``ValueError``
    (the raise amount had too many digits to write)."""
    app, table_scene, host, script, _drawn = _seated(make_app, hosts)
    honest = table_scene.remote.hand.view if table_scene.remote.hand else None
    bad = script.update()
    bad["view"]["legal"]["table_bet"] = DIGITS_4300
    host.send(bad)
    wait(app, lambda: "lan.bad_host_message" in table_scene.session.said)
    _slide(app)
    assert table_scene.remote.hand is not None and table_scene.remote.hand.view == honest
    assert table_scene.remote.closed is None and app.stack.top is table_scene


# ------------------------------------------------------------------ item 3


@pytest.mark.parametrize("field", ["seconds", "legal"])
def test_a_clock_past_float_range_is_a_bad_message_not_a_lost_connection(
        make_app: Callable[..., GameApp], hosts: list[ScriptedHost], field: str) -> None:
    """Before: ``OverflowError`` escaped the decoder, the reader died and the player saw
    "connection lost". ``legal``: a huge ``call``, refused by the view bounds (item 2)."""
    app, table_scene, host, script, _drawn = _seated(make_app, hosts)
    view = script.update()["view"]
    turn: dict[str, Any] = {"t": "your_turn", "hand": 1, "turn": len(view["actions"]),
                            "legal": dict(view["legal"]), "seconds": 19.5}
    if field == "seconds":
        turn["seconds"] = HUGE
    else:
        turn["legal"]["call"] = HUGE
    host.send(turn, {"t": "pong", "id": 1})
    wait(app, lambda: "lan.bad_host_message" in table_scene.session.said)
    _slide(app)
    step(app, 30)
    assert table_scene.remote.closed is None and table_scene.remote.client.closed is None
    assert app.stack.top is table_scene and not any(
        getattr(s, "body", None) == "lan.lost_body" for s in app.stack.scenes)


# ------------------------------------------------------------------ item 4


def _foreign_card(update: dict[str, Any], script: HandScript) -> None:
    other = 1 - script.seat
    card = script.hand.cards_of(other)[0]
    update["events"] = [{"type": "card_dealt", "seat": other, "card": card.code, "index": 0}]


def _million_chips(update: dict[str, Any], script: HandScript) -> None:
    update["view"]["stacks"] = [1_000_000] * len(update["view"]["stacks"])


def _early_showdown(update: dict[str, Any], script: HandScript) -> None:
    other = 1 - script.seat
    cards = [c.code for c in script.hand.cards_of(other)]
    update["view"]["shown"] = [[other, cards]]
    update["events"] = [{"type": "showdown", "hands": [
        {"seat": other, "cards": cards, "name_vi": "", "name_en": "", "category": "points"}]}]


@pytest.mark.parametrize("tamper", [_foreign_card, _million_chips, _early_showdown],
                         ids=["another-seat-s-card", "a-million-chips", "showdown-mid-hand"])
def test_an_impossible_hand_is_not_drawn_and_the_player_is_told(
        make_app: Callable[..., GameApp], hosts: list[ScriptedHost],
        monkeypatch: pytest.MonkeyPatch,
        tamper: Callable[[dict[str, Any], HandScript], None]) -> None:
    """Before: every such view was accepted and drawn as sent."""
    app, table_scene, host, script, drawn = _seated(make_app, hosts)
    honest = table_scene.remote.hand.view if table_scene.remote.hand else None
    events_before = len(drawn)
    for _ in range(3):  # told once per hand, however often the host tries
        bad = script.update()
        tamper(bad, script)
        host.send(bad)
    wait(app, lambda: len(table_scene.remote.errors) >= 3)
    drawn_text = record_text(monkeypatch, lan_table)
    step(app, 10)
    assert table_scene.session.said.keys().count("lan.host_misbehaving") == 1  # the toast, once
    line = t("lan.host_misbehaving_line", hand="1")  # and the line, whole
    assert any(s == line for s, _rect in drawn_text), [s for s, _r in drawn_text]
    assert table_scene.remote.hand is not None and table_scene.remote.hand.view == honest
    assert len(drawn) == events_before  # nothing of it reached the board
    assert not any(isinstance(e, Showdown) or (isinstance(e, CardDealt) and e.card is not None
                                               and e.seat != script.seat) for e in drawn)
    _slide(app)
    assert table_scene.remote.closed is None and app.stack.top is table_scene


def test_a_new_hand_from_a_million_chips_is_refused_and_named(
        make_app: Callable[..., GameApp], hosts: list[ScriptedHost],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The next hand claims every seat starts with a million chips — consistent within
    itself, but not with the table the host described just before (its ``table``
    message, after rebuys). The line names hand 2, which the window never took up."""
    app, table_scene, host, script, _drawn = _seated(make_app, hosts)
    rich = HandScript(Hand(RuleSet(), [1_000_000] * 2, 0, rng=random.Random(2)), script.seat,
                      number=2)
    host.send(rich.roster(stacks=[1000, 1000]), rich.update())
    wait(app, lambda: table_scene.reports.misbehaving_hand is not None)
    drawn_text = record_text(monkeypatch, lan_table)
    step(app, 5)
    assert table_scene.reports.misbehaving_hand == 2 and table_scene.remote.hand_no == 1
    assert t("lan.host_misbehaving_line", hand="2") in [s for s, _rect in drawn_text]
    assert "started from other stacks" in table_scene.remote.errors[-1].data["message"]
