"""``python main.py --selftest --mode lan`` (``lieng.devtools.lan_selftest``): a loopback
host, one real window process per client, exit code 0."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_main_selftest_lan_plays_through_real_windows_and_exits_0() -> None:
    """``python main.py --selftest --mode lan``: a loopback host, one window process per
    client (dummy video driver, three of them: three people deal the mental deal
    together), autopilot key presses, exit code 0."""
    repo = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(repo / "main.py"), "--selftest", "--mode", "lan", "--clients",
         "3", "--hands", "2"], cwd=repo, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    line = done.stdout.strip().splitlines()[-1]
    assert line.startswith("selftest lan ok: 2/2 hands, 3 window clients + 1 bots on 127.0.0.1:")
    assert "deal checks [2, 2, 2]" in line and "chips conserved" in line
    assert line.endswith("the mental deal")  # the default
