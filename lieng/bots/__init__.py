"""Bots for Liêng: three heuristic levels with personalities, and baselines.

>>> import random
>>> from lieng.bots import make_bot
>>> bot = make_bot("hard", rng=random.Random(7), personality="careful")
>>> bot.level, bot.personality
('hard', 'careful')

A bot only ever receives what a human in its seat would: ``bot.decide(hand.view_for(seat))``
on its turn and, optionally, ``bot.observe(event)`` for each event of
``hand.events_for(seat)``.

The expert level's class is ``lieng.bots.expert.ExpertBot``, imported by ``make_bot`` the
first time an expert is seated (not with this package: a table without one never loads
its abstraction).
"""

from __future__ import annotations

import random

from lieng.levels import BASELINES, BOT_LEVELS, BotKind

from .base import BaseBot, Bot
from .baselines import (
    CallBot,
    ManiacBot,
    RaiseBot,
    RandomBot,
    ShoverBot,
    ThresholdBot,
    TightBot,
)
from .heuristic import HeuristicBot
from .personality import PERSONALITIES, Personality, pick_personality

_BASELINE_CLASSES = {"random": RandomBot, "call": CallBot, "raise": RaiseBot, "tight": TightBot,
                     "threshold": ThresholdBot, "maniac": ManiacBot, "shover": ShoverBot}


def make_bot(level: BotKind, rng: random.Random | None = None,
             personality: str | None = None) -> Bot:
    """A bot of ``level`` (one of ``lieng.levels.BOT_LEVELS`` or ``BASELINES``).

    ``rng`` drives every random choice the bot makes (default: a fresh ``random.Random()``,
    i.e. not reproducible); ``personality`` is a key of ``PERSONALITIES`` or None to let
    ``rng`` pick one. The seat name comes from the personality.
    """
    rng = rng if rng is not None else random.Random()
    if level in BOT_LEVELS:
        style = pick_personality(personality, rng)
        name = rng.choice(style.names)
        if level == "expert":
            # The equilibrium has no style to change; the personality only names the seat.
            # Imported here: its abstraction is 10-25 ms of a table's start-up that seats no
            # expert (docs/PERFORMANCE.md, "Game window").
            from .expert import ExpertBot

            return ExpertBot(rng, name, style.key)
        return HeuristicBot(level, rng, style, name)
    if personality is not None:
        raise ValueError(f"baseline bots have no personality, got {personality!r}")
    cls = _BASELINE_CLASSES.get(level)
    if cls is not None:
        return cls(rng)
    raise ValueError(f"unknown bot level {level!r}; known: {', '.join(BOT_LEVELS + BASELINES)}")


__all__ = [
    "BASELINES",
    "PERSONALITIES",
    "BaseBot",
    "Bot",
    "CallBot",
    "HeuristicBot",
    "ManiacBot",
    "Personality",
    "RaiseBot",
    "RandomBot",
    "ShoverBot",
    "ThresholdBot",
    "TightBot",
    "make_bot",
]
