"""Linux desktop integration: the ``.desktop`` entry, the archive's menu-entry script and
the ``.deb`` (built with ``dpkg-deb``, checked by listing and extracting it — never by
installing it on the build machine).

The ``.deb`` installs the PyInstaller folder as ``/opt/lieng`` (it is self-contained and
does not follow the FHS split of bin/lib/share, so it gets a folder of its own, as Debian
policy asks of such add-on software), a ``/usr/bin/lieng`` symlink so the game starts
from a terminal and from the menu entry, the entry itself in
``/usr/share/applications`` and the icon in the hicolor theme. The symlink is relative
(``../../opt/lieng/lieng``) so it also resolves inside an extracted copy, which is how
the smoke test starts the program through it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from lieng.devtools import build
from lieng.devtools.spec_support import APP_NAME, DISPLAY_NAME, PUBLISHER

ICON_THEME_PATH = "usr/share/icons/hicolor/256x256/apps"
DEB_FILES = (f"opt/{APP_NAME}/{APP_NAME}", f"usr/bin/{APP_NAME}",
             f"usr/share/applications/{APP_NAME}.desktop", f"{ICON_THEME_PATH}/{APP_NAME}.png",
             f"usr/share/doc/{APP_NAME}/copyright")
"""Paths every ``.deb`` must hold (checked in the ``dpkg-deb -c`` listing)."""
MENU_SCRIPT = "install-menu-entry.sh"


def desktop_entry(exec_cmd: str = APP_NAME, icon: str = APP_NAME) -> str:
    """A freedesktop.org ``.desktop`` entry (Vietnamese first, as in the game).

    ``exec_cmd`` and ``icon`` are a command on ``PATH`` and a theme icon name for the
    ``.deb``, absolute paths for an unpacked archive.
    """
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # the newest desktop-file-validate (0.26) knows; nothing of 1.5 used
        f"Name={DISPLAY_NAME}",
        "GenericName=Card game",
        "GenericName[vi]=Trò chơi bài",
        "Comment=The Vietnamese three-card betting game",
        "Comment[vi]=Trò chơi bài ba lá của Việt Nam",
        f"Exec={exec_cmd}",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=cards;lieng;liêng;bài;",
        "",
    ])


def menu_script() -> str:
    """A shell script shipped in the Linux archive: it adds the unpacked game to the
    player's menu (``~/.local/share/applications``), pointing at wherever it was unpacked.

    A ``.desktop`` file needs absolute paths, which the archive cannot know in advance.
    """
    entry = desktop_entry('"$here/lieng"', "$here/lieng.png")
    return ("#!/bin/sh\n"
            "# Adds Liêng to your applications menu; run it again after moving this folder.\n"
            "set -e\n"
            'here=$(cd "$(dirname "$0")" && pwd)\n'
            'apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"\n'
            'mkdir -p "$apps"\n'
            f'cat > "$apps/{APP_NAME}.desktop" <<EOF\n{entry}EOF\n'
            f'echo "added $apps/{APP_NAME}.desktop"\n')


def add_desktop_files(program_dir: Path, icon_png: Path) -> None:
    """Put the entry, the icon and the menu script into an unpacked program folder (the
    Linux archive's contents)."""
    (program_dir / f"{APP_NAME}.desktop").write_text(desktop_entry(), encoding="utf-8")
    shutil.copyfile(icon_png, program_dir / f"{APP_NAME}.png")
    script = program_dir / MENU_SCRIPT
    script.write_text(menu_script(), encoding="utf-8")
    script.chmod(0o755)


def deb_version(version: str) -> str:
    """Python's version spelled for dpkg, which sorts ``~`` before anything: ``1.0rc1`` →
    ``1.0~rc1`` so a release candidate sorts before its release."""
    for tag in ("rc", "a", "b", ".dev"):
        if tag in version and f"~{tag}" not in version:
            return version.replace(tag, f"~{tag.lstrip('.')}", 1)
    return version


def deb_arch() -> str:
    """The Debian architecture of this machine (``amd64``, ``arm64``)."""
    out = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                         check=True)
    return out.stdout.strip()


def control_file(version: str, arch: str, installed_kib: int) -> str:
    """``DEBIAN/control``. No ``Depends``: PyInstaller bundles every library but glibc and
    the display and sound stacks every desktop has."""
    return (f"Package: {APP_NAME}\nVersion: {deb_version(version)}\nArchitecture: {arch}\n"
            f"Maintainer: {PUBLISHER} <lieng@localhost>\nInstalled-Size: {installed_kib}\n"
            "Section: games\nPriority: optional\n"
            f"Description: {DISPLAY_NAME} - the Vietnamese three-card betting game\n"
            " Play against bots, pass one computer around with friends, or host a table\n"
            " on your home network. Chips persist from day to day.\n")


