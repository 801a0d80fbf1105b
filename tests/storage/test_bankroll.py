"""bankroll.py: buy-in, per-hand commits, cash-out, crash recovery, the daily refill."""

from __future__ import annotations

import errno
import json
import os
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from lieng.engine import PRESETS, Action, Card, Hand
from lieng.storage.bankroll import (
    BROKE_BELOW,
    REFILL_TO,
    STARTING_CHIPS,
    TOPUP_EVERY,
    TOPUP_TO,
    Bankroll,
)


def test_new_player_starts_with_10000(tmp_path: Path) -> None:
    bank, notices = Bankroll.open(tmp_path)
    assert (bank.balance, bank.at_table, bank.total, STARTING_CHIPS) == (10_000, 0, 10_000,
                                                                         10_000)
    assert notices == []
    assert (tmp_path / "bankroll.json").exists()


def test_buy_in_commit_cash_out_persist(tmp_path: Path) -> None:
    bank, _ = Bankroll.open(tmp_path)
    assert bank.buy_in(1_000) is None
    assert (bank.balance, bank.at_table) == (9_000, 1_000)
    bank.commit_hand(+250)
    bank.commit_hand(-100)
    assert (bank.at_table, bank.hands) == (1_150, 2)
    bank.cash_out()
    assert (bank.balance, bank.at_table, bank.total) == (10_150, 0, 10_150)
    again, notices = Bankroll.open(tmp_path)
    assert (again.balance, again.at_table, again.hands, notices) == (10_150, 0, 2, [])


def test_refuses_impossible_moves(tmp_path: Path) -> None:
    bank, _ = Bankroll.open(tmp_path)
    with pytest.raises(ValueError):
        bank.buy_in(10_001)
    with pytest.raises(ValueError):
        bank.buy_in(0)
    bank.buy_in(100)
    with pytest.raises(ValueError):
        bank.commit_hand(-101)
    with pytest.raises(ValueError):
        bank.cash_out(101)
    with pytest.raises(ValueError):
        bank.commit_hand(True)
    assert (bank.balance, bank.at_table) == (9_900, 100)


def test_crash_mid_hand_restores_the_pre_hand_bankroll(tmp_path: Path) -> None:
    """A real hand is played half-way; the process 'dies' (the object is dropped without
    commit or cash-out); reopening gives the bankroll exactly as it was before that hand."""
    bank, _ = Bankroll.open(tmp_path)
    bank.buy_in(500)
    deck = Card.parse_many("AS KS QS 2H 3D 5C")
    first = Hand(PRESETS["classic"], [500, 500], 0, deck=deck)
    while not first.is_over:  # hand 1: both call/check through, the result is committed
        seat = first.to_act
        assert seat is not None
        first.act(seat, Action.call())
    bank.commit_hand(first.stacks[0] - 500)
    before = bank.total
    hand = Hand(PRESETS["classic"], list(first.stacks), first.next_first,
                deck=Card.parse_many("2S 3S 5S 4H 7D 9C"))
    assert hand.to_act is not None
    hand.act(hand.to_act, Action.raise_(5))
    del bank  # killed here: ante and raise are gone, not committed
    again, notices = Bankroll.open(tmp_path)
    assert again.total == before == 10_000 + first.stacks[0] - 500
    assert (again.at_table, again.balance) == (0, before)
    assert [n.code for n in notices] == ["returned_from_table"]
    assert f"{first.stacks[0]:,}" in notices[0].en


def test_damaged_bankroll_uses_backup(tmp_path: Path) -> None:
    bank, _ = Bankroll.open(tmp_path)
    bank.buy_in(300)
    bank.commit_hand(50)
    (tmp_path / "bankroll.json").write_bytes(b"\x00\x00\x00")
    again, notices = Bankroll.open(tmp_path)
    assert again.total == 10_000  # the .bak: after the buy-in, before the commit
    assert notices[0].code == "restored_backup"


@pytest.mark.parametrize("data", [
    {"balance": -5, "at_table": 0, "hands": 0, "last_refill": None},
    {"balance": "10000", "at_table": 0, "hands": 0, "last_refill": None},
    {"balance": 1, "at_table": 0, "hands": 0, "last_refill": "yesterday"},
    {"balance": 1, "hands": 0},
])
def test_invalid_bankroll_content_is_a_bad_file(tmp_path: Path, data: dict[str, Any]) -> None:
    (tmp_path / "bankroll.json").write_text(
        json.dumps({"schema": "bankroll", "version": 1, "data": data}))
    bank, notices = Bankroll.open(tmp_path)
    assert bank.total == STARTING_CHIPS
    assert [n.code for n in notices] == ["reset_defaults"]
    assert list(tmp_path.glob("bankroll.json.bad-*"))


