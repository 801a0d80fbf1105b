"""Sane limits for every number the game reads back from disk.

A file that holds a number the game itself could never have written — a balance of
10^100 chips, a pot of 10^40, a negative place in a game's standings, a refill dated in
the year 9999 — was edited or damaged, and is refused by the loaders like any other bad
file (kept aside, ``.bak`` or the defaults used, one message), instead of loading silently
and breaking the screens, the statistics or the daily refill later. The writers refuse to
go past the same limits, so a file the game wrote always loads again.

The figures are documented for players and tools in ``docs/UI.md`` ("Limits on saved
values").
"""

from __future__ import annotations

from typing import Any

MAX_CHIPS = 2**53 - 1
"""Most chips any amount may be: a balance, chips at a table, a stack, a bet, a pot, a
hand's or a game's result (as −MAX_CHIPS..MAX_CHIPS). 9,007,199,254,740,991 is the largest
whole number a JSON reader using doubles (JavaScript, spreadsheets) still reads exactly,
so a bigger number in a file could never have come from an honest save, and a file the
game writes stays exact for every other tool. A player starts with 10,000 chips."""
MAX_HANDS = 2**53 - 1
"""Most hands a bankroll or a game may count (same reasoning as ``MAX_CHIPS``)."""
MAX_RAISE_MULTIPLE = 1_000
"""Largest raise multiple *k* or slider end a saved table may have (the game offers 20)."""
MAX_ROUNDS = 1_000
"""Largest ``max_rounds`` of a saved table, and largest round number of a saved event
(the game plays 3 raising rounds; a hand with six players ends well within this)."""
MAX_TURN_SECONDS = 24 * 3600
"""Longest turn timer a saved table may have (the game offers 0–30 s)."""
MAX_DOCUMENT_BYTES = 1 << 20
"""Largest settings or bankroll file read (1 MiB; a real one is under 2 KB). A bigger
file is a bad file: kept aside, never read whole (``atomic.read_regular``)."""
MAX_HISTORY_FILE_BYTES = 32 << 20
"""Largest history file read (32 MiB; the game rotates files at 2 MB). A bigger one is
listed as unreadable and left as it is, never read whole into memory."""


def is_whole(value: Any) -> bool:
    """An ``int`` that is not a ``bool`` (JSON ``true`` is not 1 chip)."""
    return isinstance(value, int) and not isinstance(value, bool)


def within(value: Any, lo: int, hi: int) -> bool:
    """``value`` is a whole number in ``lo..hi``."""
    return is_whole(value) and lo <= value <= hi


def chips(value: Any) -> bool:
    """A whole number of chips, 0..``MAX_CHIPS``."""
    return within(value, 0, MAX_CHIPS)


def signed_chips(value: Any) -> bool:
    """A result in chips (won or lost), −``MAX_CHIPS``..``MAX_CHIPS``."""
    return within(value, -MAX_CHIPS, MAX_CHIPS)


__all__ = ["MAX_CHIPS", "MAX_DOCUMENT_BYTES", "MAX_HANDS", "MAX_HISTORY_FILE_BYTES",
           "MAX_RAISE_MULTIPLE", "MAX_ROUNDS", "MAX_TURN_SECONDS", "chips", "is_whole",
           "signed_chips", "within"]
