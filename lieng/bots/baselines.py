"""Baseline bots for the league (issue 3): what a heuristic level must beat.

They are deliberately simple, but they keep the never-do rules that cost nothing to keep:
none folds when a check is free (except ``random``, whose point is to be uniform over the
legal actions).
"""

from __future__ import annotations

import random

from lieng.engine import Action, HandView

from .base import BaseBot, legal_of


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