def test_full_disk_keeps_playing_and_tells_once(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    bank, _ = Bankroll.open(tmp_path)
    bank.buy_in(1_000)

    def enospc(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", enospc)
    first = bank.commit_hand(40)
    second = bank.commit_hand(40)
    assert first is not None and first.code == "disk_full"
    assert second is None  # told once
    assert bank.at_table == 1_080  # the game went on
    monkeypatch.undo()
    assert bank.commit_hand(1) is None
    bank.cash_out()
    assert Bankroll.open(tmp_path)[0].total == 10_081


def _broke(tmp_path: Path) -> Bankroll:
    bank, _ = Bankroll.open(tmp_path)
    bank.buy_in(10_000)
    bank.commit_hand(-(10_000 - 30))
    bank.cash_out()
    assert bank.total == 30 < BROKE_BELOW
    return bank


def _lose_everything(bank: Bankroll) -> None:
    total = bank.total
    bank.buy_in(total)
    bank.commit_hand(-total)
    bank.cash_out()


def test_daily_refill_once_per_calendar_day_then_an_hourly_top_up(tmp_path: Path) -> None:
    """Broke against bots is never "nothing to do for 15 hours" (issue 22, defect 4): the
    day's refill, then a small top-up an hour after each claim (docs/UI.md "Broke")."""
    bank = _broke(tmp_path)
    morning = datetime(2026, 11, 29, 9, 30)
    status = bank.refill_status(morning)
    assert status.broke and status.available and status.daily
    assert status.amount == REFILL_TO - 30 and status.wait == timedelta(0)
    assert bank.claim_refill(morning) == (REFILL_TO - 30, None)
    assert bank.total == REFILL_TO
    # lose it all again the same day: the next free chips are the small top-up, an hour on
    _lose_everything(bank)
    soon = datetime(2026, 11, 29, 9, 45)
    status = bank.refill_status(soon)
    assert status.broke and not status.available and status.amount == 0
    assert status.next_at == datetime(2026, 11, 29, 10, 30) and not status.daily
    assert status.wait == timedelta(minutes=45)
    assert bank.claim_refill(soon) == (0, None)
    later = datetime(2026, 11, 29, 10, 30)
    assert bank.claim_refill(later) == (TOPUP_TO, None)
    assert bank.total == TOPUP_TO < REFILL_TO
    # persisted: a restart resets neither the day nor the hour
    again, _ = Bankroll.open(tmp_path, today=date(2026, 11, 29))
    _lose_everything(again)
    assert again.last_refill == date(2026, 11, 29)
    assert not again.refill_status(datetime(2026, 11, 29, 11, 0)).available
    # late in the evening the hour runs past midnight: the day's full refill comes first
    evening = datetime(2026, 11, 29, 23, 30)
    assert again.claim_refill(evening) == (TOPUP_TO, None)
    _lose_everything(again)
    status = again.refill_status(datetime(2026, 11, 29, 23, 45))
    assert status.next_at == datetime(2026, 11, 30, 0, 0) and status.daily
    after_midnight = datetime(2026, 11, 30, 0, 0, 1)
    assert again.claim_refill(after_midnight)[0] == REFILL_TO


def test_a_last_claim_in_the_future_waits_at_most_an_hour(tmp_path: Path) -> None:
    bank = _broke(tmp_path)
    bank.claim_refill(datetime(2026, 11, 29, 22, 0))
    _lose_everything(bank)
    now = datetime(2026, 11, 29, 8, 0)  # the clock was set back
    status = bank.refill_status(now)
    assert not status.available and status.wait == TOPUP_EVERY


def test_no_refill_for_a_player_with_chips(tmp_path: Path) -> None:
    bank, _ = Bankroll.open(tmp_path)
    now = datetime(2026, 11, 29, 12, 0, tzinfo=timezone(timedelta(hours=7)))
    status = bank.refill_status(now)
    assert not status.broke and not status.available and status.wait == timedelta(0)
    assert bank.claim_refill(now) == (0, None)
    assert bank.total == STARTING_CHIPS


def test_a_v1_bankroll_gets_an_id_and_keeps_its_chips(tmp_path: Path) -> None:
    """Format v2 adds the id that history lines name."""
    v1 = {"balance": 4_321, "at_table": 0, "hands": 7, "last_refill": "2026-11-01"}
    (tmp_path / "bankroll.json").write_text(
        json.dumps({"schema": "bankroll", "version": 1, "data": v1}))
    bank, notices = Bankroll.open(tmp_path, today=date(2026, 11, 30))
    assert (bank.total, bank.hands, bank.last_refill, notices) == (
        4_321, 7, date(2026, 11, 1), [])
    on_disk = json.loads((tmp_path / "bankroll.json").read_text())
    assert on_disk["version"] == 3 and on_disk["data"]["id"] == bank.id
    assert len(bank.id) == 32 and Bankroll.open(tmp_path)[0].id == bank.id
