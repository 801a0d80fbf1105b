"""Hostile files never stop a game: each reported
file reproduced, and what the player gets instead — the game starts, nothing is lost (bad
files are kept aside), and one clear message says what happened."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import threading
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from lieng.storage import atomic
from lieng.storage.atomic import backup_path
from lieng.storage.bankroll import FILE_NAME, STARTING_CHIPS, TOPUP_TO, Bankroll
from lieng.storage.documents import SAVE_FAILURE_CODES, Schema, load_document
from lieng.storage.history import HandRecord, History
from lieng.storage.ledger import open_ledger, record_hand
from lieng.storage.limits import MAX_CHIPS, MAX_DOCUMENT_BYTES
from lieng.storage.settings import Settings, load_settings, settings_path
from lieng.storage.stats import compute_stats

from .hands import EASY, HARD, ME, WHEN, hand_a, hand_b

REPO = Path(__file__).resolve().parents[2]


def _aside(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.bad-*"))


def _bank_file(folder: Path, **data: Any) -> bytes:
    full = {"balance": 5_000, "at_table": 0, "hands": 3, "last_refill": None,
            "id": "0123456789abcdef0123456789abcdef", **data}
    raw = json.dumps({"schema": "bankroll", "version": 2, "data": full}).encode()
    (folder / FILE_NAME).write_bytes(raw)
    return raw


# ------------------------------------------------------------------ item 2

@pytest.mark.parametrize("volume", ["1e308", "Infinity", "-Infinity", "NaN", "1" + "0" * 400,
                                    "1e400"])
def test_an_absurd_v1_volume_no_longer_stops_start_up(volume: str) -> None:
    path = settings_path()
    raw = ('{"schema":"settings","version":1,"data":{"lang":"en","bet":50,"volume":'
           + volume + "}}")
    path.write_text(raw)
    for _start in range(2):  # every start used to crash; now the first repairs the file
        settings, _notices = load_settings()
        assert settings.volume == Settings().volume  # the default, 80 %
        assert (settings.language, settings.table_bet) == ("en", 50)  # the rest is kept
    assert json.loads(path.read_text())["version"] == 2  # saved back as a valid v2 file
    assert [p.read_text() for p in _aside(path.parent, "settings.json")] == [raw]  # kept


def test_the_first_start_names_the_volume() -> None:
    settings_path().write_text('{"schema":"settings","version":1,"data":{"volume":1e308}}')
    _settings, notices = load_settings()
    assert [n.code for n in notices] == ["invalid_fields"]
    assert "volume" in notices[0].en and "âm lượng" in notices[0].vi


def test_any_failing_migration_keeps_the_file_aside(tmp_path: Path) -> None:
    """Whatever a migration raises on hostile data is a bad file, never a crash."""
    def explode(data: dict[str, Any]) -> dict[str, Any]:
        return {"n": round(float("inf"))}  # OverflowError, as the old volume code did

    schema = Schema("thing", 2, "đồ vật", "thing", migrations={1: explode})
    path = tmp_path / "thing.json"
    path.write_text('{"schema":"thing","version":1,"data":{}}')
    loaded = load_document(path, schema)
    assert loaded.data is None and [n.code for n in loaded.notices] == ["reset_defaults"]
    assert "OverflowError" in loaded.notices[0].en
    assert _aside(tmp_path, "thing.json")[0].read_text().startswith('{"schema"')


# ------------------------------------------------------------------ item 5 lives in
# tests/engine/test_guard.py

# ------------------------------------------------------------------ item 6

def _records() -> list[HandRecord]:
    return [HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN),
            HandRecord.from_hand(hand_b(), 0, [ME, EASY, HARD], WHEN)]


def _agree(bank: Bankroll, history: History, start: int = STARTING_CHIPS) -> None:
    journal = history.bank_hands(bank.id, 0)
    assert [n for n, _ in journal] == list(range(1, bank.hands + 1))
    assert bank.total == start + sum(net for _, net in journal)
    hands, _ = history.hands()
    assert compute_stats(hands).hands_played == bank.hands  # statistics see every hand


KILL_BETWEEN = r"""
import os, signal, sys
from pathlib import Path
from lieng.storage.ledger import open_ledger, record_hand
sys.path.insert(0, sys.argv[2])
from tests.storage.hands import EASY, HARD, ME, WHEN, hand_a
from lieng.storage.history import HandRecord

