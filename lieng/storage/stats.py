"""Statistics for the Statistics screen, computed from the hand history.

Nothing here is stored: the figures are recomputed from ``History.read()`` so they can
never disagree with the hands the history screen lists. They cover the hands the history
still holds (rotation drops the oldest files; see ``history``).

Definitions (the local player is each record's ``viewer``; hands without a viewer,
e.g. hot-seat, and hands the viewer sat out don't count):

* *played* — dealt in; *won* — ended the hand with more chips than it began with
  (``HandRecord.won``, RULES.md "A hand won"): a side pot taken in a hand lost overall
  is a hand lost.
* *net chips* — the sum of the player's ``HandEnded.net``.
* *biggest pot* — the most chips the player took from the pots in one hand
  (``HandRecord.taken``: their shares, not the whole pots they shared, never a refund);
  *biggest win* — the best single-hand net.
* *best hand* — the strongest three cards the player held, compared by category, then
  rank (``HandValue.key``), under each hand's own tie-break preset.
* *actions* — each of the player's actions is one of fold (a timeout is a fold, RULES.md
  step 6), check (a call of 0), call (a call, or an all-in that doesn't lift the bet) or
  raise (a raise, or an all-in that lifts the bet). Rates are shares of all of them.
* *per opponent level* — a hand counts once under each level of bot dealt in against the
  player (``"easy"``, ``"normal"``, ``"hard"``), and under ``"human"`` if any person
  (hot-seat or LAN) was.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lieng.engine import ActionKind, ActionTaken, Card, HandCategory, evaluate

from .history import GameResult, HandRecord, Record

ACTION_KINDS = ("fold", "check", "call", "raise")


@dataclass(slots=True)
class LevelStats:
    """Results against one level of opponent."""

    hands: int = 0
    won: int = 0
    net: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class BestHand:
    cards: tuple[Card, Card, Card]
    category: HandCategory
    name_vi: str
    name_en: str
    key: int

    def name(self, lang: str) -> str:
        return self.name_vi if lang == "vi" else self.name_en


@dataclass(slots=True)
class Stats:
    hands_played: int = 0
    hands_won: int = 0
    net_chips: int = 0
    biggest_pot: int = 0
    biggest_win: int = 0
    best_hand: BestHand | None = None
    actions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ACTION_KINDS, 0))
    """Counts of the player's fold / check / call / raise."""
    per_level: dict[str, LevelStats] = field(default_factory=dict)
    games: list[GameResult] = field(default_factory=list)
    """Game results (hot-seat standings and others), oldest first."""

    @property
    def win_rate(self) -> float:
        return self.hands_won / self.hands_played if self.hands_played else 0.0

    def rate(self, kind: str) -> float:
        """Share of the player's actions of ``kind`` (one of ``ACTION_KINDS``), 0..1."""
        total = sum(self.actions.values())
        return self.actions[kind] / total if total else 0.0


def action_kind(action: ActionTaken) -> str:
    """The statistics' name for an action (see the module docstring)."""
    kind = action.kind
    if kind is ActionKind.FOLD or kind is ActionKind.TIMEOUT:
        return "fold"
    if kind is ActionKind.RAISE or (kind is ActionKind.ALL_IN and action.raised):
        return "raise"
    if kind is ActionKind.CALL and action.amount == 0:
        return "check"
    return "call"


def opponent_levels(record: HandRecord) -> set[str]:
    """The levels of the opponents dealt in against the viewer in this hand."""
    dealt = record.started.dealt_in
    out: set[str] = set()
    for seat, info in enumerate(record.seats):
        if seat == record.viewer or not dealt[seat]:
            continue
        if info.kind == "bot":
            out.add(info.level or "normal")
        else:
            out.add("human")
    return out


def compute_stats(records: Iterable[Record]) -> Stats:
    """The figures of the Statistics screen over ``records`` (any order)."""
    stats = Stats()
    for record in records:
        if isinstance(record, GameResult):
            stats.games.append(record)
            continue
        if not record.dealt_in:
            continue
        viewer = record.viewer
        assert viewer is not None
        net = record.net or 0
        won = record.won
        stats.hands_played += 1
        stats.hands_won += won
        stats.net_chips += net
        stats.biggest_win = max(stats.biggest_win, net)
        stats.biggest_pot = max(stats.biggest_pot, record.taken)
        cards = record.cards
        if len(cards) == 3:
            value = evaluate(cards, record.rules)
            if stats.best_hand is None or value.key > stats.best_hand.key:
                stats.best_hand = BestHand(value.cards, value.category, value.name("vi"),
                                           value.name("en"), value.key)
        for action in record.actions:
            if action.seat == viewer:
                stats.actions[action_kind(action)] += 1
        for level in opponent_levels(record):
            row = stats.per_level.setdefault(level, LevelStats())
            row.hands += 1
            row.won += won
            row.net += net
    stats.games.sort(key=lambda g: g.when)
    return stats


__all__ = ["ACTION_KINDS", "BestHand", "LevelStats", "Stats", "action_kind", "compute_stats",
           "opponent_levels"]
