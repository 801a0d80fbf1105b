"""A LAN player whose game crashes gets the seat back (issue 22, defect 1): the client
process is killed, the seat sits out without paying antes, and the restarted
``python -m lieng.net.client_cli --name Ana`` reclaims it with the token it kept on disk —
while a stranger typing the same name does not. Everything on 127.0.0.1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from lieng.net import LanClient, LanHost

ROOT = Path(__file__).resolve().parents[2]


def _until(pred: Callable[[], bool], timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.02)
    return False


def _client(port: int, data: Path, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["LIENG_DATA_DIR"] = str(data)  # the player's own data folder: the token is here
    return subprocess.Popen(
        [sys.executable, "-m", "lieng.net.client_cli", "--host", "127.0.0.1", "--port",
         str(port), "--name", "Ana", "--seconds", "60", *extra],
        stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def test_a_killed_client_restarted_reclaims_its_seat(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient],
        tmp_path: Path) -> None:
    host = make_host(seats=3, bots=1, turn_seconds=0.3, grace=30.0, start_when=2)
    first = _client(host.port, tmp_path)
    try:
        assert first.stdout is not None
        seat = json.loads(first.stdout.readline())["seat"]
        make_client(host, "Bảo", pilot=1)
        assert _until(lambda: host.call(lambda: host.table is not None
                                        and host.table.hand_no >= 1))
        first.kill()  # the crash: no goodbye
        first.wait(10)
        first.stdout.close()

        def away() -> bool:
            roster = host.lobby.roster(host.table)
            return not roster.connected[seat] and roster.kinds[seat] == "human"

        assert _until(lambda: host.call(away)), "the host never saw the seat go"
        table = host.table
        assert table is not None

        def sat_out() -> bool:
            hand = table.hand
            return hand is not None and table.in_hand and not hand.dealt_in[seat]

        assert _until(lambda: host.call(sat_out)), "the away seat kept being dealt in"
        stack = host.call(lambda: table.seats[seat].stack)
        sat_out_hand = host.call(lambda: table.hand_no)

        # A stranger calling themselves Ana, with no token, does not get the seat.
        impostor = _client(host.port, tmp_path / "elsewhere", "--fresh")
        out = impostor.communicate(timeout=60)[0]
        assert impostor.returncode == 2 and json.loads(out)["error"] == "table_full"

        # The restarted game: same data folder, same name.
        again = _client(host.port, tmp_path, "--autopilot")
        try:
            assert again.stdout is not None
            line = json.loads(again.stdout.readline())
            assert line["seat"] == seat
            assert host.call(lambda: table.seats[seat].name) == "Ana"
            assert host.call(lambda: table.seats[seat].kind) == "remote"

            first_back: list[int] = []  # the seat's stack as the first hand back began

            def playing_again() -> bool:
                back = next((r for r in host.history if r.dealt_in[seat]
                             and r.hand > sat_out_hand), None)
                if back is not None:
                    first_back.append(back.start_stacks[seat])
                    return True
                return False

            assert _until(lambda: host.call(playing_again)), "the seat never came back in"
            # The antes it missed were never taken: it came back with what it had.
            assert first_back[0] == stack
        finally:
            again.kill()
            again.wait(10)
            if again.stdout is not None:
                again.stdout.close()
        assert host.errors == []
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(10)