bank, history, _ = open_ledger(Path(sys.argv[1]))
bank.buy_in(1000)
record = HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN)
record_hand(bank, history, record)
# The reported moment: the history line is written, the bankroll save has not happened.
bank.commit_hand = lambda net: os.kill(os.getpid(), signal.SIGKILL)
record_hand(bank, history, record)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_between_the_two_writes_leaves_them_together(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", KILL_BETWEEN, str(tmp_path), str(REPO)],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    # Before the fix the bankroll counted one hand and the history two, for good.
    bank, history, notices = open_ledger(tmp_path)
    assert bank.hands == 2 and bank.total == STARTING_CHIPS + 80
    assert [n.code for n in notices] == ["recovered_hands", "returned_from_table"]
    assert "+40" in notices[0].en and notices[0].vi
    _agree(bank, history)
    assert open_ledger(tmp_path)[2] == []  # rolled forward once, then saved


def test_an_interrupted_commit_is_rolled_forward_on_the_next_start(tmp_path: Path
                                                                         ) -> None:
    bank, history, _ = open_ledger(tmp_path)
    bank.buy_in(500)
    win, lose = _records()
    for record in (win, lose, win):
        assert record_hand(bank, history, record) == []
    _agree(bank, history, STARTING_CHIPS)

    def killed(self: Bankroll, net: int) -> None:
        raise KeyboardInterrupt  # the process dies here

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Bankroll, "commit_hand", killed)
        with pytest.raises(KeyboardInterrupt):
            record_hand(bank, history, lose)
    again, history, notices = open_ledger(tmp_path)
    assert (again.hands, again.total) == (4, STARTING_CHIPS + 40 - 10 + 40 - 10)
    assert "recovered_hands" in [n.code for n in notices]
    _agree(again, history)


def test_only_this_bankroll_s_next_hands_are_rolled_forward(tmp_path: Path) -> None:
    bank, history, _ = open_ledger(tmp_path)
    win, _lose = _records()
    other = "f" * 32
    history.append(replace(win, bank=(other, 1)))  # another (older) bankroll's hand
    history.append(replace(win, bank=(bank.id, 2)))  # a gap: hand 1 is missing
    again, _h, notices = open_ledger(tmp_path)
    assert (again.hands, again.total, notices) == (0, STARTING_CHIPS, [])


def test_a_refused_result_writes_no_history_line(tmp_path: Path) -> None:
    bank, history, _ = open_ledger(tmp_path)
    bank.buy_in(10)
    win, _lose = _records()
    big_loss = replace(win, left=500)  # net -500 with 10 chips at the table
    with pytest.raises(ValueError):
        record_hand(bank, history, big_loss)
    assert not history.path.exists() and bank.hands == 0


# ------------------------------------------------------------------ item 7

def test_a_backup_that_is_a_folder_no_longer_stops_every_save(tmp_path: Path) -> None:
    bank, _ = Bankroll.open(tmp_path)
    bak = backup_path(tmp_path / FILE_NAME)
    bak.unlink(missing_ok=True)  # a first save has no previous file to back up
    bak.mkdir()
    (bak / "keep.txt").write_text("mine")
    for amount in (100, 200, 300):
        assert bank.buy_in(amount) is None  # saved, every time, without a message
    assert bank.failed_saves == 0
    assert Bankroll.open(tmp_path)[0].at_table == 0  # the file on disk is the latest
    assert json.loads((tmp_path / FILE_NAME).read_text())["data"]["hands"] == 0
    assert bak.is_file()  # a real backup again
    (kept,) = _aside(tmp_path, FILE_NAME + ".bak")
    assert (kept / "keep.txt").read_text() == "mine"  # the folder is kept, not deleted


