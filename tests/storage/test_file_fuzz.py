"""A bounded fuzz of the storage loaders: well over a hundred kinds of bad file —
damaged bytes, wrong envelopes, every field of every document set to junk, absurd numbers,
history lines with impossible values, and special files (FIFO, folder, symlinks to
``/dev/zero``, ``/dev/urandom`` and ``/dev/null``, a dangling link, a link loop, a socket) —
in place of the bankroll, the settings, their backups and the history.

For every kind: loading returns within seconds and never raises; what it returns is
within the limits (``lieng.storage.limits``); the player gets a message unless only a
backup was odd; nothing is lost (the bad bytes are kept aside, or are the ``.bak`` of a
file repaired field by field); and the next start is silent, with regular files again.
A hypothesis test adds random JSON in the bankroll's and settings' fields.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lieng.storage.atomic import backup_path
from lieng.storage.bankroll import FILE_NAME as BANK
from lieng.storage.bankroll import Bankroll
from lieng.storage.history import FILE_NAME as HISTORY
from lieng.storage.history import HandRecord, History, Record
from lieng.storage.limits import MAX_CHIPS, MAX_DOCUMENT_BYTES, chips
from lieng.storage.settings import FILE_NAME as SETTINGS
from lieng.storage.settings import Settings, load_settings, save_settings
from lieng.storage.stats import compute_stats

from ..text_strategy import utf8_text
from .hands import EASY, HARD, ME, WHEN, hand_a

Maker = Callable[[Path], None]
"""Puts one kind of bad thing at a path."""

ID = "0123456789abcdef0123456789abcdef"


# ------------------------------------------------------------------ special files

def _socket(path: Path) -> None:
    # AF_UNIX paths are short (108 bytes): bind by a relative name from inside the
    # folder, so the test's own (long) temporary path never has to fit.
    here = os.getcwd()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        os.chdir(path.parent)
        sock.bind(path.name)
    finally:
        os.chdir(here)
        sock.close()


def _folder_with_content(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("the player's own file")


SPECIAL: dict[str, Maker] = {
    "fifo": lambda p: os.mkfifo(p),
    "folder": lambda p: p.mkdir(),
    "folder_with_content": _folder_with_content,
    "link_dev_zero": lambda p: p.symlink_to("/dev/zero"),
    "link_dev_urandom": lambda p: p.symlink_to("/dev/urandom"),
    "link_dev_null": lambda p: p.symlink_to("/dev/null"),
    "link_dangling": lambda p: p.symlink_to(p.with_name("nowhere")),
    "link_loop": lambda p: p.symlink_to(p.name),
    "socket": _socket,
}


# ------------------------------------------------------------------ documents

def _envelope(schema: object, version: Any, data: Any) -> bytes:
    return json.dumps({"schema": schema, "version": version, "data": data}).encode()


def _bank_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"balance": 7_000, "at_table": 0, "hands": 2,
                            "last_refill": None, "id": ID}
    data.update(changes)
    return data


RAW: dict[str, bytes] = {
    "empty": b"",
    "spaces": b"  \n\t ",
    "nul_bytes": b"\0" * 64,
    "bom_only": b"\xef\xbb\xbf",
    "invalid_utf8": b"\xff\xfe\xfd{",
    "utf16": json.dumps({"schema": "x"}).encode("utf-16"),
    "not_json": b"hello, world",
    "json_null": b"null",
    "json_list": b"[]",
    "json_number": b"42",
    "json_string": b'"bankroll"',
    "json_true": b"true",
    "deep_list": b"[" * 100_000,
    "deep_object": b'{"data":' + b'{"a":' * 50_000,
    "huge_int": b'{"schema": ' + b"9" * 5000 + b"}",
    "nan": b"NaN",
    "infinity": b"-Infinity",
    "all_bytes": bytes(range(256)),
    "control_chars": b'{"schema": "\x01\x02"}',
}
"""Bytes no loader can use, whatever the file."""


def _raw_kinds(schema: str, good: bytes) -> dict[str, bytes]:
    kinds = dict(RAW)
    kinds["truncated"] = good[: len(good) // 2]
    kinds["garbage_after"] = good + b"garbage"
    kinds["twice"] = good + good
    for name, version in {"missing": None, "bool": True, "float": 1.5, "string": "2",
                          "negative": -1, "zero": 0, "future": 999, "huge": 10**30}.items():
        kinds[f"version_{name}"] = _envelope(schema, version, {})
    kinds["schema_missing"] = json.dumps({"version": 1, "data": {}}).encode()
    kinds["schema_other"] = _envelope("history" if schema != "history" else "x", 1, {})
    kinds["schema_number"] = _envelope(5, 1, {})
    not_objects: dict[str, object] = {"null": None, "list": [], "string": "x", "number": 3}
    for name, data in not_objects.items():
        kinds[f"data_{name}"] = _envelope(schema, 1, data)
    return kinds


JUNK: dict[str, Any] = {"null": None, "true": True, "negative": -1, "float": 1.5,
                        "string": "10", "googol": 10**100, "past_limit": MAX_CHIPS + 1,
                        "list": [], "object": {}, "infinity": float("inf"),
                        "nan": float("nan")}

BANK_DOCS: dict[str, bytes] = {
    **_raw_kinds("bankroll", _envelope("bankroll", 2, _bank_data())),
    **{f"{field}_{name}": _envelope("bankroll", 2, _bank_data(**{field: value}))
       for field in ("balance", "at_table", "hands") for name, value in JUNK.items()},
    **{f"last_refill_{name}": _envelope("bankroll", 2, _bank_data(last_refill=value))
       for name, value in {"number": 5, "empty": "", "word": "tomorrow",
                           "impossible": "2026-13-45", "long": "x" * 100, "list": [],
                           "year_9999": "9999-12-31"}.items()},
    **{f"id_{name}": _envelope("bankroll", 2, _bank_data(id=value))
       for name, value in {"number": 5, "short": "xyz", "upper": "A" * 32,
                           "null": None}.items()},
    "id_missing": _envelope("bankroll", 2, {k: v for k, v in _bank_data().items()
                                            if k != "id"}),
    "sum_past_limit": _envelope("bankroll", 2, _bank_data(balance=MAX_CHIPS, at_table=1)),
    "v1_googol": _envelope("bankroll", 1, {"balance": 10**100, "at_table": 0, "hands": 0}),
}

SETTINGS_DOCS: dict[str, bytes] = {
    **_raw_kinds("settings", _envelope("settings", 2, {"volume": 50})),
    **{f"v1_volume_{name}": _envelope("settings", 1, {"lang": "en", "volume": value})
       for name, value in {**JUNK, "two": 2, "percent": 50}.items()},
    **{f"{field}_{name}": _envelope("settings", 2, {"language": "en", field: value})
       for field in Settings().to_dict() if field != "language"
       for name, value in {"googol": 10**100, "object": {"a": 1}}.items()},
}


def _bank_ok(bank: Bankroll) -> None:
    assert chips(bank.balance) and bank.at_table == 0 and chips(bank.hands)
    assert bank.total <= MAX_CHIPS


def _kept(folder: Path, name: str, raw: bytes) -> bool:
    """The bad bytes survive: kept aside, or the ``.bak`` of a file repaired in place."""
    candidates = [*folder.glob(f"{name}.bad-*"), *folder.glob(f"{name}.bak.bad-*"),
                  backup_path(folder / name)]
    return any(p.is_file() and p.read_bytes() == raw for p in candidates)


def _in_time(fn: Callable[[], Any], seconds: float = 20.0) -> Any:
    """``fn()`` in a daemon thread: a FIFO that blocks fails the test, never hangs it."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(fn())
        except BaseException as exc:  # reported below, with its traceback
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if errors:
        raise errors[0]
    assert out, f"did not return within {seconds} s"
    return out[0]


