"""The host's connections: accepting, framing, decoding, strikes and hanging up.

Everything here runs on the host's event loop. A ``Conn`` is one TCP connection with a
bounded outgoing queue drained by its own writer task, so a slow reader never blocks the
table. ``Transport`` reads each connection's frames, decodes them once into typed messages
(lieng/net/messages.py) and hands them to its ``Handler`` — the lobby and the game — which
answer a refusal by raising ``ProtocolError``. The transport turns that into an ``error``
reply and a strike; too many strikes and the connection is dropped. What a message
*means* is decided elsewhere; here only whether it may be read at all.

Before a connection has joined, the rules are stricter (docs/PROTOCOL.md
section 2): its first frame must be ``hello`` (or a discovery ``probe``), complete within
``HELLO_TIMEOUT`` seconds of the connection, and any refusal then is final. Connections
still waiting to join are capped per address and in all; when a cap is reached the
oldest waiting one is dropped, so a seat's reconnect always gets in.
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
    Probe,
    Reveal,
    decode_client,
    error,
)
from .protocol import ErrorCode, ProtocolError, WireMessage, encode, read_frame

if TYPE_CHECKING:
    from .lobby import Session

MAX_STRIKES = 20
"""Errors a connection may cause (decaying one per ``STRIKE_DECAY`` s) before it is dropped."""
STRIKE_DECAY = 5.0
HELLO_TIMEOUT = 10.0
"""Seconds from accepting a connection to its ``hello`` having arrived — one deadline for
the whole first frame, not one per frame or per part (docs/PROTOCOL.md section 2)."""
MAX_QUEUE = 2000
"""Frames waiting for a slow reader before it is dropped (it stopped reading)."""
MAX_WAITING = 32
"""Connections that have not joined yet (no accepted ``hello``), from everywhere."""
MAX_WAITING_PER_ADDRESS = 8
"""Connections that have not joined yet from one address."""
MAX_CONNECTIONS = 64
"""Every open connection. Joined ones are at most one per seat, so the caps above keep
the host far from its open-file limit whatever a flood of idle connections does."""
LISTEN_BACKLOG = 1024
"""Connections the kernel queues for the host to accept (asyncio's default is 100).
A burst larger than the queue has its further connections' first packet dropped, and
each such client waits a full second for its retry — a player reconnecting during a
flood among them; the caps above, not this queue, bound what the host holds."""



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
        peer = writer.get_extra_info("peername")
        self.address: str = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        """The peer's IP address (caps and the password lockout count per address)."""
        self.opened = time.monotonic()
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.closed = False
        self.strikes = 0.0
        self._last_strike = time.monotonic()
        self.writer_task: asyncio.Task[None] | None = None

    def hang_up(self) -> None:
        """``Transport.close`` for this connection (the lobby's ``Conn``)."""
        self.transport.close(self)

    def send(self, message: WireMessage) -> None:
        """Queue ``message``; one that cannot be encoded (too large, or text UTF-8 cannot
        carry) is recorded as a host error and dropped."""
        if self.closed:
            return
        try:
            frame = encode(message.to_dict())
        except ProtocolError as exc:
            self.transport.errors.append(f"unsendable outgoing {message.t}: {exc.message}")
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
        self.waiting: dict[Conn, None] = {}
        """Connections without an accepted ``hello``, oldest first."""

    async def on_client(self, reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter) -> None:
        """``asyncio.start_server``'s callback: serve one connection until it ends."""
        conn = Conn(self, reader, writer)
        if not self._make_room(conn):
            with contextlib.suppress(Exception):
                writer.write(encode(error(ErrorCode.BUSY, "The table has too many connections "
                                          "right now; try again.", fatal=True).to_dict()))
                writer.close()
            return
        self.conns.add(conn)
        self.waiting[conn] = None
        conn.writer_task = asyncio.create_task(conn.write_loop())
        try:
            await self._hello_first(conn)
            await self._serve(conn)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, TimeoutError):
            pass
        except Exception as exc:
            self.errors.append(f"connection handler: {type(exc).__name__}: {exc}")
        finally:
            self.disconnected(conn)

    def _make_room(self, conn: Conn) -> bool:
        """Room for one more connection under the caps, by hanging up on the oldest
        waiting connection (of ``conn``'s address first) where needed. Oldest go first
        so that a seat's reconnect — which says hello at once — always gets in; False
        only when every connection has joined and the total cap is reached."""
        same = [c for c in self.waiting if c.address == conn.address]
        if len(same) >= MAX_WAITING_PER_ADDRESS:
            self.evict(same[0])
        if len(self.waiting) >= MAX_WAITING:
            self.evict(next(iter(self.waiting)))
        if len(self.conns) >= MAX_CONNECTIONS:
            if not self.waiting:
                return False
            self.evict(next(iter(self.waiting)))
        return True

    def evict(self, conn: Conn) -> None:
        """Hang up on a connection that has not joined, to make room for a newer one."""
        with contextlib.suppress(Exception):
            conn.writer.write(encode(error(ErrorCode.BUSY, "Too many connections are "
                                           "waiting to join; yours was the oldest.",
                                           fatal=True).to_dict()))
        self.drop(conn)

    async def _hello_first(self, conn: Conn) -> None:
        """The handshake rule: the first frame must be a valid ``hello`` (or a discovery
        ``probe``), complete within ``HELLO_TIMEOUT`` seconds of the connection; anything
        else ends the connection."""
        try:
            body = await asyncio.wait_for(read_frame(conn.reader), HELLO_TIMEOUT)
        except TimeoutError:
            conn.send(error(ErrorCode.HANDSHAKE_REQUIRED,
                            f"no hello within {HELLO_TIMEOUT:g} s", fatal=True))
            self.close(conn)
            return
        except ProtocolError as exc:
            conn.send(error(exc.code, exc.message, fatal=True))
            self.close(conn)
            return
        try:
            msg = decode_client(body)
            if not isinstance(msg, (Hello, Probe)):
                raise ProtocolError(ErrorCode.HANDSHAKE_REQUIRED,
                                    f"the first message must be hello, not {msg.t}")
            self.handler.on_message(conn, msg)
        except ProtocolError as exc:
            conn.send(error(exc.code, exc.message, exc.ref, fatal=True))
            self.close(conn)
            return
        self.waiting.pop(conn, None)

    async def _serve(self, conn: Conn) -> None:
        """Every frame after the handshake, one at a time, until the connection closes."""
        while not conn.closed:
            try:
                body = await read_frame(conn.reader)
            except ProtocolError as exc:
                # The stream cannot be resynchronised after a bogus length: say so, hang up.
                conn.send(error(exc.code, exc.message, fatal=True))
                self.close(conn)
                return
            await asyncio.sleep(0)  # one frame at a time: a flood must not starve the table
            msg: ClientMessage | None = None
            try:
                msg = decode_client(body)
                self.handler.on_message(conn, msg)
            except ProtocolError as exc:
                if not self._refuse(conn, exc, msg):
                    return

    def _refuse(self, conn: Conn, exc: ProtocolError, msg: ClientMessage | None) -> bool:
        """Answer a refused message with an error (a strike); False once the strikes
        are too many and the connection is dropped for them."""
        if conn.strike():
            conn.send(error(ErrorCode.DROPPED,
                            "Too many bad messages; you were disconnected.", fatal=True))
            self.close(conn)
            return False
        ref = exc.ref if exc.ref is not None or msg is None else _echo(msg)
        conn.send(error(exc.code, exc.message, ref))
        return True

    def close(self, conn: Conn) -> None:
        """Hang up once the frames already queued are out."""
        if not conn.closed:
            conn.queue.put_nowait(None)
        conn.closed = True  # the writer hangs up once the queued frames are out

    def drop(self, conn: Conn) -> None:
        """Hang up on a connection at once (it stopped reading, or makes room): what is
        still queued for it is thrown away and its writer task ends."""
        conn.closed = True
        with contextlib.suppress(Exception):
            conn.writer.close()
        while not conn.queue.empty():
            conn.queue.get_nowait()
        conn.queue.put_nowait(None)
        self.disconnected(conn)

    def disconnected(self, conn: Conn) -> None:
        self.waiting.pop(conn, None)
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
        except ProtocolError as exc:
            self.errors.append(f"unsendable outgoing {message.t}: {exc.message}")
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
