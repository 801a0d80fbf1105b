"""The host's side of the mental-poker deal (docs/PROTOCOL.md 12): relay, check, time out.

The same shape as ``fairdeal.FairDealer``: ``broadcast`` sends a message to every joined
seat, ``online(seat)`` says whether a seat is still connected, and each party has at most
``timeout`` seconds for each of its steps. The host

* announces the deal (``mp_start``) — the persons in seat order, then its own dealer;
* takes each person's step when it is that person's turn, checks it with ``DealState``
  (so it can name a bad step at once; every client checks it too and trusts no verdict
  of the host's) and relays it to everyone;
* makes the dealer's steps itself (the bots' cards are the host's: RULES.md, showdown
  openings; the lobby says so);
* stops the deal on a failed check, a step missing by its deadline or a party gone —
  ``mp_fault`` naming the party. No ante is taken before the deal is complete, so a
  stopped deal has no chip to return: the hand is simply not played.

At the showdown it collects the openings of the seats a ``SealedHand`` awaits: a checked
opening gives the seat's cards, a false or missing one ``None`` (a fold, never a
cancelled hand). Openings are relayed only by ``relay_openings``, for the hands the
showdown shows, so an opening that ended up not shown (its owner won uncontested when the
others withheld) reaches nobody but the host.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from lieng.deal.mental import (
    DEALER,
    DealFault,
    DealSetup,
    DealState,
    PartySecret,
    deal_positions,
)
from lieng.deal.wire import (
    WireError,
    decode_opening,
    decode_shuffle,
    decode_unlock,
    encode_opening,
    encode_shuffle,
    encode_unlock,
)
from lieng.engine import Card

from .mental_messages import MentalFault, MentalOpenRequest, MentalStart, MentalStep
from .protocol import ErrorCode, ProtocolError, WireMessage


def fault_line(fault: DealFault, names: Callable[[int], str]) -> str:
    """The table's one line for a stopped deal, naming the player (``names(seat)``)."""
    who = "The host's dealer" if fault.party == DEALER else names(fault.party)
    return f"{who}: {fault.reason}. The hand is cancelled; no chip was lost."


@dataclass
class MentalOutcome:
    """One deal's result on the host: the checked public record, the dealer's secret (the
    bots' cards) and, for a deal that was stopped, the fault naming the party."""

    state: DealState
    dealer: PartySecret
    fault: DealFault | None = None
    openings: dict[int, str] = field(default_factory=dict)
    """Checked openings by seat, as wire text, until ``relay_openings`` sends them."""
    opened: dict[int, tuple[Card, ...] | None] = field(default_factory=dict)
    refused: set[int] = field(default_factory=set)
    """Seats whose opening was false (a fold, logged as such), not merely late."""
    record: list[WireMessage] = field(default_factory=list)
    """What every seat was sent of this deal, in order (``mp_start``, the relayed steps,
    ``mp_fault``): replayed to a seat that reconnects, so that it reads its cards again."""

    @property
    def setup(self) -> DealSetup:
        return self.state.setup

    def known_cards(self, n_seats: int) -> list[tuple[Card, ...] | None]:
        """``SealedHand``'s ``known``: each bot's three cards, None for everyone else."""
        mine = self.dealer.my_cards(self.state)
        return [tuple(mine[p] for p in self.setup.positions_of_seat(s))
                if self.setup.positions_of_seat(s)
                and all(p in mine for p in self.setup.positions_of_seat(s)) else None
                for s in range(n_seats)]


