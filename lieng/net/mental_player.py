"""One seat's side of the mental-poker deal (docs/PROTOCOL.md 12): answer, check, read.

A ``MentalPlayer`` keeps its own copy of the deal's public record and checks every step
the host relays — it trusts no verdict of the host's — answers with its own step when it
is its turn, reads its three cards once the unlock pass is complete, and opens them at
the showdown (an opening shows the cards, never the key). Its secret (key and
permutation) is handed to ``save`` as soon as it is drawn, so that a reconnect can read
the cards again, and ``save(None)`` forgets it when the hand ends (``SecretFile``).

Anything wrong in what the host relays — a step that does not check, a step "of mine"
that is not the one I sent, a deal stopped by the host — ends this player's part in the
deal with ``fault`` set, naming the party; it sends nothing more for that hand.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from lieng.deal.mental import DEALER, DealFault, DealSetup, DealState, PartySecret
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
from lieng.storage.atomic import read_regular, write_atomic

from .mental_messages import MentalFault, MentalOpenRequest, MentalStart, MentalStep


class SecretFile:
    """A hand's deal secret in the player's own data folder: written atomically when
    drawn, deleted when the hand ends (PROTOCOL.md 12.7, item 3)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, secret: bytes | None) -> None:
        if secret is None:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
        else:
            write_atomic(self.path, secret, backup=False)

    def load(self) -> PartySecret | None:
        """The saved secret, or None when there is none or it is not one (a damaged
        file is not a secret: the player then cannot read that hand again)."""
        data = read_regular(self.path, 1024)
        if data is None:
            return None
        try:
            return PartySecret.from_bytes(data)
        except ValueError:
            return None


class MentalPlayer:
    """Seat ``seat``'s part in each hand's deal. ``secret`` (from ``SecretFile.load``)
    resumes a deal after a reconnect."""

    def __init__(self, seat: int, save: Callable[[bytes | None], None] | None = None,
                 secret: PartySecret | None = None) -> None:
        self.seat = seat
        self.save = save
        self.secret = secret
        self.resuming = secret is not None
        """True while the host replays a hand's record to a reconnected player: its own
        steps are then checked like anyone's, and it sends nothing until ``resumed``."""
        self.state: DealState | None = None
        self.fault: DealFault | None = None
        self._sent: dict[tuple[str, int], str] = {}
        self.shown: dict[int, tuple[Card, ...]] = {}
        """Hands shown at the showdown, checked here: seat → cards."""

    @property
    def hand(self) -> int | None:
        return self.state.setup.hand if self.state is not None else None

    @property
    def is_party(self) -> bool:
        return self.state is not None and self.seat in self.state.setup.parties

    def on_start(self, msg: MentalStart) -> list[MentalStep]:
        """A new deal: set up the record, draw (or resume) this seat's secret; this
        seat's first step if it is the first to shuffle."""
        self.fault = None
        self._sent = {}
        self.shown = {}
        try:
            setup = DealSetup(msg.hand, msg.nonce, msg.parties, msg.seats)
        except ValueError as exc:
            self.state = None
            self.fault = DealFault(DEALER, f"announced a deal that cannot be dealt ({exc})")
            return []
        self.state = DealState(setup)
        if self.seat in setup.parties:
            if self.secret is None or self.secret.party != self.seat:
                self.secret = PartySecret(self.seat)
            if self.save is not None:
                self.save(self.secret.to_bytes())
        else:
            self.secret = None
        return [] if self.resuming else self._my_turn()

    def resumed(self) -> list[MentalStep]:
        """The replayed record is in: from now on this seat answers its turns."""
        self.resuming = False
        return self._my_turn()

    def _my_turn(self) -> list[MentalStep]:
        state, secret = self.state, self.secret
        if state is None or secret is None or self.fault is not None \
                or state.waiting_for() != self.seat:
            return []
        if not state.shuffled:
            step = secret.shuffle(state)
            state.accept_shuffle(step)
            msg = MentalStep(state.setup.hand, self.seat, "shuffle", encode_shuffle(step))
        else:
            unlock = secret.unlock(state)
            state.accept_unlock(unlock)
            msg = MentalStep(state.setup.hand, self.seat, "unlock", encode_unlock(unlock))
        self._sent[(msg.kind, self.seat)] = msg.data
        return [msg]

    def on_step(self, msg: MentalStep) -> list[MentalStep]:
        """A relayed step, checked here; this seat's next step if it is now its turn."""
        state = self.state
        if state is None or self.fault is not None or msg.hand != state.setup.hand:
            return []
        if msg.party == self.seat and msg.kind != "open" and not self.resuming:
            if self._sent.get((msg.kind, self.seat)) != msg.data:
                self.fault = DealFault(DEALER, "relayed a step of mine that I did not send")
            return []
        try:
            if msg.kind == "shuffle":
                step = decode_shuffle(msg.party, msg.data)
                if msg.party == self.seat and self.secret is not None \
                        and step.key != self.secret.public_key:
                    raise DealFault(DEALER, "relayed a shuffle of mine under another key")
                state.accept_shuffle(step)
            elif msg.kind == "unlock":
                state.accept_unlock(decode_unlock(msg.party, msg.data))
            else:
                shown = state.accept_opening(decode_opening(msg.party, msg.data))
                seat = state.setup.seats[min(shown)]
                self.shown[seat] = tuple(shown[p] for p in sorted(shown))
        except WireError as exc:
            self.fault = DealFault(msg.party, f"sent a deal step that cannot be read ({exc})")
            return []
        except DealFault as exc:
            self.fault = exc
            return []
        return [] if self.resuming else self._my_turn()

    def on_fault(self, msg: MentalFault) -> None:
        """The host stopped the deal: the hand is not played; the secret is forgotten."""
        if self.state is not None and msg.hand == self.state.setup.hand:
            self.fault = DealFault(msg.party, msg.reason)
            self.forget()

    def on_open_request(self, msg: MentalOpenRequest) -> list[MentalStep]:
        """The showdown asks for this seat's opening: send it if this seat is awaited and
        its deal went right (a player whose deal check failed sends nothing)."""
        state = self.state
        if state is None or self.fault is not None or msg.hand != state.setup.hand \
                or self.seat not in msg.seats or self.secret is None or not state.unlocked:
            return []
        return [self.open()]

    def cards(self) -> tuple[Card, ...]:
        """This seat's three cards in deal order, once the unlock pass is complete."""
        state, secret = self.state, self.secret
        if state is None or secret is None or not state.unlocked:
            raise ValueError("this seat's cards cannot be read yet")
        mine = secret.my_cards(state)
        return tuple(mine[p] for p in sorted(mine))

    def open(self) -> MentalStep:
        """The showdown: this seat's cards with their proofs."""
        state, secret = self.state, self.secret
        if state is None or secret is None or not state.unlocked:
            raise ValueError("nothing to open")
        opening = secret.open(state, secret.my_cards(state))
        return MentalStep(state.setup.hand, self.seat, "open", encode_opening(opening))

    def forget(self) -> None:
        """The hand is over: the secret goes, from memory and from disk."""
        self.secret = None
        if self.save is not None:
            self.save(None)