def test_a_backup_that_cannot_be_made_still_saves_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bank, _ = Bankroll.open(tmp_path)

    def refuse(path: Path, sleep: Any) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic, "_keep_backup", refuse)
    notice = bank.buy_in(100)
    assert notice is not None and notice.code == "backup_failed" in SAVE_FAILURE_CODES
    assert "saved" in notice.en and notice.vi
    assert bank.failed_saves == 1
    assert json.loads((tmp_path / FILE_NAME).read_text())["data"]["at_table"] == 100
    assert bank.buy_in(100) is None and bank.failed_saves == 2  # told once, counted twice


def test_the_selftest_fails_when_a_save_failed(tmp_path: Path) -> None:
    """The self-test used to print "ok" after saves had failed; now it counts them."""
    code = ("import errno, sys\n"
            "from lieng.storage import documents\n"
            "def full(*a, **k):\n"
            "    raise OSError(errno.ENOSPC, 'No space left on device')\n"
            "documents.write_atomic = full\n"
            "from lieng.app import main\n"
            "sys.exit(main(['--selftest', '--hands', '1', '--seed', '3', '--data-dir', "
            f"{str(tmp_path / 'data')!r}]))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr[-2000:]
    assert "selftest FAILED" in proc.stdout and "SAVES FAILED" in proc.stdout


def test_the_reported_case_through_the_real_selftest(tmp_path: Path) -> None:
    """The report's folder: a ``bankroll.json.bak`` that is a directory. The game's saves
    all happen (the folder is kept aside), and the self-test's "ok" is true."""
    data = tmp_path / "data"
    data.mkdir()
    Bankroll.open(data)
    backup_path(data / FILE_NAME).unlink(missing_ok=True)
    backup_path(data / FILE_NAME).mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), "--selftest", "--hands", "2",
                           "--seed", "4", "--data-dir", str(data)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert proc.stdout.startswith("selftest ok") and "SAVES FAILED" not in proc.stdout
    assert backup_path(data / FILE_NAME).is_file()
    assert [p.is_dir() for p in _aside(data, FILE_NAME + ".bak")] == [True]
    bank, history, notices = open_ledger(data)
    assert notices == [] and bank.hands >= 2
    _agree(bank, history)


# ------------------------------------------------------------------ item 8

