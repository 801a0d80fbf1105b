"""The LAN host: the one truth of a table played over the network ("Authority").

The host runs the engine (through ``lieng.table.Table``, dealing the fair-deal deck) on an
asyncio server. Clients send only intended actions; every seat receives only
``hand.view_for(seat)`` and ``redact(event, seat)`` (ARCHITECTURE.md: absent, not
hidden). Anything a client sends is checked before it touches the table, and a rejected
message changes nothing.

This module is the orchestration: it owns the event loop and the game loop, and wires
together the parts that each do one thing —

- ``transport``: connections, the handshake rule and limits, decoding, strikes;
- ``lobby``: the hello, sessions, seats, names, the password guard and the roster;
- ``host_mental.SealedDeals``: each hand's mental-poker deal, by default (the host cannot
  read a person's cards, docs/PROTOCOL.md 12), its showdown openings and the replay for
  a seat that reconnects;
- ``fairdeal.FairDealer``: the commit-then-reveal deal when ``HostConfig.mental_deal`` is
  off (lieng/net/fairdeal.py);
- ``between_hands``: table creation, bots taking seats, rebuys;
- ``records``: the finished hands kept for tests and proofs;
- ``service.LoopService``: running on a thread of its own or headless, stopping, ``call``;
- ``host_cli``: ``python -m lieng.net.host_cli --port 47123 --seats 4 --bots 2``.

Everything that touches the table runs on the host's event loop thread, so no locks are
needed; the game window and tests reach in with ``LanHost.call``. The host plays the turn
timer itself (RULES.md step 6: a turn that times out folds), also for a seat whose player
has disconnected; a reconnect within ``grace`` seconds with the session token gets the
seat back, after that a bot takes it over between hands.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import secrets
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lieng.engine import (
    PRESETS,
    ActionKind,
    Event,
    HandOverError,
    IllegalActionError,
    NotYourTurnError,
    SealedHand,
    redact,
)
from lieng.table import StaleHandError, StaleTurnError, Table

from . import between_hands, discovery
from .client import LanClient
from .fairdeal import FairDealer, proof_allowed
from .host_mental import SealedDeals
from .hostconfig import HostConfig
from .lobby import Lobby, Session
from .mental_messages import MentalStep
from .messages import (
    Ack,
    ActionRequest,
    Bye,
    ClientMessage,
    Closed,
    Commit,
    Hello,
    Ping,
    Pong,
    Probe,
    Reveal,
    TableAd,
    Update,
    YourTurn,
)
from .protocol import ErrorCode, ProtocolError, encode
from .records import PlayedHand, record_hand
from .service import LoopService
from .transport import LISTEN_BACKLOG, Conn, Transport

if TYPE_CHECKING:
    from .client import LanClient

__all__ = ["HostConfig", "LanHost", "PlayedHand", "connect_local"]


DEAL_SECONDS_PER_CARD = 0.11
DEAL_SECONDS_LAST = 0.3
"""How long the game window takes to deal a card, and to land the last one (the board's
``DEAL_GAP`` and ``DEAL_FLIGHT`` at normal speed, rounded up)."""


def deal_seconds(dealt: int, pace: float) -> float:
    """The time the players' windows spend dealing ``dealt`` hands: the first turn's clock
    and the bots' thinking start after it, not while cards still fly on every screen.
    ``pace`` is the table's ``bot_speed`` (0 in tests: no allowance)."""
    return (3 * dealt * DEAL_SECONDS_PER_CARD + DEAL_SECONDS_LAST) * pace


