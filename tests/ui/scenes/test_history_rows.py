"""What a history row says about how the hand went (play10 D8, D9). A playtest found two
things a player could not tell from the list: a fold the 20-second clock made read "úp bỏ",
like a fold the player chose (the table had said "Hết giờ · Úp bỏ", RULES.md step 6), and a
LAN hand's "−10" looked like chips gone from the bankroll, which LAN play never touches
(docs/LAN.md) — the row did not say where it was played."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from lieng.engine import PRESETS, Action, Card, Hand
from lieng.storage.history import HandRecord, History, SeatRecord
from lieng.storage.history_records import GameMode
from lieng.ui.core import draw
from lieng.ui.core.window import GameApp
from lieng.ui.scenes import history as history_screen
from lieng.ui.scenes.history import HistoryScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.session import close_app, open_app

from ..helpers import click, run_until_loaded, shot, step, top

SEATS = [SeatRecord("Bạn"), SeatRecord("Minh", "bot", "normal")]


def _hand(first: Action) -> Hand:
    """Bạn (seat 0) acts first with ``first``; the rest of the hand is calls."""
    hand = Hand(PRESETS["classic"], [1000, 1000], 0, deck=Card.parse_many("AS 2C AH 5C AD 9C"))
    hand.act(0, first)
    while not hand.is_over:
        assert hand.to_act is not None
        hand.act(hand.to_act, Action.call())
    return hand


@pytest.fixture
def app() -> Iterator[GameApp]:
    history = History()
    rows: list[tuple[Action, GameMode]] = [(Action.timeout(), "bots"), (Action.fold(), "bots"),
                                           (Action.call(), "lan")]
    for minute, (first, mode) in enumerate(rows):
        record = HandRecord.from_hand(_hand(first), 0, SEATS,
                                      datetime(2026, 12, 2, 3, 20 + minute), mode)
        assert history.append(record) is None
    a = open_app((1280, 720), "vi", fps=0)
    a.push(MenuScene(a))
    step(a, 2)
    yield a
    close_app(a)


def test_a_row_says_timed_out_and_where_it_was_played(app: GameApp,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    click(app, top(app, MenuScene).extras.buttons["history"])
    scene = top(app, HistoryScene)
    run_until_loaded(app, scene)
    assert [r.mode for r in scene.hands] == ["lan", "bots", "bots"]  # newest first
    drawn: list[tuple[str, tuple[float, float]]] = []
    real = draw.text

    def noting(surface: Any, words: str, pos: tuple[float, float], *args: Any,
               **kwargs: Any) -> Any:
        drawn.append((words, pos))
        return real(surface, words, pos, *args, **kwargs)

    monkeypatch.setattr(history_screen, "text", noting)
    step(app, 1)
    shot(app, "history-rows")

    def row_words(i: int) -> list[str]:
        r = scene.row_rect(i)
        return [w for w, (_x, y) in drawn if r.top <= y <= r.bottom]

    lan, folded, timed_out = row_words(0), row_words(1), row_words(2)
    assert any(w.endswith("· hết giờ · úp bỏ") for w in timed_out), timed_out
    assert any(w.endswith("· úp bỏ") and "hết giờ" not in w for w in folded), folded
    assert "Qua mạng LAN" in lan, lan
    assert "Qua mạng LAN" not in folded and "Với máy" not in folded  # a bots row: no tag
