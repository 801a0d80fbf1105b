"""Who may sit at a hosted table: the handshake, sessions, seats and the roster.

A ``Session`` is a person's claim on a seat. It outlives its connection for the host's
grace period, so a player whose network fails gets the seat back with the session token
(docs/PROTOCOL.md section 2). The ``Lobby`` checks each ``hello`` — version, password,
name or token — gives out seats, and builds the ``table`` (roster) and ``snapshot``
messages that tell a seat where it stands. It never touches the engine: the table is
only read, to describe it.
"""

from __future__ import annotations

import hmac
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from lieng.engine import RuleSet
from lieng.levels import BotKind, is_level
from lieng.names import distinct_name
from lieng.table import Table

from .messages import Hello, Roster, Snapshot, Welcome, error
from .protocol import (
    GAME_VERSION,
    MAX_NAME,
    PROTOCOL_VERSION,
    ErrorCode,
    ProtocolError,
    WireMessage,
    clean_name,
    versions_compatible,
)

if TYPE_CHECKING:
    from .hostconfig import HostConfig


class Conn(Protocol):
    """What the lobby and the host need of a connection (``transport.Conn`` is the one):
    the lobby names this, not the transport, which itself names ``Session`` — one way."""

    address: str
    session: Session | None

    def send(self, message: WireMessage) -> None: ...

    def hang_up(self) -> None: ...


FREE_GUESSES = 5
"""Wrong passwords an address may send before it is locked out (typos happen)."""
LOCKOUT_BASE = 1.0
"""Seconds of the first lockout; each further wrong password doubles it."""
LOCKOUT_MAX = 300.0
FORGET_AFTER = 600.0
"""Seconds without a wrong password after which an address starts afresh."""
MAX_TRACKED = 4096


@dataclass
class _Guesses:
    failures: int = 0
    last: float = 0.0
    locked_until: float = 0.0


class PasswordGuard:
    """Wrong table passwords counted per address. After ``FREE_GUESSES`` every wrong
    password locks the address out for twice as long as the last (1 s, 2 s, 4 s… up to
    five minutes), and a locked-out address gets no answer about its guesses at all: a
    password can no longer be guessed at thousands of tries a second."""

    def __init__(self) -> None:
        self._by_address: dict[str, _Guesses] = {}

    def locked_for(self, address: str, now: float) -> float:
        """Seconds ``address`` is still locked out (0: it may try)."""
        g = self._by_address.get(address)
        return max(0.0, g.locked_until - now) if g is not None else 0.0

    def failed(self, address: str, now: float) -> None:
        g = self._by_address.get(address)
        if g is None or now - g.last > FORGET_AFTER:
            self._forget_old(now)
            g = self._by_address[address] = _Guesses()
        g.failures += 1
        g.last = now
        if g.failures >= FREE_GUESSES:
            g.locked_until = now + min(LOCKOUT_MAX,
                                       LOCKOUT_BASE * 2 ** (g.failures - FREE_GUESSES))

    def succeeded(self, address: str) -> None:
        self._by_address.pop(address, None)

    def _forget_old(self, now: float) -> None:
        """Keep the table of addresses bounded: a flood from many addresses must not grow
        it without end."""
        if len(self._by_address) < MAX_TRACKED:
            return
        for addr, g in list(self._by_address.items()):
            if now - g.last > FORGET_AFTER and g.locked_until <= now:
                del self._by_address[addr]
        while len(self._by_address) >= MAX_TRACKED:
            del self._by_address[next(iter(self._by_address))]


@dataclass
class Session:
    """A person's claim on a seat; survives disconnects for ``grace`` seconds."""

    token: str
    seat: int
    name: str
    conn: Conn | None = None
    playing: bool = False
    """True once the seat is theirs at the table (from the next hand if they joined late)."""
    disconnected_at: float | None = None

    @property
    def view_seat(self) -> int | None:
        """The seat whose view this session receives now (None: watching)."""
        return self.seat if self.playing else None


