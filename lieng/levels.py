"""The bot levels: the one list every layer shares (the bots, the seats, the saved
settings, the LAN host's configuration and every level picker).

A leaf module — it imports nothing of the package — so that the engine's neighbours and
the screens alike may name a level without reaching up or sideways (docs/ARCHITECTURE.md).

>>> BOT_LEVELS
('easy', 'normal', 'hard', 'expert')
>>> is_level("hard"), is_level("Hard")
(True, False)
>>> is_bot_kind("call"), is_level("call")
(True, False)
"""

from __future__ import annotations

from typing import Literal, TypeGuard

BotLevel = Literal["easy", "normal", "hard", "expert"]
"""A bot seat's level: three heuristic ones and ``expert``, the precomputed equilibrium
(``lieng.bots.expert``)."""

BOT_LEVELS: tuple[BotLevel, ...] = ("easy", "normal", "hard", "expert")
"""The levels, weakest first: the order every picker shows them in."""


Baseline = Literal["random", "call", "raise", "tight", "threshold", "maniac", "shover"]
"""A baseline bot, for the league and the self-tests (``lieng.bots.baselines``), never
offered at a table: random-legal, always-call (the calling station), always-raise, and
simple human habits (tight, threshold, maniac, shover)."""

BASELINES: tuple[Baseline, ...] = ("random", "call", "raise", "tight", "threshold", "maniac",
                                   "shover")

BotKind = BotLevel | Baseline
"""What a bot seat is built as (``lieng.bots.make_bot``): a level, or a baseline."""


def is_level(value: object) -> TypeGuard[BotLevel]:
    """Whether ``value`` (a saved setting, a command-line word) names a bot level."""
    return isinstance(value, str) and value in BOT_LEVELS


def as_level(value: str) -> BotLevel:
    """``value`` as a level, or a ``ValueError`` that names the known ones (a picker's
    choice, a command-line word: text that should be a level but is not checked yet)."""
    if not is_level(value):
        raise ValueError(f"unknown bot level {value!r}; known: {', '.join(BOT_LEVELS)}")
    return value


def as_bot_kind(value: str) -> BotKind:
    """``value`` as a level or a baseline, or a ``ValueError`` that names them (a
    league's or a self-test's command-line word)."""
    if not is_bot_kind(value):
        raise ValueError(f"unknown bot {value!r}; known: {', '.join(BOT_LEVELS + BASELINES)}")
    return value


def is_bot_kind(value: object) -> TypeGuard[BotKind]:
    """Whether ``value`` (a league's or a self-test's command-line word) names a level or
    a baseline."""
    return isinstance(value, str) and (value in BOT_LEVELS or value in BASELINES)
