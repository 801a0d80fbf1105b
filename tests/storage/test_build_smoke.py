"""The packaged build's smoke test (``lieng/devtools/build.py``) checks the data folder it
passes explicitly (``--data-dir``), not ``XDG_DATA_HOME`` (ignored off Linux): here the
"built program" is a launcher for ``main.py``, so the check runs without PyInstaller."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest

from lieng.devtools import build

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(os.name == "nt", reason="the stand-in program is a sh script")


def _program(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "dist" / "lieng"
    folder.mkdir(parents=True)
    exe = folder / "lieng"
    exe.write_text(f"#!/bin/sh\n{body}\n")
    exe.chmod(0o755)
    return exe


def test_smoke_test_passes_and_lists_the_files_in_the_given_folder(tmp_path: Path) -> None:
    exe = _program(tmp_path, f'exec {shlex.quote(sys.executable)} '
                             f'{shlex.quote(str(REPO / "main.py"))} "$@"')
    elapsed, files = build.smoke_test(exe, hands=1)
    assert elapsed > 0
    names = {str(f) for f in files}
    assert {"settings.json", "bankroll.json", "history.jsonl"} <= names
    assert list(exe.parent.iterdir()) == [exe]


def test_smoke_test_fails_when_the_files_land_elsewhere(tmp_path: Path) -> None:
    """A program that ignores ``--data-dir`` and writes under ``XDG_DATA_HOME`` (as the
    build did before) is caught."""
    exe = _program(tmp_path, 'mkdir -p "$XDG_DATA_HOME/lieng" && '
                             'echo {} > "$XDG_DATA_HOME/lieng/settings.json" && '
                             'echo {} > "$XDG_DATA_HOME/lieng/bankroll.json" && echo selftest ok')
    with pytest.raises(SystemExit, match=r"did not create settings\.json"):
        build.smoke_test(exe, hands=1)


def test_smoke_test_fails_on_a_stray_file(tmp_path: Path) -> None:
    exe = _program(tmp_path, 'while [ "$1" != "--data-dir" ]; do shift; done; '
                             'mkdir -p "$2" && echo {} > "$2/settings.json" && '
                             'echo {} > "$2/bankroll.json" && '
                             'mkdir -p "$XDG_DATA_HOME" && echo x > "$XDG_DATA_HOME/x"')
    with pytest.raises(SystemExit, match="wrote outside its data directory"):
        build.smoke_test(exe, hands=1)
