"""The host's connections: accepting, framing, decoding, strikes and hanging up.

Everything here runs on the host's event loop. A ``Conn`` is one TCP connection with a
bounded outgoing queue drained by its own writer task, so a slow reader never blocks the
table. ``Transport`` reads each connection's frames, decodes them once into typed messages
(lieng/net/messages.py) and hands them to its ``Handler`` — the lobby and the game — which
answer a refusal by raising ``ProtocolError``. The transport turns that into an ``error``
reply and a strike; too many strikes and the connection is dropped. What a message
*means* is decided elsewhere; here only whether it may be read at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Protocol

from .messages import (
    ActionRequest,
    ClientMessage,
    Commit,
    Hello,
    Ping,
    Reveal,
    WireMessage,
    decode_client,
    error,
)
from .protocol import ErrorCode, ProtocolError, encode, read_frame

if TYPE_CHECKING:
    from .lobby import Session

MAX_STRIKES = 20
"""Errors a connection may cause (decaying one per ``STRIKE_DECAY`` s) before it is dropped."""
STRIKE_DECAY = 5.0
HELLO_TIMEOUT = 10.0
MAX_QUEUE = 2000
"""Frames waiting for a slow reader before it is dropped (it stopped reading)."""

FATAL_AT_THE_DOOR = frozenset({ErrorCode.VERSION_MISMATCH, ErrorCode.WRONG_PASSWORD,
                               ErrorCode.BAD_TOKEN, ErrorCode.TABLE_FULL, ErrorCode.BAD_NAME})
"""Handshake refusals after which the connection has nothing left to try."""


class Handler(Protocol):
    """What the transport serves: the host (lobby and game) behind the boundary."""

    def on_message(self, conn: Conn, msg: ClientMessage) -> None:
        """Act on a decoded message; raise ``ProtocolError`` to refuse it."""

    def on_gone(self, conn: Conn) -> None:
        """``conn`` is closed for good (its session, if any, is now away)."""


class Conn:
    """One TCP connection: a bounded outgoing queue drained by its own writer task."""

    def __init__(self, transport: Transport, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.transport = transport
        self.reader = reader
        self.writer = writer
        self.session: Session | None = None
        """Set by the lobby once the hello is accepted; None: not authenticated."""
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.closed = False
        self.strikes = 0.0
        self._last_strike = time.monotonic()
        self.writer_task: asyncio.Task[None] | None = None

    def send(self, message: WireMessage) -> None:
        """Queue ``message``; an oversized one is recorded as a host error and dropped."""
        if self.closed:
            return
        try:
            frame = encode(message.to_dict())
        except ProtocolError:
            self.transport.errors.append(f"oversized outgoing {message.t}")
            return
        self.send_frame(frame)

    def send_frame(self, frame: bytes) -> None:
        """Queue an encoded frame (one encoding shared by every seat with the same view)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.transport.drop(self)  # it stopped reading
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


def _echo(msg: ClientMessage) -> int | str | None:
    """The ``id`` a refusal of ``msg`` echoes (messages that carry one)."""
    if isinstance(msg, (ActionRequest, Commit, Reveal, Ping)):
        return msg.id
    return None


class Transport:
    """Every open connection of one host. ``errors`` is the host's list of unexpected
    failures (tests assert it stays empty)."""

    def __init__(self, handler: Handler, errors: list[str]) -> None:
        self.handler = handler
        self.errors = errors
        self.conns: set[Conn] = set()

    async def on_client(self, reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter) -> None:
        """``asyncio.start_server``'s callback: serve one connection until it ends."""
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
            self.disconnected(conn)

    async def _serve(self, conn: Conn) -> None:
        while not conn.closed:
            timeout = HELLO_TIMEOUT if conn.session is None else None
            try:
                body = await read_frame(conn.reader, timeout)
            except ProtocolError as exc:
                # The stream cannot be resynchronised after a bogus length: say so, hang up.
                conn.send(error(exc.code, exc.message, fatal=True))
                self.close(conn)
                return
            await asyncio.sleep(0)  # one frame at a time: a flood must not starve the table
            msg: ClientMessage | None = None
            try:
                msg = decode_client(body)
                if conn.session is None and not isinstance(msg, Hello):
                    raise ProtocolError(ErrorCode.HANDSHAKE_REQUIRED, "say hello first")
                self.handler.on_message(conn, msg)
            except ProtocolError as exc:
                if not self._refuse(conn, exc, msg):
                    return

    def _refuse(self, conn: Conn, exc: ProtocolError, msg: ClientMessage | None) -> bool:
        """Answer a refused message; False once the connection is closed for it."""
        fatal = exc.code in FATAL_AT_THE_DOOR and conn.session is None
        if conn.strike() and not fatal:
            conn.send(error(ErrorCode.DROPPED,
                            "Too many bad messages; you were disconnected.", fatal=True))
            self.close(conn)
            return False
        ref = exc.ref if exc.ref is not None or msg is None else _echo(msg)
        conn.send(error(exc.code, exc.message, ref, fatal))
        if fatal:
            self.close(conn)
            return False
        return True

    def close(self, conn: Conn) -> None:
        """Hang up once the frames already queued are out."""
        if not conn.closed:
            conn.queue.put_nowait(None)
        conn.closed = True  # the writer hangs up once the queued frames are out

    def drop(self, conn: Conn) -> None:
        """Hang up on a connection at once (it stopped reading what we send)."""
        conn.closed = True
        with contextlib.suppress(Exception):
            conn.writer.close()
        self.disconnected(conn)

    def disconnected(self, conn: Conn) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if not conn.closed:
            conn.closed = True
            conn.queue.put_nowait(None)
        self.handler.on_gone(conn)

    def broadcast(self, message: WireMessage) -> None:
        """Send ``message`` to every joined connection (one encoding for all)."""
        joined = [c for c in self.conns if c.session is not None]
        if not joined:
            return
        try:
            frame = encode(message.to_dict())
        except ProtocolError:
            self.errors.append(f"oversized outgoing {message.t}")
            return
        for conn in joined:
            conn.send_frame(frame)

    async def close_all(self, last: WireMessage) -> None:
        """Send ``last`` to everyone, then hang up and wait (briefly) for the writers."""
        for conn in list(self.conns):
            conn.send(last)
            conn.queue.put_nowait(None)
        writers = [c.writer_task for c in self.conns if c.writer_task is not None]
        if writers:
            await asyncio.wait(writers, timeout=2.0)
