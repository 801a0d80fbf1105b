"""history.py: round trip of events, redaction, torn lines, rotation, game results."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from lieng.engine import Action, CardDealt, Showdown
from lieng.storage.history import GameResult, HandRecord, History, SeatRecord, decode_line

from .hands import EASY, HARD, ME, WHEN, hand_a, hand_b, hand_c, known_records, play


@pytest.mark.parametrize("tiebreak", ["classic", "v8club", "split"])
def test_round_trip_gives_back_the_events_the_seat_saw(tmp_path: Path, tiebreak: str) -> None:
    hand = play([1000, 1000, 1000], "AS 2C 3D AH 5C 7D AD 9C 4S",
                [(0, Action.raise_(2)), (1, Action.call()), (2, Action.fold())],
                tiebreak=tiebreak)
    history = History(tmp_path)
    record = HandRecord.from_hand(hand, 0, [ME, EASY, HARD], WHEN)
    assert history.append(record) is None
    (back,), notices = history.hands()
    assert notices == []
    assert back == record
    assert list(back.events) == hand.events_for(0)
    assert back.rules == hand.rules
    assert back.seats == (ME, EASY, HARD)
    assert [c.code for c in back.cards] == ["AS", "AH", "AD"]
    assert back.showdown == {0: hand.cards_of(0), 1: hand.cards_of(1)}
    assert (back.net, back.pot, back.won, back.when) == (40, 70, True, WHEN)
    shown = next(e for e in back.events if isinstance(e, Showdown))
    assert all(h.value.tiebreak == tiebreak for h in shown.hands)


def test_unseen_cards_never_reach_the_file(tmp_path: Path) -> None:
    """Seat 2 folded in hand A: its cards (3D 7D 4S) are in no line. Hand C is heads-up
    and shown, so the opponent's cards are there; the live viewer saw them too."""
    history = History(tmp_path)
    history.append(HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN))
    text = history.path.read_text(encoding="utf-8")
    for code in ("3D", "7D", "4S"):
        assert f'"{code}"' not in text
    for code in ("2C", "5C", "9C"):  # seat 1 was shown at showdown
        assert f'"{code}"' in text


def test_uncontested_winner_cards_stay_hidden(tmp_path: Path) -> None:
    hand = play([1000, 1000], "KS 2D QS 5D JS 9S", [(0, Action.raise_(3)), (1, Action.fold())])
    record = HandRecord.from_hand(hand, 1, [EASY, ME], WHEN)
    line = json.dumps(record.to_dict())
    for code in ("KS", "QS", "JS"):
        assert f'"{code}"' not in line
    assert record.showdown == {}
    dealt = [e for e in HandRecord.from_dict(json.loads(line)).events
             if isinstance(e, CardDealt)]
    assert [e.card is None for e in dealt] == [True, False] * 3


def test_full_log_is_redacted_for_the_viewer() -> None:
    hand = hand_b()
    record = HandRecord.from_events(hand.events, 0, [ME, EASY, HARD], WHEN)
    assert list(record.events) == hand.events_for(0)
    with pytest.raises(ValueError):
        HandRecord.from_events(hand.events[:-1], 0, [ME, EASY, HARD], WHEN)
    with pytest.raises(ValueError):
        HandRecord.from_events(hand.events, 0, [ME, EASY], WHEN)


def test_torn_last_line_is_skipped_with_a_message(tmp_path: Path) -> None:
    history = History(tmp_path)
    for rec in known_records()[:3]:
        history.append(rec)
    raw = history.path.read_bytes()
    history.path.write_bytes(raw[:-200])  # killed in the middle of the third append
    hands, notices = history.hands()
    assert [h.net for h in hands] == [40, -10]
    assert [n.code for n in notices] == ["skipped_lines"]
    assert "unfinished last line" in notices[0].en and "chưa ghi xong" in notices[0].vi
    # the next append starts on a fresh line: the fragment never glues to it
    history.append(HandRecord.from_hand(hand_c(), 0, [ME, HARD], WHEN))
    hands, notices = history.hands()
    assert [h.net for h in hands] == [40, -10, -20]
    assert "1 damaged line" in notices[0].en


def test_damaged_and_future_lines_are_skipped(tmp_path: Path) -> None:
    history = History(tmp_path)
    history.append(HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN))
    with open(history.path, "ab") as fh:
        fh.write(b'{"v": 2, "type": "hand"}\n')
        fh.write(b"\xff\xfe not text\n")
        fh.write(b'{"v": 1, "type": "hand", "seats": []}\n')
        fh.write(b"[1, 2]\n\n")
    history.append(HandRecord.from_hand(hand_b(), 0, [ME, EASY, HARD], WHEN))
    hands, notices = history.hands()
    assert [h.net for h in hands] == [40, -10]
    assert "3 damaged lines" in notices[0].en
    assert "1 line from a newer version" in notices[0].en


