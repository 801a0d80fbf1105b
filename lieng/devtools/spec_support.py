"""What ``build.spec`` needs per platform, kept in Python so it is typed and tested.

The spec itself runs inside PyInstaller and is hard to test; everything in it that is more
than a PyInstaller call lives here instead:

* ``make_icons`` — the Windows ``.ico`` and the macOS ``.icns`` drawn from
  ``assets/icon.png`` at build time into the build's work folder. Generated rather than
  committed so the one source image cannot drift from its copies, and so Pillow stays a
  build-only dependency (the ``dev`` extra): the game itself never imports it.
* ``windows_version_info`` — the version resource Explorer shows under Properties ▸
  Details, from the package metadata (``lieng.__version__``), so a player or a support
  thread can tell which build is installed.
* ``mac_info_plist`` — the bundle's ``Info.plist`` keys: bundle id, version, the name
  shown under the icon, and Retina support.

Nothing here imports pygame; Pillow and PyInstaller are imported inside the functions
that need them, so the module loads (and its tests run) without them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import lieng

APP_NAME = "lieng"
"""The program's file name (``lieng``, ``lieng.exe``) and the Linux package name."""
DISPLAY_NAME = "Liêng"
"""The name people see: window title, menu entry, the name under the macOS icon."""
BUNDLE_NAME = "Lieng"
"""The ``.app`` folder name. ASCII on purpose: macOS file systems store "ê" decomposed,
and zip tools, disk images and shell scripts disagree about that more often than not."""
BUNDLE_ID = "org.lieng.Lieng"
"""The macOS bundle identifier: what macOS keys the app's permissions and preferences on,
so it must never change between releases."""
PUBLISHER = "The Liêng developers"
DESCRIPTION = "Liêng — the Vietnamese three-card betting game"

ICO_SIZES = ((16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256))
"""Every size Windows picks from (taskbar, Explorer views, Alt-Tab at 100–200 % scale)."""


@dataclass(frozen=True, slots=True)
class Icons:
    """The generated icon files (both are always made: they are small and cheap)."""

    ico: Path
    icns: Path


def version_tuple(version: str = lieng.__version__) -> tuple[int, int, int, int]:
    """The four 16-bit numbers a Windows version resource holds.

    >>> version_tuple("1.2.3")
    (1, 2, 3, 0)
    >>> version_tuple("0.10.0rc2")
    (0, 10, 0, 0)
    """
    match = re.match(r"\d+(?:\.\d+)*", version.strip().lstrip("v"))
    if match is None:
        raise ValueError(f"no version number in {version!r}")
    numbers = [int(n) for n in match.group().split(".")][:4]
    if any(n > 0xFFFF for n in numbers):
        raise ValueError(f"{version!r}: Windows version numbers stop at 65535")
    padded = [*numbers, 0, 0, 0, 0][:4]
    return padded[0], padded[1], padded[2], padded[3]


def make_icons(png: Path, out_dir: Path) -> Icons:
    """Write ``lieng.ico`` and ``lieng.icns`` into ``out_dir`` from the square ``png``."""
    from PIL import Image  # build-only dependency (the dev extra)

    out_dir.mkdir(parents=True, exist_ok=True)
    with Image.open(png) as source:
        image = source.convert("RGBA")
    if image.width != image.height:
        raise ValueError(f"{png}: the icon must be square, not {image.size}")
    ico, icns = out_dir / f"{APP_NAME}.ico", out_dir / f"{APP_NAME}.icns"
    image.save(ico, format="ICO", sizes=[s for s in ICO_SIZES if s[0] <= image.width])
    image.save(icns, format="ICNS")
    return Icons(ico, icns)


def windows_version_info(version: str = lieng.__version__) -> Any:
    """A PyInstaller ``VSVersionInfo`` for ``EXE(version=...)`` (``Any``: PyInstaller
    ships no type hints)."""
    from PyInstaller.utils.win32 import versioninfo as vi

    numbers = version_tuple(version)
    strings = [
        vi.StringStruct("CompanyName", PUBLISHER),
        vi.StringStruct("FileDescription", DESCRIPTION),
        vi.StringStruct("FileVersion", version),
        vi.StringStruct("InternalName", APP_NAME),
        vi.StringStruct("LegalCopyright", f"© {PUBLISHER}, MIT licence"),
        vi.StringStruct("OriginalFilename", f"{APP_NAME}.exe"),
        vi.StringStruct("ProductName", DISPLAY_NAME),
        vi.StringStruct("ProductVersion", version),
    ]
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[vi.StringFileInfo([vi.StringTable("040904B0", strings)]),  # US English, UTF-16
              vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])])])


def mac_info_plist(version: str = lieng.__version__) -> dict[str, Any]:
    """The ``Info.plist`` keys PyInstaller's ``BUNDLE`` does not set by itself.

    ``NSHighResolutionCapable`` keeps macOS from running the whole app in its blurry
    low-resolution compatibility mode on Retina screens (window title, dialogs, the
    scaled table); ``LSMinimumSystemVersion`` matches what the runner's Python supports.
    """
    return {
        "CFBundleName": BUNDLE_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundleIdentifier": BUNDLE_ID,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": f"© {PUBLISHER}, MIT licence",
        "LSMinimumSystemVersion": "11.0",
    }
