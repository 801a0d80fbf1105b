"""What a table leaves behind (lieng.game.recorders), without a window: every finished
hand in the history as the recorder's viewer saw it, and with a bankroll the result
committed with it, so the two always agree."""

from __future__ import annotations

from pathlib import Path

from lieng.engine import Action, HandView
from lieng.game import HandRecorder, TableConfig, build_table
from lieng.game.session import TableSession
from lieng.storage.history import HandRecord, History
from lieng.storage.ledger import open_ledger
from lieng.table import Player, PlayerSpec, Table


class Caller:
    """Calls (or checks) every time: every hand reaches the showdown."""

    def decide(self, view: HandView) -> Action:
        return Action.call()

    def observe(self, event: object) -> None:
        pass


def _table(seed: int = 4) -> Table:
    players = (PlayerSpec("An", "bot", stack=1000), PlayerSpec("Bình", "bot", stack=1000),
               PlayerSpec("Chi", "bot", stack=1000))

    def factory(spec: PlayerSpec, rng: object) -> Player:
        return Caller()

    return build_table(TableConfig(players, seed=seed), bot_factory=factory)


def _play(table: Table, hands: int) -> None:
    now = 0.0
    for _ in range(hands):
        table.start_hand(now)
        while table.in_hand:
            now += 5.0
            table.tick(now)


def test_a_spectator_recorder_writes_every_hand_with_only_shown_cards(tmp_path: Path) -> None:
    table = _table()
    history = History(tmp_path)
    notices: list[object] = []
    recorder = HandRecorder(table, history, None, "hotseat", lambda *n: notices.extend(n))
    _play(table, 3)
    records = [r for r in history.read()[0] if isinstance(r, HandRecord)]
    assert recorder.recorded == len(records) == 3
    assert all(n is None for n in notices)
    for record in records:
        assert record.mode == "hotseat"


def test_a_bankroll_recorder_commits_each_hand_with_its_history_line(tmp_path: Path) -> None:
    table = _table(seed=9)
    bank, history, _ = open_ledger(tmp_path)
    bank.buy_in(1000)
    start = bank.total
    recorder = HandRecorder(table, history, 0, "bots", lambda *n: None, bank)
    _play(table, 4)
    assert recorder.recorded == bank.hands == 4
    journal = history.bank_hands(bank.id, 0)
    assert [n for n, _net in journal] == [1, 2, 3, 4]
    assert bank.total == start + sum(net for _n, net in journal)
    assert sum(net for _n, net in journal) == table.seats[0].net


def test_a_stopped_recorder_writes_nothing_more(tmp_path: Path) -> None:
    table = _table()
    history = History(tmp_path)
    recorder = HandRecorder(table, history, 1, "bots", lambda *n: None)
    _play(table, 1)
    recorder.stop()
    _play(table, 2)
    assert recorder.recorded == 1
    assert len([r for r in history.read()[0] if isinstance(r, HandRecord)]) == 1


def test_the_session_keeps_the_record_as_it_shows_the_table(tmp_path: Path) -> None:
    """The recorder is the session's (issue 21: the game out of the screens): a hot-seat
    session records the spectator's view, a seat's session that seat's; recording again
    replaces the recorder there was, so no hand is written twice."""
    table = _table(seed=5)
    watched = TableSession(table, me=1, spectator=True)
    first, second = History(tmp_path / "a"), History(tmp_path / "b")
    notices: list[object] = []
    old = watched.record(first, "hotseat", lambda *n: notices.extend(n))
    _play(table, 1)
    new = watched.record(second, "hotseat", lambda *n: notices.extend(n))
    assert watched.recorder is new and not old.active
    _play(table, 2)
    a = [r for r in first.read()[0] if isinstance(r, HandRecord)]
    b = [r for r in second.read()[0] if isinstance(r, HandRecord)]
    assert (len(a), len(b)) == (1, 2)
    assert {r.viewer for r in a + b} == {None}  # the spectator's: the table as it was shown
    mine = TableSession(table, me=1)
    mine.record(History(tmp_path / "c"), "lan", lambda *n: notices.extend(n))
    _play(table, 1)  # both sessions record this one
    watched.stop_recording()
    _play(table, 1)  # only me's
    assert watched.recorder is None and len(second.read()[0]) == 3
    seen = [r for r in History(tmp_path / "c").read()[0] if isinstance(r, HandRecord)]
    assert [r.viewer for r in seen] == [1, 1]
    assert all(n is None for n in notices)
