"""Exceptions of the rules engine: one class per kind of rejection.

Following python-chess, every rejection the engine can make is a distinct subclass of
``ValueError``, so callers (the GUI, the LAN host, the bots' tests) can tell "not your
turn" from "that raise is too big" without parsing messages, while code that only cares
that *something* was wrong can catch ``ValueError``.
"""

from __future__ import annotations


class InvalidCardError(ValueError):
    """A card text or deck could not be understood (``Card.parse("1X")``, a short deck)."""


class InvalidRulesError(ValueError):
    """A ``RuleSet`` field is outside what RULES.md allows (e.g. 7 seats, a zero table bet)."""


class NotEnoughPlayersError(ValueError):
    """Fewer than two seats can pay the ante, so no hand is dealt (RULES.md step 2)."""


class IllegalActionError(ValueError):
    """An action RULES.md forbids. The hand's state is unchanged when this is raised."""


class NotYourTurnError(IllegalActionError):
    """The seat that acted is not the seat whose turn it is."""


class HandOverError(IllegalActionError):
    """An action arrived after betting ended."""