def _regular(path: Path) -> bool:
    return stat.S_ISREG(os.lstat(path).st_mode)


@pytest.mark.parametrize("kind", sorted(BANK_DOCS))
def test_bankroll_bad_bytes(tmp_path: Path, kind: str) -> None:
    raw = BANK_DOCS[kind]
    (tmp_path / BANK).write_bytes(raw)
    bank, notices = _in_time(lambda: Bankroll.open(tmp_path))
    _bank_ok(bank)
    assert notices and all(n.en and n.vi for n in notices)
    assert _kept(tmp_path, BANK, raw)
    again, notices = Bankroll.open(tmp_path)
    assert notices == [] and again.total == bank.total and _regular(tmp_path / BANK)


@pytest.mark.parametrize("kind", sorted(SETTINGS_DOCS))
def test_settings_bad_bytes(tmp_path: Path, kind: str) -> None:
    raw = SETTINGS_DOCS[kind]
    (tmp_path / SETTINGS).write_bytes(raw)
    loaded, notices = _in_time(lambda: load_settings(tmp_path))
    assert loaded.validated()[1] == []  # every field valid
    assert notices and all(n.en and n.vi for n in notices)
    assert save_settings(loaded, tmp_path) is None
    assert _kept(tmp_path, SETTINGS, raw) or any(
        p.read_bytes() == raw for p in tmp_path.glob("*") if p.is_file())
    again, notices = load_settings(tmp_path)
    assert (again, notices) == (loaded, []) and _regular(tmp_path / SETTINGS)


