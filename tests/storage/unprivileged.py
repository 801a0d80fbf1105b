"""Running the game without the power to ignore file permissions, for the folder tests.

The test suite may run as root, who enters any folder; a player does not. As root, a
program is started through ``setpriv``:

- as user 65534 (``--reuid=65534 --regid=65534 --clear-groups``) when that user can run
  this interpreter and reach the test's folder;
- otherwise as root without the two capabilities that bypass permission checks
  (``CAP_DAC_OVERRIDE``, ``CAP_DAC_READ_SEARCH``) — here the interpreter lives under
  ``/root`` (mode 0700), out of user 65534's reach, and root without those capabilities
  is refused by a folder's mode exactly as a user is.

Without root, or without ``setpriv``, the tests skip and say why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOBODY = 65534


@dataclass(frozen=True)
class Runner:
    prefix: tuple[str, ...]
    uid: int
    """The user the program runs as."""
    how: str

    @property
    def other_uid(self) -> int:
        """A user the program is not: a folder of theirs with mode 0700 is closed to it."""
        return 0 if self.uid == NOBODY else NOBODY

    def run(self, argv: list[str], cwd: Path, timeout: float = 300
            ) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        return subprocess.run([*self.prefix, sys.executable, *argv], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=timeout)


def runner(folder: Path) -> Runner:
    """How to run a program unprivileged on ``folder`` here; skips the test if impossible."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("needs root, to run the game as a user who cannot open the folder")
    if shutil.which("setpriv") is None:
        pytest.skip("needs setpriv (util-linux) to drop privileges")
    as_nobody = Runner(("setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}",
                        "--clear-groups"), NOBODY, "user 65534")
    probe = as_nobody.run(["-c", "import os, sys, lieng, pygame; os.stat(sys.argv[1])",
                           str(folder)], cwd=REPO, timeout=60)
    if probe.returncode == 0:
        return as_nobody
    no_dac = Runner(("setpriv", "--bounding-set=-dac_override,-dac_read_search",
                     "--inh-caps=-dac_override,-dac_read_search"), 0,
                    "root without CAP_DAC_OVERRIDE/CAP_DAC_READ_SEARCH")
    closed = folder / "closed-probe"
    closed.mkdir(mode=0)
    try:
        check = no_dac.run(["-c", "import os, sys\ntry:\n    os.listdir(sys.argv[1])\n"
                                  "except PermissionError:\n    sys.exit(0)\nsys.exit(1)",
                            str(closed)], cwd=REPO, timeout=60)
    finally:
        closed.rmdir()
    if check.returncode == 0:
        return no_dac
    pytest.skip("cannot drop privileges here: user 65534 cannot run this interpreter "
                f"({probe.stderr.strip()[-200:]}) and setpriv cannot drop capabilities")
