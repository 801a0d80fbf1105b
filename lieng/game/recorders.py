"""What a table leaves behind: every finished hand in the history, and — when a player
plays for their own chips — the result in the bankroll, as one unit.

A ``HandRecorder`` is a table listener (``Table.subscribe``): on each ``HandEnded`` it
writes the hand as ``viewer`` saw it (``HandRecord.from_hand`` redacts every other
seat's cards; ``viewer=None`` is the spectator's view a hot-seat table records). With a
bankroll it goes through ``lieng.storage.ledger.record_hand`` — history line first, then
the bankroll commit — so a kill between the two is made good at the next start. Storage
problems never stop the game: they come back as ``Notice`` values for the window to show.

The bot table (``lieng.game.profile``), the hot-seat table and the LAN table record
through this one class; only their viewer, mode and bankroll differ. A LAN table's chips
are the table's own, so its hands go to the history (mode ``"lan"``) without a bankroll.
The record is built from the hand's event log (``HandRecord.from_events``), which a local
``Hand`` and a LAN ``RemoteHand`` both keep.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from lieng.engine import Event, HandEnded, HandStarted
from lieng.storage.documents import Notice
from lieng.table import TableLike

if TYPE_CHECKING:
    # The history's records and the bankroll are imported where a hand is recorded (the
    # methods below): a table that records nothing, and every table's first frame, does
    # without them (~12 ms of opening a table, docs/PERFORMANCE.md).
    from lieng.storage.bankroll import Bankroll
    from lieng.storage.history import GameMode, HandRecord, History, SeatRecord

NoticeSink = Callable[..., None]
"""Takes any number of ``Notice | None`` (``Profile.notify``)."""


@dataclass
class HandRecorder:
    """Records every hand ``table`` finishes; ``stop()`` ends it (the player left)."""

    table: TableLike
    history: History
    viewer: int | None
    mode: GameMode
    notify: NoticeSink
    bankroll: Bankroll | None = None
    clock: Callable[[], datetime] = datetime.now
    seats: Sequence[SeatRecord] = field(default_factory=list)
    """Who sat where, for the records; empty: the table's seats as they are at each hand's
    end (a LAN table's roster changes as people come and go)."""
    recorded: int = 0
    """Hands written so far."""
    active: bool = True

    def __post_init__(self) -> None:
        if self.bankroll is not None and self.viewer is None:
            raise ValueError("a bankroll belongs to one seat: give its viewer")
        self.table.subscribe(self)

    def __call__(self, events: Sequence[Event]) -> None:
        if not self.active:
            return
        hand = self.table.hand
        for e in events:
            if not (isinstance(e, HandEnded) and hand is not None and hand.is_over):
                continue
            log = list(hand.events)
            started = log[0] if log else None
            if not isinstance(started, HandStarted):
                return  # a LAN hand joined part-way: its start was never seen here
            if self.bankroll is None and self.viewer is not None \
                    and not started.dealt_in[self.viewer]:
                return  # the viewer sat this hand out (a LAN seat taken mid-hand)
            from lieng.storage.history import HandRecord

            try:
                record = HandRecord.from_events(log, self.viewer, self._seats(), self.clock(),
                                                self.mode)
            except ValueError:
                return  # a log this table cannot vouch for (a roster out of step): skipped
            self.write(record)

    def write(self, record: HandRecord) -> None:
        """One hand to the history (and the bankroll, when there is one)."""
        if self.bankroll is not None:
            from lieng.storage.ledger import record_hand

            self.notify(*record_hand(self.bankroll, self.history, record))
        else:
            self.notify(self.history.append(record))
        self.recorded += 1

    def left_mid_hand(self, lost: int) -> None:
        """The viewer left the hand in play, forfeiting ``lost`` chips: one hand for the
        bank, so one line in the history too (docs/RULES.md step 5: leaving is folding) —
        the menu's hand count, the history, the statistics and the bank keep agreeing."""
        hand = self.table.hand
        if hand is None or hand.is_over or self.viewer is None or not lost:
            return
        from lieng.storage.history import HandRecord

        self.write(HandRecord.from_events(hand.events, self.viewer, self._seats(),
                                          self.clock(), self.mode, left=lost))

    def _seats(self) -> Sequence[SeatRecord]:
        from lieng.storage.history import SeatRecord

        return self.seats or [SeatRecord.of(s.spec) for s in self.table.seats]

    def stop(self) -> None:
        self.active = False


__all__ = ["HandRecorder", "Notice"]
