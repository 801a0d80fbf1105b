"""The player's default name follows the language.

The stored setting ``player_name`` defaults to "Bạn" (Vietnamese "you"). A player who never
chose a name should be "You" in English, so a name that is exactly the default of one of the
languages is shown as the current language's default; any other name — one the player chose —
is shown as it is.
"""

from __future__ import annotations

from .i18n import language

DEFAULT_NAMES: dict[str, str] = {"vi": "Bạn", "en": "You"}
"""The player's name when they never chose one, per language."""


def shown_name(name: str, lang: str | None = None) -> str:
    """``name`` as shown in ``lang`` (the current language by default)."""
    if name in DEFAULT_NAMES.values():
        return DEFAULT_NAMES.get(lang or language(), name)
    return name