@pytest.mark.parametrize("kind", sorted(SPECIAL))
@pytest.mark.parametrize("where", [BANK, SETTINGS, BANK + ".bak", SETTINGS + ".bak"])
def test_special_files_in_place_of_a_document(tmp_path: Path, kind: str, where: str) -> None:
    if kind.startswith("link_dev") and not os.path.exists(f"/dev/{kind[9:]}"):
        pytest.skip("no such device")
    if where.endswith(".bak"):  # a good main file, an odd backup
        Bankroll.open(tmp_path)[0].buy_in(100)
        save_settings(Settings(volume=7), tmp_path)
        (tmp_path / where).unlink(missing_ok=True)
    SPECIAL[kind](tmp_path / where)
    bank, bank_notices = _in_time(lambda: Bankroll.open(tmp_path))
    _bank_ok(bank)
    loaded, settings_notices = _in_time(lambda: load_settings(tmp_path))
    assert loaded.validated()[1] == []
    if where.endswith(".bak"):
        assert bank.total == 10_000 and loaded.volume == 7  # the good files were used
    else:
        assert (bank_notices if where == BANK else settings_notices)  # the player is told
    assert save_settings(loaded, tmp_path) is None
    again = Bankroll.open(tmp_path)[0]
    again.buy_in(1)  # more saves: the backups are made again
    again.cash_out()
    save_settings(loaded, tmp_path)
    for name in (BANK, SETTINGS, BANK + ".bak", SETTINGS + ".bak"):
        assert _regular(tmp_path / name), name  # regular files again
    assert list(tmp_path.glob(f"{where}.bad-*")), "the special file was kept aside"
    if kind == "folder_with_content":
        (kept,) = tmp_path.glob(f"{where}.bad-*")
        assert (kept / "inside.txt").read_text() == "the player's own file"
    assert Bankroll.open(tmp_path)[1] == [] and load_settings(tmp_path)[1] == []


def test_an_oversized_document_is_never_read_whole(tmp_path: Path) -> None:
    for name in (BANK, SETTINGS):
        with open(tmp_path / name, "wb") as fh:
            fh.truncate(MAX_DOCUMENT_BYTES + 1)
    assert "too large" in Bankroll.open(tmp_path)[1][0].en
    assert "too large" in load_settings(tmp_path)[1][0].en


# ------------------------------------------------------------------ the history

def _good() -> dict[str, Any]:
    record = HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN)
    doc: dict[str, Any] = json.loads(json.dumps(record.to_dict()))
    return doc


