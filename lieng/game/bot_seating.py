"""Who sits down at a table of bots: each seat's chosen level, and a newcomer when a bot
goes broke.

RULES.md step 2: a seat that cannot pay the ante does not play the hand. At a table
against the computer that used to leave the seat empty for good, so a six-seat table
shrank hand by hand until the player sat alone (issue 22, "a bot table that stays
alive"). Now, between two hands, a broke bot gets up and leaves, and a new one sits down
in its seat:

* with a new name — none of those at the table, nor the one who just left;
* with a new personality (``lieng.bots.PERSONALITIES``) — not the leaver's;
* at the seat's level as chosen in the new-game screen, or, when that choice is
  ``RANDOM`` ("Ngẫu nhiên"), at a level drawn afresh for every newcomer;
* with ``STARTING_BETS`` table bets, like every bot at the start of the table.

The rule lives here, below the UI, so a test plays it without a window and the scene only
shows who came (a toast and the plate's new name).

>>> import random
>>> seating = BotSeating({1: "easy", 2: RANDOM}, random.Random(4))
>>> specs = seating.opening(table_bet=10)
>>> [(s.name, s.level in BOT_LEVELS, s.stack) for s in specs]
[('Minh', True, 1000), ('Lan', True, 1000)]
>>> specs[0].level
'easy'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lieng.bots import PERSONALITIES
from lieng.levels import BOT_LEVELS, BotLevel, as_level, is_level
from lieng.table import PlayerSpec, Table

from .setup import BOT_NAMES, STARTING_BETS, TableConfig, build_table

RANDOM = "random"
"""A seat's level choice "Ngẫu nhiên": each bot who sits there gets a level drawn at
random from ``BOT_LEVELS``."""
SEAT_CHOICES: tuple[str, ...] = (*BOT_LEVELS, RANDOM)
"""What a bot seat's level can be set to in the new-game screen, in the order a click
steps through them."""
NEWCOMER_NAMES: tuple[str, ...] = (*BOT_NAMES, "Dũng", "Trang", "Khoa", "Vy", "Sơn", "Mai",
                                   "Long", "Hà")
"""Names a bot may sit down with: the opening seats' names first, then the newcomers'."""


@dataclass(frozen=True)
class Arrival:
    """``gone`` left ``seat`` broke and ``spec`` sat down in it."""

    seat: int
    gone: str
    spec: PlayerSpec


class BotSeating:
    """The level chosen for each bot seat (seat number → one of ``SEAT_CHOICES``) and the
    newcomers' draws. ``rng`` makes them reproducible (tests, the self-test)."""

    def __init__(self, choices: Mapping[int, str], rng: random.Random | None = None) -> None:
        for seat, choice in choices.items():
            if choice not in SEAT_CHOICES:
                raise ValueError(f"seat {seat}: unknown level choice {choice!r}; "
                                 f"known: {', '.join(SEAT_CHOICES)}")
        self.choices = dict(choices)
        self.rng = rng if rng is not None else random.Random()
        self.arrivals: list[Arrival] = []
        """Everyone who sat down after the start, in order."""

    def level_for(self, seat: int, fallback: BotLevel = "normal") -> BotLevel:
        """A level for the next bot in ``seat``: its choice, drawn when ``RANDOM``."""
        choice = self.choices.get(seat, fallback)
        if choice == RANDOM:
            level: BotLevel = self.rng.choice(BOT_LEVELS)
            return level
        return as_level(choice)

    def opening(self, table_bet: int) -> list[PlayerSpec]:
        """The bots of a new table, seats 1, 2, … in order (seat 0 is the player)."""
        specs: list[PlayerSpec] = []
        for i, seat in enumerate(sorted(self.choices)):
            personality = self.rng.choice(sorted(PERSONALITIES))
            specs.append(PlayerSpec(BOT_NAMES[i % len(BOT_NAMES)], "bot",
                                    level=self.level_for(seat), personality=personality,
                                    stack=STARTING_BETS * table_bet))
        return specs

    def config(self, table_bet: int, player_name: str, preset: str = "classic",
               turn_seconds: int = 20, player_stack: int | None = None,
               seed: int | None = None) -> TableConfig:
        """The player in seat 0 and these bots (``TableConfig.for_bots`` with a level per
        seat)."""
        me = PlayerSpec(player_name, "human", stack=player_stack if player_stack is not None
                        else STARTING_BETS * table_bet)
        return TableConfig((me, *self.opening(table_bet)), preset, table_bet,
                           turn_seconds, seed)

    def newcomer(self, table: Table, seat: int) -> PlayerSpec:
        """Who sits down in ``seat`` after its bot leaves (the module docstring's rule)."""
        old = table.seats[seat].spec
        taken = {s.name for s in table.seats}
        names = [n for n in NEWCOMER_NAMES if n not in taken]
        name = self.rng.choice(names) if names else f"{old.name} {len(self.arrivals) + 2}"
        before = old.personality or getattr(table.seats[seat].player, "personality", None)
        styles = [k for k in sorted(PERSONALITIES) if k != before]
        was: BotLevel = as_level(old.level) if old.level and is_level(old.level) else "normal"
        return PlayerSpec(name, "bot", level=self.level_for(seat, was),
                          personality=self.rng.choice(styles),
                          stack=STARTING_BETS * table.rules.table_bet)

    def broke_bots(self, table: Table) -> list[int]:
        """Bot seats that cannot pay the ante (RULES.md step 2)."""
        return [i for i, s in enumerate(table.seats)
                if s.kind == "bot" and not s.left and s.stack < table.rules.table_bet]

    def refill(self, table: Table) -> Sequence[Arrival]:
        """Between hands: every broke bot leaves and a newcomer takes its seat."""
        if table.in_hand:
            raise RuntimeError("bots change seats between hands")
        came: list[Arrival] = []
        for seat in self.broke_bots(table):
            gone = table.seats[seat].name
            spec = self.newcomer(table, seat)
            table.seat_newcomer(seat, spec)
            came.append(Arrival(seat, gone, spec))
        self.arrivals += came
        return came


def seating_for(levels: Sequence[str], seed: int | None = None) -> BotSeating:
    """Seat 1, 2, … at these level choices (``SEAT_CHOICES``: the new-game dialog's);
    reproducible with ``seed``."""
    return BotSeating({i + 1: lv for i, lv in enumerate(levels)},
                      random.Random(seed) if seed is not None else None)


def make_mixed_table(seating: BotSeating, table_bet: int, preset: str, player_name: str,
                     seed: int | None = None, turn_seconds: int = 20,
                     player_stack: int | None = None) -> Table:
    """The player against the bots ``seating`` seats, each at its own level."""
    return build_table(seating.config(table_bet, player_name, preset, turn_seconds,
                                      player_stack, seed))