class Lobby:
    """The sessions of one host and the seats they hold."""

    def __init__(self, config: HostConfig, rules: RuleSet,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        """Seconds, for the password lockout and the reconnect grace (a test's own clock
        sets it, so no test has to wait out a lockout in real time)."""
        self.config = config
        self.rules = rules
        self.sessions: dict[str, Session] = {}
        self.seat_is_bot = [i >= config.seats - config.bots for i in range(config.seats)]
        self.local_token: str | None = None
        self.guard = PasswordGuard()
        if config.local_player:
            self.local_token = secrets.token_hex(16)
            name = clean_name(config.local_player)
            self.sessions[self.local_token] = Session(self.local_token, 0, name)

    # ----------------------------------------------------------------- the handshake

    def admit(self, conn: Conn, hello: Hello, table: Table | None) -> Session:
        """The session ``hello`` claims or creates, now bound to ``conn``; raises
        ``ProtocolError`` with the handshake's refusal otherwise. A session already bound
        to another connection is moved here (that one gets ``replaced``)."""
        if hello.proto != PROTOCOL_VERSION or not versions_compatible(hello.game):
            raise ProtocolError(ErrorCode.VERSION_MISMATCH,
                                f"this table speaks protocol {PROTOCOL_VERSION} and game "
                                f"{GAME_VERSION}; you sent {hello.proto!r} and "
                                f"{hello.game!r}"[:200])
        self._check_password(conn.address, hello)
        if hello.token:
            session = self.sessions.get(hello.token)
            if session is None:
                raise ProtocolError(ErrorCode.BAD_TOKEN,
                                    "that session has expired; join again as a new player")
            old = session.conn
            if old is not None and old is not conn:
                old.send(error(ErrorCode.REPLACED, "You connected again from elsewhere.",
                               fatal=True))
                old.hang_up()
                old.session = None
        else:
            name = clean_name(hello.name)
            seat = self.free_seat()
            if seat is None:
                raise ProtocolError(ErrorCode.TABLE_FULL, "every seat is taken")
            session = Session(secrets.token_hex(16), seat, self._distinct(name, seat, table))
            session.playing = table is None
            self.sessions[session.token] = session
        session.conn = conn
        session.disconnected_at = None
        conn.session = session
        return session

    def _check_password(self, address: str, hello: Hello) -> None:
        """The table password, guarded against guessing: an address that keeps getting
        it wrong is locked out for a while (``PasswordGuard``). A seat's reconnect with a
        valid token is never locked out — a dropped player must always get back in."""
        if self.config.password is None and not hello.password:
            return
        now = self.clock()
        wait = self.guard.locked_for(address, now)
        if wait > 0 and (not hello.token or hello.token not in self.sessions):
            raise ProtocolError(ErrorCode.LOCKED_OUT,
                                f"too many wrong passwords from your address; try again "
                                f"in {math.ceil(wait)} s")
        password = hello.password or ""
        want = self.config.password or ""
        if not hmac.compare_digest(password.encode("utf-8"), want.encode("utf-8")):
            self.guard.failed(address, now)
            raise ProtocolError(ErrorCode.WRONG_PASSWORD, "wrong table password")
        if not hello.token:  # a reconnect does not lift a lockout others earned
            self.guard.succeeded(address)

    def _distinct(self, name: str, seat: int, table: Table | None) -> str:
        """``name``, or ``name (2)``, ``name (3)``… if someone else at the table — a
        person or a bot, ignoring case — is already called that: two "Ana" at one table
        could not tell who is who."""
        taken = [s.name for s in self.sessions.values()]
        if table is not None:
            taken += [st.name for i, st in enumerate(table.seats) if i != seat]
        return distinct_name(name, taken, MAX_NAME)

    def welcome(self, session: Session) -> Welcome:
        cfg = self.config
        return Welcome(proto=PROTOCOL_VERSION, game=GAME_VERSION, seat=session.seat,
                       token=session.token, name=session.name, table=cfg.name,
                       seats=cfg.seats, rules=self.rules, turn_seconds=cfg.turn_seconds,
                       stack=cfg.stack, rebuy=cfg.rebuy, watching=not session.playing)

    def free_seat(self) -> int | None:
        taken = {s.seat for s in self.sessions.values()}
        for seat in range(self.config.seats):
            if not self.seat_is_bot[seat] and seat not in taken:
                return seat
        return None

    # ----------------------------------------------------------------- presence

    def left(self, conn: Conn, started: bool) -> Session | None:
        """``conn`` is gone: its session (returned) is now away — or, in the lobby before
        the game starts, gone, so the seat is free again. None if it had no session."""
        s = conn.session
        if s is None or s.conn is not conn:
            return None
        s.conn = None
        s.disconnected_at = self.clock()
        if not started and s.token != self.local_token:
            del self.sessions[s.token]
        return s

    def expired(self, grace: float) -> list[Session]:
        """Sessions away for longer than ``grace`` seconds, removed from the lobby."""
        now = self.clock()
        gone = [s for s in self.sessions.values() if s.conn is None
                and s.disconnected_at is not None and now - s.disconnected_at > grace]
        for s in gone:
            del self.sessions[s.token]
        return gone

    def connected(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.conn is not None]

    def online(self, seat: int) -> bool:
        """Someone is connected for ``seat`` (a fair-deal wait need not wait for the gone)."""
        return any(s.seat == seat for s in self.connected())

    def ready_to_start(self) -> bool:
        humans = self.config.seats - self.config.bots
        want = self.config.start_when if self.config.start_when is not None else humans
        return len(self.connected()) >= min(want, humans)

    # ----------------------------------------------------------------- descriptions

    def snapshot(self, session: Session, table: Table | None) -> Snapshot:
        seat = session.view_seat
        if table is None or table.hand is None:
            return Snapshot(hand=0, seat=seat, view=None, events=())
        hand = table.hand
        return Snapshot(hand=table.hand_no, seat=seat, view=hand.view_for(seat),
                        events=tuple(hand.events_for(seat)))

    def roster(self, table: Table | None) -> Roster:
        n = self.config.seats
        names: list[str | None] = [None] * n
        kinds = ["bot" if b else "open" for b in self.seat_is_bot]
        bot_levels: list[BotKind | None] = [self.config.bot_level] * n
        connected = [False] * n
        if table is not None:
            for i, seat in enumerate(table.seats):
                names[i] = seat.name
                kinds[i] = "bot" if seat.player is not None else "human"
                bot_levels[i] = seat.spec.level
        for s in self.sessions.values():
            if table is None or s.playing:
                names[s.seat] = s.name
                kinds[s.seat] = "human"
            connected[s.seat] = s.conn is not None
        # The plates say each bot's level, as at a bot table; a bot the host built from
        # something else than a level (a self-test's baseline) says none.
        levels = tuple(lv if kind == "bot" and is_level(lv) else None
                       for kind, lv in zip(kinds, bot_levels, strict=True))
        return Roster(names=tuple(names), kinds=tuple(kinds), connected=tuple(connected),
                      stacks=tuple(table.stacks) if table is not None else None,
                      buy_ins=tuple(s.buy_ins for s in table.seats)
                      if table is not None else None,
                      hand=table.hand_no if table is not None else 0,
                      started=table is not None,
                      host_seat=0 if self.local_token else None, levels=levels)
