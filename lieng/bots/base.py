"""What every bot is: something that turns a ``HandView`` into a legal ``Action``.

ARCHITECTURE.md: a bot sees exactly what a human in its seat sees — ``hand.view_for(seat)``
on its turn and the redacted ``hand.events_for(seat)`` through ``observe`` — never the
deck or another seat's cards. All randomness comes from the ``random.Random`` the bot was
made with, so the same seed gives the same decisions (replays, tests, the league).
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from lieng.engine import Action, Event, HandView, Legal


@runtime_checkable
class Bot(Protocol):
    """The interface the table controller and the league drive."""

    name: str
    """Seat name shown at the table ("Cô Sáu")."""
    level: str
    """"easy", "normal", "hard", or a baseline's name ("random", "call", "raise")."""
    personality: str | None
    """Personality key, None for baselines."""

    def decide(self, view: HandView) -> Action:
        """A legal action for ``view.legal`` (the view must be this bot's turn)."""
        ...

    def observe(self, event: Event) -> None:
        """Learn from one event of ``hand.events_for(seat)``; may do nothing."""
        ...


def legal_of(view: HandView) -> Legal:
    """The view's ``Legal``; a bot asked to act when it is not its turn is a caller bug."""
    if view.legal is None or view.seat is None or view.to_act != view.seat:
        raise ValueError("a bot can only decide on its own turn (view.legal is None)")
    return view.legal


class BaseBot:
    """Common state: the rng, the name, the level, the personality key."""

    def __init__(self, level: str, rng: random.Random, name: str,
                 personality: str | None = None) -> None:
        self.level = level
        self.rng = rng
        self.name = name
        self.personality = personality

    def decide(self, view: HandView) -> Action:  # pragma: no cover - overridden
        raise NotImplementedError

    def observe(self, event: Event) -> None:
        """Most bots learn nothing across hands."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} {self.level}>"
