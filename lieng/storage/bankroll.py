"""The player's chips: never more, never less than they won.

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

The bankroll and the hand history are one unit: the file carries an
``id`` and the count of committed ``hands``, and every history line written for a hand of
this bankroll carries ``{"id", "hand"}`` — that hand's number. The line is appended
*before* the bankroll is saved (``lieng.storage.ledger.record_hand``), so a kill between
the two leaves the history one hand ahead, never the bankroll; ``open`` is given the
history's hands this bankroll has not counted yet (``journal``) and commits them first.
A kill can therefore never leave the two apart.

Every number is checked against ``limits`` on load (a balance of 10^100 is a bad file,
kept aside like any other) and the moves refuse to go past them, so what the game writes
always loads again. A ``last_refill`` later than today (a clock set back, or an edit)
would block the daily refill until that date: it is read as "claimed today", with a
message.

A player who is broke (fewer than ``BROKE_BELOW`` chips in bank and at table together)
may claim one refill per local calendar day that tops them up to ``REFILL_TO``; once it is
spent, a small top-up to ``TOPUP_TO`` every ``TOPUP_EVERY`` (an hour, counted from the
last claim) keeps them at the table without making chips worthless: 500 chips is fifty
antes at the smallest table bet, and an hour is long enough that losing them matters
(docs/UI.md, "Broke"). The time comes from the caller (``now``), so tests and the UI's
countdown agree.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from .atomic import keep_aside
from .documents import Notice, Schema, load_document, save_document
from .limits import MAX_CHIPS, MAX_HANDS, chips, signed_chips, within
from .paths import resolve_root

FILE_NAME = "bankroll.json"
STARTING_CHIPS = 10_000
"""A new player's bankroll."""
BROKE_BELOW = 100
"""A player with fewer chips than this in total (bank + table) counts as broke."""
REFILL_TO = 2_000
"""The daily refill tops a broke player's total up to this many chips."""
TOPUP_TO = 500
"""The hourly top-up (after the day's refill) tops a broke player up to this many chips."""
TOPUP_EVERY = timedelta(hours=1)
"""The wait between two claims once the day's refill is taken."""


_ID_RE = re.compile(r"^[0-9a-f]{32}$")

Journal = Callable[[str, int], Sequence[tuple[int, int]]]
"""``journal(bank_id, hands)``: the hands of bankroll ``bank_id`` numbered above ``hands``
that the history holds, as ``(hand number, net)`` in order (``History.bank_hands``)."""


def new_id() -> str:
    """A fresh bankroll identity: 128 random bits as 32 hex digits."""
    return secrets.token_hex(16)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check(data: dict[str, Any]) -> None:
    """A bankroll no honest save could have written is a bad file (``limits``)."""
    for key in ("balance", "at_table"):
        if not chips(data.get(key)):
            raise ValueError(f"{key} must be a whole number of chips 0..{MAX_CHIPS:,}, "
                             f"got {_short(data.get(key))}")
    if data["balance"] + data["at_table"] > MAX_CHIPS:
        raise ValueError(f"more than {MAX_CHIPS:,} chips in all")
    if not within(data.get("hands"), 0, MAX_HANDS):
        raise ValueError(f"hands must be a whole number 0..{MAX_HANDS:,}, "
                         f"got {_short(data.get('hands'))}")
    last = data.get("last_refill")
    if last is not None:
        if not isinstance(last, str) or len(last) > 10:
            raise ValueError("last_refill must be a date (YYYY-MM-DD) or null")
        date.fromisoformat(last)
    if not isinstance(data.get("id"), str) or not _ID_RE.match(data["id"]):
        raise ValueError("id must be 32 hex digits")
    claim = data.get("last_claim")
    if claim is not None:
        if not isinstance(claim, str) or len(claim) > 19:
            raise ValueError("last_claim must be a time (YYYY-MM-DDTHH:MM:SS) or null")
        datetime.fromisoformat(claim)


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """v2 adds the bankroll's ``id``, which history lines name (see the module doc)."""
    return {**data, "id": new_id()}


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """v3 adds ``last_claim``, the moment of the last free chips (the hourly top-up)."""
    return {**data, "last_claim": None}


SCHEMA = Schema(name="bankroll", version=3, title_vi="chip của bạn", title_en="chip bankroll",
                migrations={1: _v1_to_v2, 2: _v2_to_v3}, check=_check)