def _in_time(fn: Any, seconds: float = 20.0) -> Any:
    """``fn()`` in a daemon thread; fails the test instead of hanging it."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, f"{fn} did not return within {seconds} s"
    return out[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_bankroll_no_longer_hangs_start_up(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / FILE_NAME)
    bank, notices = _in_time(lambda: Bankroll.open(tmp_path))
    assert bank.total == STARTING_CHIPS
    assert [n.code for n in notices] == ["reset_defaults"]
    assert "regular file" in notices[0].en
    (kept,) = _aside(tmp_path, FILE_NAME)
    assert kept.is_fifo()  # kept aside, as it was
    assert (tmp_path / FILE_NAME).is_file()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_appending_to_a_fifo_fails_at_once_and_the_history_starts_anew(
        tmp_path: Path) -> None:
    fifo = tmp_path / "history.jsonl"
    os.mkfifo(fifo)

    def append_raw() -> str:
        try:
            atomic.append_line(fifo, "{}")
        except OSError as exc:
            return str(exc)
        return "appended"

    assert "regular file" in _in_time(append_raw)
    history = History(tmp_path)
    record = HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN)
    assert _in_time(lambda: history.append(record)) is None  # the FIFO is moved aside
    assert len(history.read()[0]) == 1 and _aside(tmp_path, "history.jsonl")[0].is_fifo()


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_symlink_to_an_endless_device_gives_no_memory_error(tmp_path: Path,
                                                                     device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    for name in (FILE_NAME, "settings.json", "history.jsonl"):
        (tmp_path / name).symlink_to(device)
    bank, notices = _in_time(lambda: Bankroll.open(tmp_path))
    assert bank.total == STARTING_CHIPS and [n.code for n in notices] == ["reset_defaults"]
    settings, notices = _in_time(lambda: load_settings(tmp_path))
    assert settings == Settings() and [n.code for n in notices] == ["reset_defaults"]
    records, notices = _in_time(lambda: History(tmp_path).read())
    assert records == [] and "history.jsonl" in notices[0].en
    assert os.readlink(_aside(tmp_path, FILE_NAME)[0]) == device  # the link is kept aside


def test_an_unreadable_file_is_kept_aside_not_overwritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission denied (faked: the tests may run as root, who reads everything)."""
    bank, _ = Bankroll.open(tmp_path)
    bank.buy_in(100)
    bank.cash_out()  # .bak: a good copy
    main = tmp_path / FILE_NAME
    raw = main.read_bytes()
    real = atomic.read_regular

    def denied(path: Path, limit: int = MAX_DOCUMENT_BYTES) -> bytes | None:
        if Path(path) == main:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, limit)

    monkeypatch.setattr(atomic, "read_regular", denied)
    again, notices = Bankroll.open(tmp_path)
    assert again.total == STARTING_CHIPS and notices[0].code == "restored_backup"
    assert "Permission denied" in notices[0].en
    assert _aside(tmp_path, FILE_NAME)[0].read_bytes() == raw


def test_an_oversized_file_is_kept_aside_not_read_whole(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    with open(path, "wb") as fh:
        fh.truncate(MAX_DOCUMENT_BYTES + 1)  # sparse: no disk used
    bank, notices = Bankroll.open(tmp_path)
    assert bank.total == STARTING_CHIPS and "too large" in notices[0].en
    assert _aside(tmp_path, FILE_NAME)[0].stat().st_size == MAX_DOCUMENT_BYTES + 1


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/urandom"),
                    reason="needs FIFOs and /dev/urandom")
def test_the_real_game_starts_and_plays_over_special_files(tmp_path: Path) -> None:
    """The whole app, started on a data folder where every file is a trap."""
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / FILE_NAME)
    (data / "settings.json").symlink_to("/dev/urandom")
    (data / "settings.json.bak").mkdir()
    (data / "history.jsonl").mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), "--selftest", "--hands", "2",
                           "--seed", "6", "--data-dir", str(data)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert proc.stdout.startswith("selftest ok") and "Traceback" not in proc.stderr
    for name in (FILE_NAME, "settings.json", "history.jsonl"):
        assert (data / name).is_file() and _aside(data, name), name
    bank, history, notices = open_ledger(data)
    assert notices == [] and bank.hands >= 2
    _agree(bank, history)


# ------------------------------------------------------------------ item 9

@pytest.mark.parametrize("field, value", [("balance", 10**100), ("at_table", 10**30),
                                          ("balance", MAX_CHIPS + 1), ("hands", 10**20),
                                          ("balance", -1), ("at_table", 1.5)])
def test_absurd_bankroll_numbers_are_refused_not_loaded(tmp_path: Path, field: str,
                                                               value: Any) -> None:
    raw = _bank_file(tmp_path, **{field: value})
    bank, notices = Bankroll.open(tmp_path)
    assert bank.total == STARTING_CHIPS  # no backup here: the starting chips
    assert [n.code for n in notices] == ["reset_defaults"]
    assert field in notices[0].en
    assert _aside(tmp_path, FILE_NAME)[0].read_bytes() == raw  # kept, byte for byte


