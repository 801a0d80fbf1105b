"""A data directory that can't exist at all (its parent is a file): every module
still works in memory and reports messages; nothing raises. The folder is named by
``LIENG_DATA_DIR`` (every platform) or, on Linux, ``XDG_DATA_HOME``."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path

import pytest

from lieng.storage.bankroll import Bankroll
from lieng.storage.history import HandRecord, History
from lieng.storage.settings import Settings, load_settings, save_settings

from .hands import EASY, HARD, ME, hand_a


@pytest.mark.parametrize("via", [
    "LIENG_DATA_DIR",
    pytest.param("XDG_DATA_HOME", marks=pytest.mark.skipif(
        not sys.platform.startswith("linux"), reason="platformdirs reads XDG on Linux only")),
])
def test_everything_goes_on_without_a_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               via: str) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    if via == "LIENG_DATA_DIR":
        monkeypatch.setenv("LIENG_DATA_DIR", str(blocker / "lieng"))
    else:
        monkeypatch.delenv("LIENG_DATA_DIR")
        monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    settings, _ = load_settings()
    assert settings == Settings()
    notice = save_settings(Settings(volume=5))
    assert notice is not None and notice.code == "write_failed"
    bank, notices = Bankroll.open()
    assert bank.total == 10_000
    assert "write_failed" in [n.code for n in notices]
    assert bank.buy_in(100) is None  # already told once
    bank.commit_hand(25)
    assert bank.at_table == 125
    history = History()
    record = HandRecord.from_hand(hand_a(), 0, [ME, EASY, HARD], datetime(2026, 11, 29))
    failed = history.append(record)
    assert failed is not None and failed.en and failed.vi
    assert history.read() == ([], [])
    assert blocker.read_text() == "x"
