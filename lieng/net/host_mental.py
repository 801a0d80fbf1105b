"""The LAN host's sealed hands: the mental-poker deal (docs/PROTOCOL.md 12) at its table.

``host.py`` runs the game loop; this module holds what a sealed hand needs around the
table, so that the host's process never holds a person's card before it is shown:

* ``start_hand`` — who is dealt in (the seats that can pay and are present), which of
  them are persons (their cards are theirs alone) and which bots (the host's, RULES.md
  "Showdown openings"), the deal itself (``MentalDealer.deal``) and only then
  ``Table.start_sealed_hand``: a stopped deal takes no ante, so the hand is simply not
  played and every chip stays where it was; the first turn's clock starts when the
  cards are readable. A stopped deal's one line (``fault_line``, naming the party) is
  kept in ``faults``; every seat was told by ``mp_fault``.
* ``showdown`` — the openings of the seats the hand awaits, each fed into
  ``Table.open`` or, false, late or missing, ``Table.withhold`` (a fold, never a
  cancelled hand: 12.6); ``after_hand`` then relays the openings of the hands shown.
* ``replay`` — what a seat reconnecting during a hand must be sent again to read its
  cards (the client keeps its secret on disk: ``mental_player.SecretFile``).

A table whose dealt-in seats are all bots has no person to protect: its hand is dealt
from the table's secure shuffle, as the bots are the host's anyway.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from lieng.engine import InvalidCardError, SealedHand
from lieng.table import Table

from .mental_round import MentalDealer, fault_line
from .protocol import WireMessage

MAX_FAULTS = 100
"""Stopped deals remembered (for the host's window and tests)."""


class SealedDeals:
    """The host's sealed hands. ``broadcast``, ``online`` and ``timeout`` are
    ``MentalDealer``'s."""

    def __init__(self, broadcast: Callable[[WireMessage], None],
                 online: Callable[[int], bool], timeout: float) -> None:
        self.dealer = MentalDealer(broadcast, online, timeout)
        self.faults: list[str] = []
        """The table's line for each stopped deal, oldest first."""
        self.persons: tuple[int, ...] = ()
        """The persons of the last deal (the seats whose cards the host cannot read)."""
        self._dealing: int | None = None
        self._bench: set[int] = set()

    def benched(self, table: Table, away: Collection[int]) -> set[int]:
        """The person the last stopped deal named sits the next deal out, like a seat
        that is away (RULES.md, showdown openings) — unless fewer than two seats could
        then play: one stalled or broken game must not stop every hand."""
        seats, self._bench = self._bench, set()
        rest = [i for i in range(table.n_seats)
                if table.can_play(i) and i not in away and i not in seats]
        return seats if len(rest) >= 2 else set()

    async def start_hand(self, table: Table, away: Collection[int], now: Callable[[], float],
                         allowance: Callable[[int], float]) -> bool:
        """Deal and start the next hand; False when the deal was stopped (no hand).
        ``allowance(dealt)`` is the time the windows spend dealing ``dealt`` hands: the
        first turn's clock starts after it."""
        n = table.n_seats
        dealt_in = [table.can_play(i) and i not in away for i in range(n)]
        dealt = sum(dealt_in)
        persons = tuple(i for i in range(n) if dealt_in[i] and table.seats[i].player is None)
        self.persons = persons
        if not persons:
            table.start_hand(now() + allowance(dealt), away=away)
            return True
        hand_no = table.hand_no + 1
        self._dealing = hand_no
        try:
            out = await self.dealer.deal(hand_no, table.first, dealt_in, persons)
        finally:
            self._dealing = None
        if out.fault is not None:
            self.faults.append(fault_line(out.fault, lambda s: table.seats[s].name))
            del self.faults[:-MAX_FAULTS]
            if out.fault.party in persons:
                self._bench = {out.fault.party}
            return False
        table.start_sealed_hand(out.known_cards(n), now() + allowance(dealt), away=away)
        return True

    async def showdown(self, table: Table, now: Callable[[], float]) -> None:
        """The sealed hand awaits openings: collect them (each within the dealer's
        timeout; a seat gone is not waited for) and give each to the table."""
        hand = table.hand
        assert isinstance(hand, SealedHand) and hand.awaiting
        awaited = hand.awaiting
        opened = await self.dealer.collect_openings(awaited)
        out = self.dealer.outcome
        assert out is not None
        for seat in awaited:
            if seat not in hand.awaiting:
                continue  # answered meanwhile (the table's own clock)
            cards = opened.get(seat)
            if cards is not None:
                try:
                    table.open(seat, cards, now())
                    continue
                except InvalidCardError:  # checked, yet a card another seat holds
                    out.refused.add(seat)
            table.withhold(seat, now(), late=seat not in out.refused)

    def after_hand(self, table: Table) -> None:
        """A sealed hand is over: everyone receives the openings of the hands shown (a
        bot's made by the dealer), so every seat checks them itself."""
        hand = table.hand
        if isinstance(hand, SealedHand) and hand.is_over and not hand.void:
            self.dealer.relay_openings(sorted(hand.view_for(None).shown))

    def replay(self, seat: int, table: Table | None) -> list[WireMessage]:
        """The deal's record for ``seat`` joining again while its hand is dealt or played
        (empty otherwise): with its saved secret it reads the same cards."""
        out = self.dealer.outcome
        if table is None or out is None or out.fault is not None \
                or seat not in out.setup.parties:
            return []  # a watcher has no cards to read: it needs no record
        hand_no = out.setup.hand
        if self._dealing == hand_no or (table.in_hand and table.hand_no == hand_no
                                        and isinstance(table.hand, SealedHand)):
            return self.dealer.replay(seat, hand_no)
        return []
