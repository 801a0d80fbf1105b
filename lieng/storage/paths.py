"""Where the player's own files live: the platformdirs user data directory.

Nothing the game writes goes anywhere else (issue 5 "Where"): not next to the program,
which may be read-only or shared, and not the working folder. On Linux the directory
follows ``XDG_DATA_HOME`` exactly as platformdirs resolves it, which is also how the
test suite gives every test its own empty directory (``tests/conftest.py``).

The directory is looked up on every call rather than cached, so a changed environment
(tests, a portable launcher) takes effect at once.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "lieng"
"""The folder name under the platform's data directory."""


def data_dir(create: bool = True) -> Path:
    """The user data directory for ``lieng`` (e.g. ``~/.local/share/lieng``).

    Created on demand (with its parents) unless ``create`` is False. Raises ``OSError``
    only if it cannot be created; callers in this package turn that into a message.
    """
    path = platformdirs.user_data_path(APP_NAME, appauthor=False, roaming=False)
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


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
