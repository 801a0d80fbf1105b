"""One assertion rewrite per run, shared by the pytest-xdist workers.

pytest rewrites every test module's ``assert`` statements (so a failure shows the values
it compared) and caches the result as bytecode beside the sources. Where
``PYTHONDONTWRITEBYTECODE`` is set — this project's build machines and CI set it — nothing
is cached, and every worker parsed, rewrote and compiled all 300 test modules again:
7 s of CPU, three times a run (docs/PERFORMANCE.md, "The test suite").

Here the workers share the work: the controller names a folder in the run's base
temporary folder (nothing is written beside the sources, the setting's point), and each
worker, before it collects, rewrites every n-th module into it (worker k of n: modules
k, k + n, …, in the order collection meets them), then collects reading the others'
modules from there. A module not stored yet is rewritten by the worker as before, so
the run is never wrong, only less quick; a pytest whose internals differ from the names
below gets no sharing at all. (An earlier design rewrote them all in one child forked by
the controller; the workers overtook it and rewrote most modules themselves.)

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
    """In a controller that will start workers, name the shared folder; in a worker,
    rewrite its share of the modules into it and read the rest from there."""
    if not _usable() or config.getoption("assertmode", "rewrite") != "rewrite":
        return
    if hasattr(config, "workerinput"):
        shared = os.environ.get(_SHARED_ENV)
        if shared and Path(shared).is_dir():
            rewrite_share(config, Path(shared))
            _rewrite.get_cache_dir = cache_dir_in(Path(shared))  # type: ignore[assignment]
        return
    if not sys.dont_write_bytecode or not getattr(config.option, "numprocesses", None):
        return
    base: Path = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    folder = base / "__pycache__" / "rewritten"
    folder.mkdir(parents=True, exist_ok=True)
    os.environ[_SHARED_ENV] = str(folder)  # the workers, started after this, inherit it


def worker_share(files: list[Path], worker: str, count: str) -> list[Path]:
    """The modules worker ``worker`` (``gw<k>``) of ``count`` rewrites for all: every
    ``count``-th, from its own index. Nothing for a name or count it cannot read."""
    try:
        k, n = int(worker.removeprefix("gw")), int(count)
    except ValueError:
        return []
    return files[k::n] if 0 <= k < n else []


def rewrite_share(config: pytest.Config, folder: Path) -> int:
    """This worker's share of the rewriting, stored in ``folder``; the number stored."""
    files = list(modules_to_rewrite(config.args, config.invocation_params.dir,
                                    list(config.getini("python_files"))))
    share = worker_share(files, os.environ.get("PYTEST_XDIST_WORKER", ""),
                         os.environ.get("PYTEST_XDIST_WORKER_COUNT", ""))
    return rewrite_into(config, iter(share), folder)
