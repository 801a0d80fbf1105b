"""One translation mechanism for the whole window: python-i18n, the library pygame_gui
itself uses, with our strings in ``assets/translations/lieng.<locale>.json``.

pygame_gui elements are given keys such as ``"lieng.menu.play"`` and translate (and
re-translate on a language switch) themselves; text we draw ourselves goes through ``t``.
Vietnamese is the default language; English is the other one offered.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Any

import i18n
import i18n.config

from lieng.resources import asset
from lieng.storage.settings import LANGUAGES

DEFAULT_LANGUAGE = "vi"
NAMESPACE = "lieng"

_configured = False
_cache: dict[tuple[object, ...], str] = {}


def configure(language: str = DEFAULT_LANGUAGE) -> None:
    """Point python-i18n at our files (once) and choose the language."""
    global _configured
    if not _configured:
        i18n.set("file_format", "json")
        i18n.set("filename_format", "{namespace}.{locale}.{format}")
        i18n.set("fallback", "en")
        i18n.set("available_locales", list(LANGUAGES))
        path = str(asset("translations"))
        if path not in i18n.load_path:
            i18n.load_path.append(path)
        _configured = True
    set_language(language)


def set_language(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"unsupported language {language!r}; choose one of {LANGUAGES}")
    i18n.set("locale", language)


_settings = i18n.config.settings
"""python-i18n's settings, which ``i18n.set`` changes in place (pygame_gui's too)."""


def language() -> str:
    """The current language. Read straight from python-i18n's settings: it is asked
    dozens of times a frame (every drawn amount and name)."""
    return str(_settings["locale"])


def key(name: str) -> str:
    """The full i18n key for one of our strings (for pygame_gui elements)."""
    return f"{NAMESPACE}.{name}"


def t(name: str, **kwargs: Any) -> str:
    """Our string ``name`` in the current language, NFC-normalised (ARCHITECTURE.md:
    fonts render composed Vietnamese letters best). ``%{x}`` placeholders take kwargs."""
    loc = language()
    ck = (loc, name, tuple(sorted(kwargs.items()))) if kwargs else (loc, name)
    hit = _cache.get(ck)
    if hit is not None:
        return hit
    text = unicodedata.normalize("NFC", str(i18n.t(key(name), **kwargs)))
    if len(_cache) > 2000:
        _cache.clear()
    _cache[ck] = text
    return text


def has(name: str, lang: str) -> bool:
    """True when ``name`` is translated in ``lang`` (tests check every key we use)."""
    full = key(name)
    i18n.resource_loader.search_translation(full, lang)
    return bool(i18n.translations.has(full, lang))


def chips(amount: int) -> str:
    """A chip amount with the language's thousands separator: 12.500 (vi), 12,500 (en)."""
    s = f"{amount:,}"
    return s.replace(",", ".") if language() == "vi" else s


def moment(when: datetime) -> str:
    """When a hand was played, as the history's list and the replay show it: day first,
    as Vietnamese dates are written (01/12/2026  21:05)."""
    return when.strftime("%d/%m/%Y  %H:%M")