"""Format history: v1 — balance, at_table, hands, last_refill; v2 — plus ``id``; v3 —
plus ``last_claim``."""


@dataclass(frozen=True, slots=True)
class RefillStatus:
    """What the UI shows about the daily refill."""

    broke: bool
    """The player has fewer than ``BROKE_BELOW`` chips in total."""
    available: bool
    """A refill can be claimed now (broke, and the day's refill or an hour's top-up is
    due)."""
    amount: int
    """Chips a claim would give now (0 unless ``available``)."""
    next_at: datetime
    """The earliest moment free chips can be claimed: ``now`` if due, else an hour after
    the last claim (or the next midnight, if that comes first)."""
    wait: timedelta
    """``next_at - now`` (zero when one can be claimed now)."""
    daily: bool = True
    """The claim due (now or next) is the day's refill, not the small hourly top-up."""


class Bankroll:
    """The persistent bankroll. Create it with ``Bankroll.open``.

    Mutating methods return a ``Notice`` when the save failed (full or read-only disk):
    the state in memory is still updated so the game goes on, and only the first failure
    in a row produces a notice, so the player is told once.
    """

    def __init__(self, path: Path, balance: int, at_table: int, hands: int,
                 last_refill: date | None, bank_id: str | None = None,
                 last_claim: datetime | None = None) -> None:
        self.path = path
        self._balance = balance
        self._at_table = at_table
        self._hands = hands
        self._last_refill = last_refill
        self._last_claim = last_claim
        self._id = bank_id or new_id()
        self._failing = False
        self.failed_saves = 0
        """Saves that did not fully happen since opening (the self-test fails on any)."""

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, root: Path | None = None, *, journal: Journal | None = None,
             today: date | None = None) -> tuple[Bankroll, list[Notice]]:
        """Load the bankroll (or start one with ``STARTING_CHIPS``), commit the hands the
        history holds and the file does not (``journal``; see the module doc), return to
        the bank any chips left at a table by a crash, and save. The notices are for the
        player. ``today`` (default: the local date) bounds ``last_refill``."""
        path = resolve_root(root) / FILE_NAME
        loaded = load_document(path, SCHEMA)
        notices = list(loaded.notices)
        data = loaded.data
        if data is None:  # first run, or no usable file nor backup
            bank = cls(path, STARTING_CHIPS, 0, 0, None)
        else:
            last = data.get("last_refill")
            claim = data.get("last_claim")
            bank = cls(path, data["balance"], data["at_table"], data["hands"],
                       date.fromisoformat(last) if last else None, data["id"],
                       datetime.fromisoformat(claim) if claim else None)
        today = today or date.today()
        if bank._last_refill is not None and bank._last_refill > today:
            # The file as it was is kept aside (not lost) before the repaired one is saved.
            aside = keep_aside(path) if loaded.source == "file" else None
            kept_vi = f" Tệp cũ được giữ lại với tên {aside.name}." if aside else ""
            kept_en = f" The file as it was is kept as {aside.name}." if aside else ""
            notices.append(Notice(
                "invalid_fields",
                f"Ngày nhận chip miễn phí đã lưu ({bank._last_refill.isoformat()}) ở tương lai; "
                f"coi như đã nhận hôm nay, ngày mai nhận lại được.{kept_vi}",
                f"The saved date of the last free refill ({bank._last_refill.isoformat()}) "
                f"was in the future; it counts as claimed today, so the next one is "
                f"tomorrow.{kept_en}", str(path)))
            bank._last_refill = today
        if journal is not None:
            recovered = bank._recover(journal)
            if recovered is not None:
                notices.append(recovered)
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
        if failed is not None and failed not in notices:  # a locked folder: said once
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

    @property
    def saved(self) -> bool:
        """The file holds the state in memory: the last save worked (or none failed
        since opening). The ledger names this bankroll in a hand's line only then."""
        return not self._failing

    @property
    def id(self) -> str:
        """This bankroll's identity, named by the history lines of its hands."""
        return self._id

    def to_dict(self) -> dict[str, Any]:
        return {"balance": self._balance, "at_table": self._at_table, "hands": self._hands,
                "last_refill": self._last_refill.isoformat() if self._last_refill else None,
                "id": self._id,
                "last_claim": self._last_claim.isoformat(timespec="seconds")
                if self._last_claim else None}

    def _recover(self, journal: Journal) -> Notice | None:
        """Commit the hands the history recorded after the last save (a kill between the
        history line and the bankroll save). Only consecutive hand numbers from
        ``hands + 1`` count, each result within the limits; anything else stops it."""
        done: list[int] = []
        for number, net in journal(self._id, self._hands):
            if number != self._hands + 1 or not signed_chips(net) \
                    or not 0 <= self._at_table + net <= MAX_CHIPS - self._balance:
                break
            self._at_table += net
            self._hands = number
            done.append(net)
        if not done:
            return None
        total = sum(done)
        signed = f"{total:+,}"
        return Notice(
            "recovered_hands",
            f"Kết quả {len(done)} ván cuối đã có trong lịch sử nhưng chưa vào ngân quỹ "
            f"(trò chơi bị tắt khi đang lưu): đã cộng {signed.replace(',', '.')} chip.",
            f"The result of the last {len(done)} hand{'s' if len(done) > 1 else ''} was in "
            f"the history but not yet in the bankroll (the game was closed while saving): "
            f"{signed} chips were added.", str(self.path))

    # ------------------------------------------------------------------ moving chips

    def buy_in(self, amount: int) -> Notice | None:
        """Take ``amount`` chips from the bank to the table (``ValueError`` if the bank
        hasn't got them)."""
        _whole(amount, "buy-in")
        if amount > self._balance:
            raise ValueError(f"cannot buy in {amount}: only {self._balance} in the bank")
        # balance + at_table is unchanged, so the file stays within the limits.
        self._balance -= amount
        self._at_table += amount
        return self._save()

    def commit_hand(self, net: int) -> Notice | None:
        """Record one finished hand: the player's stack at the table changes by ``net``
        (``HandEnded.net[seat]``). Call it once per hand, when the hand has ended."""
        self.check_commit(net)
        self._at_table += net
        self._hands += 1
        return self._save()

    def check_commit(self, net: int) -> None:
        """``ValueError`` if ``commit_hand(net)`` would refuse, changing nothing: the ledger
        asks before it writes the hand's history line, so a refused result never leaves a
        line without its commit."""
        if not isinstance(net, int) or isinstance(net, bool):
            raise ValueError(f"a hand's result is a whole number, got {net!r}")
        if self._at_table + net < 0:
            raise ValueError(f"a hand cannot lose {-net}: only {self._at_table} at the table")
        if self.total + net > MAX_CHIPS or self._hands >= MAX_HANDS:
            raise ValueError(f"a bankroll holds at most {MAX_CHIPS:,} chips and "
                             f"{MAX_HANDS:,} hands (limits.py)")

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
        if self._last_refill is None or self._last_refill < today:
            return RefillStatus(broke, broke, REFILL_TO - self.total if broke else 0,
                                now, timedelta(0))
        midnight = datetime.combine(today + timedelta(days=1), time(0), tzinfo=now.tzinfo)
        last = self._last_claim
        if last is not None:
            # Compared as local wall-clock times; one in the future (a clock set back)
            # counts as now, so the wait is at most an hour, never days.
            last = min(last.replace(tzinfo=None), now.replace(tzinfo=None))
            due = (last + TOPUP_EVERY).replace(tzinfo=now.tzinfo)
        else:
            due = now
        next_at = max(now, min(due, midnight))
        daily = next_at >= midnight
        available = broke and next_at == now
        amount = (REFILL_TO if daily else TOPUP_TO) - self.total if available else 0
        return RefillStatus(broke, available, max(0, amount), next_at, next_at - now, daily)

    def claim_refill(self, now: datetime) -> tuple[int, Notice | None]:
        """Give the refill if available now; the chips given (0 if none) and a save notice."""
        status = self.refill_status(now)
        if not status.available:
            return 0, None
        self._balance += status.amount
        self._last_refill = now.date()
        self._last_claim = now.replace(tzinfo=None, microsecond=0)
        return status.amount, self._save()

    # ------------------------------------------------------------------ saving

    def _save(self) -> Notice | None:
        failed = save_document(self.path, SCHEMA, self.to_dict())
        if failed is None:
            self._failing = False
            return None
        self.failed_saves += 1
        if self._failing:
            return None
        self._failing = True
        return failed


def _whole(amount: int, what: str, allow_zero: bool = False) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) \
            or amount < (0 if allow_zero else 1) or amount > MAX_CHIPS:
        raise ValueError(f"a {what} is a whole number of chips > 0, got {amount!r}")
