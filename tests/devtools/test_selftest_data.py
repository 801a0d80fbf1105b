"""``python main.py --selftest`` and the player's data: the self-test plays with real
storage — settings, bankroll and history files created and read back — but in a temporary
folder unless one is given (``--data-dir PATH`` or ``LIENG_DATA_DIR``), so a player who
tries it loses no chips and gets no autopilot hands in their history. A damaged file in
the given folder is kept aside and the run still passes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lieng.app import parse_args
from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.storage.history import History

REPO = Path(__file__).resolve().parents[2]


def _run(tmp_path: Path, *args: str, data_env: Path | None = None
         ) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    """The self-test in a child process whose home, XDG folders and temp folder are all
    under ``tmp_path``; returns the process, the child's real data folder and its temp
    folder."""
    xdg, scratch = tmp_path / "xdg", tmp_path / "tmp"
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "LIENG_DATA_DIR"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(xdg),
               XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path / "home"),
               TMPDIR=str(scratch), TEMP=str(scratch), TMP=str(scratch))
    if data_env is not None:
        env["LIENG_DATA_DIR"] = str(data_env)
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), "--selftest", "--seed", "5",
                           *args], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    return proc, xdg / "lieng", scratch


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the child's real data folder is steered by XDG_DATA_HOME")
def test_selftest_keeps_off_the_real_data_folder(tmp_path: Path) -> None:
    real = tmp_path / "xdg" / "lieng"
    real.mkdir(parents=True)
    _bank, _ = Bankroll.open(real)  # the player's own bankroll: 10 000 chips
    before = {p.name: p.read_bytes() for p in real.iterdir()}
    proc, real, scratch = _run(tmp_path, "--hands", "2")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith("selftest ok: 2/2 hands")
    assert "(2 hands recorded)" in proc.stdout
    assert {p.name: p.read_bytes() for p in real.iterdir()} == before  # untouched
    assert not (real / "history.jsonl").exists()
    assert list(scratch.iterdir()) == []  # the temporary folder was removed afterwards


@pytest.mark.parametrize("how", ["option", "variable"])
def test_a_given_folder_gets_the_real_files(tmp_path: Path, how: str) -> None:
    data = tmp_path / "given"
    if how == "option":
        proc, real, _ = _run(tmp_path, "--hands", "2", "--data-dir", str(data))
    else:
        proc, real, _ = _run(tmp_path, "--hands", "2", data_env=data)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert sorted(p.name for p in data.iterdir()) == ["bankroll.json", "bankroll.json.bak",
                                                      "history.jsonl", "settings.json"]
    hands, notices = History(data).hands()
    assert len(hands) == 2 and notices == []
    bank, notices = Bankroll.open(data)
    assert bank.total == STARTING_CHIPS + sum(h.net or 0 for h in hands) and notices == []
    assert not real.exists()


def test_a_damaged_bankroll_no_longer_stops_the_game(tmp_path: Path) -> None:
    """The review's reproducer: a bankroll nested deeper than the JSON decoder goes."""
    data = tmp_path / "given"
    data.mkdir()
    deep = '{"data":' + "[" * 5000
    (data / "bankroll.json").write_text(deep)
    (data / "settings.json").write_text("[" * 100_000)
    proc, _real, _ = _run(tmp_path, "--hands", "1", "--data-dir", str(data))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert [p.read_text() for p in data.glob("bankroll.json.bad-*")] == [deep]
    assert len(list(data.glob("settings.json.bad-*"))) == 1
    json.loads((data / "bankroll.json").read_text())  # a good file was written again


def test_data_dir_option_parses() -> None:
    assert parse_args(["--selftest", "--data-dir", "x/y"]).data_dir == Path("x/y")
    assert parse_args([]).data_dir is None
