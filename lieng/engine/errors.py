"""Exceptions of the rules engine: one class per kind of rejection.

Following python-chess, every rejection the engine can make is a distinct subclass of
``ValueError``, so callers (the GUI, the LAN host, the bots' tests) can tell "not your
turn" from "that raise is too big" without parsing messages, while code that only cares
that *something* was wrong can catch ``ValueError``.
"""

from __future__ import annotations


class InvalidCardError(ValueError):
    """A card text or deck could not be understood (``Card.parse("1X")``, a short deck)."""


class InvalidHandError(ValueError):
    """``Hand(...)`` was given something that is not a table: rules that are not a
    ``RuleSet``, stacks that are not a list of whole numbers >= 0, a first player who is
    not a seat, a deck that is not a list of distinct cards, an ``rng`` that is not a
    ``random.Random``. A ``ValueError`` like every other rejection (wrong *types*
    included), so one ``except ValueError`` covers all the engine refuses."""


class InvalidRulesError(ValueError):
    """A ``RuleSet`` field is outside what RULES.md allows (e.g. 7 seats, a zero table bet)."""


class NotEnoughPlayersError(ValueError):
    """Fewer than two seats can pay the ante, so no hand is dealt (RULES.md step 2)."""


class IllegalActionError(ValueError):
    """An action RULES.md forbids. The hand's state is unchanged when this is raised."""


class NotYourTurnError(IllegalActionError):
    """The seat that acted is not the seat whose turn it is."""


class InvalidSeatError(IllegalActionError):
    """A seat argument that is not a seat of this hand: not an ``int`` (``True``,
    ``0.0`` and ``"0"`` are refused although Python compares them equal to 0), negative
    (``-1`` would otherwise index the last seat) or past the last seat. Raised by
    ``Hand.act`` and by the seat-taking readers (``view_for``, ``events_for``,
    ``cards_of``, ``value_of``) before they look at anything."""


class HandOverError(IllegalActionError):
    """An action arrived after betting ended."""
