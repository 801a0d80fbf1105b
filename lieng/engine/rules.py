"""Table settings: the ``RuleSet`` of RULES.md ("Table settings") and the three presets.

A ``RuleSet`` is a frozen dataclass so it can be shared between the engine, the bots,
the GUI and LAN peers without anyone changing it under the others' feet; change a copy
with ``dataclasses.replace``. Every field is shown on the in-game rules screen.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from .errors import InvalidRulesError

TieBreak = Literal["classic", "v8club", "split"]
TIEBREAKS: tuple[TieBreak, ...] = ("classic", "v8club", "split")

MAX_TABLE_BET = 1_000_000
"""The largest table bet: what the settings screens offer (RULES.md "Table settings")."""
MAX_RAISE = 1_000
"""The largest raise multiple (the game offers 20): a rule set read from a LAN host or a
history line is checked here too. The same bound as a saved table's
(``lieng.storage.limits.MAX_RAISE_MULTIPLE``), so no history line the game accepts
becomes unreadable."""
MAX_ROUNDS = 1_000
"""The largest ``max_rounds`` (the game plays 3), as ``lieng.storage.limits.MAX_ROUNDS``."""
MAX_TURN_SECONDS = 86_400
"""A turn timer of at most a day: the table screen turns it into float seconds, which a
whole number like 10**400 cannot be (``OverflowError``)."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything about a table that changes how a hand is played.

    Defaults are RULES.md's: 2–6 players, raises of 1–20 × the table bet, at most three
    betting rounds, a 20 s turn timer that folds, and the ``classic`` tie-break.
    """

    table_bet: int = 10
    """*B*: the ante every dealt-in player pays, and the unit of a raise (RULES.md step 2)."""
    min_players: int = 2
    max_players: int = 6
    raise_min: int = 1
    """Smallest raise multiple *k* (the slider's left end)."""
    raise_max: int = 20
    """Largest raise multiple *k* (the slider's right end)."""
    max_rounds: int = 3
    """Raises are allowed in betting rounds 1..max_rounds only (RULES.md step 7)."""
    turn_seconds: int = 20
    """Turn timer; 0 turns it off (offline play only — the LAN host always enforces one)."""
    timeout_action: Literal["fold"] = "fold"
    """What a timeout does. RULES.md step 6: fold, even when a check was possible."""
    tiebreak: TieBreak = "classic"
    """Which seed document resolves equal hands (RULES.md "Tie-break presets")."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("timeout_action", "tiebreak"):
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidRulesError(f"{f.name} must be a whole number, got {value!r}")
        # Upper bounds too: a rule set may come from another machine (a LAN host's
        # welcome, a history line), and the screens must be able to show every value.
        if not 1 <= self.table_bet <= MAX_TABLE_BET:
            raise InvalidRulesError(
                f"table_bet must be within 1..{MAX_TABLE_BET:,}, got {_short(self.table_bet)}")
        if not 2 <= self.min_players <= self.max_players <= 6:
            raise InvalidRulesError(
                f"players must be within 2..6, got {_short(self.min_players)}.."
                f"{_short(self.max_players)}")
        if not 1 <= self.raise_min <= self.raise_max <= MAX_RAISE:
            raise InvalidRulesError(
                f"raise range must be 1 <= min <= max <= {MAX_RAISE}, got "
                f"{_short(self.raise_min)}..{_short(self.raise_max)}")
        if not 1 <= self.max_rounds <= MAX_ROUNDS:
            raise InvalidRulesError(
                f"max_rounds must be within 1..{MAX_ROUNDS}, got {_short(self.max_rounds)}")
        if not 0 <= self.turn_seconds <= MAX_TURN_SECONDS:
            raise InvalidRulesError(f"turn_seconds must be within 0..{MAX_TURN_SECONDS:,}, "
                                    f"got {_short(self.turn_seconds)}")
        if self.timeout_action != "fold":
            raise InvalidRulesError(f"timeout_action must be 'fold', got {self.timeout_action!r}")
        if self.tiebreak not in TIEBREAKS:
            raise InvalidRulesError(
                f"tiebreak must be one of {', '.join(TIEBREAKS)}, got {self.tiebreak!r}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, used by hand histories and the LAN protocol."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> RuleSet:
        """Inverse of ``to_dict``; unknown keys are rejected with ``InvalidRulesError``."""
        if not isinstance(data, dict):
            raise InvalidRulesError(f"rules must be an object, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            names = ", ".join(sorted(map(str, unknown)))
            raise InvalidRulesError(f"unknown rule settings: {names}")
        return cls(**data)


def _short(value: int) -> str:
    """A number for a message: a 5,000-digit one would not even convert to text."""
    return str(value) if -10**12 < value < 10**12 else ("huge" if value > 0 else "-huge")


PRESETS: dict[str, RuleSet] = {name: RuleSet(tiebreak=name) for name in TIEBREAKS}
"""The three tie-break presets of RULES.md, one per seed document, with default settings."""
