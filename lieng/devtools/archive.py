"""Zip a program folder the way players' unzip tools expect, and unzip it the way they do.

``shutil.make_archive`` and ``ZipFile.extractall`` are not enough for a PyInstaller
folder on Linux: the first stores a symlink as a copy of its target, the second drops
every executable bit and symlink, so the extracted program would not even start. Here a
symlink is stored as a symlink (Unix mode ``S_IFLNK`` in the entry's external attributes,
the target as its content — what Info-ZIP's ``zip -y`` writes and ``unzip`` restores)
and every file keeps its mode. On Windows neither matters and both functions still work.
"""

from __future__ import annotations

import os
import stat
import time
import zipfile
from pathlib import Path, PurePosixPath

UNIX = 3
"""``ZipInfo.create_system`` for entries whose external attributes hold a Unix mode."""


def zip_folder(folder: Path, archive: Path) -> Path:
    """Write ``archive`` holding ``folder`` itself (entries start with its name), sorted,
    modes and symlinks kept."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted([folder, *folder.rglob("*")]):
            name = PurePosixPath(folder.name, *path.relative_to(folder).parts).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(name, date_time=_date_time(path.lstat().st_mtime))
                info.create_system = UNIX
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path))
            elif path.is_dir():
                zf.write(path, name + "/")
            else:
                zf.write(path, name)
    return archive


def _date_time(mtime: float) -> tuple[int, int, int, int, int, int]:
    """A zip entry's local date and time (what ``ZipFile.write`` would store)."""
    t = time.localtime(max(mtime, 315532800))  # zip dates start in 1980
    return t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec


def unzip(archive: Path, dest: Path) -> list[Path]:
    """Extract ``archive`` into ``dest`` restoring Unix modes and symlinks (as ``unzip``
    does); the top-level paths made. Refuses entries and links that leave ``dest``."""
    dest = dest.resolve()
    top: set[Path] = set()
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            target = (dest / info.filename).resolve()
            if dest not in target.parents and target != dest:
                raise ValueError(f"{archive.name}: {info.filename} leaves the folder")
            top.add(dest / PurePosixPath(info.filename).parts[0])
            mode = info.external_attr >> 16 if info.create_system == UNIX else 0
            if stat.S_ISLNK(mode):
                link = zf.read(info).decode("utf-8")
                if not (target.parent / link).resolve().is_relative_to(dest):
                    raise ValueError(f"{archive.name}: {info.filename} links out of the folder")
                target.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(link, target)
                continue
            zf.extract(info, dest)
            if mode & 0o777 and os.name != "nt":
                target.chmod(mode & 0o777)
    return sorted(top)
