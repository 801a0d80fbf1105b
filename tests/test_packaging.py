"""``pip install .`` (not editable) must ship ``assets/`` inside the package, and the
installed package must find it relative to itself, from any working folder."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import lieng

ROOT = Path(lieng.__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``pip install .`` builds. The test extra installs the build backend
    (hatchling, as pyproject.toml's ``[build-system]`` asks), so pip builds with it in
    place instead of fetching it into a fresh environment first: a quarter of the time,
    and no package index needed. Without it, pip builds as ``pip install .`` does."""
    out = tmp_path_factory.mktemp("wheel")
    in_place = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    *in_place, "-w", str(out)], check=True, cwd=out)
    (whl,) = out.glob("lieng-*.whl")
    return whl


def test_wheel_carries_assets_and_every_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for font in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        assert f"lieng/assets/fonts/{font}" in names
    assert "lieng/bots/strength.bin" in names  # the bots' exact strength table
    for preset in ("classic", "v8club", "split"):  # the expert's strategies
        assert f"lieng/bots/expert_{preset}.bin" in names
    for init in (ROOT / "lieng").rglob("__init__.py"):
        rel = init.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} is missing from the wheel"


def test_installed_package_finds_its_assets_from_elsewhere(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(site), str(wheel)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = "import lieng, lieng.resources as p; print(lieng.__file__); print(p.asset('fonts'))"
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, "
                          f"{str(site)!r}); " + code], capture_output=True, text=True,
                         check=True, cwd=elsewhere).stdout.split("\n")
    assert out[0].startswith(str(site))
    assert out[1] == str(site / "lieng" / "assets" / "fonts")
    assert (site / "lieng" / "assets" / "fonts" / "DejaVuSans.ttf").is_file()
