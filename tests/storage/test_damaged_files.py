"""Damaged files the decoder itself chokes on (code review findings): JSON nested deeper
than the interpreter's recursion limit raises ``RecursionError``, not ``JSONDecodeError``,
and must still be treated as a bad file — kept aside, ``.bak`` or the defaults used, one
message — and a hand history line with short per-seat lists or non-numeric amounts must
be skipped as damaged, not crash the statistics."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from lieng.storage.atomic import backup_path
from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.storage.history import HandRecord, History
from lieng.storage.settings import Settings, load_settings, save_settings, settings_path
from lieng.storage.stats import compute_stats

from .hands import EASY, HARD, ME, WHEN, hand_a

DEEP_BANKROLL = b'{"data":' + b"[" * 5000
DEEP_SETTINGS = b"[" * 100_000
CLOCK = datetime(2026, 11, 29, 13, 5, 9)


def _kept_aside(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.bad-*"))


@pytest.mark.parametrize("content", [DEEP_BANKROLL, DEEP_SETTINGS, b'{"x": ' + b"9" * 5000 + b"}"],
                         ids=["deep-object", "deep-list", "huge-int"])
def test_undecodable_bankroll_is_kept_aside_and_the_backup_used(tmp_path: Path,
                                                                content: bytes) -> None:
    bank, notices = Bankroll.open(tmp_path)
    assert notices == []
    bank.buy_in(100)
    bank.commit_hand(-40)
    bank.cash_out()
    Bankroll.open(tmp_path)  # saved again: .bak holds the cashed-out bankroll too
    (tmp_path / "bankroll.json").write_bytes(content)
    bank, notices = Bankroll.open(tmp_path)
    assert [n.code for n in notices] == ["restored_backup"]
    assert bank.total == STARTING_CHIPS - 40 and bank.at_table == 0
    aside = _kept_aside(tmp_path, "bankroll.json")
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert "decoded" in notices[0].en and notices[0].vi


def test_undecodable_bankroll_without_backup_gives_the_starting_chips(tmp_path: Path) -> None:
    (tmp_path / "bankroll.json").write_bytes(DEEP_BANKROLL)
    bank, notices = Bankroll.open(tmp_path)
    assert bank.total == STARTING_CHIPS
    assert [n.code for n in notices] == ["reset_defaults"]
    assert _kept_aside(tmp_path, "bankroll.json")[0].read_bytes() == DEEP_BANKROLL
    # The next start is clean: the new file was written and reads back silently.
    assert Bankroll.open(tmp_path)[1] == []


def test_undecodable_settings_fall_back_to_the_backup_then_the_defaults() -> None:
    save_settings(Settings(volume=3))
    save_settings(Settings(volume=4))  # .bak holds volume 3
    settings_path().write_bytes(DEEP_SETTINGS)
    settings, notices = load_settings()
    assert settings.volume == 3 and [n.code for n in notices] == ["restored_backup"]
    settings_path().write_bytes(DEEP_SETTINGS)
    backup_path(settings_path()).write_bytes(DEEP_SETTINGS)
    settings, notices = load_settings()
    assert settings == Settings() and [n.code for n in notices] == ["reset_defaults"]
    assert len(_kept_aside(settings_path().parent, "settings.json")) == 2
    assert len(_kept_aside(settings_path().parent, "settings.json.bak")) == 1


# ------------------------------------------------------------------ the hand history

def _good_line() -> dict[str, Any]:
    record = HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN)
    doc: dict[str, Any] = json.loads(json.dumps(record.to_dict()))
    return doc


def _events(d: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in d["events"] if e["type"] == kind]


def _short_net(d: dict[str, Any]) -> None:
    _events(d, "hand_ended")[0]["net"] = []


def _short_dealt_in(d: dict[str, Any]) -> None:
    _events(d, "hand_started")[0]["dealt_in"] = [True]


def _pot_string(d: dict[str, Any]) -> None:
    _events(d, "pot")[0]["amount"] = "x"


def _raised_string(d: dict[str, Any]) -> None:
    for e in _events(d, "action"):
        e["kind"], e["raised"] = "all_in", "yes"


def _amount_float(d: dict[str, Any]) -> None:
    _events(d, "ante")[0]["amount"] = 10.5


def _winner_not_a_seat(d: dict[str, Any]) -> None:
    _events(d, "pot")[0]["winners"] = [7]


def _action_seat_bool(d: dict[str, Any]) -> None:
    _events(d, "action")[0]["seat"] = True


def _short_end_stacks(d: dict[str, Any]) -> None:
    _events(d, "hand_ended")[0]["stacks"] = [1000]


DAMAGE = {f.__name__.lstrip("_"): f for f in (
    _short_net, _short_dealt_in, _pot_string, _raised_string, _amount_float,
    _winner_not_a_seat, _action_seat_bool, _short_end_stacks)}


def _write(history: History, *lines: str) -> None:
    history.path.parent.mkdir(parents=True, exist_ok=True)
    history.path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_a_line_with_bad_values_is_skipped_and_the_stats_still_compute(tmp_path: Path,
                                                                       case: str) -> None:
    good = _good_line()
    bad = _good_line()
    DAMAGE[case](bad)
    history = History(tmp_path)
    _write(history, json.dumps(bad), json.dumps(good))
    records, notices = history.read()
    assert len(records) == 1 and records[0].to_dict() == good
    assert [n.code for n in notices] == ["skipped_lines"]
    assert "1 damaged line" in notices[0].en
    stats = compute_stats(records)
    assert stats.hands_played == 1 and stats.net_chips == 40


def test_a_line_nested_too_deeply_is_skipped(tmp_path: Path) -> None:
    history = History(tmp_path)
    _write(history, "[" * 100_000, json.dumps(_good_line()), "{\"v\": " + "[" * 100_000)
    records, notices = history.read()
    assert len(records) == 1
    # The first is a damaged line; the last one (no newline after it would be torn, but
    # here it is followed by one) is damaged too.
    assert "2 damaged lines" in notices[0].en


def test_every_real_record_still_passes_the_checks(tmp_path: Path) -> None:
    """The checks refuse nothing the game writes: every hand of the shared fixtures, a
    hand left mid-way and a hot-seat hand read back equal."""
    from .hands import known_records

    history = History(tmp_path)
    records = known_records()
    for r in records:
        assert history.append(r) is None
    back, notices = history.read()
    assert notices == [] and [r.to_dict() for r in back] == [r.to_dict() for r in records]
