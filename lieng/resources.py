"""Where the game's own files are.

``assets/`` lives at the top of the checkout but inside the package (``lieng/assets``)
once installed from a wheel or frozen by PyInstaller. Both are found relative to the
package itself — never the working folder or ``sys.executable`` — so the game runs the
same from a checkout, a ``pip install .`` and the packaged executable.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import lieng


@cache
def assets_dir() -> Path:
    """The folder holding fonts, sounds, the theme and translations."""
    here = Path(lieng.__file__).resolve().parent
    for candidate in (here / "assets", here.parent / "assets"):
        if (candidate / "fonts").is_dir():
            return candidate
    raise FileNotFoundError(
        f"the game's assets folder is missing (looked in {here / 'assets'} and "
        f"{here.parent / 'assets'}); reinstall the game")


def asset(*parts: str) -> Path:
    """A file under ``assets/``, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    return assets_dir().joinpath(*parts)