def _tree_mode(root: Path) -> None:
    """Debian's modes: folders and programs 0755, everything else 0644 (whatever the
    build machine's umask left)."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        executable = path.is_dir() or os.access(path, os.X_OK)
        path.chmod(0o755 if executable else 0o644)


def build_deb(program_dir: Path, icon_png: Path, license_file: Path, version: str,
              out_dir: Path, arch: str | None = None) -> Path:
    """Build ``lieng_<version>_<arch>.deb`` in ``out_dir`` from the built program folder."""
    arch = arch or deb_arch()
    out_dir.mkdir(parents=True, exist_ok=True)
    deb = out_dir / f"{APP_NAME}_{deb_version(version)}_{arch}.deb"
    with tempfile.TemporaryDirectory(prefix="lieng-deb-") as tmp:
        root = Path(tmp) / "root"
        shutil.copytree(program_dir, root / "opt" / APP_NAME, symlinks=True)
        (root / "usr" / "bin").mkdir(parents=True)
        (root / "usr" / "bin" / APP_NAME).symlink_to(f"../../opt/{APP_NAME}/{APP_NAME}")
        apps = root / "usr" / "share" / "applications"
        apps.mkdir(parents=True)
        (apps / f"{APP_NAME}.desktop").write_text(desktop_entry(), encoding="utf-8")
        icons = root / ICON_THEME_PATH
        icons.mkdir(parents=True)
        shutil.copyfile(icon_png, icons / f"{APP_NAME}.png")
        doc = root / "usr" / "share" / "doc" / APP_NAME
        doc.mkdir(parents=True)
        shutil.copyfile(license_file, doc / "copyright")
        _tree_mode(root)
        kib = (build.folder_size(root) + 1023) // 1024
        (root / "DEBIAN").mkdir()
        (root / "DEBIAN" / "control").write_text(control_file(version, arch, kib),
                                                 encoding="utf-8")
        (root / "DEBIAN" / "control").chmod(0o644)
        (root / "DEBIAN").chmod(0o755)
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root),
                        str(deb)], check=True, capture_output=True)
    return deb


@dataclass(frozen=True, slots=True)
class DebCheck:
    """What ``inspect_deb`` found."""

    files: int
    """Entries in the ``dpkg-deb -c`` listing (folders included)."""
    control: dict[str, str]
    smoke_seconds: float
    """How long the extracted program's self-test took."""


def listing(deb: Path) -> list[str]:
    """The paths ``dpkg-deb -c`` lists, as ``opt/lieng/lieng`` (no leading ``./``)."""
    out = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True,
                         check=True).stdout
    paths = []
    for line in out.splitlines():
        name = line.split(None, 5)[5].split(" -> ")[0]
        paths.append(name.removeprefix("./").rstrip("/"))
    return [p for p in paths if p]


def inspect_deb(deb: Path) -> DebCheck:
    """List the package, read its control file, extract it into a temporary folder and
    smoke-test the program there through the ``/usr/bin`` launcher — never install it."""
    names = set(listing(deb))
    missing = [p for p in DEB_FILES if p not in names]
    if missing:
        raise SystemExit(f"{deb.name} lacks {missing}")
    strays = sorted(p for p in names if p.split("/")[0] not in ("opt", "usr"))
    if strays:
        raise SystemExit(f"{deb.name} installs outside /opt and /usr: {strays[:5]}")
    info = subprocess.run(["dpkg-deb", "-f", str(deb)], capture_output=True, text=True,
                          check=True).stdout
    control = dict(line.split(": ", 1) for line in info.splitlines()
                   if ": " in line and not line.startswith(" "))
    with tempfile.TemporaryDirectory(prefix="lieng-deb-x-") as root:
        tmp = Path(root) / "Nguyễn"  # a non-ASCII path, as a player's home may be
        subprocess.run(["dpkg-deb", "-x", str(deb), str(tmp)], check=True)
        launcher = tmp / "usr" / "bin" / APP_NAME
        if not launcher.is_symlink() or not launcher.resolve().is_file():
            raise SystemExit(f"{deb.name}: /usr/bin/{APP_NAME} does not lead to the program")
        entry = (tmp / "usr/share/applications" / f"{APP_NAME}.desktop").read_text(
            encoding="utf-8")
        if f"Exec={APP_NAME}\n" not in entry or f"Icon={APP_NAME}\n" not in entry:
            raise SystemExit(f"{deb.name}: the menu entry does not start /usr/bin/{APP_NAME}")
        if shutil.which("desktop-file-validate"):  # desktop-file-utils, where installed
            subprocess.run(["desktop-file-validate", str(tmp / "usr/share/applications" /
                                                         f"{APP_NAME}.desktop")], check=True)
        elapsed, _ = build.smoke_test(launcher, program_dir=launcher.resolve().parent)
    return DebCheck(len(names), control, elapsed)
