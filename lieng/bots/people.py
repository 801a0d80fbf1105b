"""A human-like habit of play, by hand strength: the parametric family issue #20 asks for
(fold/call/raise thresholds by strength, size-aware or not, raise sizes from the minimum
to 20 × *B*, bluff and slow-play rates, an all-in calling threshold, re-raising or not).
The population league plays it in the real game (``population.HumanLike``) and the
people blueprint's trainer in the abstract one (``mccfr.Person``): one description, two
players (docs/BOTS.md "Population league")."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TypeVar

from .heuristic import SHOVE_STRENGTH


@dataclass(frozen=True, slots=True)
class Profile:
    """One human habit, by hand strength *s* (the share of hands it beats)."""

    fold_below: float
    """Facing a bet, folds below this strength..."""
    size_slope: float
    """...plus this × (owed / pot, at most 1): 0 for a player who ignores the size."""
    raise_above: float
    """Raises from this strength up."""
    k_lo: int
    k_hi: int
    """Its raises are k × B, k uniform in k_lo..k_hi (clamped to what is legal)."""
    bluff: float
    """Chance to raise a hand below ``fold_below`` anyway."""
    slowplay: float
    """Chance to only call a hand it would raise."""
    allin_call: float
    """Calls an all-in only from this strength up."""
    reraise: bool
    """Raises again once someone has raised this hand (False: only calls then)."""
    shove_above: float
    """Moves all-in from this strength (> 1: never); never below ``SHOVE_STRENGTH``."""

    def describe(self) -> str:
        aware = f"+{self.size_slope:.2f}·size" if self.size_slope else ""
        shove = f" shove≥{self.shove_above:.2f}" if self.shove_above <= 1 else ""
        return (f"fold<{self.fold_below:.2f}{aware} raise≥{self.raise_above:.2f} "
                f"k{self.k_lo}-{self.k_hi} bluff {self.bluff:.0%} slow {self.slowplay:.0%} "
                f"all-in call≥{self.allin_call:.2f} "
                f"{'re-raises' if self.reraise else 'no re-raise'}{shove}")


P = TypeVar("P", bound=Profile)


def draw_habits(rng: random.Random, kind: type[P], spent_draw: bool) -> P:
    """One habit of the family, its typical raise log-uniform in 1–20 × *B*.

    ``spent_draw``: draw, before the re-raise coin, a parameter that never played. It was a
    "bet over 1–4 pots" size, called only as an all-in would be — compared with
    ``view.pot``, which already holds the bet, so it never fired (the amount owed never
    passes the pot). Made to fire, every configuration would fold to raises over 1–4 of
    the ante pots (most raises: the pot before one is 2 × *B* heads-up), leaving none
    that ignores the size, against the family's "size-aware or not" (docs/BOTS.md,
    "Population league"); so it went, and the population league keeps its draw, so that
    every seed keeps the configurations every figure was measured on. The people
    blueprint's trainer never had it."""
    mid = math.exp(rng.uniform(0.0, math.log(20.0)))
    k_lo = max(1, round(mid / rng.choice((1.0, 1.5, 2.0))))
    k_hi = min(20, max(k_lo, round(mid * rng.choice((1.0, 1.5, 2.0)))))
    fold_below = rng.uniform(0.15, 0.6)
    size_slope = rng.uniform(0.1, 0.35) if rng.random() < 0.5 else 0.0
    raise_above = rng.uniform(0.65, 0.95)
    bluff = rng.uniform(0.0, 0.15) if rng.random() < 0.6 else 0.0
    slowplay = rng.uniform(0.0, 0.4)
    allin_call = rng.uniform(0.75, 0.97)
    if spent_draw:
        rng.uniform(1.0, 4.0)
    reraise = rng.random() < 0.5
    shove_above = rng.choice((SHOVE_STRENGTH, 0.98, 2.0))
    return kind(fold_below=fold_below, size_slope=size_slope, raise_above=raise_above,
                k_lo=k_lo, k_hi=k_hi, bluff=bluff, slowplay=slowplay,
                allin_call=allin_call, reraise=reraise, shove_above=shove_above)
