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
        if self.table_bet < 1:
            raise InvalidRulesError(f"table_bet must be at least 1, got {self.table_bet}")
        if not 2 <= self.min_players <= self.max_players <= 6:
            raise InvalidRulesError(
                f"players must be within 2..6, got {self.min_players}..{self.max_players}")
        if not 1 <= self.raise_min <= self.raise_max:
            raise InvalidRulesError(
                f"raise range must be 1 <= min <= max, got {self.raise_min}..{self.raise_max}")
        if self.max_rounds < 1:
            raise InvalidRulesError(f"max_rounds must be at least 1, got {self.max_rounds}")
        if self.turn_seconds < 0:
            raise InvalidRulesError(f"turn_seconds must be >= 0, got {self.turn_seconds}")
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


PRESETS: dict[str, RuleSet] = {name: RuleSet(tiebreak=name) for name in TIEBREAKS}
"""The three tie-break presets of RULES.md, one per seed document, with default settings."""
