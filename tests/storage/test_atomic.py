"""atomic.py: atomic replace with .bak, every bad-file case, retries, disk errors."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from lieng.storage import atomic
from lieng.storage.atomic import BadFileError, FutureVersionError, backup_path, write_atomic
from lieng.storage.documents import Schema, load_document, save_document

CLOCK = lambda: datetime(2026, 11, 29, 13, 5, 9)  # noqa: E731


def _check(data: dict[str, Any]) -> None:
    if not isinstance(data.get("n"), int):
        raise ValueError("n must be an int")


SCHEMA = Schema("thing", 2, "đồ vật", "thing", migrations={1: lambda d: {"n": d["count"]}},
                check=_check)


def _doc(version: int, data: Any, schema: str = "thing") -> bytes:
    return json.dumps({"schema": schema, "version": version, "data": data}).encode()


def test_round_trip_and_backup_keeps_previous(tmp_path: Path) -> None:
    p = tmp_path / "t.json"
    assert save_document(p, SCHEMA, {"n": 1}) is None
    assert not backup_path(p).exists()
    assert save_document(p, SCHEMA, {"n": 2}) is None
    assert json.loads(backup_path(p).read_text())["data"] == {"n": 1}
    loaded = load_document(p, SCHEMA, clock=CLOCK)
    assert (loaded.data, loaded.source, loaded.notices) == ({"n": 2}, "file", [])
    assert not loaded.migrated
    # no temp files left behind
    assert sorted(x.name for x in tmp_path.iterdir()) == ["t.json", "t.json.bak"]


def test_missing_everything_is_a_silent_first_run(tmp_path: Path) -> None:
    loaded = load_document(tmp_path / "none.json", SCHEMA)
    assert (loaded.data, loaded.source, loaded.notices) == (None, "defaults", [])


BAD_CONTENTS = {
    "empty": b"",
    "whitespace": b"  \n",
    "truncated": _doc(2, {"n": 5})[:-7],
    "not_utf8": b'{"schema": "thing", "version": 2, "data": {"n": "\xff\xfe"}}',
    "list": b"[1, 2, 3]",
    "data_not_object": _doc(2, [1]),
    "other_schema": _doc(2, {"n": 1}, schema="settings"),
    "no_version": json.dumps({"schema": "thing", "data": {"n": 1}}).encode(),
    "bool_version": json.dumps({"schema": "thing", "version": True, "data": {"n": 1}}).encode(),
    "version_zero": _doc(0, {"n": 1}),
    "check_fails": _doc(2, {"n": "many"}),
    "future": _doc(3, {"n": 1}),
}


@pytest.mark.parametrize("case", sorted(BAD_CONTENTS))
def test_bad_file_kept_aside_and_backup_used(tmp_path: Path, case: str) -> None:
    p = tmp_path / "t.json"
    save_document(p, SCHEMA, {"n": 7})
    save_document(p, SCHEMA, {"n": 8})  # .bak now holds n=7
    p.write_bytes(BAD_CONTENTS[case])
    loaded = load_document(p, SCHEMA, clock=CLOCK)
    assert loaded.data == {"n": 7}
    assert loaded.source == "backup"
    assert len(loaded.notices) == 1
    notice = loaded.notices[0]
    assert notice.code == "restored_backup"
    assert "t.json.bad-20261129-130509" in notice.en
    assert "t.json.bad-20261129-130509" in notice.vi
    assert notice.text("vi") != notice.text("en")
    # the bad bytes are kept, untouched, under the timestamped name
    assert (tmp_path / "t.json.bad-20261129-130509").read_bytes() == BAD_CONTENTS[case]
    assert not p.exists()


@pytest.mark.parametrize("case", ["empty", "truncated", "not_utf8", "list", "future"])
def test_bad_file_and_no_backup_gives_defaults(tmp_path: Path, case: str) -> None:
    p = tmp_path / "t.json"
    p.write_bytes(BAD_CONTENTS[case])
    loaded = load_document(p, SCHEMA, clock=CLOCK)
    assert (loaded.data, loaded.source) == (None, "defaults")
    assert [n.code for n in loaded.notices] == ["reset_defaults"]
    assert "defaults" in loaded.notices[0].en
    assert "mặc định" in loaded.notices[0].vi


def test_messages_say_what_was_wrong(tmp_path: Path) -> None:
    expected = {"empty": "empty", "truncated": "truncated", "not_utf8": "UTF-8",
                "list": "wrong kind", "future": "newer version"}
    for case, words in expected.items():
        p = tmp_path / f"{case}.json"
        p.write_bytes(BAD_CONTENTS[case])
        (notice,) = load_document(p, SCHEMA, clock=CLOCK).notices
        assert words in notice.en, (case, notice.en)


def test_bad_backup_too_is_kept_aside(tmp_path: Path) -> None:
    p = tmp_path / "t.json"
    p.write_bytes(b"{")
    backup_path(p).write_bytes(b"")
    loaded = load_document(p, SCHEMA, clock=CLOCK)
    assert loaded.source == "defaults"
    assert (tmp_path / "t.json.bak.bad-20261129-130509").read_bytes() == b""
    assert (tmp_path / "t.json.bad-20261129-130509").read_bytes() == b"{"


def test_second_bad_file_in_the_same_second_gets_a_new_name(tmp_path: Path) -> None:
    p = tmp_path / "t.json"
    for content in (b"x", b"y"):
        p.write_bytes(content)
        load_document(p, SCHEMA, clock=CLOCK)
    assert (tmp_path / "t.json.bad-20261129-130509").read_bytes() == b"x"
    assert (tmp_path / "t.json.bad-20261129-130509-2").read_bytes() == b"y"


def test_missing_main_file_uses_backup_with_a_message(tmp_path: Path) -> None:
    p = tmp_path / "t.json"
    backup_path(p).write_bytes(_doc(2, {"n": 3}))
    loaded = load_document(p, SCHEMA)
    assert (loaded.data, loaded.source) == ({"n": 3}, "backup")
    assert "missing" in loaded.notices[0].en


def test_migration_from_v1(tmp_path: Path) -> None:
    p = tmp_path / "t.json"
    p.write_bytes(_doc(1, {"count": 4}))
    loaded = load_document(p, SCHEMA)
    assert (loaded.data, loaded.version, loaded.migrated) == ({"n": 4}, 1, True)


def test_failed_migration_is_a_bad_file(tmp_path: Path) -> None:
    with pytest.raises(BadFileError):
        SCHEMA.upgrade({"no_count": 1}, 1)
    with pytest.raises(FutureVersionError):
        SCHEMA.upgrade({"n": 1}, 9)


def test_stale_temp_files_are_cleaned(tmp_path: Path) -> None:
    p = tmp_path / "t.json"
    save_document(p, SCHEMA, {"n": 1})
    (tmp_path / ".t.json.abc123.tmp").write_bytes(b"half")
    load_document(p, SCHEMA)
    assert not (tmp_path / ".t.json.abc123.tmp").exists()
    assert p.exists()


def test_replace_retried_on_permission_error(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.replace
    refusals = {"left": 3}
    sleeps: list[float] = []

    def flaky(src: Any, dst: Any) -> None:
        if str(dst).endswith("t.json") and refusals["left"]:
            refusals["left"] -= 1
            raise PermissionError(errno.EACCES, "sharing violation")
        real(src, dst)

    monkeypatch.setattr(os, "replace", flaky)
    p = tmp_path / "t.json"
    write_atomic(p, b"hello", sleep=sleeps.append)
    assert p.read_bytes() == b"hello"
    assert sleeps == [0.01, 0.02, 0.04]


def test_replace_gives_up_after_bounded_attempts(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.replace

    def refuse(src: Any, dst: Any) -> None:
        if str(dst).endswith("t.json"):
            raise PermissionError(errno.EACCES, "sharing violation")
        real(src, dst)

    sleeps: list[float] = []
    monkeypatch.setattr(os, "replace", refuse)
    p = tmp_path / "t.json"
    p.write_bytes(b"old")
    notice = save_document(p, SCHEMA, {"n": 1}, sleep=sleeps.append)
    assert notice is not None and notice.code == "read_only"
    assert len(sleeps) == atomic.REPLACE_ATTEMPTS - 1
    assert p.read_bytes() == b"old"
    assert not list(tmp_path.glob(".*.tmp"))


def test_full_disk_is_a_message_not_a_crash(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "t.json"
    save_document(p, SCHEMA, {"n": 1})

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    notice = save_document(p, SCHEMA, {"n": 2})
    assert notice is not None and notice.code == "disk_full"
    assert "full" in notice.en and "đầy" in notice.vi
    monkeypatch.undo()
    assert load_document(p, SCHEMA).data == {"n": 1}
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.skipif(os.name == "nt" or (hasattr(os, "geteuid") and os.geteuid() == 0),
                    reason="needs POSIX permissions and a non-root user")
def test_read_only_folder_is_a_message_not_a_crash(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    p = folder / "t.json"
    save_document(p, SCHEMA, {"n": 1})
    folder.chmod(0o555)
    try:
        notice = save_document(p, SCHEMA, {"n": 2})
        assert notice is not None and notice.code == "read_only"
        assert load_document(p, SCHEMA).data == {"n": 1}
    finally:
        folder.chmod(0o755)


def test_append_line_closes_a_torn_line(tmp_path: Path) -> None:
    p = tmp_path / "h.jsonl"
    atomic.append_line(p, '{"a": 1}')
    with open(p, "ab") as fh:
        fh.write(b'{"a": 2, "b')  # a crash mid-append
    atomic.append_line(p, '{"a": 3}')
    assert p.read_bytes().split(b"\n") == [b'{"a": 1}', b'{"a": 2, "b', b'{"a": 3}', b""]
    with pytest.raises(ValueError):
        atomic.append_line(p, "two\nlines")


def test_rotate_shifts_and_drops_oldest(tmp_path: Path) -> None:
    p = tmp_path / "h.jsonl"
    for i in range(4):
        p.write_text(f"gen{i}\n")
        atomic.rotate(p, keep=2)
    assert not p.exists()
    assert (tmp_path / "h.1.jsonl").read_text() == "gen3\n"
    assert (tmp_path / "h.2.jsonl").read_text() == "gen2\n"
    assert not (tmp_path / "h.3.jsonl").exists()


def test_read_only_file_system_is_a_message_not_a_crash(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs where the chmod test can't (as root): the OS's EROFS from creating the temp."""
    p = tmp_path / "t.json"
    save_document(p, SCHEMA, {"n": 1})

    def erofs(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", erofs)
    notice = save_document(p, SCHEMA, {"n": 2})
    assert notice is not None and notice.code == "read_only"
    assert "read-only" in notice.en and "chỉ cho đọc" in notice.vi
    monkeypatch.undo()
    assert load_document(p, SCHEMA).data == {"n": 1}
