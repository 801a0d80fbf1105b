"""The LAN client: a seat at a table hosted elsewhere, for a synchronous pygame loop.

Like python-chess's ``SimpleEngine`` (ARCHITECTURE.md), the network runs on an asyncio
loop in a background thread and the game loop calls in: ``connect()`` (blocking, raises
``LanError`` with the host's reason), ``send_action(action)``, ``poll()`` (never blocks)
and ``close()``. The client draws what it receives and decides nothing: ``view`` is the
last ``HandView`` the host sent for this seat.

The fair-deal commit and reveal (lieng/net/fairdeal.py) are answered on the background
thread without the game's help; after each hand the client checks the deal and reports a
``deal_check`` message ("check passed", what failed, or — for a hand that ended with a
hidden hand, whose proof the host never sends — "not checkable") for the table to show.

Everything the host sends is decoded and checked here, on the network thread: a malformed
message becomes a non-fatal ``error`` (code ``bad_host_message``) and is otherwise
dropped, so it can never break the game loop that polls.

Headless autopilot (tests, ``--selftest --mode lan``):
``python -m lieng.net.client --host 127.0.0.1 --port 47123 --name Ana --autopilot``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lieng.engine import Action, Event, HandView, Legal, RuleSet, event_from_dict
from lieng.table import Player

from .fairdeal import DealCheck, commit, hidden_check, new_value, proof_allowed, verify_deal
from .protocol import (
    BAD_HOST_MESSAGE,
    DEFAULT_PORT,
    GAME_VERSION,
    PROTOCOL_VERSION,
    ErrorCode,
    Message,
    ProtocolError,
    check_roster,
    decode,
    encode,
    read_frame,
    view_from_dict,
)

log = logging.getLogger(__name__)

MAX_KEPT_HANDS = 500
"""Final views kept in ``hand_views`` (a long evening's worth)."""


class LanError(Exception):
    """Joining failed; ``code`` is the host's ``ErrorCode`` (or "connect"/"timeout")."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class _Deal:
    host_commit: bytes
    seats: tuple[int, ...]
    my_value: bytes | None = None
    commits: dict[int, bytes] | None = None


class LanClient:
    """One seat over the network. See the module docstring for the calling pattern.

    ``autopilot`` (a bot, anything with ``decide(view)``/``observe(event)``) plays the seat
    on the background thread; ``record_raw`` keeps every received frame body (tests check
    that no hidden card ever arrives).
    """

    def __init__(self, host: str, port: int = DEFAULT_PORT, name: str = "Player",
                 password: str | None = None, token: str | None = None,
                 autopilot: Player | None = None, record_raw: bool = False,
                 timeout: float = 5.0) -> None:
        self.host = host
        self.port = port
        self.name = name
        self.password = password
        self.token = token
        self.autopilot = autopilot
        self.record_raw = record_raw
        self.timeout = timeout
        self.seat: int | None = None
        self.watching = False
        self.rules: dict[str, Any] | None = None
        self.table_name = ""
        self.roster: dict[str, Any] | None = None
        self.rebuy_stack = 0
        """Chips the host gives a broke seat between hands (0: no rebuys)."""
        self.view: HandView | None = None
        self.hand_no = 0
        self.turn: tuple[int, int] | None = None
        self._answered: tuple[int, int] | None = None
        self.turn_seconds: float = 0.0
        """The table's turn timer, from ``welcome``."""
        """(hand, turn) of the last ``your_turn`` not yet answered."""
        self.legal: Legal | None = None
        self.hand_views: dict[int, HandView] = {}
        """The final view of every hand this client saw end."""
        self.checks: list[DealCheck] = []
        self.closed: tuple[str, str] | None = None
        """(reason, message) once the table closed or the connection was lost."""
        self.raw_frames: list[bytes] = []
        self.errors: list[dict[str, Any]] = []
        self._deals: dict[int, _Deal] = {}
        self._checked: set[int] = set()
        self._rules: RuleSet | None = None
        self._queue: list[Message] = []
        self._cond = threading.Condition()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None

    # ----------------------------------------------------------------- game-loop API

    def connect(self) -> LanClient:
        """Join the table; returns once seated (or watching). Raises ``LanError``."""
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=loop.run_forever, name="lieng-lan-client",
                                        daemon=True)
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
        return self

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
        msg = {"t": "action", "hand": turn[0], "turn": turn[1], "action": action.to_dict()}
        self._loop.call_soon_threadsafe(self._send, msg)
        return True

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
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self._shutdown(), loop).result(2.0)
        self._stop_loop()

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
        hello: dict[str, Any] = {"t": "hello", "proto": PROTOCOL_VERSION, "game": GAME_VERSION,
                                 "name": self.name}
        if self.password:
            hello["password"] = self.password
        if self.token:
            hello["token"] = self.token
        self._send(hello)
        first = await asyncio.wait_for(self._read(reader), self.timeout)
        if first.get("t") == "error":
            writer.close()
            raise LanError(str(first.get("code")), str(first.get("message")))
        if first.get("t") != "welcome":
            writer.close()
            raise LanError(ErrorCode.BAD_MESSAGE, "the host did not welcome us")
        self._handle(first)
        self._reader_task = asyncio.create_task(self._read_loop(reader))

    async def _read(self, reader: asyncio.StreamReader) -> dict[str, Any]:
        body = await read_frame(reader)
        if self.record_raw:
            self.raw_frames.append(body)
        return decode(body)

    async def _read_loop(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                msg = await self._read(reader)
                try:
                    self._handle(msg)
                except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
                    self._push("error", {"code": BAD_HOST_MESSAGE, "message": str(exc)[:200],
                                         "fatal": False})
                if self.closed is not None:
                    break
        except (asyncio.IncompleteReadError, ConnectionError, OSError, ProtocolError):
            pass
        finally:
            if self.closed is None:
                self._set_closed("disconnected", "The connection to the host was lost.")
            if self._writer is not None:
                self._writer.close()

    async def _shutdown(self) -> None:
        if self._writer is not None and self.closed is None:
            self._send({"t": "bye"})
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer.drain(), 1.0)
        self.closed = self.closed or ("left", "You left the table.")
        if self._writer is not None:
            self._writer.close()
        if self._reader_task is not None:
            self._reader_task.cancel()

    def _send(self, msg: dict[str, Any]) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(msg))

    def _push(self, kind: str, data: dict[str, Any], view: HandView | None = None,
              events: tuple[Event, ...] = ()) -> None:
        with self._cond:
            self._queue.append(Message(kind, data, view, events))
            self._cond.notify_all()

    def _set_closed(self, reason: str, message: str) -> None:
        with self._cond:
            self.closed = (reason, message)
        self._push("closed", {"reason": reason, "message": message})

    def _handle(self, msg: dict[str, Any]) -> None:
        t = msg["t"]
        if t == "welcome":
            with self._cond:
                self.seat = msg["seat"]
                self.token = msg["token"]
                self.name = msg["name"]
                self.rules = msg["rules"]
                self.table_name = msg["table"]
                self.watching = bool(msg["watching"])
                self.rebuy_stack = int(msg["stack"]) if msg.get("rebuy") else 0
                self.turn_seconds = float(msg["turn_seconds"])
                self._rules = RuleSet.from_dict(msg["rules"])
        elif t in ("snapshot", "update"):
            # Decode all of it before changing anything: a bad part drops the whole message.
            view = view_from_dict(msg["view"]) if msg.get("view") is not None else None
            raw_events = msg.get("events", [])
            if not isinstance(raw_events, list):
                raise ProtocolError(ErrorCode.BAD_MESSAGE, "events must be a list")
            events = tuple(event_from_dict(e, self._rules) for e in raw_events)
            hand_no = int(msg["hand"])
            with self._cond:
                if view is not None:
                    self.view = view
                    self.watching = view.seat is None
                    if view.is_over:
                        self.hand_views[hand_no] = view
                        if len(self.hand_views) > MAX_KEPT_HANDS:
                            del self.hand_views[min(self.hand_views)]
                self.hand_no = hand_no
                if self.turn is not None and self.turn[0] != self.hand_no:
                    self.turn = None
                if view is not None and view.legal is not None and view.seat is not None \
                        and view.to_act == view.seat:
                    # Our turn is known from the view already; ``your_turn`` follows
                    # with the clock, but the player may answer at once.
                    self._offer((self.hand_no, len(view.actions)), view.legal)
            if t == "update" and self.autopilot is not None:
                for event in events:
                    try:
                        self.autopilot.observe(event)
                    except Exception:  # a bot bug must not cut the seat off: say it
                        log.exception("the autopilot failed to observe %s", event)
            self._push(t, msg, view, events)
            if t == "update" and view is not None and view.is_over:
                self._hand_over(hand_no, view)
            return
        elif t == "your_turn":
            with self._cond:
                self._offer((int(msg["hand"]), int(msg["turn"])), Legal.from_dict(msg["legal"]))
            if self.autopilot is not None and self.view is not None \
                    and self.view.legal is not None:
                self.send_action(self.autopilot.decide(self.view))
        elif t == "table":
            check_roster(msg)
            with self._cond:
                self.roster = msg
        elif t == "deal_start":
            self._deal_start(msg)
        elif t == "deal_commits":
            self._deal_commits(msg)
        elif t == "deal_proof":
            self._deal_proof(msg)
        elif t == "closed":
            self._set_closed(str(msg.get("reason")), str(msg.get("message")))
            return
        elif t == "error":
            with self._cond:
                self.errors.append(msg)
            if msg.get("fatal"):
                self._push(t, msg)
                self._set_closed(str(msg.get("code")), str(msg.get("message")))
                return
        self._push(t, msg)

    def _offer(self, turn: tuple[int, int], legal: Legal) -> None:
        """Open ``turn`` for ``send_action`` unless it was answered already (call with the
        lock held)."""
        if turn != self._answered:
            self.turn = turn
            self.legal = legal

    # ----------------------------------------------------------------- fair deal

    def _deal_start(self, msg: dict[str, Any]) -> None:
        hand = int(msg["hand"])
        seats = tuple(int(s) for s in msg["seats"])
        deal = _Deal(bytes.fromhex(msg["host_commit"]), seats)
        last = self.hand_views.get(hand - 1)
        if hand - 1 in self._deals and hand - 1 not in self._checked and last is not None \
                and proof_allowed(last.dealt_in, last.shown):
            # The host sends a hand's proof before the next deal: holding it back after a
            # full showdown is what a host with a rigged deck would do.
            self._report(DealCheck(hand - 1, False,
                                   "the host sent no proof for a hand shown in full"))
        self._deals[hand] = deal
        for old in [h for h in self._deals if h < hand - 2]:
            del self._deals[old]
        if self.seat is not None and self.seat in seats:
            deal.my_value = new_value()
            self._send({"t": "commit", "hand": hand, "commit": commit(deal.my_value).hex()})

    def _deal_commits(self, msg: dict[str, Any]) -> None:
        hand = int(msg["hand"])
        deal = self._deals.get(hand)
        if deal is None:
            return
        deal.commits = {int(s): bytes.fromhex(c) for s, c in msg["commits"]}
        if deal.my_value is not None and self.seat is not None \
                and deal.commits.get(self.seat) == commit(deal.my_value):
            self._send({"t": "reveal", "hand": hand, "value": deal.my_value.hex()})

    def _hand_over(self, hand: int, view: HandView) -> None:
        """A hand that ended with a hand not shown gets no proof (the host keeps its value
        so that nobody can rebuild the folded cards, RULES.md step 8): report it as not
        checkable — neither passed nor failed."""
        if hand in self._checked or hand not in self._deals \
                or proof_allowed(view.dealt_in, view.shown):
            return
        self._report(hidden_check(hand))

    def _report(self, check: DealCheck) -> None:
        self._checked.add(check.hand)
        if len(self._checked) > MAX_KEPT_HANDS:
            self._checked.discard(min(self._checked))
        with self._cond:
            self.checks.append(check)
            if len(self.checks) > MAX_KEPT_HANDS:
                del self.checks[0]
        self._push("deal_check", {"hand": check.hand, "ok": check.ok, "reason": check.reason})

    def _deal_proof(self, msg: dict[str, Any]) -> None:
        hand = int(msg["hand"])
        deal = self._deals.get(hand)
        view = self.hand_views.get(hand)
        if deal is None or view is None or hand in self._checked:
            return  # joined after this deal began: nothing of ours to check
        commits = {int(s): bytes.fromhex(c) for s, c in msg["commits"]}
        values = {int(s): bytes.fromhex(v) for s, v in msg["values"]}
        if deal.commits is not None and commits != deal.commits:
            check = DealCheck(hand, False, "the commits changed after they were published")
        else:
            check = verify_deal(hand, deal.host_commit, bytes.fromhex(msg["host_value"]),
                                commits, values, view.seat, deal.my_value, view.first,
                                view.dealt_in, view.my_cards, view.shown)
        self._report(check)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lieng.net.client",
                                description="Join a Liêng LAN table without a window.")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--name", default="Autopilot")
    p.add_argument("--password", default=None)
    p.add_argument("--autopilot", action="store_true", help="let a bot play the seat")
    p.add_argument("--level", default="easy", help="the autopilot's bot level")
    p.add_argument("--seconds", type=float, default=600.0, help="give up after this long")
    args = p.parse_args(argv)
    pilot: Player | None = None
    if args.autopilot:
        from lieng.bots import make_bot

        pilot = make_bot(args.level, rng=random.Random())
    client = LanClient(args.host, args.port, name=args.name, password=args.password,
                       autopilot=pilot)
    try:
        client.connect()
    except LanError as exc:
        print(json.dumps({"error": exc.code, "message": exc.message}), flush=True)
        return 2
    print(json.dumps({"seat": client.seat, "table": client.table_name}), flush=True)
    done = client.wait_until(lambda: client.closed is not None, args.seconds)
    client.close()
    failed = [c.hand for c in client.checks if c.ok is False]
    reason = client.closed[0] if client.closed else "timeout"
    print(json.dumps({"closed": reason, "hands": len(client.hand_views),
                      "checks_passed": sum(c.ok is True for c in client.checks),
                      "checks_hidden": sum(c.ok is None for c in client.checks),
                      "checks_failed": failed}), flush=True)
    return 0 if done and not failed and reason in ("finished", "host_left") else 1


if __name__ == "__main__":
    sys.exit(main())
