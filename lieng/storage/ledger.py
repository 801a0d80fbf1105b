"""The bankroll and the hand history as one unit.

A finished hand changes two files: one line appended to the history and one atomic save
of the bankroll. No file system makes two writes atomic together, so the order and the
start-up make them one unit instead:

1. ``record_hand`` first checks the bankroll would take the result
   (``Bankroll.check_commit``), then appends the hand's line, which names the bankroll
   (``id``) and the hand's number in it (``hands + 1``), fsynced; only then it commits
   the result to the bankroll, saved atomically.
2. ``open_ledger`` opens the bankroll with the history as its journal
   (``History.bank_hands``): a hand of this bankroll that the history holds and the
   bankroll has not counted is committed first, with a message.

A kill before the line is complete leaves neither (a torn line is skipped); a kill between
the two writes leaves the line, which the next start commits; a kill during the bankroll
save leaves the old or the new file, and the old one is rolled forward again. So after
any kill the bankroll's hand count and chips are exactly those of its history lines.

If the history can't be written at all (a full or read-only disk) the result is still
committed to the bankroll — the player's chips come first — and the player is told
that the history missed a hand; the statistics then lack that hand, as they say.

If the bankroll can't be saved (its folder takes no new files while ``history.jsonl``
is still writable), its file falls behind memory: from then on a hand's line is written
without the bankroll's name (``Bankroll.saved`` is False), so it is history, not a
commit, and the next start neither rolls it forward nor reuses its number.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

from .bankroll import Bankroll
from .documents import Notice
from .history import HandRecord, History


def open_ledger(root: Path | None = None, *, today: date | None = None
                ) -> tuple[Bankroll, History, list[Notice]]:
    """The bankroll and history in ``root`` (default: the user data folder), reconciled:
    hands the history holds and the bankroll missed are committed (``Bankroll.open``)."""
    history = History(root)
    bank, notices = Bankroll.open(root, journal=history.bank_hands, today=today)
    return bank, history, notices


def record_hand(bank: Bankroll, history: History, record: HandRecord) -> list[Notice]:
    """Write one finished (or left) hand of the player: the history line, then the
    bankroll commit of ``record.net``. ``ValueError`` with nothing written if the record
    has no viewer or the bankroll would refuse the result; otherwise the save messages."""
    net = record.net
    if net is None:
        raise ValueError("a hand for the bankroll needs the player's seat (viewer)")
    bank.check_commit(net)
    # A line names the bankroll only while the bankroll's file holds what memory holds:
    # after a failed save the file is behind, and a line numbered from memory would be
    # rolled forward onto the wrong chips at the next start — or, when that is refused,
    # its number reused by the next session, for good. Such a hand is recorded, not
    # committed (issue #23 item 7: 13 history lines against 8 bankroll hands).
    linked = replace(record, bank=(bank.id, bank.hands + 1)) if bank.saved else record
    notices = [history.append(linked), bank.commit_hand(net)]
    return [n for n in notices if n is not None]


__all__ = ["open_ledger", "record_hand"]
