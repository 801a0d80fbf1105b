"""Personalities: the style a bot plays with inside its level.

A personality shifts a few knobs of the heuristic — how much equity it wants before
calling, how readily and how big it raises, how often it bluffs or slow-plays — and
gives the bot a seat name of the kind heard at a Vietnamese table (kinship terms plus a
birth-order number: "Cô Sáu", "Chú Tư"). The knobs are small offsets so that a level's
strength (measured by the league, docs/BOTS.md) stays the level's, whatever the style.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Personality:
    """One style. Offsets are added to a level's base values; multipliers scale them."""

    key: str
    """Stable identifier ("careful", "loose", …) used in settings and the league."""
    label_vi: str
    label_en: str
    names: tuple[str, ...]
    """Seat names this personality may take; the bot's rng picks one."""
    tightness: float
    """Added to the equity a call needs (positive: folds more)."""
    aggression: float
    """Subtracted from the equity a value raise needs (positive: raises more)."""
    size: float
    """Multiplies bet sizes."""
    bluff: float
    """Multiplies the bluff rate."""
    slowplay: float
    """Multiplies the slow-play rate."""


PERSONALITIES: dict[str, Personality] = {p.key: p for p in (
    Personality("careful", "cẩn thận", "careful", ("Cô Sáu", "Bác Hai", "Cô Ba"),
                tightness=0.04, aggression=-0.03, size=0.85, bluff=0.5, slowplay=0.6),
    Personality("loose", "ham chơi", "loose", ("Chú Tư", "Anh Bảy", "Cậu Út"),
                tightness=-0.04, aggression=0.0, size=1.0, bluff=1.1, slowplay=0.8),
    Personality("aggressive", "máu lửa", "aggressive", ("Anh Ba", "Chú Năm", "Anh Tám"),
                tightness=0.0, aggression=0.05, size=1.3, bluff=1.6, slowplay=0.4),
    Personality("calm", "điềm tĩnh", "calm", ("Chị Hai", "Bà Chín", "Dì Sáu"),
                tightness=0.0, aggression=0.0, size=1.0, bluff=1.0, slowplay=1.0),
    Personality("tricky", "mưu mẹo", "tricky", ("Ông Năm", "Chị Tư", "Anh Mười"),
                tightness=0.01, aggression=0.01, size=1.1, bluff=1.3, slowplay=1.8),
)}
"""Every personality, by key."""


def pick_personality(key: str | None, rng: random.Random) -> Personality:
    """The personality named ``key``, or one drawn with ``rng`` when ``key`` is None."""
    if key is None:
        return PERSONALITIES[rng.choice(sorted(PERSONALITIES))]
    try:
        return PERSONALITIES[key]
    except KeyError:
        raise ValueError(f"unknown personality {key!r}; known: "
                         f"{', '.join(sorted(PERSONALITIES))}") from None
