"""``python -m lieng.devtools.release``: names, tags, SHA-256 sums, and the whole Linux
release — pack, unpack, extract the ``.deb``, smoke-test each copy — run on a stand-in
program (a shell script that behaves like the built game in the smoke test), so it needs
no PyInstaller build. ``.ci/run`` runs the same function on the real build."""

from __future__ import annotations

import os
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

import lieng
from lieng.devtools import linux_desktop, release
from lieng.devtools.linux_desktop import DEB_FILES, listing

LINUX = sys.platform.startswith("linux")
FAKE_PROGRAM = """#!/bin/sh
# Stands in for the built game: fails unless its bundled library link survived packing,
# then does what the smoke test asks (settings and bankroll in --data-dir).
here=$(dirname "$(readlink -f "$0")")
[ -L "$here/_internal/libfake.so.1" ] || { echo "symlink lost" >&2; exit 3; }
while [ "$1" != "--data-dir" ]; do shift; done
mkdir -p "$2" && echo {} > "$2/settings.json" && echo {} > "$2/bankroll.json"
echo "selftest ok (stand-in)"
"""


def fake_dist(tmp_path: Path) -> Path:
    """A ``dist`` folder shaped like PyInstaller's Linux output."""
    folder = tmp_path / "dist" / "lieng"
    (folder / "_internal").mkdir(parents=True)
    (folder / "lieng").write_text(FAKE_PROGRAM)
    (folder / "lieng").chmod(0o755)
    (folder / "_internal" / "libfake.so.1.0").write_bytes(b"\x7fELF stand-in")
    (folder / "_internal" / "libfake.so.1").symlink_to("libfake.so.1.0")
    return tmp_path / "dist"


def test_names() -> None:
    assert release.arch_name("AMD64") == "x64"
    assert release.artifact_stem("1.2.3", "windows", "x64") == "lieng-1.2.3-windows-x64"
    assert release.current_os() in release.PLATFORMS


@pytest.mark.parametrize("tag", [f"v{lieng.__version__}", lieng.__version__,
                                 f"refs/tags/v{lieng.__version__}"])
def test_a_tag_naming_the_version_passes(tag: str) -> None:
    release.check_tag(tag, lieng.__version__)


def test_a_tag_naming_another_version_is_refused() -> None:
    with pytest.raises(SystemExit, match="does not match"):
        release.main(["--sums", ".", "--tag", "v999.0.0"])


def test_another_platform_is_refused(tmp_path: Path) -> None:
    other = next(o for o in release.PLATFORMS if o != release.current_os())
    with pytest.raises(SystemExit, match="does not cross-compile"):
        release.release(other, tmp_path / "out", tmp_path / "dist", tmp_path / "work", True)


def test_sums_are_checked_and_merged(tmp_path: Path) -> None:
    a, b = tmp_path / "lieng-1-linux-x64.zip", tmp_path / "lieng-1-windows-x64.zip"
    a.write_bytes(b"linux")
    b.write_bytes(b"windows")
    release.write_sums([a], tmp_path / "SHA256SUMS-1-linux-x64.txt")
    release.write_sums([b], tmp_path / "SHA256SUMS-1-windows-x64.txt")
    assert release.main(["--sums", str(tmp_path)]) == 0
    merged = release.read_sums(tmp_path / release.SUMS)
    assert merged == {a.name: release.sha256_of(a), b.name: release.sha256_of(b)}
    assert len(merged[a.name]) == 64
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([a.name, b.name, release.SUMS])


def test_a_file_changed_between_jobs_fails_the_merge(tmp_path: Path) -> None:
    a = tmp_path / "lieng-1-linux-x64.zip"
    a.write_bytes(b"linux")
    release.write_sums([a], tmp_path / "SHA256SUMS-1-linux-x64.txt")
    a.write_bytes(b"linux, corrupted")
    with pytest.raises(SystemExit, match="does not match"):
        release.merge_sums(tmp_path)


def test_a_listed_file_missing_fails_the_merge(tmp_path: Path) -> None:
    (tmp_path / "SHA256SUMS-1-macos-arm64.txt").write_text(f"{'0' * 64}  lieng.dmg\n")
    with pytest.raises(SystemExit, match="missing"):
        release.merge_sums(tmp_path)


@pytest.mark.skipif(not LINUX or shutil.which("dpkg-deb") is None,
                    reason="the Linux release: dpkg-deb and a POSIX shell")
def test_the_linux_release_packs_unpacks_and_smoke_tests(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    dist = fake_dist(tmp_path)
    out = tmp_path / "release"
    files = release.release("linux", out, dist, tmp_path / "work", skip_build=True,
                            version="1.2.3rc1")
    names = sorted(f.name for f in files)
    deb_arch = linux_desktop.deb_arch()
    assert names == sorted([f"lieng-1.2.3rc1-linux-{release.arch_name()}.zip",
                            f"lieng_1.2.3~rc1_{deb_arch}.deb",
                            f"SHA256SUMS-1.2.3rc1-linux-{release.arch_name()}.txt"])
    printed = capsys.readouterr().out
    assert "unzipped copy's smoke test passed" in printed
    assert "extracted copy's smoke test passed" in printed and "through usr/bin/lieng" in printed
    # The zip: the program folder plus the desktop files, executable bits kept.
    archive = next(f for f in files if f.suffix == ".zip")
    with zipfile.ZipFile(archive) as zf:
        zipped = {i.filename: i.external_attr >> 16 for i in zf.infolist()}
    for name in ("lieng/lieng", "lieng/lieng.desktop", "lieng/lieng.png",
                 "lieng/install-menu-entry.sh", "lieng/_internal/libfake.so.1"):
        assert name in zipped
    assert zipped["lieng/lieng"] & 0o111 and zipped["lieng/install-menu-entry.sh"] & 0o111
    # The .deb: everything under /opt/lieng and /usr, the launcher a link into /opt.
    deb = next(f for f in files if f.suffix == ".deb")
    assert set(DEB_FILES) <= set(listing(deb))
    # The sums file lists exactly the two packages.
    sums = release.read_sums(next(f for f in files if f.suffix == ".txt"))
    assert sums == {f.name: release.sha256_of(f) for f in files if f.suffix != ".txt"}


@pytest.mark.skipif(os.name == "nt", reason="the stand-in program is a sh script")
def test_a_lost_symlink_fails_the_unpacked_copy(tmp_path: Path) -> None:
    """What ``shutil.make_archive`` would ship: the library link stored as a plain file;
    the unpacked program then does not start and the release stops."""
    dist = fake_dist(tmp_path)
    broken = tmp_path / "broken.zip"
    with zipfile.ZipFile(broken, "w") as zf:
        for path in sorted((dist / "lieng").rglob("*")):
            zf.write(path, Path("lieng", path.relative_to(dist / "lieng")).as_posix())
    with pytest.raises(SystemExit):
        release.check_archive(broken, "linux")
