"""Every write the game makes, and the validating read that goes with it.

A player's chips are their score, so no crash, kill, full disk or garbage file may lose
them. This is the one module that writes files; everything else calls it:

* ``write_atomic`` — temp file in the same folder, flush, ``os.fsync``, ``os.replace``,
  fsync the folder. The previous file is kept as ``<name>.bak`` (hard link, or a copy
  where links are refused) before it is replaced, so at every instant the main file is
  either the old or the new complete version and ``.bak`` holds the one before.
  ``os.replace`` is retried a bounded number of times on ``PermissionError``: on Windows
  an antivirus or indexer briefly holding the file gives a sharing violation.
* ``save_document`` and ``load_document`` (``lieng.storage.documents``) — the versioned
  JSON envelope written with ``write_atomic``, and its validating read, which keeps a bad
  file aside (``keep_aside``: renamed with a timestamp, never deleted), then tries
  ``.bak``, then the defaults.
* ``append_line`` / ``rotate`` — the hand history's JSON Lines file: appended and fsynced
  one line at a time; a torn last line left by a crash is closed off before the next
  append so it can never glue itself to a good record.

Nothing here imports pygame; time comes from an injectable ``clock`` for the names of
files kept aside.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from .limits import MAX_DOCUMENT_BYTES

REPLACE_ATTEMPTS = 8
"""How many times ``os.replace`` is tried when the OS refuses it with ``PermissionError``."""
REPLACE_FIRST_DELAY = 0.01
"""Seconds before the first retry; doubled each time (at most ~1.3 s in total)."""


class BadFileError(ValueError):
    """A file's content is unusable; ``reason`` is a short code, ``vi``/``en`` say why."""

    def __init__(self, reason: str, vi: str, en: str) -> None:
        super().__init__(en)
        self.reason = reason
        self.vi = vi
        self.en = en


class FutureVersionError(BadFileError):
    """The file was written by a newer version of the game."""

    def __init__(self, found: int, supported: int) -> None:
        super().__init__(
            "future_version",
            f"được ghi bởi phiên bản trò chơi mới hơn (định dạng v{found}, bản này đọc tới "
            f"v{supported})",
            f"written by a newer version of the game (format v{found}, this one reads up to "
            f"v{supported})")
        self.found = found
        self.supported = supported


def backup_path(path: Path) -> Path:
    """``settings.json`` -> ``settings.json.bak``."""
    return path.with_name(path.name + ".bak")


def _replace(src: Path | str, dst: Path | str, attempts: int = REPLACE_ATTEMPTS,
             sleep: Callable[[float], None] = time.sleep) -> None:
    """``os.replace`` with bounded retries on ``PermissionError`` (Windows sharing
    violations); any other ``OSError``, or the last refusal, propagates."""
    delay = REPLACE_FIRST_DELAY
    for attempt in range(attempts):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == attempts - 1:
                raise
            sleep(delay)
            delay *= 2


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable. A no-op where folders can't be
    opened (Windows), where ``os.replace`` is already durable once it returns."""
    if os.name == "nt":  # pragma: no cover - not run on the CI platform
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp_in(folder: Path, name: str) -> tuple[int, str]:
    return tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")


def _write_temp(folder: Path, name: str, data: bytes) -> str:
    """A fully written and fsynced temp file next to the target; its path."""
    fd, tmp = _temp_in(folder, name)
    try:
        try:
            view = memoryview(data)
            while view:  # unbuffered: a short write (full disk) is seen here, not later
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def _keep_backup(path: Path, sleep: Callable[[float], None]) -> None:
    """Make ``path.bak`` the current ``path`` without ever leaving either half-written."""
    bak = backup_path(path)
    folder = path.parent
    tmp_fd, tmp = _temp_in(folder, bak.name)
    os.close(tmp_fd)
    os.unlink(tmp)
    try:
        os.link(path, tmp)  # same bytes, no copy; the rename below is atomic
    except FileNotFoundError:
        return
    except OSError:
        # Hard links refused (some file systems): copy through a fsynced temp file.
        try:
            content = path.read_bytes()
        except FileNotFoundError:
            return
        tmp = _write_temp(folder, bak.name, content)
    try:
        _replace(tmp, bak, sleep=sleep)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _is_special(path: Path) -> bool:
    """True when something that is not a regular file (nor a symlink to one) sits at
    ``path``: a folder, a FIFO, a device, a socket, a dangling or looping symlink."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return os.path.lexists(path)  # a dangling symlink
    except OSError:
        return True  # a symlink loop, a path through a file...


def clear_special(path: Path) -> None:
    """Move a non-regular entry at ``path`` out of the way (``keep_aside``: renamed, never
    deleted) so a save can put a regular file there. A folder named ``bankroll.json.bak``
    would otherwise make every backup — and so every save — fail."""
    if _is_special(path):
        keep_aside(path)


def write_atomic(path: Path, data: bytes, *, backup: bool = True,
                 sleep: Callable[[float], None] = time.sleep) -> OSError | None:
    """Replace ``path`` by ``data`` so that a crash at any instant leaves either the old
    or the new complete file, never a mix, keeping the old one as ``path.bak``.

    Anything that is not a regular file at ``path`` or ``path.bak`` (a folder, a FIFO, a
    symlink to a device) is kept aside first. The file itself matters more than its
    backup: if the backup can't be made the file is still written, and the backup's
    ``OSError`` is *returned* (None when all went well) so the caller can say so.

    Raises ``OSError`` if the file itself can't be written (read-only, full disk...); the
    temp file is removed and ``path`` is untouched in that case.
    """
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    clear_special(path)
    tmp = _write_temp(folder, path.name, data)
    backup_error: OSError | None = None
    try:
        if backup:
            try:
                clear_special(backup_path(path))
                _keep_backup(path, sleep)
            except OSError as exc:
                backup_error = exc
        _replace(tmp, path, sleep=sleep)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)
    return backup_error


