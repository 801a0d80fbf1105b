"""The guard in tests/write_guard.py fails a test that writes outside its temporary folder.

Each case runs a small suite of its own in a child pytest with the guard loaded, as the
real suite loads it, and reads the outcome of every test in it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent

LEAKS = {
    "open": "open(OUT / 'a', 'w').write('x')",
    "os_open": "os.close(os.open(OUT / 'b', os.O_WRONLY | os.O_CREAT))",
    "mkdir": "os.mkdir(OUT / 'c')",
    "rename": "p = tmp_path / 'a'; p.write_text('x'); os.rename(p, OUT / 'd')",
    "pathlib": "(OUT / 'e').write_bytes(b'x')",
    "from_a_thread": ("t = threading.Thread(target=lambda: (OUT / 'f').write_text('x'));"
                      " t.start(); t.join()"),
}
FINE = {
    "tmp_path": "(tmp_path / 'x').write_text('x'); os.mkdir(tmp_path / 'd')",
    "tempfile": "tempfile.mkstemp(); tempfile.mkdtemp()",
    "shots_folder": "(SHOTS / 'a.png').write_bytes(b'x')",
    "devnull": "open(os.devnull, 'w').write('x')",
}


def _run(pytester: pytest.Pytester, env: pytest.MonkeyPatch, cases: dict[str, str],
         values: dict[str, str]) -> pytest.RunResult:
    tests = "\n".join(f"def test_{name}(tmp_path):\n    {body}\n" for name, body in cases.items())
    pytester.makepyfile(test_inner="import os, subprocess, sys, tempfile, threading\n"
                        "from pathlib import Path\n"
                        "OUT = Path(os.environ['OUT'])\n"
                        "SHOTS = Path(os.environ.get('LIENG_TEST_SHOTS', '.'))\n\n" + tests)
    for name in ("CI", "LIENG_TEST_SHOTS"):
        env.delenv(name, raising=False)
    # Only pytest and the guard in the child: the installed plugins (xdist, hypothesis…)
    # play no part in what is checked and were half of each child's start-up CPU.
    for k, v in {"PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
                 **values}.items():
        env.setenv(k, v)
    return pytester.runpytest_subprocess("-p", "tests.write_guard", "-p", "no:cacheprovider",
                                         "-rE")


def test_a_write_outside_fails_its_test_and_names_the_path(
        pytester: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outside = tmp_path / "outside"  # not inside the child run's own temporary folders
    shots = tmp_path / "shots"
    outside.mkdir()
    shots.mkdir()
    result = _run(pytester, monkeypatch, {**LEAKS, **FINE},
                  {"OUT": str(outside), "LIENG_TEST_SHOTS": str(shots)})
    result.assert_outcomes(passed=len(LEAKS) + len(FINE), errors=len(LEAKS))
    out = result.stdout.str()
    failed = set(re.findall(r"ERROR at teardown of test_(\w+) _", out))
    assert failed == set(LEAKS)
    assert out.count(f"wrote outside its temporary folder: {outside}") == len(LEAKS)


@pytest.mark.skipif(sys.platform == "win32", reason="the child's HOME is a POSIX idea")
def test_in_ci_a_child_process_writing_into_home_fails_the_run(
        pytester: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the audit hook cannot see (another process, C code) the CI snapshot does."""
    home = tmp_path / "home"
    home.mkdir()
    body = ("subprocess.run([sys.executable, '-c', "
            "f'open({str(OUT / \"left-behind\")!r}, \"w\").write(\"x\")'], check=True)")
    result = _run(pytester, monkeypatch, {"child": body},
                  {"OUT": str(home), "CI": "true", "HOME": str(home)})
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=1)
    result.stderr.fnmatch_lines(["*wrote outside pytest's temporary folders*",
                                 "*left-behind*"])
