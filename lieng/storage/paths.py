"""Where the player's own files live: the platformdirs user data directory.

Nothing the game writes goes anywhere else: not next to the program,
which may be read-only or shared, and not the working folder.

The environment variable ``LIENG_DATA_DIR`` (``DATA_DIR_ENV``), when set to a non-empty
path, replaces that directory outright — the folder itself, no ``lieng`` appended — on
every platform. It is how the test suite gives every test its own empty folder
(``tests/conftest.py``), how ``--selftest`` keeps off the player's real bankroll and
history (``--data-dir``, ``lieng/app.py``) and how the packaged build's smoke test
(``lieng/devtools/build.py``) checks where files are written. ``XDG_DATA_HOME`` is only
honoured on Linux (platformdirs ignores it on Windows and macOS), so it can't serve for
these; without ``LIENG_DATA_DIR`` it still applies on Linux as platformdirs resolves it.

The directory is looked up on every call rather than cached, so a changed environment
(tests, a portable launcher) takes effect at once.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

APP_NAME = "lieng"
"""The folder name under the platform's data directory."""
DATA_DIR_ENV = "LIENG_DATA_DIR"
"""The environment variable naming a data folder to use instead (see the module doc)."""


def override() -> Path | None:
    """The folder ``LIENG_DATA_DIR`` names, or None when it is unset or empty."""
    value = os.environ.get(DATA_DIR_ENV, "").strip()
    return Path(value).expanduser() if value else None


def explicit() -> bool:
    """True when a data folder was chosen explicitly (``LIENG_DATA_DIR`` is set)."""
    return override() is not None


@contextlib.contextmanager
def scratch_data_dir(prefix: str = "lieng-data-") -> Iterator[Path]:
    """Point ``LIENG_DATA_DIR`` at a new, empty temporary folder while the block runs,
    then restore the environment and delete the folder.

    For ``--selftest``: it exercises the real storage (settings, bankroll and history
    files are created and read back in that folder) without touching the player's own
    chips or history. Child processes started inside the block inherit the variable, so
    a LAN self-test's windows share the folder.
    """
    previous = os.environ.get(DATA_DIR_ENV)
    with tempfile.TemporaryDirectory(prefix=prefix, ignore_cleanup_errors=True) as tmp:
        os.environ[DATA_DIR_ENV] = tmp
        try:
            yield Path(tmp)
        finally:
            if previous is None:
                os.environ.pop(DATA_DIR_ENV, None)
            else:
                os.environ[DATA_DIR_ENV] = previous


def data_dir(create: bool = True) -> Path:
    """The user data directory for ``lieng`` (e.g. ``~/.local/share/lieng``), or the
    folder ``LIENG_DATA_DIR`` names.

    Created on demand (with its parents) unless ``create`` is False. Raises ``OSError``
    only if it cannot be created; callers in this package turn that into a message.
    """
    path = override()
    if path is None:
        # Imported when first asked: a window opened with settings given (a table's start
        # in bench/frames.py) never reads the folder (~8 ms, docs/PERFORMANCE.md).
        import platformdirs

        path = platformdirs.user_data_path(APP_NAME, appauthor=False, roaming=False)
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def folder_refusal(folder: Path) -> OSError | None:
    """Why the player may not use ``folder`` at all — it cannot be listed or entered (mode
    000, or another user's with 0700) — or None. Only then: a folder that is merely
    read-only is still read, and its saves report themselves. A folder that does not exist
    yet is no refusal (it is created on the first save). In Python 3.11 ``Path.exists()``
    raises ``PermissionError`` inside such a folder, which once stopped start-up."""
    try:
        os.listdir(folder)
        os.stat(folder / "settings.json")
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None  # a file where the folder belongs: every write reports it
    except OSError as exc:
        return exc
    return None


def resolve_root(root: Path | None) -> Path:
    """``root`` if given (tests, tools), else the user data directory, created if needed.

    If the user data directory cannot be created the path is still returned: every read
    then finds nothing (defaults) and every write reports a message instead of crashing.
    """
    if root is not None:
        return Path(root)
    try:
        return data_dir(create=True)
    except OSError:
        return data_dir(create=False)
