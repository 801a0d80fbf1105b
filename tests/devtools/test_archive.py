"""``lieng.devtools.archive``: a PyInstaller folder zipped and unzipped keeps its
executable bits and its library symlinks (``shutil.make_archive`` and ``extractall``
keep neither), and a hostile archive cannot write outside the folder it is unpacked in."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import zipfile
from pathlib import Path

import pytest

from lieng.devtools.archive import unzip, zip_folder

posix_only = pytest.mark.skipif(os.name == "nt", reason="Unix modes and symlinks")


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "lieng"
    (folder / "_internal").mkdir(parents=True)
    (folder / "lieng").write_text("#!/bin/sh\necho hi\n")
    (folder / "lieng").chmod(0o755)
    (folder / "_internal" / "libx.so.1.2").write_bytes(b"lib")
    (folder / "_internal" / "tên.txt").write_text("Liêng", encoding="utf-8")
    if os.name != "nt":
        (folder / "_internal" / "libx.so.1").symlink_to("libx.so.1.2")
    return folder


@posix_only
def test_modes_and_symlinks_survive_a_round_trip(tmp_path: Path) -> None:
    archive = zip_folder(_folder(tmp_path), tmp_path / "out" / "a.zip")
    top = unzip(archive, tmp_path / "x")
    assert top == [tmp_path / "x" / "lieng"]
    exe = tmp_path / "x" / "lieng" / "lieng"
    assert exe.stat().st_mode & 0o777 == 0o755
    link = tmp_path / "x" / "lieng" / "_internal" / "libx.so.1"
    assert link.is_symlink() and os.readlink(link) == "libx.so.1.2"
    assert (tmp_path / "x" / "lieng" / "_internal" / "tên.txt").read_text("utf-8") == "Liêng"


@posix_only
@pytest.mark.skipif(shutil.which("unzip") is None, reason="Info-ZIP unzip not installed")
def test_info_zip_unzip_reads_it_the_same_way(tmp_path: Path) -> None:
    """What a player's unzip (or file manager, which uses the same attributes) does."""
    archive = zip_folder(_folder(tmp_path), tmp_path / "a.zip")
    dest = tmp_path / "x"
    dest.mkdir()
    subprocess.run(["unzip", "-q", str(archive)], cwd=dest, check=True)
    assert os.access(dest / "lieng" / "lieng", os.X_OK)
    assert (dest / "lieng" / "_internal" / "libx.so.1").is_symlink()


def test_entries_start_with_the_folder_name(tmp_path: Path) -> None:
    archive = zip_folder(_folder(tmp_path), tmp_path / "a.zip")
    names = zipfile.ZipFile(archive).namelist()
    assert names[0] == "lieng/" and all(n.startswith("lieng/") for n in names)
    assert "lieng/_internal/tên.txt" in names


def test_an_entry_leaving_the_folder_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr("../evil.txt", "x")
    with pytest.raises(ValueError, match="leaves the folder"):
        unzip(bad, tmp_path / "x")
    assert not (tmp_path / "evil.txt").exists()


@posix_only
def test_a_link_leaving_the_folder_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.zip"
    info = zipfile.ZipInfo("lieng/escape")
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr(info, "../../../etc")
    with pytest.raises(ValueError, match="links out"):
        unzip(bad, tmp_path / "x")
