"""Hand history: every hand, and every game's final standings,
appended as one JSON line to ``history.jsonl`` in the user data directory.

What a hand line holds, and why:

* ``rules``, ``seats`` (name, kind, bot level), ``mode`` and ``when`` — what the history
  screen lists and what the statistics group by.
* ``events`` — the hand's event log *as the local seat saw it* (``Hand.events_for``):
  other players' dealt cards are absent, only cards shown at showdown appear
  (RULES.md step 8; an uncontested winner's cards stay hidden). Replaying a hand on the
  table is feeding these events to the same animation queue as a live hand, so the
  replay looks exactly like the game did, and no deck order is ever stored — a history
  file can be shared without giving away cards nobody saw.
* ``cards`` — the local player's own three cards, for the list and the statistics.
* ``summary`` — net, pot and winners, for people and tools reading the file; readers
  here recompute them from the events and ignore it.
* ``left`` (only on a hand the player left mid-hand, by the leave button or by closing
  the window) — the chips the player forfeited (RULES.md step 5: a player who leaves has
  folded; what they put in stays in the pot). Such a hand's events stop where the player
  left, so no ``HandEnded``; its net is ``-left``. Recording it keeps the history, the
  statistics and the bankroll (which commits that loss as one hand) in agreement.

* ``bank`` (only on a hand committed to the player's bankroll) — ``{"id", "hand"}``: the
  bankroll's ``id`` and that hand's number in it. The line is written before the bankroll
  is saved; on start-up the bankroll commits any hand of its own it finds here that it
  has not counted (``bank_hands``, ``lieng.storage.ledger``), so a kill between the two
  writes can never leave the bankroll and the history apart.

Every line carries ``"v"`` (``LINE_SCHEMA`` with its migrations, like the other files).
Every number on a line is checked against ``limits`` (a pot of 10^40 chips or a place
of −3 make the line damaged: skipped, counted in the notice).

Rotation: before an append would take ``history.jsonl`` past ``max_bytes`` it becomes
``history.1.jsonl`` (older archives shift up, the oldest beyond ``keep`` is deleted), so
the history never takes more than about ``(keep + 1) * max_bytes`` on disk.

Reading never fails: a torn last line (the game was killed mid-append) or a damaged or
newer-version line is skipped, and one ``Notice`` says how many. A history file that is
not a regular file (a folder, a FIFO, a device) or is larger than
``limits.MAX_HISTORY_FILE_BYTES`` is listed as unreadable and never opened or read whole;
the next append moves a non-regular one aside (``atomic.clear_special``) and starts a new
file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .atomic import BadFileError, append_line, archive_path, clear_special, read_regular, rotate
from .documents import Notice, write_failure
from .history_checks import bank_link
from .history_records import (
    LINE_SCHEMA,
    GameMode,
    GameResult,
    HandRecord,
    Record,
    SeatRecord,
    Standing,
    decode_line,
)
from .limits import (
    MAX_HISTORY_FILE_BYTES,
)
from .paths import resolve_root

FILE_NAME = "history.jsonl"
MAX_BYTES = 2_000_000
"""Default cap of one history file (a hand line is a few kilobytes)."""
KEEP = 4
"""Default number of archived files kept besides the current one."""



class History:
    """The history files in ``root`` (default: the user data directory).

    ``append`` never raises for a disk problem: it returns a ``Notice`` the first time
    in a row a write fails, and the game goes on without that line.
    """

    def __init__(self, root: Path | None = None, *, max_bytes: int = MAX_BYTES,
                 keep: int = KEEP) -> None:
        if max_bytes < 1 or keep < 0:
            raise ValueError("max_bytes must be >= 1 and keep >= 0")
        self.path = resolve_root(root) / FILE_NAME
        self.max_bytes = max_bytes
        self.keep = keep
        self._failing = False
        self.failed_appends = 0
        """Appends that failed since this object was made (the self-test fails on any)."""

    def files(self) -> list[Path]:
        """Existing history files, oldest first."""
        archives = [archive_path(self.path, i) for i in range(self.keep, 0, -1)]
        # lexists: a dangling link is listed too, so a read reports it as unreadable.
        return [p for p in [*archives, self.path] if os.path.lexists(p)]

    def append(self, record: Record) -> Notice | None:
        """Add one record (rotating first if the current file would pass ``max_bytes``)."""
        line = json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":"))
        try:
            # A folder, FIFO or device where the history belongs is moved aside (kept,
            # never deleted) and a new file started; appending to a FIFO would block.
            clear_special(self.path)
            size = self.path.stat().st_size if self.path.exists() else 0
            if size and size + len(line.encode("utf-8")) + 1 > self.max_bytes:
                for archive in (archive_path(self.path, i) for i in range(1, self.keep + 1)):
                    clear_special(archive)
                rotate(self.path, self.keep)
            append_line(self.path, line)
        except OSError as exc:
            self.failed_appends += 1
            if self._failing:
                return None
            self._failing = True
            return write_failure(exc, self.path, LINE_SCHEMA.title_vi, LINE_SCHEMA.title_en)
        self._failing = False
        return None

    def bank_hands(self, bank_id: str, after: int) -> list[tuple[int, int]]:
        """``(hand number, net)`` of the complete, readable hand lines of bankroll
        ``bank_id`` numbered above ``after``, in order — the ``Bankroll.open`` journal.

        Reads the newest lines first and stops at the first of this bankroll numbered
        ``after`` or below (the missing hands are the last ones written). Never raises:
        unreadable files and damaged lines count as absent, as they do for the screens.
        """
        found: dict[int, int] = {}
        for path in reversed(self.files()):
            try:
                raw = read_regular(path, MAX_HISTORY_FILE_BYTES)
            except (OSError, BadFileError):
                continue
            for chunk in reversed((raw or b"").split(b"\n")):
                if bank_id.encode() not in chunk:  # cheap: most lines are skipped here
                    continue
                try:
                    data = json.loads(chunk.decode("utf-8"))
                    link = bank_link(data) if isinstance(data, dict) else None
                    if link is None or link[0] != bank_id:
                        continue
                    if link[1] <= after:
                        return sorted(found.items())
                    # Only the few lines past the bankroll are decoded (and checked) whole.
                    record = decode_line(data)
                except Exception:  # a damaged line is no hand, as on the history screen
                    continue
                if isinstance(record, HandRecord) and record.bank == link \
                        and record.net is not None:
                    found.setdefault(link[1], record.net)
        return sorted(found.items())

    def read(self) -> tuple[list[Record], list[Notice]]:
        """Every readable record, oldest first, and at most one notice about skipped lines."""
        records: list[Record] = []
        torn = damaged = future = 0
        unreadable: list[str] = []
        for path in self.files():
            try:
                raw = read_regular(path, MAX_HISTORY_FILE_BYTES) or b""
            except (OSError, BadFileError):
                # A folder, FIFO or device, or a file too large to read whole: listed in
                # the notice, left as it is.
                unreadable.append(path.name)
                continue
            lines = raw.split(b"\n")
            for i, chunk in enumerate(lines):
                if not chunk.strip():
                    continue
                last = i == len(lines) - 1  # no newline after it: the append was cut short
                try:
                    records.append(decode_line(json.loads(chunk.decode("utf-8"))))
                except BadFileError as exc:
                    if exc.reason == "future_version":
                        future += 1
                    else:
                        damaged += 1
                except Exception:
                    # Whatever a damaged line makes the decoders raise (a RecursionError
                    # for a line nested too deeply, an OverflowError for an infinite
                    # amount...), it is one damaged line, never a crashed screen.
                    if last:
                        torn += 1
                    else:
                        damaged += 1
        notices = []
        if torn or damaged or future or unreadable:
            notices.append(_skipped_notice(torn, damaged, future, unreadable, self.path))
        return records, notices

    def hands(self) -> tuple[list[HandRecord], list[Notice]]:
        """Only the hands, oldest first."""
        records, notices = self.read()
        return [r for r in records if isinstance(r, HandRecord)], notices

    def games(self) -> tuple[list[GameResult], list[Notice]]:
        """Only the game results, oldest first."""
        records, notices = self.read()
        return [r for r in records if isinstance(r, GameResult)], notices


def read_failed(exc: BaseException, path: Path) -> Notice:
    """The player's message when reading the history failed as a whole (a bug or a file
    no check foresaw): the screen shows what it can — nothing — and the game goes on."""
    what = type(exc).__name__
    return Notice("unreadable",
                  f"Không đọc được lịch sử ván ({what}). Trò chơi vẫn tiếp tục; tệp lịch sử "
                  f"được giữ nguyên.",
                  f"The hand history could not be read ({what}). The game goes on; the "
                  f"history file was left as it is.", str(path))


def _skipped_notice(torn: int, damaged: int, future: int, unreadable: list[str],
                    path: Path) -> Notice:
    vi: list[str] = []
    en: list[str] = []
    if torn:
        vi.append(f"{torn} dòng cuối chưa ghi xong (trò chơi bị tắt khi đang lưu)")
        en.append(f"{torn} unfinished last line{'s' if torn > 1 else ''} (the game was closed "
                  f"while saving)")
    if damaged:
        vi.append(f"{damaged} dòng bị hỏng")
        en.append(f"{damaged} damaged line{'s' if damaged > 1 else ''}")
    if future:
        vi.append(f"{future} dòng từ phiên bản mới hơn")
        en.append(f"{future} line{'s' if future > 1 else ''} from a newer version")
    if unreadable:
        vi.append(f"không đọc được {', '.join(unreadable)}")
        en.append(f"could not read {', '.join(unreadable)}")
    return Notice("skipped_lines",
                  "Lịch sử ván: đã bỏ qua " + "; ".join(vi) + ". Các ván khác vẫn đầy đủ.",
                  "Hand history: skipped " + "; ".join(en) + ". All other hands are intact.",
                  str(path))


__all__ = [
    "FILE_NAME",
    "KEEP",
    "LINE_SCHEMA",
    "MAX_BYTES",
    "GameMode",
    "GameResult",
    "HandRecord",
    "History",
    "Record",
    "SeatRecord",
    "Standing",
    "decode_line",
    "read_failed",
]