def test_rotation_bounds_the_files(tmp_path: Path) -> None:
    line_size = len(json.dumps(HandRecord.from_hand(hand_b(), 0, [ME, EASY, HARD],
                                                    WHEN).to_dict(), ensure_ascii=False,
                               separators=(",", ":")).encode()) + 1
    history = History(tmp_path, max_bytes=3 * line_size, keep=2)
    for minute in range(20):
        rec = HandRecord.from_hand(hand_b(), 0, [ME, EASY, HARD], WHEN.replace(minute=minute))
        assert history.append(rec) is None
    files = history.files()
    assert [p.name for p in files] == ["history.2.jsonl", "history.1.jsonl", "history.jsonl"]
    assert all(p.stat().st_size <= 3 * line_size for p in files)
    assert not (tmp_path / "history.3.jsonl").exists()
    hands, notices = history.hands()
    assert notices == []
    # the newest hands survive, oldest first: 20 hands, 3 per file, 3 files -> the last 8
    assert [h.when.minute for h in hands] == list(range(12, 20))


def test_game_results_round_trip_with_shared_places(tmp_path: Path) -> None:
    history = History(tmp_path)
    game = GameResult.build(WHEN, "hotseat", 42, [
        (SeatRecord("Lan"), 1500, 500), (SeatRecord("Minh"), 0, -1000),
        (SeatRecord("Hùng"), 1500, 500), (SeatRecord("Máy", "bot", "hard"), 1000, 0)])
    history.append(game)
    history.append(HandRecord.from_hand(hand_c(), 0, [ME, HARD], WHEN))
    (back,), _ = history.games()
    assert back == game
    assert [(s.name, s.place) for s in back.standings] == [
        ("Lan", 1), ("Hùng", 1), ("Máy", 3), ("Minh", 4)]
    records, _ = history.read()
    assert [type(r).__name__ for r in records] == ["GameResult", "HandRecord"]


def test_full_disk_append_is_a_message_once(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    history = History(tmp_path)
    history.append(HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN))
    real_fsync = os.fsync

    def enospc(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", enospc)
    record = HandRecord.from_hand(hand_b(), 0, [ME, EASY, HARD], WHEN)
    first = history.append(record)
    second = history.append(record)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert first is not None and first.code == "disk_full"
    assert second is None
    assert history.append(record) is None
    hands, _ = history.hands()
    assert hands[0].net == 40  # earlier hands untouched


def test_missing_history_is_empty(tmp_path: Path) -> None:
    assert History(tmp_path).read() == ([], [])


def test_default_location_is_the_data_dir() -> None:
    history = History()
    history.append(HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN))
    assert history.path == Path(os.environ["XDG_DATA_HOME"]) / "lieng" / "history.jsonl"
    assert len(History().hands()[0]) == 1


@pytest.mark.parametrize("bad", [
    {"v": 1, "type": "game_result", "when": "2026-11-29T20:00:00", "mode": "bots",
     "hands": -1, "standings": []},
    {"v": 1, "type": "game_result", "when": "yesterday", "mode": "bots", "hands": 1,
     "standings": []},
    {"v": 1, "type": "hand", "when": "2026-11-29T20:00:00", "mode": "arcade"},
    {"v": 1, "type": "poker"},
])
def test_decode_line_rejects_malformed(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        decode_line(bad)


def test_stored_cards_must_match_the_events() -> None:
    data = HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN).to_dict()
    data["cards"] = ["KS", "KH", "KD"]
    with pytest.raises(ValueError):
        decode_line(data)


def test_seat_records_from_table_specs() -> None:
    from lieng.table import PlayerSpec

    specs = [PlayerSpec("Tôi"), PlayerSpec("Máy", "bot", "hard"), PlayerSpec("Xa", "remote")]
    assert [SeatRecord.of(s) for s in specs] == [
        SeatRecord("Tôi", "human", None), SeatRecord("Máy", "bot", "hard"),
        SeatRecord("Xa", "remote", None)]


def test_a_game_result_with_booleans_for_numbers_is_refused() -> None:
    from datetime import datetime

    from lieng.storage.history import GameResult, SeatRecord

    good = GameResult.build(datetime(2026, 11, 29), "hotseat", 3,
                            [(SeatRecord("Lan"), 1200, 200), (SeatRecord("Minh"), 800, -200)])
    data = good.to_dict()
    assert GameResult.from_dict(data) == good
    for bad in ({**data, "hands": True},
                {**data, "standings": [{**data["standings"][0], "chips": True}]}):
        with pytest.raises(ValueError):
            GameResult.from_dict(bad)
