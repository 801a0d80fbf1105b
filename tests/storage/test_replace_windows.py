"""The Windows sharing violation itself, not a stand-in: another handle on the file
(an antivirus scan, the indexer, a backup tool) makes ``os.replace`` fail with
``PermissionError`` until it is closed. ``write_atomic`` retries a bounded number of times
(``lieng/storage/atomic.py``), so a handle held for a moment costs a short wait and a
handle held for good leaves the old file whole. ``test_atomic.py`` checks the same retry
logic on every platform with a patched ``os.replace``; this runs on the Windows runner.
CPython's ``open`` on Windows shares reading and writing but not deletion, which is what
makes the replace fail, as the other programs' handles do."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from lieng.storage.atomic import REPLACE_ATTEMPTS, backup_path, write_atomic

pytestmark = pytest.mark.skipif(sys.platform != "win32", reason="Windows file sharing")


def _target(tmp_path: Path) -> Path:
    target = tmp_path / "Nguyễn" / "settings.json"
    target.parent.mkdir()
    target.write_bytes(b"old")
    return target


def test_a_file_held_for_a_moment_is_replaced_after_retries(tmp_path: Path) -> None:
    target = _target(tmp_path)
    holder = open(target, "rb")  # noqa: SIM115 - closed by the timer, on purpose
    timer = threading.Timer(0.15, holder.close)
    timer.start()
    try:
        write_atomic(target, b"new")
    finally:
        timer.join()
        holder.close()
    assert target.read_bytes() == b"new"
    assert backup_path(target).read_bytes() == b"old"


def test_a_file_held_for_good_is_left_whole(tmp_path: Path) -> None:
    target = _target(tmp_path)
    sleeps: list[float] = []
    with open(target, "rb"), pytest.raises(PermissionError):
        write_atomic(target, b"new", sleep=sleeps.append)
    assert len(sleeps) == REPLACE_ATTEMPTS - 1  # bounded: then the player is told
    assert target.read_bytes() == b"old"
    assert not list(target.parent.glob("*.tmp"))  # no temp file left behind
