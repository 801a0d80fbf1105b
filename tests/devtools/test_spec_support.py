"""``build.spec``'s per-platform parts (``lieng.devtools.spec_support``): the icons drawn
from ``assets/icon.png``, the Windows version resource and the macOS ``Info.plist``, all
checked here although only the matching runner uses them; the release script reads them
back from the real build there (``release.check_metadata``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import lieng
from lieng.devtools import spec_support

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("text", "numbers"), [("0.1.0", (0, 1, 0, 0)), ("v1.2", (1, 2, 0, 0)),
                                                ("1.2.3.4.5", (1, 2, 3, 4)),
                                                ("2.0rc1", (2, 0, 0, 0))])
def test_version_tuple(text: str, numbers: tuple[int, ...]) -> None:
    assert spec_support.version_tuple(text) == numbers


@pytest.mark.parametrize("bad", ["", "beta", "70000.0"])
def test_version_tuple_refuses_what_windows_cannot_hold(bad: str) -> None:
    with pytest.raises(ValueError):
        spec_support.version_tuple(bad)


def test_icons_are_drawn_from_the_one_png(tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    icons = spec_support.make_icons(REPO / "assets" / "icon.png", tmp_path / "icons")
    with image.open(icons.ico) as ico:
        assert ico.format == "ICO"
        assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= set(ico.info["sizes"])
    with image.open(icons.icns) as icns:
        assert icns.format == "ICNS"
    assert not (REPO / "assets" / "icon.ico").exists()  # generated, never committed


def test_windows_version_resource_comes_from_the_package() -> None:
    pytest.importorskip("pefile")  # PyInstaller's version-resource code: Windows only
    info = str(spec_support.windows_version_info("1.2.3"))
    for text in ("1.2.3", "Liêng", "lieng.exe", "ProductVersion", "FileDescription"):
        assert text in info
    assert "filevers=(1, 2, 3, 0)" in info


def test_mac_bundle_keys() -> None:
    plist = spec_support.mac_info_plist()
    assert plist["CFBundleIdentifier"] == spec_support.BUNDLE_ID
    assert plist["CFBundleShortVersionString"] == lieng.__version__
    assert plist["NSHighResolutionCapable"] is True
    assert spec_support.BUNDLE_NAME.isascii()


def test_the_spec_uses_them_and_opens_no_console() -> None:
    spec = (REPO / "build.spec").read_text(encoding="utf-8")
    compile(spec, "build.spec", "exec")
    for text in ("spec_support.make_icons", "spec_support.windows_version_info()",
                 "BUNDLE(", "bundle_identifier=spec_support.BUNDLE_ID",
                 "info_plist=spec_support.mac_info_plist()"):
        assert text in spec
    assert spec.count("console=False,") == 1 and "console=True" not in spec
