"""``pip install .`` (not editable) must ship ``assets/`` inside the package, and the
installed package must find it relative to itself, from any working folder."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import lieng

ROOT = Path(lieng.__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What ``pip install .`` puts in place, in a folder of its own (``--target``): pip
    builds the wheel and installs it in one run, as a player's install does, and the
    wheel's every file is listed in the installed ``RECORD`` (both tests share the one
    install: a build and an install by two pips cost twice pip's start-up). The test extra
    installs the build backend (hatchling, as pyproject.toml's ``[build-system]`` asks), so
    pip builds with it in place instead of fetching it into a fresh environment first: a
    quarter of the time, and no package index needed. Without it, pip builds as
    ``pip install .`` does."""
    out = tmp_path_factory.mktemp("site")
    in_place = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    subprocess.run([sys.executable, "-m", "pip", "install", str(ROOT), "--no-deps", "-q",
                    "--no-cache-dir", "--no-compile", *in_place, "--target", str(out)],
                   check=True, cwd=out)
    return out


def _installed_files(site: Path) -> set[str]:
    """Every file the wheel carried, from the installed ``RECORD`` (one ``path,hash,size``
    row per file of the wheel, the ``.dist-info`` included; ``--no-compile`` keeps pip
    from adding the bytecode it would compile)."""
    (record,) = site.glob("lieng-*.dist-info/RECORD")
    rows = record.read_text(encoding="utf-8").splitlines()
    return {row.rsplit(",", 2)[0] for row in rows if row}


def test_wheel_carries_assets_and_every_package(site: Path) -> None:
    names = _installed_files(site)
    for font in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        assert f"lieng/assets/fonts/{font}" in names
    assert "lieng/bots/strength.bin" in names  # the bots' exact strength table
    for preset in ("classic", "v8club", "split"):  # the expert's strategies
        assert f"lieng/bots/expert_{preset}.bin" in names
    for init in (ROOT / "lieng").rglob("__init__.py"):
        rel = init.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} is missing from the wheel"
    for name in names:  # and the package's files are in place (not the scripts pip wrote)
        if name.startswith("lieng/"):
            assert (site / name).is_file(), name


def test_installed_package_finds_its_assets_from_elsewhere(site: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = "import lieng, lieng.resources as p; print(lieng.__file__); print(p.asset('fonts'))"
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, "
                          f"{str(site)!r}); " + code], capture_output=True, text=True,
                         check=True, cwd=elsewhere).stdout.split("\n")
    assert out[0].startswith(str(site))
    assert out[1] == str(site / "lieng" / "assets" / "fonts")
    assert (site / "lieng" / "assets" / "fonts" / "DejaVuSans.ttf").is_file()