class LanHost(LoopService):
    """A hosted table. ``start()`` serves on a background thread (the game window);
    ``run()`` serves on the calling thread until the table closes (headless)."""

    thread_name = "lieng-lan-host"

    def __init__(self, config: HostConfig) -> None:
        super().__init__()
        self.config = config
        self.rules = dataclasses.replace(PRESETS[config.preset], table_bet=config.table_bet,
                                         turn_seconds=max(1, round(config.turn_seconds)))
        self.table: Table | None = None
        self.history: list[PlayedHand] = []
        self.hands_played = 0
        """Hands finished so far; ``history`` keeps only the last ``MAX_KEPT_HANDS``."""
        self.chips_in = 0
        """Chips bought in so far (stacks and rebuys): what the table must always hold."""
        self.port = config.port
        self.lobby = Lobby(config, self.rules)
        self.transport = Transport(self, self.errors)
        self.dealer = FairDealer(self.transport.broadcast, self.lobby.online,
                                 config.deal_timeout)
        self.sealed = SealedDeals(self.transport.broadcast, self.lobby.online,
                                  config.mental_timeout) if config.mental_deal else None
        """The mental deal (docs/PROTOCOL.md 12); None when the table uses section 8's."""
        self.closed_reason: str | None = None
        self._poke: asyncio.Event | None = None
        self._started: asyncio.Event | None = None
        self._rng = random.Random(secrets.randbits(64))

    @property
    def local_token(self) -> str | None:
        """The hosting player's session token (seat 0), if the host keeps a seat."""
        return self.lobby.local_token

    @property
    def sessions(self) -> dict[str, Session]:
        return self.lobby.sessions

    # ----------------------------------------------------------------- lifecycle

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

    async def _serve(self) -> None:
        self._poke = asyncio.Event()
        self._started = asyncio.Event()
        assert self._stopping is not None
        try:
            server = await asyncio.start_server(self.transport.on_client, self.config.bind,
                                                self.config.port,
                                                backlog=LISTEN_BACKLOG)
        except OSError as exc:
            self._start_error = exc
            self._ready.set()
            return
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        beacon = discovery.send_beacons(self.config.beacon_target, self.config.beacon_port,
                                        self.config.beacon_interval, self._table_ad)
        tasks = [asyncio.create_task(self._guard(self._game())),
                 asyncio.create_task(self._guard(beacon))]
        try:
            await self._stopping.wait()
        finally:
            reason, message = self._stop_message
            self.closed_reason = reason
            for t in tasks:
                t.cancel()
            await self.transport.close_all(Closed(reason, message))
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2.0)

    # ----------------------------------------------------------------- messages

    def on_message(self, conn: Conn, msg: ClientMessage) -> None:
        """The transport's handler: one decoded message from ``conn``."""
        session = conn.session
        if session is None:  # the transport lets only these two through
            if isinstance(msg, Probe):  # the Join screen checking the table is real
                conn.send(self._table_ad())
                self.transport.close(conn)
            elif isinstance(msg, Hello):
                self._join(conn, msg)
            return
        match msg:
            case ActionRequest():
                self._action(session, msg)
            case Commit():
                self.dealer.on_commit(session.seat, msg)
            case Reveal():
                self.dealer.on_reveal(session.seat, msg)
            case MentalStep():
                if self.sealed is None:
                    raise ProtocolError(ErrorCode.BAD_DEAL, "this table deals without "
                                        "the mental deal")
                self.sealed.dealer.on_step(session.seat, msg)
            case Ping():
                conn.send(Pong(msg.id))
            case Bye():
                self.transport.close(conn)
            case Hello() | Probe():
                raise ProtocolError(ErrorCode.BAD_MESSAGE, "you have already joined")
        if isinstance(msg, (ActionRequest, Commit, Reveal)) and msg.id is not None:
            conn.send(Ack(msg.id))

    def on_gone(self, conn: Conn) -> None:
        """The transport's handler: ``conn`` closed; its seat (if any) is now away."""
        if self.lobby.left(conn, started=self.table is not None) is not None:
            self._send_roster()
            self.dealer.changed.set()  # a fair-deal wait stops waiting for them
            if self.sealed is not None:
                self.sealed.dealer.changed.set()

    def _join(self, conn: Conn, hello: Hello) -> None:
        session = self.lobby.admit(conn, hello, self.table)
        conn.send(self.lobby.welcome(session))
        if self.sealed is not None:  # the deal again, so that the seat reads its cards
            for msg in self.sealed.replay(session.seat, self.table):
                conn.send(msg)
        conn.send(self.lobby.snapshot(session, self.table))
        self._send_roster()
        table = self.table
        if table is not None and table.in_hand and session.playing:
            self._send_your_turn(session)
        if self.table is None and self.lobby.ready_to_start():
            self._begin()

    def _action(self, session: Session, msg: ActionRequest) -> None:
        if msg.seat is not None and msg.seat != session.seat:
            raise ProtocolError(ErrorCode.NOT_YOUR_SEAT, "you can only act for your own seat")
        table = self.table
        if not session.playing or table is None:
            raise ProtocolError(ErrorCode.NOT_SEATED, "the game has not started yet"
                                if table is None else "you are watching until the next hand")
        if msg.action.kind is ActionKind.TIMEOUT:
            raise ProtocolError(ErrorCode.ILLEGAL_ACTION, "only the host's timer times out")
        # The table checks the turn — which hand, which turn, whose (Table.act) — once;
        # the host only names the reason on the wire (docs/PROTOCOL.md, "Errors").
        try:
            table.act(session.seat, msg.action, time.monotonic(), turn=(msg.hand, msg.turn))
        except StaleHandError:
            raise ProtocolError(ErrorCode.STALE_HAND,
                                f"hand {msg.hand} is not being played (now: {table.hand_no})"
                                ) from None
        except StaleTurnError:
            raise ProtocolError(ErrorCode.STALE_TURN, "that turn is over") from None
        except (NotYourTurnError, HandOverError):  # betting over: nobody's turn
            raise ProtocolError(ErrorCode.NOT_YOUR_TURN, "it is not your turn") from None
        except IllegalActionError as exc:
            raise ProtocolError(ErrorCode.ILLEGAL_ACTION, str(exc)[:200]) from None
        if self._poke is not None:
            self._poke.set()

    def _send_roster(self) -> None:
        self.transport.broadcast(self.lobby.roster(self.table))

    # ----------------------------------------------------------------- the game

    async def _game(self) -> None:
        assert self._started is not None and self._stopping is not None
        if self.lobby.ready_to_start():
            self._started.set()
        await self._started.wait()
        cfg = self.config
        people = {s.seat: s.name for s in self.sessions.values()}
        for s in self.sessions.values():
            s.playing = True
        table = between_hands.create_table(cfg, self.rules, people)
        self.chips_in = cfg.stack * cfg.seats
        table.subscribe(self._on_events)
        self.table = table
        self._send_roster()
        while not self._stopping.is_set():
            if cfg.max_hands is not None and table.hand_no >= cfg.max_hands:
                self._request_stop("finished", f"The game is over after {table.hand_no} hands.")
                return
            self._between_hands(table)
            await self._wait_for_people()
            if not table.can_continue():
                self._request_stop("finished", "Fewer than two players can pay the table bet.")
                return
            away = await self._wait_for_enough(table)
            if away is None:
                continue  # stopping, or a seat went to a bot meanwhile: settle again
            deal = None
            if self.sealed is not None:
                away |= self.sealed.benched(table, away)
                if not await self.sealed.start_hand(
                        table, away, time.monotonic,
                        lambda dealt: deal_seconds(dealt, cfg.bot_speed)):
                    await asyncio.sleep(cfg.hand_pause)  # stopped: no hand, no chip moved
                    continue
            else:
                seats = tuple(sorted(s.seat for s in self.lobby.connected() if s.playing))
                deck, deal = await self.dealer.deal(table.hand_no + 1, seats)
                # Only those still away sit out: one who left during the deal is dealt in
                # (and times out), so at least two seats are sure to play.
                away &= self._away_seats()
                dealt = sum(table.can_play(i) and i not in away for i in range(table.n_seats))
                table.start_hand(time.monotonic() + deal_seconds(dealt, cfg.bot_speed), deck,
                                 away=away)
            await self._play_hand(table)
            if self.sealed is not None:
                self.sealed.after_hand(table)
            record = record_hand(self.history, table, tuple(sorted(deal.values))
                                 if deal is not None else self.sealed_persons(table))
            self.hands_played += 1
            self.chips_in += between_hands.rebuy_broke_seats(table, cfg)
            # A sealed hand has no deck to prove: every step was checked as it came.
            if deal is not None and proof_allowed(record.dealt_in, record.shown):
                # Only a hand whose every dealt hand was shown may be rebuilt by anyone
                # (RULES.md step 8; lieng/net/fairdeal.py says why this still catches a
                # rigged deck). Otherwise the host keeps its value to itself, for good.
                self.transport.broadcast(deal.proof())
            self._send_roster()
            if cfg.hand_pause > 0:
                await asyncio.sleep(cfg.hand_pause)

    async def _wait_for_people(self) -> None:
        """Deal no hand while every person is away (bots alone would play on for nothing);
        a table set up with bots only plays anyway."""
        assert self._stopping is not None
        if self.config.bots == self.config.seats:
            return
        while not self._stopping.is_set() and not self.lobby.connected():
            await asyncio.sleep(0.1)

    def _away_seats(self) -> set[int]:
        """Seats whose player is disconnected (within the grace period): they sit the
        hand out and pay no ante until they are back (docs/RULES.md, "A player who is
        away")."""
        return {s.seat for s in self.sessions.values() if s.playing and s.conn is None}

    async def _wait_for_enough(self, table: Table) -> set[int] | None:
        """Wait until at least two seats that can pay are present (a bot, or a connected
        person), and answer the away seats; None when the table is stopping or a seat's
        grace ran out meanwhile (the caller settles the seats again)."""
        assert self._stopping is not None
        while not self._stopping.is_set():
            away = self._away_seats()
            if sum(table.can_play(i) and i not in away for i in range(table.n_seats)) >= 2:
                return away
            if any(s.conn is None and s.disconnected_at is not None
                   and time.monotonic() - s.disconnected_at > self.config.grace
                   for s in self.sessions.values()):
                return None
            await asyncio.sleep(0.1)
        return None

    def sealed_persons(self, table: Table) -> tuple[int, ...]:
        """The persons of the last mental deal, if its hand was sealed."""
        return self.sealed.persons if self.sealed is not None \
            and isinstance(table.hand, SealedHand) else ()

    async def _play_hand(self, table: Table) -> None:
        assert self._poke is not None
        while table.in_hand:
            hand = table.hand
            if self.sealed is not None and isinstance(hand, SealedHand) and hand.awaiting:
                await self.sealed.showdown(table, time.monotonic)
                continue
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
        bots, late joiners take their seats, broke seats rebuy (lieng/net/between_hands.py
        holds the decisions)."""
        for s in self.lobby.expired(self.config.grace):
            between_hands.seat_to_bot(table, s.seat, self.config.bot_level, self._rng)
        for s in self.lobby.connected():
            if not s.playing:
                between_hands.seat_person(table, s.seat, s.name)
                s.playing = True
        self.chips_in += between_hands.rebuy_broke_seats(table, self.config)
        self._send_roster()

    def _on_events(self, events: Sequence[Event]) -> None:
        """Table listener: each seat gets its own redaction of the events and its view."""
        table = self.table
        assert table is not None and table.hand is not None
        hand = table.hand
        frames: dict[int | None, bytes] = {}
        for conn in list(self.transport.conns):
            s = conn.session
            if s is None:
                continue
            seat = s.view_seat
            if seat not in frames:
                update = Update(table.hand_no, tuple(redact(e, seat) for e in events),
                                hand.view_for(seat))
                frames[seat] = encode(update.to_dict())
            conn.send_frame(frames[seat])
        self._send_your_turn()

    def _send_your_turn(self, only: Session | None = None) -> None:
        table = self.table
        if table is None or table.hand is None or table.hand.to_act is None:
            return
        hand = table.hand
        seat = hand.to_act
        deadline = table.deadline
        left = max(0.0, deadline - time.monotonic()) if deadline is not None else None
        for s in self.lobby.connected():
            if s.seat == seat and s.playing and only in (None, s) and s.conn is not None:
                s.conn.send(YourTurn(table.hand_no, len(hand.actions), hand.legal(), left))

    def _table_ad(self) -> TableAd:
        """What the discovery beacon (and the answer to a probe) says about this table now."""
        cfg = self.config
        return discovery.table_ad(
            name=cfg.name, port=self.port, players=len(self.lobby.connected()),
            seats=cfg.seats, bots=cfg.bots, bet=self.rules.table_bet, preset=cfg.preset,
            password=cfg.password is not None, started=self.table is not None)


def connect_local(host: LanHost, **kwargs: Any) -> LanClient:
    """A ``LanClient`` for the hosting player's own seat (seat 0), over loopback."""

    if host.local_token is None:
        raise ValueError("this host keeps no seat for a local player")
    session = host.sessions[host.local_token]
    client = LanClient("127.0.0.1", host.port, name=session.name,
                       password=host.config.password, token=host.local_token, **kwargs)
    client.connect()
    return client

