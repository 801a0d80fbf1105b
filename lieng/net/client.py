"""The LAN client: a seat at a table hosted elsewhere, for a synchronous pygame loop.

Like python-chess's ``SimpleEngine`` (ARCHITECTURE.md), the network runs on an asyncio
loop in a background thread and the game loop calls in: ``connect()`` (blocking, raises
``LanError`` with the host's reason), ``send_action(action)``, ``poll()`` (never blocks)
and ``close()``. The client draws what it receives and decides nothing: ``view`` is the
last ``HandView`` the host sent for this seat.

The deal's messages are answered on the background thread without the game's help —
the mental deal's steps (client_mental.py: the seat's own cards come from there, since
the host cannot read them) or the fair deal's commit and reveal (client_deal.py); after
each hand the client reports a ``DealCheck`` ("check passed", what failed, "not
checkable", or a deal stopped before the hand) for the table to show.

Everything the host sends is decoded and checked here, on the network thread: a malformed
message becomes a non-fatal ``error`` (code ``bad_host_message``) and is otherwise
dropped, so it can never break the game loop that polls.

Everything received is decoded into a typed message (lieng/net/messages.py) and handled
by its class. The fair deal's client side is lieng/net/client_deal.py; the headless
autopilot command (``python -m lieng.net.client_cli``) is lieng/net/client_cli.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import threading
from collections.abc import Callable
from pathlib import Path

from lieng.engine import Action, HandView, Legal, RuleSet
from lieng.table import Player

from .client_deal import ClientDeals
from .client_mental import ClientMental
from .fairdeal import DealCheck
from .host_checks import message_problem
from .inbox import Message
from .mental_messages import MentalFault, MentalOpenRequest, MentalStart, MentalStep
from .messages import (
    Ack,
    ActionRequest,
    Bye,
    ClientMessage,
    Closed,
    DealCommits,
    DealProof,
    DealStart,
    Error,
    Hello,
    HostMessage,
    Pong,
    Roster,
    Snapshot,
    Update,
    Welcome,
    YourTurn,
    decode_host,
    error,
)
from .protocol import (
    BAD_HOST_MESSAGE,
    DEFAULT_PORT,
    GAME_VERSION,
    HOST_MISBEHAVING,
    PROTOCOL_VERSION,
    ErrorCode,
    ProtocolError,
    encode,
    read_frame,
)
from .seat_tokens import SeatTokens

log = logging.getLogger(__name__)

MAX_KEPT_HANDS = 500
"""Final views kept in ``hand_views`` (a long evening's worth)."""


class LanError(Exception):
    """Joining failed; ``code`` is the host's ``ErrorCode`` (or "connect"/"timeout")."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class LanClient:
    """One seat over the network. See the module docstring for the calling pattern.

    ``autopilot`` (a bot, anything with ``decide(view)``/``observe(event)``) plays the seat
    on the background thread; ``record_raw`` keeps every received frame body (tests check
    that no hidden card ever arrives). ``tokens`` (a ``SeatTokens``) keeps the seat's
    token on disk, so a restarted game reclaims the seat (lieng/net/seat_tokens.py);
    ``deal_secrets`` (the player's data folder) keeps the seat's mental-deal secret for
    the hand, so that a restarted game reads its cards again (None: in memory only).
    """

    def __init__(self, host: str, port: int = DEFAULT_PORT, name: str = "Player",
                 password: str | None = None, token: str | None = None,
                 autopilot: Player | None = None, record_raw: bool = False,
                 timeout: float = 5.0, tokens: SeatTokens | None = None,
                 deal_secrets: Path | None = None) -> None:
        self.host = host
        self.tokens = tokens
        self.port = port
        self.name = name
        self.password = password
        self.token = token
        self.autopilot = autopilot
        self.record_raw = record_raw
        self.timeout = timeout
        self.seat: int | None = None
        self.watching = False
        self.rules: RuleSet | None = None
        self.table_name = ""
        self.roster: Roster | None = None
        """The last ``table`` message: who sits where — the typed message as decoded at
        the boundary, which the lobby screens draw as it is."""
        self.rebuy_stack = 0
        """Chips the host gives a broke seat between hands (0: no rebuys)."""
        self.view: HandView | None = None
        self.hand_no = 0
        self.turn: tuple[int, int] | None = None
        """(hand, turn) of the last ``your_turn`` not yet answered."""
        self._answered: tuple[int, int] | None = None
        self.turn_seconds: float = 0.0
        """The table's turn timer, from ``welcome``."""
        self.legal: Legal | None = None
        self.hand_views: dict[int, HandView] = {}
        """The final view of every hand this client saw end."""
        self.closed: tuple[str, str] | None = None
        """(reason, message) once the table closed or the connection was lost."""
        self.raw_frames: list[bytes] = []
        self.errors: list[Error] = []
        self.deals = ClientDeals(self._report, self.hand_views.get)
        self.deal_secrets = deal_secrets
        self.mental = ClientMental(self._report, lambda: self.roster, deal_secrets)
        self._queue: list[Message] = []
        self._cond = threading.Condition()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None

    # ----------------------------------------------------------------- game-loop API

    def connect(self) -> LanClient:
        """Join the table; returns once seated (or watching). Raises ``LanError``.

        With ``tokens``, a token saved for this name at this table is tried first: the
        host gives the seat back if it still keeps it; if not (``bad_token``: the grace
        period is over) the token is forgotten and the player joins afresh."""
        store, asked = self.tokens, self.name
        stored = None
        if store is not None and not self.token:
            stored = self.token = store.load(self.host, self.port, asked)
        try:
            self._connect_once()
        except LanError as exc:
            if store is None or stored is None or exc.code != ErrorCode.BAD_TOKEN:
                raise
            store.forget(self.host, self.port, asked)
            self.token = None
            self._connect_once()
        if store is not None and self.token:
            try:
                store.save(self.host, self.port, asked, self.token)
            except ValueError:  # a host's odd token: it just can't be kept for a restart
                log.warning("the host's session token is not one this game can keep")
        return self

    def _connect_once(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=_run_until_stopped, args=(loop,),
                                        name="lieng-lan-client", daemon=True)
        self._thread.start()
        fut = asyncio.run_coroutine_threadsafe(self._connect(), loop)
        try:
            fut.result(self.timeout + 1)
        except BaseException as exc:
            self._stop_loop()
            if isinstance(exc, LanError):
                raise
            if isinstance(exc, TimeoutError):
                raise LanError("timeout", "The host did not answer.") from None
            raise LanError("connect", f"Cannot reach {self.host}:{self.port}: {exc}") from None

    def poll(self) -> list[Message]:
        """Messages received since the last poll, oldest first (never blocks)."""
        with self._cond:
            out, self._queue = self._queue, []
        return out

    def send_action(self, action: Action) -> bool:
        """Send ``action`` for the turn the host last offered; False when no turn is open
        (the host would refuse it anyway)."""
        with self._cond:
            turn = self.turn
            self.turn = None
            if turn is not None:
                self._answered = turn
        if turn is None or self._loop is None:
            return False
        msg = ActionRequest(turn[0], turn[1], action)
        self._loop.call_soon_threadsafe(self._send, msg)
        return True

    @property
    def checks(self) -> list[DealCheck]:
        """Every deal check so far (the last ``MAX_KEPT_HANDS`` of each kind of deal)."""
        return self.deals.checks + self.mental.checks

    def wait_until(self, predicate: Callable[[], bool], timeout: float) -> bool:
        """Block until ``predicate()`` is true (re-checked after each message) or timeout."""
        with self._cond:
            return self._cond.wait_for(predicate, timeout)

    def close(self) -> None:
        """Leave the table (the seat is kept for the host's grace period) and stop the
        background thread. Call it also after a ``closed`` message."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return
        goodbye = self._shutdown()
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(goodbye, loop).result(2.0)
        self._stop_loop()
        if inspect.getcoroutinestate(goodbye) == inspect.CORO_CREATED:
            # The loop stopped (the host closed first) before it could start the goodbye,
            # and its thread is gone: close it here, or it is reported as never awaited.
            goodbye.close()

    def drop_connection(self) -> None:
        """Cut the connection without a goodbye (tests: a player's network fails)."""
        loop = self._loop
        if loop is None:
            return

        def cut() -> None:
            if self._writer is not None:
                transport = self._writer.transport
                transport.abort()

        loop.call_soon_threadsafe(cut)
        self.wait_until(lambda: self.closed is not None, 2.0)
        self._stop_loop()

    def __enter__(self) -> LanClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------- loop thread

    def _stop_loop(self) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(2.0)
            if loop is not None and not loop.is_running() and not loop.is_closed():
                loop.close()

    async def _connect(self) -> None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), self.timeout)
        except OSError as exc:
            raise LanError("connect", f"Cannot reach {self.host}:{self.port}: {exc}") from None
        self._writer = writer
        self._send(Hello(PROTOCOL_VERSION, GAME_VERSION, self.name,
                         self.password or None, self.token or None))
        try:
            first = await asyncio.wait_for(self._read(reader), self.timeout)
        except ProtocolError as exc:
            writer.close()
            # Our own code, not the host's ``bad_message`` (which would say *we* sent a
            # bad message): the player is told the host sent what this game cannot use.
            raise LanError(BAD_HOST_MESSAGE, f"the host sent {exc.message}") from None
        if isinstance(first, Error):
            writer.close()
            raise LanError(first.code, first.message)
        if not isinstance(first, Welcome):
            writer.close()
            raise LanError(ErrorCode.BAD_MESSAGE, "the host did not welcome us")
        self._handle(first)
        self._reader_task = asyncio.create_task(self._read_loop(reader))

    async def _read(self, reader: asyncio.StreamReader) -> HostMessage:
        body = await read_frame(reader)
        if self.record_raw:
            self.raw_frames.append(body)
        return decode_host(body)

    async def _read_loop(self, reader: asyncio.StreamReader) -> None:
        try:
            while self.closed is None:
                body = await read_frame(reader)
                if self.record_raw:
                    self.raw_frames.append(body)
                self._receive(body)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, ProtocolError):
            pass  # ProtocolError here: an oversized frame, after which nothing can be read
        finally:
            if self.closed is None:
                self._set_closed("disconnected", "The connection to the host was lost.")
            if self._writer is not None:
                self._writer.close()

    def _receive(self, body: bytes) -> None:
        """One frame from the host: decoded, then handled; a malformed one is reported as a
        non-fatal ``bad_host_message`` error and changes nothing. Whatever else one frame
        makes the decoder or a handler raise costs that frame only, said the same way: a
        reader that died on it would show "connection lost" for a bad message."""
        try:
            msg = decode_host(body)
        except ProtocolError as exc:
            self._push(error(BAD_HOST_MESSAGE, exc.message))
            return
        except Exception as exc:  # a decoder bug on hostile input: still one bad message
            log.exception("a frame from the host could not be decoded")
            self._push(error(BAD_HOST_MESSAGE, f"{type(exc).__name__}: {exc}"))
            return
        try:
            self._handle(msg)
        except Exception as exc:
            log.exception("a %s from the host could not be handled", msg.t)
            self._push(error(BAD_HOST_MESSAGE, f"{msg.t}: {type(exc).__name__}: {exc}"))

    async def _shutdown(self) -> None:
        if self._writer is not None and self.closed is None:
            # Left before the goodbye goes: the host, hearing it, closes the connection,
            # and the reader must not take that end for a lost connection.
            self.closed = ("left", "You left the table.")
            self._send(Bye())
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer.drain(), 1.0)
        self.closed = self.closed or ("left", "You left the table.")
        if self._writer is not None:
            self._writer.close()
        if self._reader_task is not None:
            self._reader_task.cancel()

    def _send(self, msg: ClientMessage) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(msg.to_dict()))

    def _push(self, body: HostMessage | DealCheck) -> None:
        with self._cond:
            self._queue.append(Message(body))
            self._cond.notify_all()

    def _set_closed(self, reason: str, message: str) -> None:
        with self._cond:
            self.closed = (reason, message)
        self._push(Closed(reason, message))

    def _handle(self, msg: HostMessage) -> None:
        """Act on one decoded message, by its class, then hand it to the game loop."""
        match msg:
            case Welcome():
                with self._cond:
                    self.seat, self.token, self.name = msg.seat, msg.token, msg.name
                    self.rules, self.table_name = msg.rules, msg.table
                    self.watching = msg.watching
                    self.rebuy_stack = msg.stack if msg.rebuy else 0
                    self.turn_seconds = msg.turn_seconds
                self.mental.join(msg.seat, msg.token)
            case MentalStart() | MentalStep() | MentalOpenRequest() | MentalFault():
                for step in self.mental.on_message(msg):
                    self._send(step)
                return  # the deal's own business: the game loop sees its checks only
            case Snapshot() | Update():
                self._take_view(msg)
                return
            case YourTurn():
                with self._cond:
                    self._offer((msg.hand, msg.turn), msg.legal)
                if self.autopilot is not None and self.view is not None \
                        and self.view.legal is not None:
                    self.send_action(self.autopilot.decide(self.view))
            case Roster():
                with self._cond:
                    self.roster = msg
            case DealStart():
                commit_msg = self.deals.on_start(msg, self.seat)
                if commit_msg is not None:
                    self._send(commit_msg)
            case DealCommits():
                reveal = self.deals.on_commits(msg, self.seat)
                if reveal is not None:
                    self._send(reveal)
            case DealProof():
                self.deals.on_proof(msg)
            case Closed():
                self._set_closed(msg.reason, msg.message)
                return
            case Error():
                with self._cond:
                    self.errors.append(msg)
                if msg.fatal:
                    self._push(msg)
                    self._set_closed(msg.code, msg.message)
                    return
            case Ack() | Pong():
                pass
        self._push(msg)

    def _take_view(self, msg: Snapshot | Update) -> None:
        msg, steps = self.mental.on_view(msg)  # this seat's own cards, which the host lacks
        for step in steps:
            self._send(step)
        view = msg.view
        problem = message_problem(msg, self.view, self.hand_no, self.roster)
        if problem is not None:
            # Not drawn: the player is told, the last honest view stays (host_checks.py).
            log.warning("the host is misbehaving: %s", problem)
            self._push(error(HOST_MISBEHAVING, problem, msg.hand))  # id: the hand it named
            return
        with self._cond:
            if view is not None:
                self.view = view
                self.watching = view.seat is None
                if view.is_over:
                    self.hand_views[msg.hand] = view
                    if len(self.hand_views) > MAX_KEPT_HANDS:
                        del self.hand_views[min(self.hand_views)]
            self.hand_no = msg.hand
            if self.turn is not None and self.turn[0] != self.hand_no:
                self.turn = None
            if view is not None and view.legal is not None and view.seat is not None \
                    and view.to_act == view.seat:
                # Our turn is known from the view already; ``your_turn`` follows with the
                # clock, but the player may answer at once.
                self._offer((self.hand_no, len(view.actions)), view.legal)
        if isinstance(msg, Update) and self.autopilot is not None:
            for event in msg.events:
                try:
                    self.autopilot.observe(event)
                except Exception:  # a bot bug must not cut the seat off: say it
                    log.exception("the autopilot failed to observe %s", event)
        self._push(msg)
        if isinstance(msg, Update) and msg.view.is_over:
            self.deals.on_hand_over(msg.hand, msg.view)
            self.mental.on_hand_over(msg.hand, msg.view)

    def _offer(self, turn: tuple[int, int], legal: Legal) -> None:
        """Open ``turn`` for ``send_action`` unless it was answered already (call with the
        lock held)."""
        if turn != self._answered:
            self.turn = turn
            self.legal = legal

    def _report(self, check: DealCheck) -> None:
        self._push(check)


def _run_until_stopped(loop: asyncio.AbstractEventLoop) -> None:
    """The connection's thread: run the loop until ``_stop_loop`` stops it, then end
    what is still running on it (the reader when no goodbye cancelled it: the host
    closed first, or the goodbye came too late), so that closing the loop leaves no task
    pending ("Task was destroyed but it is pending") and no coroutine unawaited."""
    try:
        loop.run_forever()
    finally:
        pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
        for task in pending:
            task.cancel()
        if pending:
            with contextlib.suppress(Exception):
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))