def keep_aside(path: Path, clock: Callable[[], datetime] = datetime.now) -> Path | None:
    """Rename a bad file to ``<name>.bad-YYYYmmdd-HHMMSS`` (``-2``, ``-3``... if taken) so
    it is neither used nor lost; None if it can't be moved (read-only folder)."""
    stamp = clock().strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        suffix = f".bad-{stamp}" + (f"-{n}" if n > 1 else "")
        target = path.with_name(path.name + suffix)
        if os.path.lexists(target):  # never raises: Path.exists() does in a locked folder
            continue
        try:
            _replace(path, target, attempts=3)
        except OSError:
            return None
        fsync_dir(path.parent)
        return target
    return None  # pragma: no cover - a thousand bad files in one second


def remove_stale_temps(path: Path) -> None:
    """Delete temp files a killed writer left next to ``path`` (never the real files)."""
    folder = path.parent
    for name in (path.name, backup_path(path).name):
        for stale in folder.glob(f".{name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()


def _not_a_file(mode: int) -> BadFileError:
    if stat.S_ISDIR(mode):
        return BadFileError("not_a_file", "đây là một thư mục, không phải tệp",
                            "it is a folder, not a file")
    return BadFileError("not_a_file", "đây không phải tệp thường (ống, thiết bị...)",
                        "it is not a regular file (a pipe, a device...)")


def read_regular(path: Path, limit: int = MAX_DOCUMENT_BYTES) -> bytes | None:
    """The bytes of the regular file ``path`` (a symlink to one is fine), None if there is
    none. Never blocks and never reads without bound:

    * anything but a regular file — a folder, a FIFO (reading one waits for a writer
      forever), a device (``/dev/zero`` never ends), a socket — raises ``BadFileError``
      ``"not_a_file"``. It is checked with ``stat`` before opening, so a device is never
      even opened, and again with ``fstat`` on the descriptor, opened ``O_NONBLOCK``, so
      a FIFO swapped in between can't hang the game either;
    * a file larger than ``limit`` bytes raises ``BadFileError`` ``"too_large"``; at most
      ``limit + 1`` bytes are ever read.

    Other ``OSError``s (permission denied, a symlink loop) propagate.
    """
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise _not_a_file(mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        if os.path.islink(path):
            # A link to a file that isn't there (a drive not mounted?) is not "no file
            # yet": starting afresh in silence would look like lost chips. Kept aside,
            # with a message, like any other unusable file.
            raise BadFileError("not_a_file", "liên kết tới một tệp không tồn tại",
                               "it is a link to a file that does not exist") from None
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_a_file(info.st_mode)
        if info.st_size > limit:
            raise _too_large(limit)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise _too_large(limit)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _too_large(limit: int) -> BadFileError:
    return BadFileError("too_large", f"tệp quá lớn (hơn {limit:,} byte)".replace(",", "."),
                        f"the file is too large (over {limit:,} bytes)")


def read_document_bytes(path: Path) -> bytes | None:
    """``read_regular`` with the documents' size limit."""
    return read_regular(path, MAX_DOCUMENT_BYTES)


def append_line(path: Path, line: str) -> None:
    """Append ``line`` (no newline inside) plus ``"\\n"`` to ``path`` and fsync it.

    If the file doesn't end with a newline — a crash tore the last append — a newline is
    written first, so the torn fragment stays a line of its own that readers skip.
    Raises ``OSError`` when the disk refuses; a partial append is then a torn line.
    """
    if "\n" in line or "\r" in line:
        raise ValueError("a JSON Lines record must be on one line")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists()
    # Opened non-blocking and checked with fstat, like every read (``read_regular``): a
    # FIFO put in the history's place must give an error, never a write that waits.
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0), 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
    except BaseException:
        os.close(fd)
        raise
    with open(fd, "a+b") as fh:
        fh.seek(0, os.SEEK_END)
        prefix = b""
        if fh.tell() > 0:
            fh.seek(-1, os.SEEK_END)
            if fh.read(1) != b"\n":
                prefix = b"\n"
        fh.write(prefix + line.encode("utf-8") + b"\n")
        fh.flush()
        os.fsync(fh.fileno())
    if new:
        fsync_dir(path.parent)


def rotate(path: Path, keep: int, *, sleep: Callable[[float], None] = time.sleep) -> None:
    """Shift ``name.N-1`` -> ``name.N`` ... ``name`` -> ``name.1`` (as ``stem.i.suffix``),
    dropping the oldest beyond ``keep`` archives. Raises ``OSError`` if refused."""
    path = Path(path)
    archives = [archive_path(path, i) for i in range(1, keep + 1)]
    if keep >= 1 and archives[-1].exists():
        archives[-1].unlink()
    for i in range(keep - 1, 0, -1):
        if archives[i - 1].exists():
            _replace(archives[i - 1], archives[i], sleep=sleep)
    if path.exists():
        if keep >= 1:
            _replace(path, archives[0], sleep=sleep)
        else:
            path.unlink()
    fsync_dir(path.parent)


def archive_path(path: Path, i: int) -> Path:
    """``history.jsonl`` -> ``history.<i>.jsonl`` (1 is the most recent archive)."""
    return path.with_name(f"{path.stem}.{i}{path.suffix}")