def _set_event(kind: str, field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(line: dict[str, Any]) -> None:
        for e in line["events"]:
            if e["type"] == kind:
                e[field] = value
    return change


def _set(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(line: dict[str, Any]) -> None:
        line[field] = value
    return change


def _set_rules(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(line: dict[str, Any]) -> None:
        line["events"][0]["rules"][field] = value
    return change


def _set_legal(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(line: dict[str, Any]) -> None:
        for e in line["events"]:
            if e["type"] == "turn":
                e["legal"][field] = value
    return change


LINE_DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "pot_1e40": _set_event("pot", "amount", 10**40),
    "pot_negative": _set_event("pot", "amount", -70),
    "pot_shares_dont_add_up": _set_event("pot", "shares", [1]),
    "pot_float": _set_event("pot", "amount", 70.0),
    "ante_huge": _set_event("ante", "amount", 10**30),
    "stack_negative": _set_event("ante", "stack", -1),
    "start_stacks_huge": _set_event("hand_started", "stacks", [10**60, 1000, 1000]),
    "end_net_huge": _set_event("hand_ended", "net", [10**60, 0, 0]),
    "action_k_huge": _set_event("action", "k", 10**9),
    "action_round_negative": _set_event("action", "round", -1),
    "action_bet_level_inf": _set_event("action", "bet_level", float("inf")),
    "card_index_9": _set_event("card_dealt", "index", 9),
    "round_huge": _set_event("round", "round", 10**12),
    "layer_99": _set_event("pot", "layer", 99),
    "turn_call_infinity": _set_legal("call", float("inf")),
    "turn_call_string": _set_legal("call", "1e400"),
    "turn_raise_max_huge": _set_legal("raise_max", 10**12),
    "rules_bet_huge": _set_rules("table_bet", 10**30),
    "rules_rounds_huge": _set_rules("max_rounds", 10**9),
    "rules_timer_huge": _set_rules("turn_seconds", 10**9),
    "rules_bet_zero": _set_rules("table_bet", 0),
    "left_huge": _set("left", 10**50),
    "left_negative": _set("left", -5),
    "viewer_negative": _set("viewer", -1),
    "bank_bad_id": _set("bank", {"id": "zz", "hand": 1}),
    "bank_hand_zero": _set("bank", {"id": ID, "hand": 0}),
    "when_garbage": _set("when", "yesterday-ish"),
    "version_future": _set("v", 99),
    "mode_unknown": _set("mode", "casino"),
}

RAW_LINES: dict[str, bytes] = {
    "deep": b"[" * 100_000,
    "binary": bytes(range(1, 10)) + b"\xff",
    "nan": b"NaN",
    "null": b"null",
    "list": b"[1,2,3]",
    "standing_place_negative": json.dumps(
        {"v": 1, "type": "game_result", "when": "2026-11-29T20:00:00", "mode": "hotseat",
         "hands": 1, "standings": [{"name": "A", "kind": "human", "level": None,
                                    "chips": 5, "net": 0, "place": -2}]}).encode(),
    "standing_chips_huge": json.dumps(
        {"v": 1, "type": "game_result", "when": "2026-11-29T20:00:00", "mode": "hotseat",
         "hands": 1, "standings": [{"name": "A", "kind": "human", "level": None,
                                    "chips": 10**40, "net": 0, "place": 1}]}).encode(),
    "game_hands_negative": json.dumps(
        {"v": 1, "type": "game_result", "when": "2026-11-29T20:00:00", "mode": "hotseat",
         "hands": -4, "standings": []}).encode(),
}


def _line_kinds() -> dict[str, bytes]:
    kinds = dict(RAW_LINES)
    for name, damage in LINE_DAMAGE.items():
        line = _good()
        damage(line)
        kinds[name] = json.dumps(line).encode()
    return kinds


HISTORY_LINES = _line_kinds()


@pytest.mark.parametrize("kind", sorted(HISTORY_LINES))
def test_history_bad_lines_are_skipped(tmp_path: Path, kind: str) -> None:
    good = json.dumps(_good()).encode()
    history = History(tmp_path)
    history.path.write_bytes(HISTORY_LINES[kind] + b"\n" + good + b"\n")
    records, notices = _in_time(history.read)
    assert [r.to_dict() for r in records] == [_good()]
    assert len(notices) == 1 and notices[0].code == "skipped_lines"
    stats = compute_stats(records)
    assert stats.hands_played == 1 and stats.biggest_pot == 70


@pytest.mark.parametrize("kind", sorted(SPECIAL))
@pytest.mark.parametrize("where", [HISTORY, "history.1.jsonl"])
def test_special_files_in_place_of_the_history(tmp_path: Path, kind: str, where: str) -> None:
    if kind.startswith("link_dev") and not os.path.exists(f"/dev/{kind[9:]}"):
        pytest.skip("no such device")
    SPECIAL[kind](tmp_path / where)
    history = History(tmp_path, max_bytes=4000)  # small: the second append rotates
    records, notices = _in_time(history.read)
    assert records == []
    if kind != "link_dev_null":  # /dev/null reads as empty; it is still no file
        assert notices and where in notices[0].en
    record: Record = HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], WHEN)
    for _ in range(3):
        assert _in_time(lambda: history.append(record)) is None
    records, _notices = history.read()
    assert len(records) == 3
    assert _regular(tmp_path / HISTORY)
    if where == HISTORY:
        assert list(tmp_path.glob(f"{where}.bad-*")), "kept aside, not deleted"


def test_there_are_over_a_hundred_kinds_of_bad_file() -> None:
    kinds = (len(BANK_DOCS) + len(SETTINGS_DOCS) + len(HISTORY_LINES)
             + len(SPECIAL) * 6)  # four document places, two history places
    assert kinds >= 100, kinds


# ------------------------------------------------------------------ random fields

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**60), 10**60)
    | st.floats(allow_nan=True, allow_infinity=True) | utf8_text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(utf8_text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=8)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["balance", "at_table", "hands", "last_refill", "id",
                                        "extra"]), JSON, max_size=6),
       st.sampled_from([1, 2]))
def test_random_bankroll_fields_never_stop_start_up(tmp_path: Path, fields: dict[str, Any],
                                                    version: int) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / BANK).write_text(json.dumps({"schema": "bankroll", "version": version,
                                           "data": {**_bank_data(), **fields}}))
    bank, _notices = Bankroll.open(folder)
    _bank_ok(bank)
    assert Bankroll.open(folder)[1] == []


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from([*Settings().to_dict(), "lang", "volume", "sound"]),
                       JSON, max_size=6), st.sampled_from([1, 2]))
def test_random_settings_fields_never_stop_start_up(tmp_path: Path, fields: dict[str, Any],
                                                    version: int) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / SETTINGS).write_text(json.dumps({"schema": "settings", "version": version,
                                               "data": fields}))
    loaded, _notices = load_settings(folder)
    assert loaded.validated()[1] == []
    assert load_settings(folder) == (loaded, [])
