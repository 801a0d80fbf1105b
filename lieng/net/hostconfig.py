"""How a LAN table is hosted: ``HostConfig``, checked once when it is made.

Kept apart from the host so the Host screen, the command line and tests can build and
validate a configuration without importing the server.
"""

from __future__ import annotations

from dataclasses import dataclass

from lieng.engine import PRESETS
from lieng.levels import BOT_LEVELS, BotKind, is_bot_kind
from lieng.storage.settings import MAX_TABLE_BET

from .protocol import DEFAULT_PORT, DISCOVERY_PORT, MAX_PASSWORD

__all__ = ["MAX_STACK", "MAX_TABLE_BET", "MAX_TURN_SECONDS", "HostConfig"]

MAX_STACK = 10**12
"""Chips a seat may start with: far below what a wire message may carry (``MAX_CHIPS`` in
lieng/net/protocol.py), however many rebuys a long evening brings."""
MAX_TURN_SECONDS = 86_400.0


@dataclass
class HostConfig:
    """How a table is hosted. ``seats`` counts every seat; ``bots`` of them are bots from
    the start and the rest wait for people (with a bot standing in while a seat is
    empty once the game runs)."""

    name: str = "Liêng"
    """Shown in the table list of the Join screen."""
    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    """0 picks a free port (tests)."""
    seats: int = 4
    bots: int = 0
    table_bet: int = 10
    preset: str = "classic"
    turn_seconds: float = 20.0
    """The host always enforces a timer (RULES.md "Table settings": LAN always has one)."""
    password: str | None = None
    stack: int = 1000
    rebuy: bool = True
    """A seat that cannot pay the ante gets a fresh stack between hands (friendly play)."""
    bot_level: BotKind = "normal"
    bot_speed: float = 1.0
    """Multiplies bot thinking time (0: bots answer at once)."""
    hand_pause: float = 5.0
    """Seconds between the end of a hand and the next deal: the clients' result panel
    stays up this long. As long as the bot table's default auto-continue (5 s, docs/UI.md)
    — 2.5 s was too short to read the result, the complaint that began the table-story
    work; the host cannot wait for every client's "Ván tiếp"."""
    grace: float = 60.0
    """Seconds a disconnected player keeps the seat for a reconnect."""
    deal_timeout: float = 5.0
    """Seconds to wait for fair-deal commits and reveals before dealing without them."""
    mental_deal: bool = True
    """Deal with the mental-poker deal (docs/PROTOCOL.md 12): nobody, the host included,
    can read a person's cards, and only the bots' are the host's. False: section 8's
    commit-then-reveal deal, in which the host's process holds every card."""
    mental_timeout: float = 10.0
    """Seconds each party has for each of its mental-deal steps (a step is about 0.1 s of
    work, plus checking the others'), and for its opening at a showdown."""
    max_hands: int | None = None
    start_when: int | None = None
    """People needed to start dealing; default: every non-bot seat taken."""
    local_player: str | None = None
    """The hosting player's name: seat 0 is kept for them (RULES.md: the host is seat 0)."""
    beacon_target: str | None = None
    """Where discovery beacons go (the broadcast address in real play); None: no beacon."""
    beacon_port: int = DISCOVERY_PORT
    beacon_interval: float = 1.0

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 6:
            raise ValueError(f"a table has 2..6 seats, got {self.seats}")
        if not 0 <= self.bots <= self.seats - (1 if self.local_player else 0):
            raise ValueError(f"bots must be 0..{self.seats}, got {self.bots}")
        if not 0 < len(self.name) <= 100:
            raise ValueError("a table name has 1..100 characters")
        if not 1 <= self.stack <= MAX_STACK:
            raise ValueError(f"a stack is 1..{MAX_STACK:,} chips, got {self.stack}")
        if self.turn_seconds > MAX_TURN_SECONDS:
            raise ValueError(f"the turn timer is at most {MAX_TURN_SECONDS:g} s")
        if not 1 <= self.table_bet <= MAX_TABLE_BET:
            raise ValueError(f"the table bet is 1..{MAX_TABLE_BET:,}, got {self.table_bet}")
        if self.preset not in PRESETS:
            raise ValueError(f"unknown preset {self.preset!r}")
        if not is_bot_kind(self.bot_level):  # a command line's word (host_cli --bot-level)
            raise ValueError(f"unknown bot level {self.bot_level!r}; "
                             f"known: {', '.join(BOT_LEVELS)}")
        if self.turn_seconds <= 0:
            raise ValueError("the LAN host always runs a turn timer (turn_seconds > 0)")
        if not 0 < self.mental_timeout <= 600:
            raise ValueError("a mental-deal step is given 0..600 s")
        if self.password is not None and len(self.password) > MAX_PASSWORD:
            raise ValueError(f"a password has at most {MAX_PASSWORD} characters")
