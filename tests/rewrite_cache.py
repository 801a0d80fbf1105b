"""One assertion rewrite per run, shared by the pytest-xdist workers.

pytest rewrites every test module's ``assert`` statements (so a failure shows the values
it compared) and caches the result as bytecode beside the sources. Where
``PYTHONDONTWRITEBYTECODE`` is set — this project's build machines and CI set it — nothing
is cached, and every worker parsed, rewrote and compiled all 225 test modules again: 6 of
the 9 s of CPU a worker spent before its first test, three times a run
(docs/PERFORMANCE.md, "The test suite").

Here a child forked by the controller before the workers exist rewrites them once, into a
folder of the run's base temporary folder (nothing is written beside the sources, the
setting's point), and each worker looks there first. A module the child has not reached
yet is rewritten by the worker as before, so the run is never wrong, only less quick; a
pytest whose internals differ from the names below gets no sharing at all. A child, not a
thread: a thread holding the controller's interpreter lock delayed the start of the
workers, whose start-up talks with the controller in many small messages, by 20 s.
Linux only (``os.fork`` there is safe before any thread is started; elsewhere the workers
rewrite as before).

Only where no cache would otherwise exist (``sys.dont_write_bytecode``): a machine that
writes bytecode keeps pytest's own cache beside the sources, which lasts between runs.
"""

from __future__ import annotations

import fnmatch
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

try:
    from _pytest.assertion import rewrite as _rewrite
except ImportError:  # pragma: no cover - a pytest without the module: no sharing
    _rewrite = None  # type: ignore[assignment]

_NEEDED = ("get_cache_dir", "_rewrite_test", "_write_pyc", "PYC_TAIL", "assertstate_key")
_SHARED_ENV = "LIENG_SUITE_REWRITTEN"
"""The folder of rewritten modules, from the controller to its workers."""

_CHILD_KEY = pytest.StashKey[int]()


def _usable() -> bool:
    return _rewrite is not None and all(hasattr(_rewrite, n) for n in _NEEDED)


def cache_dir_in(folder: Path) -> Callable[[Path], Path]:
    """pytest's ``get_cache_dir`` for a cache under ``folder``: the source's own folders
    below it, as Python lays out a ``sys.pycache_prefix``."""

    def cache_dir(file_path: Path) -> Path:
        return folder.joinpath(*file_path.resolve().parts[1:-1])

    return cache_dir


def modules_to_rewrite(args: list[str], start: Path, patterns: list[str]) -> Iterator[Path]:
    """The files pytest will rewrite on collecting ``args`` (``config.args``: what it was
    asked to run, or ``testpaths``), relative to ``start``: every test module (named as
    ``patterns``, ``python_files``) and every ``conftest.py`` below them, in the order
    collection meets them."""
    for arg in args:
        root = start / arg.split("::", 1)[0]
        if root.is_file():
            yield root
            continue
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            for name in sorted(files):
                if name == "conftest.py" or (
                        name.endswith(".py") and any(fnmatch.fnmatch(name, p) for p in patterns)):
                    yield Path(folder) / name


def rewrite_into(config: pytest.Config, files: Iterator[Path], folder: Path) -> int:
    """Rewrite ``files`` as pytest would and store each where a worker looking in
    ``folder`` finds it; the number stored. pytest writes each whole under a temporary
    name and renames it, so a worker never reads half a file."""
    assert _rewrite is not None
    state: Any = config.stash[_rewrite.assertstate_key]
    where = cache_dir_in(folder)
    stored = 0
    for fn in files:
        try:
            source_stat, co = _rewrite._rewrite_test(fn, config)
        except (OSError, SyntaxError, ValueError):
            continue  # the worker meets the same error and reports it as pytest does
        cache = where(fn)
        cache.mkdir(parents=True, exist_ok=True)
        if _rewrite._write_pyc(state, co, source_stat, cache / (fn.name[:-3] + _rewrite.PYC_TAIL)):
            stored += 1
    return stored


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """In a worker, read rewritten modules from the controller's folder; in a controller
    that will start workers, start rewriting them there."""
    if not _usable() or config.getoption("assertmode", "rewrite") != "rewrite":
        return
    shared = os.environ.get(_SHARED_ENV)
    if hasattr(config, "workerinput"):
        if shared and Path(shared).is_dir():
            _rewrite.get_cache_dir = cache_dir_in(Path(shared))  # type: ignore[assignment]
        return
    if not sys.dont_write_bytecode or not getattr(config.option, "numprocesses", None) \
            or not sys.platform.startswith("linux"):
        return
    base: Path = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    folder = base / "__pycache__" / "rewritten"
    folder.mkdir(parents=True, exist_ok=True)
    os.environ[_SHARED_ENV] = str(folder)  # the workers, started after this, inherit it
    child = os.fork()
    if child == 0:  # the child: rewrite, then leave without running pytest's exit code
        status = 1
        try:
            files = modules_to_rewrite(config.args, config.invocation_params.dir,
                                       list(config.getini("python_files")))
            rewrite_into(config, files, folder)
            status = 0
        finally:
            os._exit(status)
    config.stash[_CHILD_KEY] = child


def pytest_unconfigure(config: pytest.Config) -> None:
    child = config.stash.get(_CHILD_KEY, None)
    if child is not None:
        os.waitpid(child, 0)
