"""The headless host and the autopilot client as programs (``python -m``), on loopback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_headless_host_and_autopilot_clients_play_to_the_end() -> None:
    host = subprocess.Popen(
        [sys.executable, "-m", "lieng.net.host_cli", "--bind", "127.0.0.1", "--port", "0",
         "--seats", "4", "--bots", "2", "--hands", "3", "--pause", "0", "--bot-speed", "0",
         "--beacon", "off"], stdout=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)
    try:
        assert host.stdout is not None
        ready = json.loads(host.stdout.readline())
        assert ready["listening"] == "127.0.0.1" and ready["port"] > 0
        clients = [subprocess.Popen(
            [sys.executable, "-m", "lieng.net.client_cli", "--host", "127.0.0.1", "--port",
             str(ready["port"]), "--name", name, "--autopilot", "--seconds", "60"],
            stdout=subprocess.PIPE, text=True, env=_env(), cwd=ROOT) for name in ("Ana", "Bảo")]
        outs = [c.communicate(timeout=90)[0] for c in clients]
        assert [c.returncode for c in clients] == [0, 0], outs
        for out in outs:
            first, last = (json.loads(line) for line in out.strip().splitlines())
            assert first["seat"] in (0, 1)
            checks = last.pop("checks_passed") + last.pop("checks_hidden")
            assert checks == 3  # each hand passed, or had a fold and is not checkable
            assert last == {"closed": "finished", "hands": 3, "checks_failed": []}
        assert host.wait(30) == 0
        summary = json.loads(host.stdout.read().strip().splitlines()[-1])
        assert summary == {"closed": "finished", "hands": 3, "errors": []}
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
        if host.stdout is not None:
            host.stdout.close()


def test_client_reports_a_refused_join() -> None:
    out = subprocess.run([sys.executable, "-m", "lieng.net.client_cli", "--host", "127.0.0.1",
                          "--port", "1", "--autopilot"], capture_output=True, text=True,
                         env=_env(), cwd=ROOT, timeout=60)
    assert out.returncode == 2
    assert json.loads(out.stdout)["error"] in ("connect", "timeout")


@pytest.mark.parametrize("args", [["--seats", "7"], ["--bots", "9"], ["--timer", "0"],
                                  ["--bot-level", "Hard"]])
def test_host_rejects_bad_settings(args: list[str]) -> None:
    out = subprocess.run([sys.executable, "-m", "lieng.net.host_cli", "--bind", "127.0.0.1",
                          "--port", "0", "--beacon", "off", *args], capture_output=True,
                         text=True, env=_env(), cwd=ROOT, timeout=60)
    assert out.returncode == 2 and "error" in out.stderr


def test_loopback_selftest_passes() -> None:
    from lieng.devtools import lan_selftest as selftest

    summary = selftest.run(clients=3, hands=3)
    assert summary["ok"], summary
    assert summary["deal"] == "mental"  # the default: nobody reads a person's cards
    assert [c["seat"] for c in summary["clients"]] == [0, 1, 2]
    with pytest.raises(ValueError):
        selftest.loopback_table(clients=2, hands=1, beacon_target="255.255.255.255")


def test_stopping_the_headless_host_tells_the_clients() -> None:
    import signal

    from lieng.net import LanClient

    host = subprocess.Popen(
        [sys.executable, "-m", "lieng.net.host_cli", "--bind", "127.0.0.1", "--port", "0",
         "--seats", "2", "--beacon", "off"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=_env(), cwd=ROOT)
    try:
        assert host.stdout is not None
        port = json.loads(host.stdout.readline())["port"]
        with LanClient("127.0.0.1", port, name="Ana").connect() as client:
            host.send_signal(signal.SIGTERM)
            assert client.wait_until(lambda: client.closed is not None, 10)
            assert client.closed == ("host_left", "The host closed the table.")
        out, err = host.communicate(timeout=10)
        assert host.returncode == 0
        assert json.loads(out.strip().splitlines()[-1])["closed"] == "host_left"
        assert "Warning" not in err
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def test_the_exit_line_counts_every_hand_not_the_kept_ones(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The host keeps only the last hands (``records.MAX_KEPT_HANDS``, 500); the exit line
    said ``"hands": 500`` after 8,000 (issue #23, item 9). Shrunk to 2 here: 7 are played."""
    from lieng.net import host_cli
    from lieng.net import records as records_module

    monkeypatch.setattr(records_module, "MAX_KEPT_HANDS", 2)
    code = host_cli.main(["--bind", "127.0.0.1", "--port", "0", "--seats", "2", "--bots", "2",
                          "--hands", "7", "--pause", "0", "--bot-speed", "0",
                          "--beacon", "off"])
    lines = [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]
    assert code == 0
    assert lines[-1] == {"closed": "finished", "hands": 7, "errors": []}
