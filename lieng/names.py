"""Player names are text from strangers: one place makes any of them safe to show.

A name reaches the game from the settings file, the hot-seat setup, a LAN peer's hello or
a discovery beacon, and may hold anything Unicode allows: control characters, bidi
overrides that turn the rest of a line around, zero-width marks, a variation selector with
nothing to attach to, lone surrogates, a NUL. ``display_name`` keeps what a person could
have meant to type and drops the rest, so every later step — layout, drawing, the avatar's
letter, uniqueness at a table — works on a short, visible, normalised string.

>>> display_name("  \\u202eAn\\u200b  Bình \\x00")
'An Bình'
>>> display_name("\\ufe0f\\u034f") is None
True
>>> avatar_letter("Chị Tư"), avatar_letter("Cô Sáu"), avatar_letter("an")
('T', 'S', 'A')
>>> unique_names(["Ana", "Ana", "ana", "Bé"])
['Ana', 'Ana (2)', 'ana (3)', 'Bé']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

MAX_NAME = 24
"""Longest name kept, in characters; longer names are cut, not refused."""

# Code points that draw nothing yet are not format characters (category Cf) — fillers and
# selectors a name can hide behind (Unicode's Default_Ignorable_Code_Point, in part).
_INVISIBLE = frozenset((0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, 0x2800,
                        *range(0x180B, 0x1810), *range(0xFE00, 0xFE10),
                        *range(0xE0100, 0xE01F0), *range(0x1BCA0, 0x1BCA4)))


def _visible(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return not cat.startswith("C") and ord(ch) not in _INVISIBLE


def display_name(raw: object, limit: int = MAX_NAME) -> str | None:
    """``raw`` made safe to show, or None when nothing visible is left (or it is not text).

    NFC; control, format (bidi, zero-width), private-use, unassigned and surrogate code
    points dropped; marks with no letter before them dropped; runs of white space made
    one space; at most ``limit`` characters.
    """
    if not isinstance(raw, str):
        return None
    raw = raw[:limit * 8]  # enough for any real name with its marks; bounds the work
    text = unicodedata.normalize("NFC", "".join(ch for ch in raw
                                               if ch.isspace() or _visible(ch)))
    out: list[str] = []
    for word in text.split():
        kept = "".join(ch for ch in word if _visible(ch))
        # A mark (accent, selector) must follow a letter of its word.
        while kept and unicodedata.category(kept[0]).startswith("M"):
            kept = kept[1:]
        if kept:
            out.append(kept)
    name = " ".join(out)[:limit].strip()
    return name or None


@lru_cache(maxsize=256)
def avatar_letter(name: str) -> str:
    """The letter on a seat's avatar: the given name's first letter (cached: every seat
    draws it every frame).

    A Vietnamese name puts the given name last ("Nguyễn Văn Hùng" is Hùng; "Chị Tư", "Cô
    Sáu" are Tư and Sáu), so it is the last word's first letter, with its accent.
    """
    clean = display_name(name) or "?"
    word = clean.split()[-1]
    letter = word[0]
    for ch in word[1:]:
        if not unicodedata.category(ch).startswith("M"):
            break
        letter += ch
    return unicodedata.normalize("NFC", letter.upper())


def distinct_name(name: str, taken: Iterable[str], limit: int = MAX_NAME) -> str:
    """``name``, or ``name (2)``, ``name (3)``… when a name in ``taken`` is the same
    ignoring case: two "Ana" at one table could not tell who is who.

    >>> distinct_name("Minh", ["minh", "Minh (2)"])
    'Minh (3)'
    """
    used = {t.casefold() for t in taken}
    out, n = name, 1
    while out.casefold() in used:
        n += 1
        suffix = f" ({n})"
        out = name[:limit - len(suffix)].rstrip() + suffix
    return out


def unique_names(names: Iterable[str]) -> list[str]:
    """Names made unique at one table, in order (``distinct_name`` for each)."""
    out: list[str] = []
    for name in names:
        out.append(distinct_name(name, out))
    return out
