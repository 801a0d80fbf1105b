"""A player whose user name is not ASCII (``C:\\Users\\Nguyễn``, ``/home/nguyễn``): the data
folder under such a path must work on every platform. Runs everywhere; on the Windows
runner this is the case that matters (wide-character APIs, argv, environment). The
packaged program gets the same check from its smoke test, whose data folder and unpacked
copy both sit under a "Nguyễn" folder (``lieng/devtools/build.py``, ``release.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.storage.documents import Schema, load_document, save_document

REPO = Path(__file__).resolve().parents[2]
NAMES = ["Nguyễn", "Nguyễn Thị Ánh", "阮氏"]
"""A precomposed Vietnamese name, one with spaces and more marks, and one outside every
Western Windows code page (an ANSI API would turn it into question marks)."""


@pytest.mark.parametrize("user", NAMES)
def test_documents_are_saved_and_read_back_under_the_name(tmp_path: Path, user: str) -> None:
    folder = tmp_path / "Users" / user / "AppData" / "Local" / "lieng"
    schema = Schema("probe", 1, "thử", "probe")
    assert save_document(folder / "probe.json", schema, {"chủ": user}) is None
    loaded = load_document(folder / "probe.json", schema)
    assert loaded.source == "file" and loaded.data == {"chủ": user}


@pytest.mark.parametrize("user", NAMES[:2])
def test_the_bankroll_opens_under_the_name(tmp_path: Path, user: str) -> None:
    bank, notices = Bankroll.open(tmp_path / user / "lieng")
    assert notices == [] and bank.balance == STARTING_CHIPS


@pytest.mark.parametrize("how", ["--data-dir", "LIENG_DATA_DIR"])
def test_the_game_keeps_its_files_under_the_name(tmp_path: Path, how: str) -> None:
    data = tmp_path / "Users" / "Nguyễn" / "lieng"
    env = {k: v for k, v in os.environ.items() if k != "LIENG_DATA_DIR"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args = [sys.executable, str(REPO / "main.py"), "--selftest", "--hands", "1", "--seed", "3"]
    if how == "--data-dir":
        args += ["--data-dir", str(data)]
    else:
        env["LIENG_DATA_DIR"] = str(data)
    proc = subprocess.run(args, env=env, cwd=tmp_path, capture_output=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert {"settings.json", "bankroll.json"} <= {p.name for p in data.iterdir()}
    doc = json.loads((data / "bankroll.json").read_text(encoding="utf-8"))
    assert doc["schema"] == "bankroll"
