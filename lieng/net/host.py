"""The LAN host: the one truth of a table played over the network (issue 7, "Authority").

The host runs the engine (through ``lieng.table.Table``, dealing the fair-deal deck) on an
asyncio server. Clients send only intended actions; every seat receives only
``hand.view_for(seat)`` and ``redact(event, seat)`` (ARCHITECTURE.md: absent, not
hidden). Anything a client sends is checked before it touches the table, and a rejected
message changes nothing: the host answers with an ``error`` and counts a strike; too many
strikes and the client is dropped.

Everything that touches the table runs on the host's event loop thread, so no locks are
needed; the game window and tests reach in with ``LanHost.call``. The host plays the turn
timer itself (RULES.md step 6: a turn that times out folds), also for a seat whose player
has disconnected; a reconnect within ``grace`` seconds with the session token gets the
seat back, after that a bot takes it over between hands.

Run headless: ``python -m lieng.net.host --port 47123 --seats 4 --bots 2``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import hmac
import json
import random
import secrets
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lieng.engine import (
    PRESETS,
    Action,
    ActionKind,
    Card,
    Event,
    HandView,
    IllegalActionError,
    redact,
)
from lieng.game.setup import default_bot_factory
from lieng.table import PlayerSpec, Table, Timing

from . import discovery
from .fairdeal import commit, deck_from_seed, derive_seed, new_value, proof_allowed
from .protocol import (
    DEFAULT_PORT,
    DISCOVERY_PORT,
    GAME_VERSION,
    MAX_PASSWORD,
    PROTOCOL_VERSION,
    ErrorCode,
    ProtocolError,
    clean_name,
    decode,
    encode,
    error,
    get_hex32,
    get_int,
    get_str,
    read_frame,
    versions_compatible,
    view_to_dict,
)

T = TypeVar("T")

MAX_STRIKES = 20
"""Errors a connection may cause (decaying one per ``STRIKE_DECAY`` s) before it is dropped."""
STRIKE_DECAY = 5.0
HELLO_TIMEOUT = 10.0
MAX_QUEUE = 2000
"""Frames waiting for a slow reader before it is dropped (it stopped reading)."""
MAX_KEPT_HANDS = 500
"""Finished hands kept in ``LanHost.history`` (like the client's ``MAX_KEPT_HANDS``)."""


def unique_name(name: str, taken: set[str]) -> str:
    """``name``, or ``name 2``, ``name 3``… if another seat already has it: two bots drawn
    with the same personality name would otherwise look like one player."""
    if name not in taken:
        return name
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"


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
    bot_level: str = "normal"
    bot_speed: float = 1.0
    """Multiplies bot thinking time (0: bots answer at once)."""
    hand_pause: float = 2.5
    """Seconds between the end of a hand and the next deal (time to look at the cards)."""
    grace: float = 60.0
    """Seconds a disconnected player keeps the seat for a reconnect."""
    deal_timeout: float = 5.0
    """Seconds to wait for fair-deal commits and reveals before dealing without them."""
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
        if self.preset not in PRESETS:
            raise ValueError(f"unknown preset {self.preset!r}")
        if self.turn_seconds <= 0:
            raise ValueError("the LAN host always runs a turn timer (turn_seconds > 0)")
        if self.password is not None and len(self.password) > MAX_PASSWORD:
            raise ValueError(f"a password has at most {MAX_PASSWORD} characters")


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


@dataclass
class HandRecord:
    """What the host keeps of a finished hand (tests and the after-hand proof)."""

    hand: int
    first: int
    dealt_in: tuple[bool, ...]
    deck: tuple[Card, ...]
    cards: dict[int, tuple[Card, ...]]
    shown: tuple[int, ...]
    start_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    actions: tuple[tuple[int, Action], ...]
    views: dict[int, HandView]
    """``view_for(seat)`` of every seat at the end of the hand."""
    contributors: tuple[int, ...]
    """Seats whose fair-deal value went into the seed."""


@dataclass
class _DealRound:
    hand: int
    host_value: bytes
    seats: tuple[int, ...]
    phase: str = "commit"
    commits: dict[int, bytes] = field(default_factory=dict)
    values: dict[int, bytes] = field(default_factory=dict)


class Conn:
    """One TCP connection: a bounded outgoing queue drained by its own writer task."""

    def __init__(self, host: LanHost, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.host = host
        self.reader = reader
        self.writer = writer
        self.session: Session | None = None
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.closed = False
        self.strikes = 0.0
        self._last_strike = time.monotonic()
        self.writer_task: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            frame = encode(message)
        except ProtocolError:  # pragma: no cover - our messages are far below the cap
            self.host.errors.append(f"oversized outgoing {message.get('t')}")
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.host.drop(self)  # it stopped reading
            return
        self.queue.put_nowait(frame)

    def strike(self) -> bool:
        """Count one error; True if the connection has now misbehaved too much."""
        now = time.monotonic()
        self.strikes = max(0.0, self.strikes - (now - self._last_strike) / STRIKE_DECAY) + 1
        self._last_strike = now
        return self.strikes > MAX_STRIKES

    async def write_loop(self) -> None:
        try:
            while True:
                frame = await self.queue.get()
                if frame is None:
                    break
                self.writer.write(frame)
                await self.writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            with contextlib.suppress(Exception):
                self.writer.close()


class LanHost:
    """A hosted table. ``start()`` serves on a background thread (the game window);
    ``run()`` serves on the calling thread until the table closes (headless)."""

    def __init__(self, config: HostConfig) -> None:
        self.config = config
        rules = dataclasses.replace(PRESETS[config.preset], table_bet=config.table_bet,
                                    turn_seconds=max(1, round(config.turn_seconds)))
        self.rules = rules
        self.table: Table | None = None
        self.history: list[HandRecord] = []
        self.errors: list[str] = []
        """Unexpected exceptions caught on the loop (tests assert it stays empty)."""
        self.chips_in = 0
        """Chips bought in so far (stacks and rebuys): what the table must always hold."""
        self.port = config.port
        self.local_token: str | None = secrets.token_hex(16) if config.local_player else None
        self.sessions: dict[str, Session] = {}
        self.conns: set[Conn] = set()
        self.closed_reason: str | None = None
        self._seat_is_bot = [i >= config.seats - config.bots for i in range(config.seats)]
        self._deal: _DealRound | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopping: asyncio.Event | None = None
        self._poke: asyncio.Event | None = None
        self._deal_changed: asyncio.Event | None = None
        self._started: asyncio.Event | None = None
        self._rng = random.Random(secrets.randbits(64))
        self._start_error: BaseException | None = None
        self._stop_message = ("host_left", "The host closed the table.")
        if self.local_token is not None:
            name = clean_name(config.local_player)
            self.sessions[self.local_token] = Session(self.local_token, 0, name)

    # ----------------------------------------------------------------- lifecycle

    def start(self, timeout: float = 10.0) -> LanHost:
        """Serve on a background thread; returns once listening (``self.port`` is set)."""
        self._thread = threading.Thread(target=self._thread_main, name="lieng-lan-host",
                                        daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the LAN host did not start")
        if self._start_error is not None:
            raise self._start_error
        return self

    def _thread_main(self) -> None:
        asyncio.run(self._main())

    def run(self, on_ready: Callable[[LanHost], None] | None = None) -> None:
        """Serve on this thread until the table closes."""
        if on_ready is not None:
            def announce() -> None:
                self._ready.wait()
                if self._start_error is None:
                    on_ready(self)

            threading.Thread(target=announce, daemon=True).start()
        asyncio.run(self._main())
        if self._start_error is not None:
            raise self._start_error

    def stop(self, reason: str = "host_left",
             message: str = "The host closed the table.", timeout: float = 5.0) -> None:
        """Tell every client the table is closed, then stop serving."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._request_stop, reason, message)
        if self._thread is not None:
            self._thread.join(timeout)

    def call(self, fn: Callable[[], T], timeout: float = 10.0) -> T:
        """Run ``fn`` on the host's loop and return its result (thread-safe reads); once
        the host has stopped, just run it."""
        if self._loop is None or self._loop.is_closed() or not self._loop.is_running():
            return fn()

        async def run() -> T:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def start_game(self) -> None:
        """Start dealing now; empty seats get bots (the Host screen's Start button)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._begin)

    @property
    def address(self) -> tuple[str, int]:
        return (self.config.bind, self.port)

    def _begin(self) -> None:
        if self._started is not None:
            self._started.set()

    def _request_stop(self, reason: str, message: str) -> None:
        self._stop_message = (reason, message)
        if self._stopping is not None:
            self._stopping.set()

    async def _main(self) -> None:
        loop = asyncio.get_running_loop()
        self._loop = loop
        loop.set_exception_handler(self._on_loop_error)
        self._stopping = asyncio.Event()
        self._poke = asyncio.Event()
        self._deal_changed = asyncio.Event()
        self._started = asyncio.Event()
        try:
            server = await asyncio.start_server(self._on_client, self.config.bind,
                                                self.config.port)
        except OSError as exc:
            self._start_error = exc
            self._ready.set()
            return
        self.port = server.sockets[0].getsockname()[1]
        if threading.current_thread() is threading.main_thread():
            # Headless: Ctrl+C or a service stop still tells the clients the table closed.
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(sig, self._request_stop, "host_left",
                                            "The host closed the table.")
        self._ready.set()
        tasks = [asyncio.create_task(self._guard(self._game())),
                 asyncio.create_task(self._guard(self._beacon()))]
        try:
            await self._stopping.wait()
        finally:
            reason, message = self._stop_message
            self.closed_reason = reason
            for conn in list(self.conns):
                conn.send({"t": "closed", "reason": reason, "message": message})
                conn.queue.put_nowait(None)
            for t in tasks:
                t.cancel()
            writers = [c.writer_task for c in self.conns if c.writer_task is not None]
            if writers:
                await asyncio.wait(writers, timeout=2.0)
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2.0)

    async def _guard(self, coro: Any) -> None:
        try:
            await coro
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the table must never die silently
            self.errors.append(f"{type(exc).__name__}: {exc}")
            self._request_stop("host_error", f"The host hit an error: {exc}")

    def _on_loop_error(self, loop: asyncio.AbstractEventLoop, ctx: dict[str, Any]) -> None:
        exc = ctx.get("exception")
        if isinstance(exc, (ConnectionError, OSError)):
            return
        self.errors.append(str(ctx.get("message")) + (f": {exc!r}" if exc else ""))

    # ----------------------------------------------------------------- connections

    async def _on_client(self, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        conn = Conn(self, reader, writer)
        self.conns.add(conn)
        conn.writer_task = asyncio.create_task(conn.write_loop())
        try:
            await self._serve(conn)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, TimeoutError):
            pass
        except Exception as exc:
            self.errors.append(f"connection handler: {type(exc).__name__}: {exc}")
        finally:
            self._disconnected(conn)

    async def _serve(self, conn: Conn) -> None:
        while not conn.closed:
            timeout = HELLO_TIMEOUT if conn.session is None else None
            try:
                body = await read_frame(conn.reader, timeout)
            except ProtocolError as exc:
                # The stream cannot be resynchronised after a bogus length: say so, hang up.
                conn.send(error(exc.code, exc.message, fatal=True))
                self._close(conn)
                return
            await asyncio.sleep(0)  # one frame at a time: a flood must not starve the table
            ref: object = None
            try:
                msg = decode(body)
                ref = msg.get("id")
                self._dispatch(conn, msg)
            except ProtocolError as exc:
                fatal = exc.code in (ErrorCode.VERSION_MISMATCH, ErrorCode.WRONG_PASSWORD,
                                     ErrorCode.BAD_TOKEN, ErrorCode.TABLE_FULL,
                                     ErrorCode.BAD_NAME) and conn.session is None
                if conn.strike() and not fatal:
                    conn.send(error(ErrorCode.DROPPED,
                                    "Too many bad messages; you were disconnected.",
                                    fatal=True))
                    self._close(conn)
                    return
                conn.send(error(exc.code, exc.message, ref, fatal))
                if fatal:
                    self._close(conn)
                    return

    def _close(self, conn: Conn) -> None:
        if not conn.closed:
            conn.queue.put_nowait(None)
        conn.closed = True  # the writer hangs up once the queued frames are out

    def drop(self, conn: Conn) -> None:
        """Hang up on a connection at once (it stopped reading what we send)."""
        conn.closed = True
        with contextlib.suppress(Exception):
            conn.writer.close()
        self._disconnected(conn)

    def _disconnected(self, conn: Conn) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if not conn.closed:
            conn.closed = True
            conn.queue.put_nowait(None)
        s = conn.session
        if s is not None and s.conn is conn:
            s.conn = None
            s.disconnected_at = time.monotonic()
            if self.table is None and s.token != self.local_token:
                del self.sessions[s.token]  # left the lobby: the seat is free again
            self._send_roster()
            if self._deal_changed is not None:
                self._deal_changed.set()  # a fair-deal wait stops waiting for them

    # ----------------------------------------------------------------- messages

    def _dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
        t = msg["t"]
        if conn.session is None:
            if t != "hello":
                raise ProtocolError(ErrorCode.HANDSHAKE_REQUIRED, "say hello first")
            self._hello(conn, msg)
            return
        if t == "action":
            self._action(conn.session, msg)
        elif t == "commit":
            self._commit(conn.session, msg)
        elif t == "reveal":
            self._reveal(conn.session, msg)
        elif t == "ping":
            out: dict[str, Any] = {"t": "pong"}
            if isinstance(msg.get("id"), (int, str)):
                out["id"] = msg["id"]
            conn.send(out)
        elif t == "bye":
            self._close(conn)
        else:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"unknown or unexpected message {t!r}"[:80])
        if t in ("action", "commit", "reveal") and isinstance(msg.get("id"), (int, str)):
            conn.send({"t": "ack", "id": msg["id"]})

    def _hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        proto = msg.get("proto")
        game = msg.get("game")
        if proto != PROTOCOL_VERSION or not isinstance(game, str) or len(game) > 40 \
                or not versions_compatible(game):
            raise ProtocolError(ErrorCode.VERSION_MISMATCH,
                                f"this table speaks protocol {PROTOCOL_VERSION} and game "
                                f"{GAME_VERSION}; you sent {proto!r} and {game!r}"[:200])
        password = get_str(msg, "password", MAX_PASSWORD, optional=True) or ""
        want = self.config.password or ""
        if not hmac.compare_digest(password.encode("utf-8"), want.encode("utf-8")):
            raise ProtocolError(ErrorCode.WRONG_PASSWORD, "wrong table password")
        token = get_str(msg, "token", 64, optional=True)
        if token:
            session = self.sessions.get(token)
            if session is None:
                raise ProtocolError(ErrorCode.BAD_TOKEN,
                                    "that session has expired; join again as a new player")
            old = session.conn
            if old is not None and old is not conn:
                old.send(error(ErrorCode.REPLACED, "You connected again from elsewhere.",
                               fatal=True))
                self._close(old)
                old.session = None
        else:
            name = clean_name(msg.get("name"))
            seat = self._free_seat()
            if seat is None:
                raise ProtocolError(ErrorCode.TABLE_FULL, "every seat is taken")
            session = Session(secrets.token_hex(16), seat, name)
            session.playing = self.table is None
            self.sessions[session.token] = session
        session.conn = conn
        session.disconnected_at = None
        conn.session = session
        conn.send({"t": "welcome", "proto": PROTOCOL_VERSION, "game": GAME_VERSION,
                   "seat": session.seat, "token": session.token, "name": session.name,
                   "table": self.config.name, "seats": self.config.seats,
                   "rules": self.rules.to_dict(), "turn_seconds": self.config.turn_seconds,
                   "stack": self.config.stack, "rebuy": self.config.rebuy,
                   "watching": not session.playing})
        conn.send(self._snapshot(session))
        self._send_roster()
        table = self.table
        if table is not None and table.in_hand and session.playing:
            self._send_your_turn(session)
        if self.table is None and self._ready_to_start():
            self._begin()

    def _free_seat(self) -> int | None:
        taken = {s.seat for s in self.sessions.values()}
        for seat in range(self.config.seats):
            if not self._seat_is_bot[seat] and seat not in taken:
                return seat
        return None

    def _ready_to_start(self) -> bool:
        humans = self.config.seats - self.config.bots
        want = self.config.start_when if self.config.start_when is not None else humans
        connected = sum(1 for s in self.sessions.values() if s.conn is not None)
        return connected >= min(want, humans)

    def _seat_of(self, session: Session) -> int | None:
        """The seat whose view this session receives now (None: watching)."""
        return session.seat if session.playing else None

    def _snapshot(self, session: Session) -> dict[str, Any]:
        table = self.table
        seat = self._seat_of(session)
        if table is None or table.hand is None:
            return {"t": "snapshot", "hand": 0, "seat": seat, "view": None, "events": []}
        hand = table.hand
        return {"t": "snapshot", "hand": table.hand_no, "seat": seat,
                "view": view_to_dict(hand.view_for(seat)),
                "events": [e.to_dict() for e in hand.events_for(seat)]}

    def _roster(self) -> dict[str, Any]:
        n = self.config.seats
        names: list[str | None] = [None] * n
        kinds = ["bot" if b else "open" for b in self._seat_is_bot]
        connected = [False] * n
        table = self.table
        if table is not None:
            for i, seat in enumerate(table.seats):
                names[i] = seat.name
                kinds[i] = "bot" if seat.player is not None else "human"
        for s in self.sessions.values():
            if table is None or s.playing:
                names[s.seat] = s.name
                kinds[s.seat] = "human"
            connected[s.seat] = s.conn is not None
        return {"t": "table", "names": names, "kinds": kinds, "connected": connected,
                "stacks": table.stacks if table is not None else None,
                "buy_ins": [s.buy_ins for s in table.seats] if table is not None else None,
                "hand": table.hand_no if table is not None else 0,
                "started": table is not None, "host_seat": 0 if self.local_token else None}

    def _send_roster(self) -> None:
        roster = self._roster()
        for conn in list(self.conns):
            if conn.session is not None:
                conn.send(roster)

    def _action(self, session: Session, msg: dict[str, Any]) -> None:
        if "seat" in msg and msg["seat"] != session.seat:
            raise ProtocolError(ErrorCode.NOT_YOUR_SEAT, "you can only act for your own seat")
        hand_no = get_int(msg, "hand")
        turn = get_int(msg, "turn")
        table = self.table
        if not session.playing or table is None:
            raise ProtocolError(ErrorCode.NOT_SEATED, "the game has not started yet"
                                if table is None else "you are watching until the next hand")
        hand = table.hand
        if hand is None or hand.is_over or hand_no != table.hand_no:
            raise ProtocolError(ErrorCode.STALE_HAND,
                                f"hand {hand_no} is not being played (now: {table.hand_no})")
        if hand.to_act != session.seat:
            raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "it is not your turn")
        if turn != len(hand.actions):
            raise ProtocolError(ErrorCode.STALE_TURN, "that turn is over")
        try:
            action = Action.from_dict(msg.get("action"))
        except ValueError as exc:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, str(exc)[:200]) from None
        if action.kind is ActionKind.TIMEOUT:
            raise ProtocolError(ErrorCode.ILLEGAL_ACTION, "only the host's timer times out")
        try:
            table.act(session.seat, action, time.monotonic())
        except IllegalActionError as exc:
            raise ProtocolError(ErrorCode.ILLEGAL_ACTION, str(exc)[:200]) from None
        self._wake()

    def _wake(self) -> None:
        if self._poke is not None:
            self._poke.set()

    # ----------------------------------------------------------------- fair deal

    def _commit(self, session: Session, msg: dict[str, Any]) -> None:
        d = self._deal
        hand_no = get_int(msg, "hand")
        value = get_hex32(msg, "commit")
        if d is None or d.phase != "commit" or hand_no != d.hand or session.seat not in d.seats:
            raise ProtocolError(ErrorCode.BAD_DEAL, "no commit is expected from you now")
        if session.seat in d.commits:
            raise ProtocolError(ErrorCode.BAD_DEAL, "you already committed for this hand")
        d.commits[session.seat] = value
        assert self._deal_changed is not None
        self._deal_changed.set()

    def _reveal(self, session: Session, msg: dict[str, Any]) -> None:
        d = self._deal
        hand_no = get_int(msg, "hand")
        value = get_hex32(msg, "value")
        if d is None or d.phase != "reveal" or hand_no != d.hand \
                or session.seat not in d.commits or session.seat in d.values:
            raise ProtocolError(ErrorCode.BAD_DEAL, "no reveal is expected from you now")
        if commit(value) != d.commits[session.seat]:
            raise ProtocolError(ErrorCode.BAD_DEAL, "that value does not match your commit")
        d.values[session.seat] = value
        assert self._deal_changed is not None
        self._deal_changed.set()

    async def _wait_deal(self, done: Callable[[], bool]) -> None:
        assert self._deal_changed is not None
        end = time.monotonic() + self.config.deal_timeout
        while not done():
            left = end - time.monotonic()
            if left <= 0:
                return
            self._deal_changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._deal_changed.wait(), left)

    async def _fair_deal(self, hand_no: int) -> tuple[list[Card], _DealRound]:
        seats = tuple(sorted(s.seat for s in self.sessions.values()
                             if s.playing and s.conn is not None))
        d = _DealRound(hand_no, new_value(), seats)
        self._deal = d
        self._broadcast({"t": "deal_start", "hand": hand_no,
                         "host_commit": commit(d.host_value).hex(), "seats": list(seats)})
        await self._wait_deal(lambda: all(s in d.commits or not self._online(s)
                                          for s in d.seats))
        d.phase = "reveal"
        self._broadcast({"t": "deal_commits", "hand": hand_no,
                         "commits": [[s, c.hex()] for s, c in sorted(d.commits.items())]})
        await self._wait_deal(lambda: all(s in d.values or not self._online(s)
                                          for s in d.commits))
        d.phase = "closed"
        seed = derive_seed(hand_no, d.host_value, d.values)
        return deck_from_seed(seed), d

    def _online(self, seat: int) -> bool:
        """Someone is connected for ``seat`` (a fair-deal wait need not wait for the gone)."""
        return any(s.seat == seat and s.conn is not None for s in self.sessions.values())

    def _broadcast(self, message: dict[str, Any]) -> None:
        for conn in list(self.conns):
            if conn.session is not None:
                conn.send(message)

    # ----------------------------------------------------------------- the game

    def _create_table(self) -> Table:
        cfg = self.config
        specs: list[PlayerSpec] = []
        by_seat = {s.seat: s for s in self.sessions.values()}
        for seat in range(cfg.seats):
            s = by_seat.get(seat)
            if s is not None:
                specs.append(PlayerSpec(s.name, "remote", stack=cfg.stack))
                s.playing = True
            else:
                specs.append(PlayerSpec(f"Bot {seat + 1}", "bot", cfg.bot_level,
                                        stack=cfg.stack))
        table = Table(self.rules, specs, timing=Timing(scale=cfg.bot_speed),
                      bot_factory=default_bot_factory)
        table.turn_limit = cfg.turn_seconds
        for i, seat_ in enumerate(table.seats):
            bot_name = getattr(seat_.player, "name", None)
            if isinstance(bot_name, str) and bot_name:
                taken = {s.name for j, s in enumerate(table.seats) if j != i}
                seat_.spec = dataclasses.replace(
                    seat_.spec, name=unique_name(clean_name(bot_name), taken))
        self.chips_in = cfg.stack * cfg.seats
        table.subscribe(self._on_events)
        self.table = table
        return table

    async def _game(self) -> None:
        assert self._started is not None and self._stopping is not None
        if self._ready_to_start():
            self._started.set()
        await self._started.wait()
        table = self._create_table()
        self._send_roster()
        cfg = self.config
        while not self._stopping.is_set():
            if cfg.max_hands is not None and table.hand_no >= cfg.max_hands:
                self._request_stop("finished", f"The game is over after {table.hand_no} hands.")
                return
            self._between_hands(table)
            await self._wait_for_people()
            if not table.can_continue():
                self._request_stop("finished", "Fewer than two players can pay the table bet.")
                return
            deck, deal = await self._fair_deal(table.hand_no + 1)
            table.start_hand(time.monotonic(), deck)
            await self._play_hand(table)
            record = self._record(table, deal)
            self._rebuys(table)
            if proof_allowed(record.dealt_in, record.shown):
                # Only a hand whose every dealt hand was shown may be rebuilt by anyone
                # (RULES.md step 8; lieng/net/fairdeal.py says why this still catches a
                # rigged deck). Otherwise the host keeps its value to itself, for good.
                self._broadcast({
                    "t": "deal_proof", "hand": table.hand_no,
                    "host_value": deal.host_value.hex(),
                    "commits": [[s, c.hex()] for s, c in sorted(deal.commits.items())],
                    "values": [[s, v.hex()] for s, v in sorted(deal.values.items())]})
            self._send_roster()
            if cfg.hand_pause > 0:
                await asyncio.sleep(cfg.hand_pause)

    async def _wait_for_people(self) -> None:
        """Deal no hand while every person is away (bots alone would play on for nothing);
        a table set up with bots only plays anyway."""
        assert self._stopping is not None
        if self.config.bots == self.config.seats:
            return
        while not self._stopping.is_set() and not any(
                s.conn is not None for s in self.sessions.values()):
            await asyncio.sleep(0.1)

    async def _play_hand(self, table: Table) -> None:
        assert self._poke is not None
        while table.in_hand:
            if table.tick(time.monotonic()):
                await asyncio.sleep(0)  # let the writers send what that caused
                continue
            self._poke.clear()
            wait = 0.05
            deadline = table.deadline
            if deadline is not None:
                wait = min(wait, max(0.0, deadline - time.monotonic()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poke.wait(), wait)

    def _between_hands(self, table: Table) -> None:
        """Seat changes happen only between hands (lieng/table.py): expired seats go to
        bots, late joiners take their seats, broke seats rebuy."""
        now = time.monotonic()
        for token, s in list(self.sessions.items()):
            if s.conn is None and s.disconnected_at is not None \
                    and now - s.disconnected_at > self.config.grace:
                del self.sessions[token]
                self._seat_to_bot(table, s.seat)
        for s in self.sessions.values():
            if not s.playing and s.conn is not None:
                seat_ = table.seats[s.seat]
                seat_.spec = PlayerSpec(s.name, "remote", stack=seat_.stack)
                table.set_player(s.seat, None)
                s.playing = True
        self._rebuys(table)
        self._send_roster()

    def _rebuys(self, table: Table) -> None:
        """A seat that cannot pay the ante gets a fresh stack (``HostConfig.rebuy``); done
        as soon as a hand ends so the roster sent then already shows it."""
        if self.config.rebuy:
            for i, seat_ in enumerate(table.seats):
                if not seat_.left and seat_.stack < self.rules.table_bet:
                    table.rebuy(i, self.config.stack)
                    self.chips_in += self.config.stack

    def _seat_to_bot(self, table: Table, seat: int) -> None:
        from lieng.bots import make_bot

        bot = make_bot(self.config.bot_level, rng=random.Random(self._rng.getrandbits(64)))
        seat_ = table.seats[seat]
        taken = {s.name for j, s in enumerate(table.seats) if j != seat}
        seat_.spec = PlayerSpec(unique_name(clean_name(bot.name), taken), "bot",
                                self.config.bot_level, stack=seat_.stack)
        table.set_player(seat, bot)

    def _on_events(self, events: Sequence[Event]) -> None:
        """Table listener: each seat gets its own redaction of the events and its view."""
        table = self.table
        assert table is not None and table.hand is not None
        hand = table.hand
        cache: dict[int | None, dict[str, Any]] = {}
        for conn in list(self.conns):
            s = conn.session
            if s is None:
                continue
            seat = self._seat_of(s)
            if seat not in cache:
                cache[seat] = {"t": "update", "hand": table.hand_no,
                               "events": [redact(e, seat).to_dict() for e in events],
                               "view": view_to_dict(hand.view_for(seat))}
            conn.send(cache[seat])
        self._send_your_turn()

    def _send_your_turn(self, only: Session | None = None) -> None:
        table = self.table
        if table is None or table.hand is None or table.hand.to_act is None:
            return
        hand = table.hand
        seat = hand.to_act
        deadline = table.deadline
        left = max(0.0, deadline - time.monotonic()) if deadline is not None else None
        for s in self.sessions.values():
            if s.seat == seat and s.playing and s.conn is not None and only in (None, s):
                s.conn.send({"t": "your_turn", "hand": table.hand_no, "turn": len(hand.actions),
                             "legal": hand.legal().to_dict(), "seconds": left})

    def _record(self, table: Table, deal: _DealRound) -> HandRecord:
        """Keep the hand (tests, the proof decision); only the last ``MAX_KEPT_HANDS``,
        so a long session does not grow without end."""
        hand = table.hand
        assert hand is not None
        shown = tuple(sorted(hand.view_for(None).shown))
        record = HandRecord(
            hand=table.hand_no, first=hand.first, dealt_in=hand.dealt_in, deck=hand.deck,
            cards={s: hand.cards_of(s) for s in range(hand.n) if hand.dealt_in[s]},
            shown=shown, start_stacks=hand.start_stacks, stacks=hand.stacks,
            actions=tuple(hand.actions), views={s: hand.view_for(s) for s in range(hand.n)},
            contributors=tuple(sorted(deal.values)))
        self.history.append(record)
        if len(self.history) > MAX_KEPT_HANDS:
            del self.history[:len(self.history) - MAX_KEPT_HANDS]
        return record

    # ----------------------------------------------------------------- discovery

    async def _beacon(self) -> None:
        target = self.config.beacon_target
        if target is None:
            return
        sock = discovery.beacon_socket(target)
        try:
            while True:
                info = discovery.TableInfo(
                    name=self.config.name, address="", port=self.port,
                    players=sum(1 for s in self.sessions.values() if s.conn is not None),
                    seats=self.config.seats, bots=self.config.bots,
                    bet=self.rules.table_bet, preset=self.config.preset,
                    password=self.config.password is not None,
                    started=self.table is not None)
                with contextlib.suppress(OSError):
                    sock.sendto(discovery.encode_beacon(info), (target, self.config.beacon_port))
                await asyncio.sleep(self.config.beacon_interval)
        finally:
            sock.close()


def connect_local(host: LanHost, **kwargs: Any) -> Any:
    """A ``LanClient`` for the hosting player's own seat (seat 0), over loopback."""
    from .client import LanClient

    if host.local_token is None:
        raise ValueError("this host keeps no seat for a local player")
    session = host.sessions[host.local_token]
    client = LanClient("127.0.0.1", host.port, name=session.name,
                       password=host.config.password, token=host.local_token, **kwargs)
    client.connect()
    return client


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lieng.net.host",
                                description="Serve a Liêng table on the LAN with no window.")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--bots", type=int, default=0)
    p.add_argument("--bet", type=int, default=10, help="table bet")
    p.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    p.add_argument("--timer", type=float, default=20.0, help="turn timer in seconds")
    p.add_argument("--password", default=None)
    p.add_argument("--name", default=socket.gethostname()[:20] or "Liêng")
    p.add_argument("--stack", type=int, default=1000)
    p.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    p.add_argument("--start-when", type=int, default=None,
                   help="players needed to start (default: every non-bot seat)")
    p.add_argument("--bot-level", default="normal")
    p.add_argument("--bot-speed", type=float, default=1.0)
    p.add_argument("--pause", type=float, default=2.5, help="seconds between hands")
    p.add_argument("--grace", type=float, default=60.0)
    p.add_argument("--beacon", default="255.255.255.255",
                   help="where discovery beacons go; 'off' for none")
    args = p.parse_args(argv)
    try:
        config = HostConfig(name=args.name, bind=args.bind, port=args.port, seats=args.seats,
                            bots=args.bots, table_bet=args.bet, preset=args.preset,
                            turn_seconds=args.timer, password=args.password, stack=args.stack,
                            max_hands=args.hands, start_when=args.start_when,
                            bot_level=args.bot_level, bot_speed=args.bot_speed,
                            hand_pause=args.pause, grace=args.grace,
                            beacon_target=None if args.beacon == "off" else args.beacon)
    except ValueError as exc:
        p.error(str(exc))
    host = LanHost(config)

    def ready(h: LanHost) -> None:
        print(json.dumps({"listening": h.config.bind, "port": h.port,
                          "seats": config.seats, "bots": config.bots}), flush=True)

    try:
        host.run(on_ready=ready)
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        print(f"cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps({"closed": host.closed_reason, "hands": len(host.history),
                      "errors": host.errors}), flush=True)
    return 1 if host.errors else 0


if __name__ == "__main__":
    sys.exit(main())
