"""The host's decisions between hands, in one place: creating the table, a seat going to
a bot, a late joiner taking a seat, and rebuys.

Seat changes happen only between hands (lieng/table.py). The table is built and broke
seats are settled by the game-flow layer every mode shares (``lieng.game``); what is
the LAN's own — remote seats, a bot keeping an absent player's seat warm — stays here,
apart from the transport and the lobby.
"""

from __future__ import annotations

import dataclasses
import random

from lieng.bots import make_bot
from lieng.engine import RuleSet
from lieng.game import BetweenHands, TableConfig, build_table
from lieng.levels import BotKind
from lieng.names import distinct_name
from lieng.table import PlayerSpec, Table, Timing

from .hostconfig import HostConfig
from .protocol import clean_name


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
    table = build_table(TableConfig(tuple(specs), config.preset, rules.table_bet,
                                    rules.turn_seconds), timing=Timing(scale=config.bot_speed))
    table.turn_limit = config.turn_seconds
    for i, seat_ in enumerate(table.seats):
        bot_name = getattr(seat_.player, "name", None)
        if isinstance(bot_name, str) and bot_name:
            taken = {s.name for j, s in enumerate(table.seats) if j != i}
            seat_.spec = dataclasses.replace(
                seat_.spec, name=distinct_name(clean_name(bot_name), taken))
    return table


def seat_to_bot(table: Table, seat: int, level: BotKind, rng: random.Random) -> None:
    """A seat whose player did not come back in time is played by a bot from now on."""
    bot = make_bot(level, rng=random.Random(rng.getrandbits(64)))
    seat_ = table.seats[seat]
    taken = {s.name for j, s in enumerate(table.seats) if j != seat}
    seat_.spec = PlayerSpec(distinct_name(clean_name(bot.name), taken), "bot", level,
                            stack=seat_.stack)
    table.set_player(seat, bot)


def seat_person(table: Table, seat: int, name: str) -> None:
    """A person takes over ``seat`` (and its stack) from the bot keeping it warm."""
    seat_ = table.seats[seat]
    seat_.spec = PlayerSpec(name, "remote", stack=seat_.stack)
    table.set_player(seat, None)


def rebuy_broke_seats(table: Table, config: HostConfig) -> int:
    """Settle the broke seats the LAN way (``lieng.game.BetweenHands``): with
    ``HostConfig.rebuy`` each gets ``config.stack`` again at once, otherwise it sits out.
    Returns the chips bought in, which the host adds to what the table must hold."""
    flow = BetweenHands(table, lambda seat: "rebuy" if config.rebuy else "sit_out",
                        lambda seat: config.stack)
    flow.next()
    return sum(change.chips for change in flow.changes if change.kind == "rebuy")
