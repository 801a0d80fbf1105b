"""A LAN table's hands go to the player's history, marked LAN, as the player's seat saw
them (other seats' cards only where the showdown showed them); the bankroll is the table's
business, not the player's (loopback only)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from lieng.engine import Action
from lieng.game import HandRecorder
from lieng.net import LanClient, LanHost
from lieng.net.remote_table import RemoteTable
from lieng.storage.history import HandRecord, History


def test_lan_hands_are_recorded_for_the_players_seat(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient],
        tmp_path: Path) -> None:
    host = make_host(seats=3, bots=1, max_hands=3, start_when=2)
    other = make_client(host, "Bảo", pilot=5)
    client = make_client(host, "Ana")
    assert client.wait_until(lambda: client.roster is not None and client.roster.started, 10)
    table = RemoteTable(client)
    history = History(tmp_path)
    notices: list[object] = []
    recorder = HandRecorder(table, history, table.me, "lan", lambda *n: notices.extend(n))
    end = time.monotonic() + 30
    answered: tuple[int, int] | None = None
    while table.closed is None and time.monotonic() < end:
        now = time.monotonic()
        table.tick(now)
        hand = table.hand
        if hand is not None and not hand.is_over and hand.to_act == table.me \
                and (table.hand_no, len(hand.actions)) != answered:
            answered = (table.hand_no, len(hand.actions))
            table.act(table.me, Action.call(), now)
        time.sleep(0.002)
    other.close()
    assert table.closed is not None and table.closed[0] == "finished"
    records = [r for r in history.read()[0] if isinstance(r, HandRecord)]
    assert recorder.recorded == len(records) == 3
    assert all(n is None for n in notices)
    for record, played in zip(records, host.history, strict=True):
        assert record.mode == "lan" and record.viewer == table.me
        assert record.cards == played.cards[table.me]
        assert record.net == played.stacks[table.me] - played.start_stacks[table.me]
        # Only the player's own cards and those shown at the showdown are in the file.
        for seat, cards in record.showdown.items():
            assert seat in played.shown and cards == played.cards[seat]
