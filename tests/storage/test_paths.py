"""``LIENG_DATA_DIR`` (``lieng.storage.paths``): an explicit data folder honoured on every
platform — platformdirs ignores ``XDG_DATA_HOME`` on Windows and macOS, so the tests,
the self-test and the build's smoke test can't rely on it — while ``XDG_DATA_HOME``
keeps working on Linux when the variable is not set."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs
import pytest

from lieng.storage import paths
from lieng.storage.bankroll import Bankroll
from lieng.storage.history import History
from lieng.storage.settings import Settings, save_settings, settings_path


def _like_windows(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """platformdirs as on Windows or macOS: XDG_DATA_HOME plays no part."""
    monkeypatch.setattr(platformdirs, "user_data_path",
                        lambda *a, **k: home / "AppData" / "Local" / "lieng")


def test_the_variable_names_the_folder_itself(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "my data"
    monkeypatch.setenv("LIENG_DATA_DIR", str(target))
    assert paths.data_dir(create=False) == target and not target.exists()
    assert paths.data_dir() == target and target.is_dir()
    assert paths.explicit()


def test_every_file_follows_it_even_where_xdg_is_ignored(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    _like_windows(monkeypatch, home)
    target = tmp_path / "portable"
    monkeypatch.setenv("LIENG_DATA_DIR", str(target))
    assert save_settings(Settings(volume=2)) is None
    Bankroll.open()
    History().path.write_text("")
    assert settings_path() == target / "settings.json"
    assert sorted(p.name for p in target.iterdir()) == ["bankroll.json", "history.jsonl",
                                                       "settings.json"]
    assert not home.exists()


def test_empty_or_unset_falls_back_to_platformdirs(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    _like_windows(monkeypatch, home)
    for value in ("", "  "):
        monkeypatch.setenv("LIENG_DATA_DIR", value)
        assert paths.data_dir(create=False) == home / "AppData" / "Local" / "lieng"
        assert not paths.explicit()
    monkeypatch.delenv("LIENG_DATA_DIR")
    assert paths.data_dir(create=False) == home / "AppData" / "Local" / "lieng"


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="platformdirs reads XDG_DATA_HOME on Linux only")
def test_xdg_data_home_still_works_without_the_variable(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LIENG_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.data_dir() == tmp_path / "xdg" / "lieng"
    assert settings_path() == tmp_path / "xdg" / "lieng" / "settings.json"


def test_conftest_gives_each_test_its_own_folder() -> None:
    """The autouse fixture sets the variable (and XDG_DATA_HOME to the same place)."""
    folder = Path(os.environ["LIENG_DATA_DIR"])
    assert paths.data_dir() == folder
    assert folder == Path(os.environ["XDG_DATA_HOME"]) / "lieng"
    assert folder.is_dir() and list(folder.iterdir()) == []


def test_scratch_folder_is_used_then_removed_and_the_variable_restored(
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = os.environ["LIENG_DATA_DIR"]
    with paths.scratch_data_dir() as tmp:
        assert os.environ["LIENG_DATA_DIR"] == str(tmp)
        assert paths.data_dir() == tmp
        Bankroll.open()
        assert (tmp / "bankroll.json").is_file()
    assert not tmp.exists()
    assert os.environ["LIENG_DATA_DIR"] == before
    monkeypatch.delenv("LIENG_DATA_DIR")
    with paths.scratch_data_dir():
        assert paths.explicit()
    assert "LIENG_DATA_DIR" not in os.environ
