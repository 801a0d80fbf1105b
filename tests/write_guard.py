"""The suite's rule that a test writes only under pytest's temporary folders, enforced.

A test that writes to ``/tmp/story`` passes on the machine that made the folder and fails
on a new one; a test that leaves a file in the checkout or in ``$HOME`` changes what the
next run sees. Two nets catch both:

* an audit hook (PEP 578) sees every file this process opens for writing, creates,
  renames or removes, from the test's own code and from the game's, and the test fails at
  its teardown naming the path — whatever the machine already holds;
* in CI (``CI`` set, where ``.ci/run`` gives the suite a fresh ``/tmp`` and ``HOME``) the
  session compares those folders and the checkout before and after, which also catches
  writes from C code (SDL saving a PNG) and from child processes.

Allowed: pytest's base temporary folder (every ``tmp_path`` and ``tmp_path_factory``
folder lies in it), ``os.devnull``, and the folder a person names in ``LIENG_TEST_SHOTS``
to look at screenshots (``tests/ui/helpers.py``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_PATH_EVENTS: dict[str, tuple[tuple[int, int | None], ...]] = {
    # event name -> (position of a path argument, position of its dir_fd or None)
    "os.mkdir": ((0, 2),), "os.remove": ((0, 1),), "os.rmdir": ((0, 1),),
    "os.truncate": ((0, None),), "os.rename": ((0, 2), (1, 3)), "os.replace": ((0, 2), (1, 3)),
    "os.link": ((0, 2), (1, 3)), "os.symlink": ((1, 2),), "os.mkfifo": ((0, 2),),
    "os.mknod": ((0, 3),), "shutil.rmtree": ((0, 1),),
}


def _dir_of_fd(fd: int) -> str | None:
    """The folder an open ``dir_fd`` stands for, where the system can say (Linux)."""
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return None


class WriteGuard:
    """Collects the writes made outside the allowed folders while a test runs."""

    def __init__(self) -> None:
        self.allowed: tuple[str, ...] = ()
        self.active = False
        self.outside: list[str] = []
        self._installed = False

    def install(self) -> None:
        if not self._installed:
            sys.addaudithook(self._hook)
            self._installed = True

    def allow(self, *folders: str | os.PathLike[str]) -> None:
        self.allowed = tuple(os.path.realpath(f) for f in folders)

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.active:
            return
        if event == "open":
            path, _mode, flags = args
            if isinstance(path, int) or not isinstance(flags, int) or not flags & _WRITE_FLAGS:
                return
            self._check(path)
        elif event in _PATH_EVENTS:
            for at, fd_at in _PATH_EVENTS[event]:
                path = args[at] if at < len(args) else None
                if not isinstance(path, (str, bytes, os.PathLike)):
                    continue
                fd = args[fd_at] if fd_at is not None and fd_at < len(args) else None
                if isinstance(fd, int) and not os.path.isabs(os.fsdecode(path)):
                    folder = _dir_of_fd(fd)
                    if folder is None:
                        continue  # cannot tell where; the CI snapshot still sees it
                    path = os.path.join(folder, os.fsdecode(path))
                self._check(path)

    def _check(self, path: str | bytes | os.PathLike[str]) -> None:
        name = os.fsdecode(path)
        if name == os.devnull:
            return
        self.active = False  # realpath itself is audited; never recurse
        try:
            # The folder resolved, not the name: renaming or replacing a link the test
            # made in its folder touches the link, not what it points at.
            parent, leaf = os.path.split(os.path.abspath(name))
            real = os.path.join(os.path.realpath(parent), leaf)
        finally:
            self.active = True
        if not any(real == a or real.startswith(a + os.sep) for a in self.allowed):
            self.outside.append(real)

    def begin(self) -> None:
        self.outside = []
        self.active = True

    def end(self) -> list[str]:
        self.active = False
        found, self.outside = sorted(set(self.outside)), []
        return found


GUARD = WriteGuard()

_IGNORED_NAMES = {"__pycache__", ".pytest_cache", ".hypothesis", ".git"}
"""Python's, pytest's and git's own files: not written by a test."""


def snapshot(roots: list[Path], skip: list[Path]) -> set[str]:
    """Every file and folder below ``roots`` except below ``skip`` (CI's fresh folders)."""
    skipped = {os.path.realpath(s) for s in skip}
    seen: set[str] = set()

    def walk(folder: str) -> Iterator[str]:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        for e in entries:
            real = os.path.realpath(e.path)
            if real in skipped or e.name in _IGNORED_NAMES:
                continue
            yield real
            if e.is_dir(follow_symlinks=False):
                yield from walk(e.path)

    for root in roots:
        if root.is_dir():
            seen.update(walk(str(root)))
    return seen


# The pytest plugin (loaded by tests/conftest.py).

_ROOTS_KEY = pytest.StashKey[tuple[list[Path], list[Path], set[str]]]()


def _is_cache(path: str) -> bool:
    return any(part in _IGNORED_NAMES for part in Path(path).parts)


def pytest_configure(config: pytest.Config) -> None:
    GUARD.install()


def pytest_sessionstart(session: pytest.Session) -> None:
    """Point every temporary file of the run into pytest's base folder, and in CI take
    the before-picture of ``/tmp``, ``$HOME`` and the checkout."""
    base = session.config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    original_temp = tempfile.gettempdir()
    scratch = base / "tmp"
    scratch.mkdir(exist_ok=True)
    tempfile.tempdir = str(scratch)
    os.environ["TMPDIR"] = str(scratch)  # child processes too
    shots = os.environ.get("LIENG_TEST_SHOTS")
    GUARD.allow(base, *([shots] if shots else []))
    if os.environ.get("CI"):
        roots = [Path(original_temp), Path(session.config.rootpath)]
        if os.environ.get("HOME"):
            roots.append(Path(os.environ["HOME"]))
        skip = [base] + ([Path(shots)] if shots else [])
        # pytest's own folder for this user: its earlier runs it prunes, and under
        # pytest-xdist every worker's base folder (``pytest-N/popen-gwK``) lies in it.
        skip += [p for p in base.parents if p.name.startswith("pytest-of-")]
        session.config.stash[_ROOTS_KEY] = (roots, skip, snapshot(roots, skip))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _ROOTS_KEY not in session.config.stash:
        return
    roots, skip, before = session.config.stash[_ROOTS_KEY]
    new = sorted(p for p in snapshot(roots, skip) - before if not _is_cache(p))
    if new:
        shown = "\n  ".join(new[:20]) + ("\n  …" if len(new) > 20 else "")
        print(f"\nThe tests wrote outside pytest's temporary folders:\n  {shown}",
              file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True)
def _writes_stay_in_tmp() -> Iterator[None]:
    GUARD.begin()
    yield
    found = [p for p in GUARD.end() if not _is_cache(p)]
    if found:
        pytest.fail("wrote outside its temporary folder: " + ", ".join(found[:5]),
                    pytrace=False)