def test_a_bad_bankroll_falls_back_to_its_backup(tmp_path: Path) -> None:
    bank, _ = Bankroll.open(tmp_path)
    bank.buy_in(100)
    bank.commit_hand(50)
    bank.cash_out()  # .bak: the bankroll before the cash-out, 10,050 chips in all
    _bank_file(tmp_path, balance=10**100)
    again, notices = Bankroll.open(tmp_path)
    assert again.total == STARTING_CHIPS + 50 and again.at_table == 0
    assert [n.code for n in notices] == ["restored_backup", "returned_from_table"]


def test_balance_and_table_together_within_the_limit(tmp_path: Path) -> None:
    _bank_file(tmp_path, balance=MAX_CHIPS, at_table=1)
    assert Bankroll.open(tmp_path)[0].total == STARTING_CHIPS
    _bank_file(tmp_path, balance=MAX_CHIPS - 1, at_table=1)
    assert Bankroll.open(tmp_path)[0].total == MAX_CHIPS  # the limit itself is fine


def test_a_refill_dated_9999_no_longer_blocks_the_refill(tmp_path: Path) -> None:
    _bank_file(tmp_path, balance=20, last_refill="9999-12-31")
    today = date(2026, 11, 30)
    bank, notices = Bankroll.open(tmp_path, today=today)
    assert bank.last_refill == today and bank.total == 20
    assert [n.code for n in notices] == ["invalid_fields"] and "future" in notices[0].en
    now = datetime(2026, 11, 30, 21, 0)
    status = bank.refill_status(now)  # counted as claimed today: only the small top-up
    assert not status.daily and status.amount == TOPUP_TO - 20
    tomorrow = now + timedelta(days=1)
    assert bank.refill_status(tomorrow).available and bank.refill_status(tomorrow).daily
    assert bank.claim_refill(tomorrow)[0] > 0
    assert Bankroll.open(tmp_path, today=tomorrow.date())[1] == []


def test_the_bankroll_refuses_to_pass_the_limits(tmp_path: Path) -> None:
    bank, _ = Bankroll.open(tmp_path)
    bank.buy_in(100)
    with pytest.raises(ValueError):
        bank.commit_hand(MAX_CHIPS)
    with pytest.raises(ValueError):
        bank.buy_in(10**30)
    assert (bank.total, bank.hands) == (STARTING_CHIPS, 0)


def _line(record: HandRecord | None = None) -> dict[str, Any]:
    record = record or HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN)
    doc: dict[str, Any] = json.loads(json.dumps(record.to_dict()))
    return doc


def _pot_1e40(d: dict[str, Any]) -> None:
    for e in d["events"]:
        if e["type"] == "pot":
            e["amount"] = 10**40
            e["shares"] = [10**40]


def _standing_place(place: int) -> dict[str, Any]:
    return {"v": 1, "type": "game_result", "when": "2026-11-29T20:00:00", "mode": "hotseat",
            "hands": 4, "standings": [
                {"name": "A", "kind": "human", "level": None, "chips": 900, "net": -100,
                 "place": place},
                {"name": "B", "kind": "human", "level": None, "chips": 1100, "net": 100,
                 "place": 1}]}


def test_a_pot_of_ten_to_the_forty_is_a_damaged_line(tmp_path: Path) -> None:
    bad = _line()
    _pot_1e40(bad)
    history = History(tmp_path)
    history.path.write_text(json.dumps(bad) + "\n" + json.dumps(_line()) + "\n")
    records, notices = history.read()
    assert len(records) == 1 and "1 damaged line" in notices[0].en
    assert compute_stats(records).biggest_pot == 70


@pytest.mark.parametrize("place", [-1, 0, 3, 10**9])
def test_a_standing_place_out_of_range_is_a_damaged_line(tmp_path: Path,
                                                                place: int) -> None:
    history = History(tmp_path)
    history.path.write_text(json.dumps(_standing_place(place)) + "\n"
                            + json.dumps(_standing_place(2)) + "\n")
    games, notices = history.games()
    assert [g.standings[0].place for g in games] == [2]
    assert "1 damaged line" in notices[0].en
