"""Baseline bots for the league: what a bot level must beat.

Fixed strategies that copy simple human habits (tight, threshold with
bluffs, maniac, shover); ``call`` is the calling station.

They are deliberately simple, but they keep the never-do rules that cost nothing to keep:
none folds when a check is free (except ``random``, whose point is to be uniform over the
legal actions).
"""

from __future__ import annotations

import random

from lieng.engine import Action, HandCategory, HandView, evaluate

from .base import BaseBot, legal_of
from .strength import strength


class RandomBot(BaseBot):
    """Uniform over the legal action kinds; a raise picks ``k`` uniformly in range."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__("random", rng, "Ngẫu nhiên")

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        choices = [Action.fold(), Action.call()]
        if legal.raise_k:
            choices.append(Action.raise_(self.rng.choice(legal.raise_k)))
        if legal.all_in is not None:
            choices.append(Action.all_in())
        return self.rng.choice(choices)


class CallBot(BaseBot):
    """Always calls (checks when nothing is owed): the calling station."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__("call", rng, "Luôn theo")

    def decide(self, view: HandView) -> Action:
        legal_of(view)
        return Action.call()


class RaiseBot(BaseBot):
    """Always raises when allowed (``k`` uniform in range), else calls: the maniac.

    It never shoves: when no raise leaves chips behind it calls.
    """

    def __init__(self, rng: random.Random) -> None:
        super().__init__("raise", rng, "Luôn tố")

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        if legal.raise_k:
            return Action.raise_(self.rng.choice(legal.raise_k))
        return Action.call()


class TightBot(BaseBot):
    """The tight human habit: folds to any bet without ảnh or 8–9 points,
    raises the largest allowed size with sáp or liêng, otherwise checks or calls.

    It never folds a free check and never shoves (a raise that would take the whole stack
    is not a raise; it calls instead).
    """

    def __init__(self, rng: random.Random) -> None:
        super().__init__("tight", rng, "Chặt chẽ")

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        value = evaluate(view.my_cards, view.rules)
        if value.category >= HandCategory.LIENG and legal.raise_k:
            return Action.raise_(legal.raise_k[-1])
        playable = value.category >= HandCategory.ANH or (value.points or 0) >= 8
        if legal.call == 0 or playable:
            return Action.call()
        return Action.fold()


class ThresholdBot(BaseBot):
    """A threshold player: the hand's exact strength decides — weak hands fold
    to a bet, strong ones raise 1–2 × B, and 7 % of the time a weak hand bluff-raises.

    Thresholds: weak below 0.5 (worse than a random hand), strong from 0.8.
    """

    WEAK = 0.5
    STRONG = 0.8
    BLUFF = 0.07

    def __init__(self, rng: random.Random) -> None:
        super().__init__("threshold", rng, "Ngưỡng")

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        s = strength(view.my_cards, view.rules)
        small = [k for k in legal.raise_k if k <= 2]
        if s >= self.STRONG and small:
            return Action.raise_(self.rng.choice(small))
        if s < self.WEAK:
            if small and self.rng.random() < self.BLUFF:
                return Action.raise_(self.rng.choice(small))
            if legal.call > 0:
                return Action.fold()
        return Action.call()


class ManiacBot(BaseBot):
    """Always the largest raise allowed, else calls (never shoves)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__("maniac", rng, "Liều mạng")

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        if legal.raise_k:
            return Action.raise_(legal.raise_k[-1])
        return Action.call()


class ShoverBot(BaseBot):
    """All-in whenever the rules allow it, else calls — the "tố tất tay" habit."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__("shover", rng, "Tố tất")

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        if legal.all_in is not None:
            return Action.all_in()
        return Action.call()
