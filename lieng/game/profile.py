"""The player's persistent things while the window runs: the bankroll, the hand history and
the messages storage has for them.

``Profile`` is the one place the window touches ``lieng.storage.bankroll`` and
``lieng.storage.history``:

* ``sit_down`` takes the buy-in from the bankroll and puts a ``lieng.game.HandRecorder``
  on the table: on every ``HandEnded`` the hand goes to the history, redacted for the
  player's seat, and the player's result to the bankroll — as one unit, through
  ``lieng.storage.ledger``, so a kill between the two writes is made good on the next
  start. Nothing is saved while a hand is in play, so a crash or kill mid-hand leaves the
  bankroll as it was before that hand; ``Bankroll.open`` gives those chips back.
* ``stand_up`` brings the chips at the table back to the bank. Leaving mid-hand forfeits
  the chips already in the pot (the leave dialog says so, RULES.md step 5: a player who
  leaves has folded), so that loss is recorded first, as one hand marked as left
  (``HandRecorder.left_mid_hand``) — the bank's hand count, the history and the
  statistics then agree.
* Every ``Notice`` (bad file kept aside, disk full, read-only...) goes to ``pending``; the
  notice hook (``lieng.ui.scenes.notices``) shows each once, in the player's language.

Time comes from ``clock`` (``datetime.now`` by default) so tests can fix it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from lieng.game.recorders import HandRecorder
from lieng.storage.bankroll import Bankroll, RefillStatus
from lieng.storage.documents import Notice
from lieng.storage.history import GameMode, History
from lieng.storage.ledger import open_ledger
from lieng.table import Table


class Profile:
    def __init__(self, bankroll: Bankroll, history: History,
                 clock: Callable[[], datetime] = datetime.now) -> None:
        self.bankroll = bankroll
        self.history = history
        self.clock = clock
        self.pending: list[Notice] = []
        """Messages not yet shown to the player, oldest first."""
        self.table: Table | None = None
        self.seat: int | None = None
        self.recorder: HandRecorder | None = None
        """Writes the hands of the table the player sits at."""
        self._recorded_before = 0
        self.rebought = 0
        """Chips taken from the bank for rebuys at the current table."""

    @classmethod
    def open(cls, root: Path | None = None,
             clock: Callable[[], datetime] = datetime.now) -> Profile:
        """Open the bankroll and the history in ``root`` (default: the user data folder);
        any chips a crash left at a table go back to the bank (``Bankroll.open``), after
        the hands the history holds and the bankroll missed are committed (``ledger``)."""
        bankroll, history, notices = open_ledger(root, today=clock().date())
        profile = cls(bankroll, history, clock)
        profile.notify(*notices)
        return profile

    @property
    def hands_recorded(self) -> int:
        """Hands written to the history (and the bank) since the window opened."""
        return self._recorded_before + (self.recorder.recorded if self.recorder else 0)

    def notify(self, *notices: Notice | None) -> None:
        for n in notices:
            if n is not None and n not in self.pending:
                self.pending.append(n)

    def take_notices(self) -> list[Notice]:
        """The messages to show now; the profile lets go of them (the dialog that shows
        them holds them, and the self-test reads them there)."""
        out, self.pending = self.pending, []
        return out

    # ------------------------------------------------------------------ the bank

    def max_buy_in(self) -> int:
        return self.bankroll.balance

    def refill_status(self) -> RefillStatus:
        return self.bankroll.refill_status(self.clock())

    def claim_refill(self) -> int:
        amount, notice = self.bankroll.claim_refill(self.clock())
        self.notify(notice)
        return amount

    # ------------------------------------------------------------------ at the table

    def sit_down(self, table: Table, seat: int, amount: int, mode: GameMode = "bots") -> None:
        """Move ``amount`` chips from the bank to ``seat`` (whose stack must already be
        ``amount``) and record every hand the table finishes (``lieng.game.HandRecorder``)."""
        if table.seats[seat].stack != amount:
            raise ValueError("the seat's stack must be the buy-in")
        self.notify(self.bankroll.buy_in(amount))
        self.table, self.seat = table, seat
        self.rebought = 0
        self.recorder = HandRecorder(table, self.history, seat, mode, self.notify,
                                     self.bankroll, self.clock)

    def rebuy(self, wanted: int) -> int:
        """Chips for a rebuy from the bank: ``wanted``, or what the bank has (0: none)."""
        amount = min(wanted, self.bankroll.balance)
        if amount <= 0:
            return 0
        self.notify(self.bankroll.buy_in(amount))
        self.rebought += amount
        return amount

    def stand_up(self) -> int:
        """The player leaves the table: the chips there go back to the bank. Returns the
        chips brought back."""
        table, seat = self.table, self.seat
        self.table = self.seat = None
        if table is None or seat is None:
            return 0
        recorder, self.recorder = self.recorder, None
        if recorder is not None:
            recorder.stop()
            hand = table.hand
            if hand is not None and not hand.is_over and table.in_hand:
                recorder.left_mid_hand(min(hand.start_stacks[seat] - hand.stacks[seat],
                                           self.bankroll.at_table))
            self._recorded_before += recorder.recorded
        back = self.bankroll.at_table
        self.notify(self.bankroll.cash_out())
        return back