class MentalDealer:
    """Runs the host's side of each hand's mental deal on the host's event loop."""

    def __init__(self, broadcast: Callable[[WireMessage], None],
                 online: Callable[[int], bool], timeout: float) -> None:
        self.broadcast = broadcast
        self.online = online
        self.timeout = timeout
        self.outcome: MentalOutcome | None = None
        self._awaiting: set[int] = set()
        self.changed = asyncio.Event()
        """Set on every step and disconnect: a waiting deal re-checks."""

    # ------------------------------------------------------------ steps in

    def on_step(self, seat: int, msg: MentalStep) -> None:
        """A step from ``seat``. ``ProtocolError`` (bad_deal) for one that is not
        expected from it now; a step that is expected but does not check stops the deal
        (``DealFault`` recorded, named in ``mp_fault``)."""
        out = self.outcome
        if out is None or msg.hand != out.setup.hand or msg.party != seat \
                or out.fault is not None:
            raise ProtocolError(ErrorCode.BAD_DEAL, "no deal step is expected from you now")
        state = out.state
        if msg.kind == "open":
            if seat not in self._awaiting:
                raise ProtocolError(ErrorCode.BAD_DEAL, "no opening is expected from you now")
            self._awaiting.discard(seat)
            try:
                shown = state.accept_opening(decode_opening(seat, msg.data))
            except (WireError, DealFault):
                out.opened[seat] = None  # a false opening: a fold (RULES.md)
                out.refused.add(seat)
            else:
                out.opened[seat] = tuple(shown[p] for p in sorted(shown))
                out.openings[seat] = msg.data
            self.changed.set()
            return
        if state.waiting_for() != seat or msg.kind != ("unlock" if state.shuffled
                                                       else "shuffle"):
            raise ProtocolError(ErrorCode.BAD_DEAL, "it is not your deal step now")
        try:
            if msg.kind == "shuffle":
                state.accept_shuffle(decode_shuffle(seat, msg.data))
            else:
                state.accept_unlock(decode_unlock(seat, msg.data))
        except WireError as exc:
            out.fault = DealFault(seat, f"sent a deal step that cannot be read ({exc})")
        except DealFault as exc:
            out.fault = exc
        else:
            self._send(out, msg)
            self._dealer_turn(out)
        self.changed.set()

    def _dealer_turn(self, out: MentalOutcome) -> None:
        """The dealer's step when it is its turn, made, checked and relayed at once."""
        state = out.state
        if state.waiting_for() != DEALER:
            return
        hand = out.setup.hand
        if not state.shuffled:
            step = out.dealer.shuffle(state)
            state.accept_shuffle(step)
            self._send(out, MentalStep(hand, DEALER, "shuffle", encode_shuffle(step)))
        else:
            unlock = out.dealer.unlock(state)
            state.accept_unlock(unlock)
            self._send(out, MentalStep(hand, DEALER, "unlock", encode_unlock(unlock)))

    def _send(self, out: MentalOutcome, msg: WireMessage) -> None:
        """Broadcast ``msg`` and keep it in the deal's record (``replay``)."""
        out.record.append(msg)
        self.broadcast(msg)

    def replay(self, seat: int, hand_no: int) -> list[WireMessage]:
        """What a seat reconnecting during hand ``hand_no`` must be sent again to read its
        cards (issue 24, item 6): the deal's record, and the showdown's request if its
        opening is awaited. Empty when that hand's deal is not this dealer's last."""
        out = self.outcome
        if out is None or out.setup.hand != hand_no:
            return []
        msgs = list(out.record)
        if seat in self._awaiting:
            msgs.append(MentalOpenRequest(hand_no, (seat,), self.timeout))
        return msgs

    async def _wait(self, done: Callable[[], bool]) -> bool:
        """Wait until ``done()`` or the timeout; whether it is done."""
        end = time.monotonic() + self.timeout
        while not done():
            left = end - time.monotonic()
            if left <= 0:
                return False
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return True

    # ------------------------------------------------------------ the deal

    async def deal(self, hand_no: int, first: int, dealt_in: Sequence[bool],
                   persons: Sequence[int]) -> MentalOutcome:
        """Hand ``hand_no``'s deal among ``persons`` (seats, in order) and the dealer;
        every dealt-in seat that is not a person is a bot. The outcome's ``fault`` is set
        when the deal was stopped (and ``mp_fault`` sent)."""
        if not persons or any(not 0 <= s < len(dealt_in) or not dealt_in[s] for s in persons):
            raise ValueError(f"the persons {tuple(persons)} must be dealt-in seats")
        setup = DealSetup(hand_no, secrets.token_bytes(32), (*sorted(persons), DEALER),
                          deal_positions(first, dealt_in))
        out = MentalOutcome(DealState(setup), PartySecret(DEALER))
        self.outcome = out
        self._awaiting = set()
        self._send(out, MentalStart(hand_no, setup.nonce, setup.parties, setup.seats,
                                    self.timeout))
        state = out.state
        while out.fault is None and not state.unlocked:
            party = state.waiting_for()
            assert party is not None and party != DEALER  # the dealer answers at once

            def settled(p: int = party) -> bool:
                return out.fault is not None or state.waiting_for() != p \
                    or not self.online(p)

            done = await self._wait(settled)
            if out.fault is None and state.waiting_for() == party:
                out.fault = DealFault(party, "left the table during the deal"
                                      if done else
                                      f"sent no deal step within {self.timeout:g} s")
        if out.fault is not None:
            self._send(out, MentalFault(hand_no, out.fault.party, out.fault.reason))
        return out

    # ------------------------------------------------------------ the showdown

    async def collect_openings(self, seats: Iterable[int]
                               ) -> dict[int, tuple[Card, ...] | None]:
        """The openings of ``seats`` (the seats a ``SealedHand`` awaits), asked for with
        ``mp_open``: each seat's checked cards, or None for a false, late or missing
        opening (then ``SealedHand.withhold``)."""
        out = self.outcome
        if out is None or not out.state.unlocked:
            raise ValueError("no complete deal to open")
        wanted = [s for s in seats if s not in out.opened]
        self._awaiting = set(wanted)
        if wanted:
            self.broadcast(MentalOpenRequest(out.setup.hand, tuple(wanted), self.timeout))
        await self._wait(lambda: all(s in out.opened or not self.online(s) for s in wanted))
        self._awaiting = set()
        for s in wanted:
            out.opened.setdefault(s, None)
        return {s: out.opened[s] for s in wanted}

    def relay_openings(self, shown: Iterable[int]) -> None:
        """Send everyone the openings of the hands the showdown shows (persons' from
        their own proofs, bots' made by the dealer, one seat at a time)."""
        out = self.outcome
        assert out is not None
        hand = out.setup.hand
        mine = out.dealer.my_cards(out.state) if out.state.unlocked else {}
        for seat in shown:
            if seat in out.openings:
                self._send(out, MentalStep(hand, seat, "open", out.openings[seat]))
            elif out.setup.positions_of_seat(seat) and all(
                    p in mine for p in out.setup.positions_of_seat(seat)):
                cards = {p: mine[p] for p in out.setup.positions_of_seat(seat)}
                opening = out.dealer.open(out.state, cards)
                self._send(out, MentalStep(hand, DEALER, "open", encode_opening(opening)))

