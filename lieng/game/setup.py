"""One way to build a table, for every mode.

The bot game's new-game dialog, the hot-seat setup and the LAN host each used to build a
``Table`` their own way; they now describe it as a ``TableConfig`` and call
``build_table``. The bot factory is injected here — ``lieng.table`` never imports the
bots (docs/ARCHITECTURE.md, import rules), so a table can be driven by any ``Player``.

>>> config = TableConfig.for_bots(2, "easy", table_bet=10, player_name="An", seed=3)
>>> table = build_table(config)
>>> [s.kind for s in table.seats], table.rules.table_bet, table.seats[0].stack
(['human', 'bot', 'bot'], 10, 1000)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass

from lieng.bots import make_bot
from lieng.engine import PRESETS, RuleSet
from lieng.levels import BotLevel, is_level
from lieng.table import Player, PlayerSpec, Table, Timing

BOT_NAMES: tuple[str, ...] = ("Minh", "Lan", "Hùng", "Thảo", "Quốc", "Hạnh", "Tuấn", "Phương")
"""Seat names for the bots of a game against the computer, in seat order."""
TABLE_BETS: tuple[int, ...] = (10, 20, 50, 100)
"""The table bets (tiền bàn, RULES.md "Table settings") a game can be set up with."""
STARTING_BETS = 100
"""A bot sits down with 100 table bets."""

BotFactory = Callable[[PlayerSpec, random.Random], Player]


def default_bot_factory(spec: PlayerSpec, rng: random.Random) -> Player:
    """A bot of the seat's level (``normal`` if none) and personality."""
    return make_bot(spec.level or "normal", rng=rng, personality=spec.personality)


@dataclass(frozen=True)
class TableConfig:
    """Everything needed to set a table up: the rules and who sits where.

    ``seed`` makes the whole table reproducible (deals and bots: tests, self-tests,
    replays); None shuffles with the operating system's secure generator.
    """

    players: tuple[PlayerSpec, ...]
    preset: str = "classic"
    table_bet: int = 10
    turn_seconds: int = 20
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ValueError(f"unknown tie-break preset {self.preset!r}")
        if self.table_bet <= 0:
            raise ValueError(f"the table bet must be positive, got {self.table_bet}")

    @property
    def rules(self) -> RuleSet:
        return dataclasses.replace(PRESETS[self.preset], table_bet=self.table_bet,
                                   turn_seconds=self.turn_seconds)

    @classmethod
    def for_bots(cls, n_bots: int, level: BotLevel, table_bet: int, player_name: str,
                 preset: str = "classic", turn_seconds: int = 20,
                 player_stack: int | None = None, seed: int | None = None) -> TableConfig:
        """The player in seat 0 against ``n_bots`` bots of one level. Bots sit with
        ``STARTING_BETS`` table bets; the player with ``player_stack`` (the buy-in from
        the bankroll) or the same."""
        stack = STARTING_BETS * table_bet
        players = [PlayerSpec(player_name, "human",
                              stack=player_stack if player_stack is not None else stack)]
        players += [PlayerSpec(BOT_NAMES[i % len(BOT_NAMES)], "bot", level=level, stack=stack)
                    for i in range(n_bots)]
        return cls(tuple(players), preset, table_bet, turn_seconds, seed)


def build_table(config: TableConfig, *, bot_factory: BotFactory = default_bot_factory,
                timing: Timing | None = None) -> Table:
    """The table ``config`` describes, its bot seats played by ``bot_factory``."""
    return Table(config.rules, list(config.players), seed=config.seed, timing=timing,
                 bot_factory=bot_factory)


def make_table(n_bots: int, level: BotLevel, table_bet: int, preset: str, player_name: str,
               seed: int | None = None, turn_seconds: int = 20,
               player_stack: int | None = None) -> Table:
    """The player against ``n_bots`` bots of one level (``TableConfig.for_bots``)."""
    return build_table(TableConfig.for_bots(n_bots, level, table_bet, player_name, preset,
                                            turn_seconds, player_stack, seed))


@dataclass
class SeatChoice:
    """One seat as the hot-seat setup describes it (``make_hotseat_table``)."""

    name: str
    kind: str = "human"
    """"human" or a bot level (``lieng.levels.BOT_LEVELS``)."""
    stack_bets: int | None = None
    """This seat's starting stack in table bets; None: the table's default."""


def make_hotseat_table(seats: list[SeatChoice], table_bet: int, preset: str,
                       stack_bets: int, turn_seconds: int, seed: int | None = None) -> Table:
    """The table the hot-seat setup describes: each seat a person or a bot of a level,
    with its own starting stack or the table's (``stack_bets`` table bets)."""
    players = tuple(
        PlayerSpec(c.name, "human" if c.kind == "human" else "bot",
                   level=c.kind if is_level(c.kind) else None,
                   stack=(c.stack_bets or stack_bets) * table_bet)
        for c in seats)
    return build_table(TableConfig(players, preset, table_bet, turn_seconds, seed))
