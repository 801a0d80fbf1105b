"""The player's default name follows the language.

The stored setting ``player_name`` defaults to "Bạn" (Vietnamese "you"). A player who never
chose a name should be "You" in English, so a name that is exactly the default of one of the
languages is shown as the current language's default; any other name — one the player chose —
is shown as it is.
"""

from __future__ import annotations

import re

from lieng.ui.core.i18n import language

DEFAULT_NAMES: dict[str, str] = {"vi": "Bạn", "en": "You"}
"""The player's name when they never chose one, per language."""
PLAYER_WORD: dict[str, str] = {"vi": "Người chơi", "en": "Player"}
"""The LAN name default and the hot-seat placeholders ("Người chơi 2"), per language."""
_NUMBERED = re.compile(r"(Người chơi|Player)(?: (\d+))?")


def shown_name(name: str, lang: str | None = None) -> str:
    """``name`` as shown in ``lang`` (the current language by default)."""
    lang = lang or language()
    if name in DEFAULT_NAMES.values():
        return DEFAULT_NAMES.get(lang, name)
    m = _NUMBERED.fullmatch(name)
    if m is not None:
        word = PLAYER_WORD.get(lang, m.group(1))
        return f"{word} {m.group(2)}" if m.group(2) else word
    return name
