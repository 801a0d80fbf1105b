"""What a player can do on their turn (RULES.md step 5) and what is legal right now."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ActionKind(StrEnum):
    """The four actions of RULES.md step 5, plus the timer running out (step 6)."""

    FOLD = "fold"
    CALL = "call"
    RAISE = "raise"
    ALL_IN = "all_in"
    TIMEOUT = "timeout"


MAX_K = 2**53
"""The largest raise multiple an action read from outside may carry (a JSON peer using
doubles still reads it exactly); what the rules allow is far smaller and checked by the
hand (RULES.md step 5)."""


@dataclass(frozen=True, slots=True)
class Action:
    """An intended action. Build one with ``Action.fold()``, ``.call()``, ``.raise_(k)``,
    ``.all_in()`` or ``.timeout()``; the engine decides the chips it moves."""

    kind: ActionKind
    """Which action."""
    k: int = 0
    """For a raise: the extra multiple of the table bet on top of the call (1..20)."""

    @classmethod
    def fold(cls) -> Action:
        return _FOLD

    @classmethod
    def call(cls) -> Action:
        return _CALL

    @classmethod
    def raise_(cls, k: int) -> Action:
        return cls(ActionKind.RAISE, k)

    @classmethod
    def all_in(cls) -> Action:
        return _ALL_IN

    @classmethod
    def timeout(cls) -> Action:
        return _TIMEOUT

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind.value, "k": self.k} if self.kind is ActionKind.RAISE \
            else {"kind": self.kind.value}

    @classmethod
    def from_dict(cls, data: object) -> Action:
        """Read an action sent over the network or stored in history.

        Raises ``ValueError`` with a readable reason for anything malformed.
        """
        if not isinstance(data, dict):
            raise ValueError("an action must be an object")
        raw_kind = data.get("kind")
        try:
            kind = ActionKind(raw_kind if isinstance(raw_kind, str) else "")
        except ValueError:
            raise ValueError(f"unknown action kind {data.get('kind')!r}") from None
        if kind is ActionKind.RAISE:
            k = data.get("k")
            if not isinstance(k, int) or isinstance(k, bool):
                raise ValueError("a raise needs a whole number k")
            if not -MAX_K <= k <= MAX_K:
                # Refused here, not by the rules: a multiple of hundreds of digits is no
                # raise anyone meant, and every message that quotes it must stay small.
                raise ValueError(f"a raise multiple must be within ±{MAX_K:,}")
            return cls.raise_(k)
        return cls(kind)

    def __str__(self) -> str:
        return f"raise {self.k}" if self.kind is ActionKind.RAISE else self.kind.value


_FOLD = Action(ActionKind.FOLD)
_CALL = Action(ActionKind.CALL)
_ALL_IN = Action(ActionKind.ALL_IN)
_TIMEOUT = Action(ActionKind.TIMEOUT)


@dataclass(frozen=True, slots=True)
class Legal:
    """What the seat to act may do now (RULES.md steps 5 and 7)."""

    seat: int
    can_fold: bool
    """Always true: folding is allowed even when nothing is owed."""
    call: int
    """Chips a call puts in now: 0 is a check; less than ``owed`` is an all-in for less."""
    owed: int
    """Bet level minus what this seat has bet this hand (antes don't count)."""
    raise_k: range
    """Allowed raise multiples *k*; empty when raising is not allowed."""
    all_in: int | None
    """Chips an all-in puts in now (the whole stack); None when not allowed."""
    table_bet: int

    def raise_amount(self, k: int) -> int:
        """Chips a raise of ``k`` puts in now: the call plus ``k`` table bets."""
        return self.owed + k * self.table_bet

    def allows(self, action: Action) -> bool:
        """True when ``Hand.act`` would accept ``action`` now (False for anything that is
        not an ``Action``)."""
        if not isinstance(action, Action) or not isinstance(action.kind, ActionKind):
            return False
        kind = action.kind
        if kind is ActionKind.RAISE:
            return type(action.k) is int and action.k in self.raise_k
        if type(action.k) is not int or action.k != 0:
            return False
        if kind is ActionKind.ALL_IN:
            return self.all_in is not None
        return True

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "call": self.call, "owed": self.owed,
                "raise_min": self.raise_k.start if self.raise_k else 0,
                "raise_max": self.raise_k.stop - 1 if self.raise_k else 0,
                "all_in": self.all_in, "table_bet": self.table_bet}

    @classmethod
    def from_dict(cls, data: object) -> Legal:
        """Inverse of ``to_dict`` (a LAN view, a history line). ``ValueError`` unless every
        field is a whole number >= 0 (``all_in`` may be null): ``int()`` used to turn
        ``"5"`` or ``5.9`` into chips and raise ``OverflowError`` for an infinite one."""
        if not isinstance(data, dict):
            raise ValueError("a turn's options must be an object")
        names = ("seat", "call", "owed", "raise_min", "raise_max", "table_bet")
        values: dict[str, int] = {}
        for name in (*names, "all_in"):
            value = data.get(name)
            if name == "all_in" and value is None:
                continue
            if type(value) is not int or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
            values[name] = value
        lo, hi = values["raise_min"], values["raise_max"]
        return cls(seat=values["seat"], can_fold=True, call=values["call"],
                   owed=values["owed"], raise_k=range(lo, hi + 1) if lo else range(0),
                   all_in=values.get("all_in"), table_bet=values["table_bet"])
