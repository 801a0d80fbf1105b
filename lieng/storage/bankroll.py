"""The player's chips (issue 5 "Bankroll"): never more, never less than they won.

Design. The file holds two numbers: ``balance`` (chips in the bank) and ``at_table``
(chips the player brought to the table, *as of the end of the last committed hand*).

* ``buy_in`` moves chips bank -> table, ``cash_out`` table -> bank, each saved at once.
* ``commit_hand(net)`` adds one finished hand's result (``HandEnded.net[seat]``) to
  ``at_table`` in one atomic save. Nothing is saved while a hand is being played, so
  the file always describes the table *between* hands.
* ``Bankroll.open`` puts any chips found ``at_table`` back in the bank: after a normal
  exit there are none (the game cashed out); after a crash or kill they are exactly the
  stack before the unfinished hand — the antes and bets of that hand never happened.

Because every save is one ``atomic.write_atomic`` of the whole state, a kill at any
instant leaves either the state before or after the save. The kill test in
``tests/storage/test_kill.py`` checks this hundreds of times.

A player who is broke (fewer than ``BROKE_BELOW`` chips in bank and at table together)
may claim one refill per local calendar day that tops them up to ``REFILL_TO``. The
time comes from the caller (``now``), so tests and the UI's countdown agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from .atomic import Notice, Schema, load_document, save_document
from .paths import resolve_root

FILE_NAME = "bankroll.json"
STARTING_CHIPS = 10_000
"""A new player's bankroll."""
BROKE_BELOW = 100
"""A player with fewer chips than this in total (bank + table) counts as broke."""
REFILL_TO = 2_000
"""The daily refill tops a broke player's total up to this many chips."""


def _check(data: dict[str, Any]) -> None:
    for key in ("balance", "at_table", "hands"):
        v = data.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{key} must be a whole number >= 0, got {v!r}")
    last = data.get("last_refill")
    if last is not None:
        if not isinstance(last, str):
            raise ValueError("last_refill must be a date or null")
        date.fromisoformat(last)


SCHEMA = Schema(name="bankroll", version=1, title_vi="ngân quỹ chip", title_en="chip bankroll",
                check=_check)


@dataclass(frozen=True, slots=True)
class RefillStatus:
    """What the UI shows about the daily refill."""

    broke: bool
    """The player has fewer than ``BROKE_BELOW`` chips in total."""
    available: bool
    """A refill can be claimed now (broke, and none claimed today)."""
    amount: int
    """Chips a claim would give now (0 unless ``available``)."""
    next_at: datetime
    """The earliest moment a refill can be claimed: ``now`` if none was claimed today,
    else the next local midnight."""
    wait: timedelta
    """``next_at - now`` (zero when one can be claimed today)."""


