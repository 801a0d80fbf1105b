"""Linux desktop integration: the ``.desktop`` entry, the archive's menu script (run here
with a temporary ``XDG_DATA_HOME``) and the ``.deb``'s control data. The ``.deb`` built
and extracted end to end is in ``test_release.py``."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from lieng.devtools import linux_desktop as ld


def _keys(entry: str) -> dict[str, str]:
    lines = entry.splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def test_the_entry_starts_the_launcher_from_the_games_menu() -> None:
    keys = _keys(ld.desktop_entry())
    assert keys["Type"] == "Application" and keys["Name"] == "Liêng"
    assert keys["Exec"] == "lieng" and keys["Icon"] == "lieng"
    assert keys["Terminal"] == "false"
    assert "Game" in keys["Categories"].split(";")
    assert keys["Categories"].endswith(";") and keys["Keywords"].endswith(";")


@pytest.mark.skipif(os.name == "nt", reason="a sh script for Linux")
def test_the_menu_script_points_at_wherever_the_folder_was_unpacked(tmp_path: Path) -> None:
    folder = tmp_path / "Nguyễn" / "Trò chơi" / "lieng"
    folder.mkdir(parents=True)
    icon = tmp_path / "icon.png"
    icon.write_bytes(b"png")
    ld.add_desktop_files(folder, icon)
    assert {p.name for p in folder.iterdir()} == {"lieng.desktop", "lieng.png", ld.MENU_SCRIPT}
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "share"), HOME=str(tmp_path))
    subprocess.run(["sh", str(folder / ld.MENU_SCRIPT)], env=env, check=True,
                   capture_output=True)
    keys = _keys((tmp_path / "share" / "applications" / "lieng.desktop").read_text("utf-8"))
    assert keys["Exec"] == f'"{folder}/lieng"'
    assert keys["Icon"] == f"{folder}/lieng.png"


@pytest.mark.parametrize(("python", "debian"), [("1.2.3", "1.2.3"), ("1.2.3rc1", "1.2.3~rc1"),
                                                ("2.0b2", "2.0~b2"), ("1.0.dev4", "1.0~dev4")])
def test_pre_releases_sort_before_their_release_in_dpkg(python: str, debian: str) -> None:
    assert ld.deb_version(python) == debian


def test_control_file_fields() -> None:
    fields = dict(line.split(": ", 1) for line in ld.control_file("1.0", "amd64", 42).splitlines()
                  if not line.startswith(" "))
    assert fields["Package"] == "lieng" and fields["Architecture"] == "amd64"
    assert fields["Installed-Size"] == "42" and fields["Section"] == "games"
    assert fields["Description"].startswith("Liêng")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils not installed")
def test_desktop_file_validate_accepts_both_entries(tmp_path: Path) -> None:
    # An unpacked archive in a folder with Vietnamese letters and a space in its name.
    folder = tmp_path / "Nguyễn" / "Trò chơi" / "lieng"
    for name, entry in (("deb", ld.desktop_entry()),
                        ("archive", ld.desktop_entry(f'"{folder / "lieng"}"',
                                                     str(folder / "lieng.png")))):
        path = tmp_path / f"{name}.desktop"
        path.write_text(entry, encoding="utf-8")
        proc = subprocess.run(["desktop-file-validate", str(path)], capture_output=True,
                              text=True)
        assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout
