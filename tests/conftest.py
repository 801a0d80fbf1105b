"""Test-wide setup: headless SDL, and a temporary user data directory for every test."""

from __future__ import annotations

import gc
import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest
from hypothesis import settings

# Every test writes only under pytest's temporary folders: tests/write_guard.py checks it.
# The workers share one assertion rewrite of the test modules: tests/rewrite_cache.py.
pytest_plugins = ["tests.write_guard", "tests.rewrite_cache"]

# Hypothesis keeps no example database in the checkout: a run must not leave files
# behind for the next one (failures still print their reproducing example).
settings.register_profile("lieng", database=None)
settings.load_profile("lieng")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject's addopts): one worker more than the cores this process may
    use. The suite waits — on sockets between a LAN host and its windows, on the children
    it starts, on short real timeouts — and a third worker on two cores runs while the
    others wait: 183 → 172 s idle on the 2-core build machine, a fourth 181 s (its own
    collection costs more than it fills; docs/PERFORMANCE.md, "The test suite").
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides when it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return cores + 1


def pytest_sessionstart(session: pytest.Session) -> None:
    """A session-wide fallback data folder, set directly, not through monkeypatch: a test
    that calls ``monkeypatch.undo()`` also undoes the per-test folder below, and must then
    land here, never in the real user data directory. It lies in pytest's base temporary
    folder, like everything the suite writes."""
    base = session.config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    data = os.path.join(str(base), "session-data")
    os.makedirs(data, exist_ok=True)
    os.environ["XDG_DATA_HOME"] = data
    os.environ["XDG_CONFIG_HOME"] = os.path.join(data, "config")
    os.environ["LIENG_DATA_DIR"] = os.path.join(data, "lieng")
    # The workers of one run (pytest-xdist) share one cache, in the run's folder above
    # theirs (the interpreter writes each file whole, under a new name it then renames);
    # named as the interpreter names its caches, which the write guard knows.
    # A controller that starts workers leaves the setting to them: the workers it
    # starts would inherit the prefix, and a Python with a prefix reads bytecode from
    # there alone, so each compiled pytest, hypothesis and pytest-xdist from source
    # before its first test (1.8 s of CPU each, three at once, at the start of every run).
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker or not getattr(session.config.option, "numprocesses", None):
        run = base.parent if worker else base
        _cache_bytecode_in(os.path.join(str(run), "__pycache__"))


def _cache_bytecode_in(folder: str) -> None:
    """Let the Pythons the suite starts compile each module once per run, caching the
    bytecode in pytest's temporary folder.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (this project's build machines set it), every
    Python the suite starts — the LAN self-test's windows, the headless host, the CLIs —
    compiled the whole game again from source: a second or more of CPU each. A cache
    prefix under the run's base folder keeps that setting's point (nothing is written
    beside the sources, docs/PERFORMANCE.md "The test suite") and lets every child after
    the first read what the first compiled. The folder goes with pytest's other
    temporary folders.

    Only the children get it: a Python with a prefix reads bytecode from there alone, so
    this process would compile again every library it imports from now on (pygame_gui,
    numpy, PyNaCl: two seconds of each worker's collection) instead of reading the
    bytecode installed beside them."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = folder


_TESTS_RUN = itertools.count(1)
"""Tests started in this process (``_earlier_objects_out_of_the_collector``)."""

FULL_COLLECTION_EVERY = 200
"""How many tests share one freeze of what earlier tests left alive."""


@pytest.fixture(autouse=True)
def _earlier_objects_out_of_the_collector() -> None:
    """What earlier tests left alive — pytest, hypothesis, every imported module and the
    collected tests before the first; then the hand table's 66,000 values, the bots'
    trees, the syntax trees of the import-graph tests — moves out of the cyclic
    collector's sight before each test (``gc.freeze``, which costs nothing). A
    closed window runs a full collection (``GameApp.close``), and a worker that had run the
    engine and bot tests walked half a million such objects in each: 0.25 s a window, a
    fifth of the suite's CPU. Before the freeze, a collection frees what the last test let
    go of (a window's cycles outlive its ``close`` until the fixture holding it is gone);
    with the older objects frozen it walks only the last test's survivors. Every
    ``FULL_COLLECTION_EVERY`` tests the collection is a real full one, so a cycle of
    frozen objects that a later test lets go of is freed too and nothing piles up."""
    if next(_TESTS_RUN) % FULL_COLLECTION_EVERY == 0:
        gc.unfreeze()
    # What the last test let go of (its window, once its fixture list is gone) is freed
    # first; with the older objects frozen this walks only the last test's survivors.
    gc.collect()
    gc.freeze()


_DATA_FOLDERS = itertools.count()
"""Numbers for the per-test data folders (each pytest process has its own base folder)."""


@pytest.fixture(autouse=True)
def _user_data_dir(tmp_path_factory: pytest.TempPathFactory,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing a test does may touch the real user data directory.

    ``LIENG_DATA_DIR`` (``lieng.storage.paths``) is what keeps the tests off it on every
    platform; ``XDG_DATA_HOME`` alone works only on Linux. Both point at the same folder
    (``<tmp>/lieng``, where platformdirs would put it under ``XDG_DATA_HOME``), so a test
    may use either, and anything else resolving XDG paths stays in the temp folder too.

    Each test's folder is a fresh numbered one in a single ``xdg-data`` folder of the
    run: ``tmp_path_factory.mktemp`` lists the whole base folder (and moves a ``current``
    link) on every call, which over a worker's 700 tests was seconds of CPU that grew
    with the square of the count (docs/PERFORMANCE.md, "The test suite").
    """
    root = tmp_path_factory.getbasetemp() / "xdg-data"
    root.mkdir(exist_ok=True)
    data = root / str(next(_DATA_FOLDERS))
    data.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(data / "config"))
    monkeypatch.setenv("LIENG_DATA_DIR", str(data / "lieng"))