class Bankroll:
    """The persistent bankroll. Create it with ``Bankroll.open``.

    Mutating methods return a ``Notice`` when the save failed (full or read-only disk):
    the state in memory is still updated so the game goes on, and only the first failure
    in a row produces a notice, so the player is told once.
    """

    def __init__(self, path: Path, balance: int, at_table: int, hands: int,
                 last_refill: date | None) -> None:
        self.path = path
        self._balance = balance
        self._at_table = at_table
        self._hands = hands
        self._last_refill = last_refill
        self._failing = False

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, root: Path | None = None) -> tuple[Bankroll, list[Notice]]:
        """Load the bankroll (or start one with ``STARTING_CHIPS``), return to the bank any
        chips left at a table by a crash, and save. The notices are for the player."""
        path = resolve_root(root) / FILE_NAME
        loaded = load_document(path, SCHEMA)
        notices = list(loaded.notices)
        data = loaded.data
        if data is None:  # first run, or no usable file nor backup
            bank = cls(path, STARTING_CHIPS, 0, 0, None)
        else:
            last = data.get("last_refill")
            bank = cls(path, data["balance"], data["at_table"], data["hands"],
                       date.fromisoformat(last) if last else None)
        if bank._at_table:
            returned = bank._at_table
            bank._balance += returned
            bank._at_table = 0
            # Numbers as the rest of the window writes them: 1.000 (vi), 1,000 (en).
            vi_returned = f"{returned:,}".replace(",", ".")
            notices.append(Notice(
                "returned_from_table",
                f"Ván trước chưa kết thúc: {vi_returned} chip trên bàn đã được trả về ngân quỹ, "
                f"như trước ván đó.",
                f"The last hand did not finish: the {returned:,} chips at the table went back "
                f"to your bankroll, as they were before that hand.", str(path)))
        # Saved at once, so a restored backup, a new bankroll or the chips just returned
        # from the table are on disk before play resumes.
        failed = bank._save()
        if failed is not None:
            notices.append(failed)
        return bank, notices

    # ------------------------------------------------------------------ state

    @property
    def balance(self) -> int:
        """Chips in the bank (not at a table)."""
        return self._balance

    @property
    def at_table(self) -> int:
        """Chips at the table as of the last committed hand."""
        return self._at_table

    @property
    def total(self) -> int:
        return self._balance + self._at_table

    @property
    def hands(self) -> int:
        """Hands committed since the bankroll was created."""
        return self._hands

    @property
    def last_refill(self) -> date | None:
        return self._last_refill

    def to_dict(self) -> dict[str, Any]:
        return {"balance": self._balance, "at_table": self._at_table, "hands": self._hands,
                "last_refill": self._last_refill.isoformat() if self._last_refill else None}

    # ------------------------------------------------------------------ moving chips

    def buy_in(self, amount: int) -> Notice | None:
        """Take ``amount`` chips from the bank to the table (``ValueError`` if the bank
        hasn't got them)."""
        _whole(amount, "buy-in")
        if amount > self._balance:
            raise ValueError(f"cannot buy in {amount}: only {self._balance} in the bank")
        self._balance -= amount
        self._at_table += amount
        return self._save()

    def commit_hand(self, net: int) -> Notice | None:
        """Record one finished hand: the player's stack at the table changes by ``net``
        (``HandEnded.net[seat]``). Call it once per hand, when the hand has ended."""
        if not isinstance(net, int) or isinstance(net, bool):
            raise ValueError(f"a hand's result is a whole number, got {net!r}")
        if self._at_table + net < 0:
            raise ValueError(f"a hand cannot lose {-net}: only {self._at_table} at the table")
        self._at_table += net
        self._hands += 1
        return self._save()

    def cash_out(self, amount: int | None = None) -> Notice | None:
        """Bring ``amount`` chips (default: all of them) from the table back to the bank."""
        if amount is None:
            amount = self._at_table
        _whole(amount, "cash-out", allow_zero=True)
        if amount > self._at_table:
            raise ValueError(f"cannot cash out {amount}: only {self._at_table} at the table")
        self._at_table -= amount
        self._balance += amount
        return self._save()

    # ------------------------------------------------------------------ daily refill

    def refill_status(self, now: datetime) -> RefillStatus:
        """The refill as of ``now`` (the player's local time, naive or aware)."""
        broke = self.total < BROKE_BELOW
        today = now.date()
        if self._last_refill is not None and self._last_refill >= today:
            next_at = datetime.combine(today + timedelta(days=1), time(0), tzinfo=now.tzinfo)
        else:
            next_at = now
        available = broke and next_at == now
        return RefillStatus(broke, available, REFILL_TO - self.total if available else 0,
                            next_at, next_at - now)

    def claim_refill(self, now: datetime) -> tuple[int, Notice | None]:
        """Give the refill if available now; the chips given (0 if none) and a save notice."""
        status = self.refill_status(now)
        if not status.available:
            return 0, None
        self._balance += status.amount
        self._last_refill = now.date()
        return status.amount, self._save()

    # ------------------------------------------------------------------ saving

    def _save(self) -> Notice | None:
        failed = save_document(self.path, SCHEMA, self.to_dict())
        if failed is None:
            self._failing = False
            return None
        if self._failing:
            return None
        self._failing = True
        return failed


def _whole(amount: int, what: str, allow_zero: bool = False) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < (0 if allow_zero else 1):
        raise ValueError(f"a {what} is a whole number of chips > 0, got {amount!r}")
