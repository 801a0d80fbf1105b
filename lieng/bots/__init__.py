"""Bots for Liêng (issue 3): three heuristic levels with personalities, and baselines.

>>> import random
>>> from lieng.bots import LEVELS, make_bot
>>> LEVELS
('easy', 'normal', 'hard')
>>> bot = make_bot("hard", rng=random.Random(7), personality="careful")
>>> bot.level, bot.personality
('hard', 'careful')

A bot only ever receives what a human in its seat would: ``bot.decide(hand.view_for(seat))``
on its turn and, optionally, ``bot.observe(event)`` for each event of
``hand.events_for(seat)``.
"""

from __future__ import annotations

import random

from lieng.table import BOT_LEVELS

from .base import BaseBot, Bot
from .baselines import CallBot, RaiseBot, RandomBot
from .heuristic import HeuristicBot
from .personality import PERSONALITIES, Personality, pick_personality

LEVELS: tuple[str, ...] = BOT_LEVELS
"""Bot levels, weakest first (defined beside the seats, ``lieng.table.BOT_LEVELS``)."""
BASELINES: tuple[str, ...] = ("random", "call", "raise")
"""Baselines for the league: random-legal, always-call, always-raise."""


def make_bot(level: str, rng: random.Random | None = None,
             personality: str | None = None) -> Bot:
    """A bot of ``level`` (one of ``LEVELS`` or ``BASELINES``).

    ``rng`` drives every random choice the bot makes (default: a fresh ``random.Random()``,
    i.e. not reproducible); ``personality`` is a key of ``PERSONALITIES`` or None to let
    ``rng`` pick one. The seat name comes from the personality.
    """
    rng = rng if rng is not None else random.Random()
    if level in LEVELS:
        style = pick_personality(personality, rng)
        name = rng.choice(style.names)
        return HeuristicBot(level, rng, style, name)
    if personality is not None:
        raise ValueError(f"baseline bots have no personality, got {personality!r}")
    if level == "random":
        return RandomBot(rng)
    if level == "call":
        return CallBot(rng)
    if level == "raise":
        return RaiseBot(rng)
    raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS + BASELINES)}")


__all__ = [
    "BASELINES",
    "LEVELS",
    "PERSONALITIES",
    "BaseBot",
    "Bot",
    "CallBot",
    "HeuristicBot",
    "Personality",
    "RaiseBot",
    "RandomBot",
    "make_bot",
]
