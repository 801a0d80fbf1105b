"""The host's decisions between hands, in one place: creating the table, a seat going to
a bot, a late joiner taking a seat, and rebuys.

Seat changes happen only between hands (lieng/table.py). These are the decisions a local
game makes too; they sit here, apart from the network code, so that they can later move
to a game-flow layer shared with hotseat play without touching the transport or lobby.
"""

from __future__ import annotations

import dataclasses
import random

from lieng.engine import RuleSet
from lieng.table import PlayerSpec, Table, Timing

from .hostconfig import HostConfig
from .protocol import clean_name


def unique_name(name: str, taken: set[str]) -> str:
    """``name``, or ``name 2``, ``name 3``… if another seat already has it: two bots drawn
    with the same personality name would otherwise look like one player."""
    if name not in taken:
        return name
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"


def create_table(config: HostConfig, rules: RuleSet, people: dict[int, str]) -> Table:
    """The table at the start of the game: ``people`` (seat -> name) are remote seats,
    every other seat a bot, each with ``config.stack`` chips."""
    specs: list[PlayerSpec] = []
    for seat in range(config.seats):
        name = people.get(seat)
        if name is not None:
            specs.append(PlayerSpec(name, "remote", stack=config.stack))
        else:
            specs.append(PlayerSpec(f"Bot {seat + 1}", "bot", config.bot_level,
                                    stack=config.stack))
    table = Table(rules, specs, timing=Timing(scale=config.bot_speed))
    table.turn_limit = config.turn_seconds
    for i, seat_ in enumerate(table.seats):
        bot_name = getattr(seat_.player, "name", None)
        if isinstance(bot_name, str) and bot_name:
            taken = {s.name for j, s in enumerate(table.seats) if j != i}
            seat_.spec = dataclasses.replace(
                seat_.spec, name=unique_name(clean_name(bot_name), taken))
    return table


def seat_to_bot(table: Table, seat: int, level: str, rng: random.Random) -> None:
    """A seat whose player did not come back in time is played by a bot from now on."""
    from lieng.bots import make_bot

    bot = make_bot(level, rng=random.Random(rng.getrandbits(64)))
    seat_ = table.seats[seat]
    taken = {s.name for j, s in enumerate(table.seats) if j != seat}
    seat_.spec = PlayerSpec(unique_name(clean_name(bot.name), taken), "bot", level,
                            stack=seat_.stack)
    table.set_player(seat, bot)


def seat_person(table: Table, seat: int, name: str) -> None:
    """A person takes over ``seat`` (and its stack) from the bot keeping it warm."""
    seat_ = table.seats[seat]
    seat_.spec = PlayerSpec(name, "remote", stack=seat_.stack)
    table.set_player(seat, None)


def rebuy_broke_seats(table: Table, config: HostConfig) -> int:
    """Give each seat that cannot pay the ante a fresh stack (``HostConfig.rebuy``);
    returns the chips bought in, which the host adds to what the table must hold."""
    if not config.rebuy:
        return 0
    bought = 0
    for i, seat_ in enumerate(table.seats):
        if not seat_.left and seat_.stack < table.rules.table_bet:
            table.rebuy(i, config.stack)
            bought += config.stack
    return bought
