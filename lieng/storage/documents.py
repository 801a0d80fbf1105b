"""Versioned JSON documents on disk: the envelope ``{"schema", "version", "data"}``, its
migrations (``Schema``), the validating read that keeps a bad file aside and falls back to
the backup and then the defaults (``load_document``), and the ``Notice`` the window shows
when something went wrong. The bytes themselves are written and read by
``lieng.storage.atomic``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from .atomic import (
    BadFileError,
    FutureVersionError,
    backup_path,
    keep_aside,
    read_document_bytes,
    remove_stale_temps,
    write_atomic,
)
from .paths import folder_refusal

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Upgrades the ``data`` of one schema version to the next (``v`` -> ``v + 1``)."""

SAVE_FAILURE_CODES = frozenset({"disk_full", "read_only", "write_failed", "backup_failed"})
"""``Notice.code``s that mean a save did not fully happen (the self-test fails on them)."""



# --------------------------------------------------------------------------- messages

@dataclass(frozen=True, slots=True)
class Notice:
    """Something the player should be told once, in their language.

    ``code`` is stable for code and tests (``"restored_backup"``, ``"reset_defaults"``,
    ``"write_failed"``, ``"disk_full"``, ``"read_only"``, ``"invalid_fields"``,
    ``"skipped_lines"``, ``"unreadable"``, ``"backup_failed"``...; the ones that mean a
    save did not fully happen are ``SAVE_FAILURE_CODES``); ``vi``/``en`` are complete
    sentences.
    """

    code: str
    vi: str
    en: str
    path: str | None = None
    """The file concerned, if any."""

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``"vi"`` or ``"en"``; anything else gets English)."""
        return self.vi if lang == "vi" else self.en


@dataclass(frozen=True, slots=True)
class Schema:
    """What a versioned JSON document must look like.

    ``migrations[v]`` turns version ``v`` data into version ``v + 1``; a file at any
    version from 1 to ``version`` loads, newer ones are refused as "future". ``check``
    raises ``ValueError`` when the (upgraded) data is unusable as a whole — a file that
    fails it is treated like a damaged one. Field-level repairs (a bad volume, say) are
    the caller's business, after loading.
    """

    name: str
    version: int
    title_vi: str
    """How the player calls this file in a sentence: ``"cài đặt"``."""
    title_en: str
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    check: Callable[[dict[str, Any]], None] | None = None

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """``data`` at ``version`` brought to ``self.version``.

        Raises ``FutureVersionError`` for a newer version and ``BadFileError`` for a
        version below 1 or one with no migration path.
        """
        if version > self.version:
            raise FutureVersionError(version, self.version)
        if version < 1:
            raise BadFileError("wrong_type", f"phiên bản định dạng không hợp lệ ({version})",
                               f"invalid format version ({version})")
        while version < self.version:
            step = self.migrations.get(version)
            if step is None:
                raise BadFileError("wrong_type", f"không nâng cấp được từ phiên bản {version}",
                                   f"no upgrade from format version {version}")
            try:
                data = step(dict(data))
                if not isinstance(data, dict):
                    raise TypeError("the migration did not give an object")
            except Exception as exc:
                # Any failure of a migration on hostile data (an OverflowError from a volume
                # of 1e308, a MemoryError...) means this file can't be upgraded: it is a bad
                # file, kept aside by ``load_document`` like any other, never a crash.
                raise BadFileError("wrong_type", f"nâng cấp từ phiên bản {version} thất bại",
                                   f"upgrading from format version {version} failed: "
                                   f"{type(exc).__name__}: {exc}") from None
            version += 1
        return data


@dataclass(slots=True)
class Loaded:
    """The outcome of ``load_document``.

    ``data`` is None when the caller should use its defaults. ``source`` says where the
    data came from; ``version`` is the version found on disk (before any migration), so
    ``version < schema.version`` means the data was migrated and is worth saving again.
    """

    data: dict[str, Any] | None
    source: Literal["file", "backup", "defaults"]
    notices: list[Notice]
    version: int | None = None
    current_version: int = 0
    """The schema's version now."""

    @property
    def migrated(self) -> bool:
        """True when the data came from an older format (save it again to upgrade the file)."""
        return (self.data is not None and self.version is not None
                and self.version < self.current_version)


# --------------------------------------------------------------------------- writing

def encode_document(schema: Schema, data: Mapping[str, Any]) -> bytes:
    """The on-disk bytes: UTF-8 JSON ``{"schema", "version", "data"}``, readable by people."""
    doc = {"schema": schema.name, "version": schema.version, "data": dict(data)}
    return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def save_document(path: Path, schema: Schema, data: Mapping[str, Any], *,
                  sleep: Callable[[float], None] = time.sleep) -> Notice | None:
    """Save ``data`` under ``schema`` atomically; a ``Notice`` instead of an exception
    when the disk refuses (the game goes on with what it has in memory)."""
    try:
        backup_error = write_atomic(Path(path), encode_document(schema, data), sleep=sleep)
    except OSError as exc:
        return write_failure(exc, Path(path), schema.title_vi, schema.title_en)
    if backup_error is not None:
        return backup_failure(backup_error, Path(path), schema.title_vi, schema.title_en)
    return None


def backup_failure(exc: OSError, path: Path, title_vi: str, title_en: str) -> Notice:
    """The player's message when ``path`` was saved but its ``.bak`` could not be made:
    nothing is lost now, but the next damaged file would have no copy to fall back on."""
    why = exc.strerror or str(exc)
    return Notice(
        "backup_failed",
        f"Đã lưu {title_vi}, nhưng không tạo được bản sao lưu {backup_path(path).name} "
        f"({why}). Trò chơi vẫn tiếp tục.",
        f"The {title_en} was saved, but its backup {backup_path(path).name} could not be "
        f"made ({why}). The game goes on.", str(path))


def folder_failure(exc: OSError, folder: Path) -> Notice:
    """The player's message when the data folder itself cannot be used (it cannot be
    entered or listed): the same one for every file in it, so it is shown once. The game
    starts and plays with nothing saved, and the player learns how to choose another."""
    why = exc.strerror or str(exc)
    return Notice(
        "folder_unusable",
        f"Không mở được thư mục dữ liệu {folder} ({why}). Trò chơi vẫn chạy nhưng lần này "
        f"không lưu được gì: chip, lịch sử và cài đặt sẽ mất khi thoát. Hãy sửa quyền của "
        f"thư mục, hoặc chọn thư mục khác khi khởi động bằng --data-dir THƯ_MỤC.",
        f"The data folder {folder} cannot be opened ({why}). The game runs, but nothing can "
        f"be saved this time: chips, history and settings are lost on exit. Fix the "
        f"folder's permissions, or start with --data-dir FOLDER to use another one.",
        str(folder))


def write_failure(exc: OSError, path: Path, title_vi: str, title_en: str) -> Notice:
    """The player's message for a failed write of ``path`` — the folder's message when
    the folder itself is the trouble (``folder_failure``)."""
    refused = folder_refusal(path.parent)
    if refused is not None:
        return folder_failure(refused, path.parent)
    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return Notice(
            "disk_full",
            f"Ổ đĩa đã đầy: chưa lưu được {title_vi}. Trò chơi vẫn tiếp tục; hãy giải phóng "
            f"dung lượng để lần sau lưu được.",
            f"The disk is full: {title_en} could not be saved. The game goes on; free some "
            f"space so the next save works.", str(path))
    if isinstance(exc, PermissionError) or code in (errno.EROFS, errno.EACCES, errno.EPERM):
        return Notice(
            "read_only",
            f"Thư mục dữ liệu {path.parent} chỉ cho đọc: chưa lưu được {title_vi}. Trò chơi "
            f"vẫn tiếp tục nhưng thay đổi sẽ mất khi thoát.",
            f"The data folder {path.parent} is read-only: {title_en} could not be saved. The "
            f"game goes on, but changes will be lost on exit.", str(path))
    return Notice(
        "write_failed",
        f"Không lưu được {title_vi} ({exc.strerror or exc}). Trò chơi vẫn tiếp tục.",
        f"Could not save {title_en} ({exc.strerror or exc}). The game goes on.", str(path))


# --------------------------------------------------------------------------- reading

def decode_document(raw: bytes, schema: Schema) -> tuple[dict[str, Any], int]:
    """Validate ``raw`` as a document of ``schema``; the upgraded data and the version
    found. Raises ``BadFileError`` (``FutureVersionError``) saying what is wrong."""
    if not raw.strip():
        raise BadFileError("empty", "tệp rỗng", "the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFileError("not_utf8", "tệp không phải văn bản UTF-8",
                           "the file is not UTF-8 text") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        raise BadFileError("truncated", "tệp bị cắt cụt hoặc không phải JSON hợp lệ",
                           "the file is truncated or not valid JSON") from None
    except (ValueError, RecursionError, MemoryError, ArithmeticError):
        # Valid-looking JSON the decoder still refuses: nesting deeper than the
        # interpreter's recursion limit, an integer too long to convert... The file is
        # just as unusable as a truncated one and must be kept aside, not crash the game.
        raise BadFileError("wrong_type", "tệp không giải mã được (lồng nhau quá sâu hoặc "
                           "số quá lớn)", "the file could not be decoded (nested too deeply "
                           "or a number too large)") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
        raise BadFileError("wrong_type", "nội dung tệp không đúng kiểu",
                           "the file holds the wrong kind of data")
    if doc.get("schema") != schema.name:
        raise BadFileError("wrong_type", f"đây không phải tệp {schema.title_vi}",
                           f"this is not a {schema.title_en} file")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadFileError("wrong_type", "thiếu số phiên bản định dạng",
                           "the format version is missing")
    data = schema.upgrade(doc["data"], version)
    if schema.check is not None:
        try:
            schema.check(data)
        except Exception as exc:  # any failed check is a bad file, not a crash
            raise BadFileError("wrong_type", "nội dung tệp không hợp lệ",
                               f"the content is invalid: {exc}") from None
    return data, version


def load_document(path: Path, schema: Schema, *,
                  clock: Callable[[], datetime] = datetime.now) -> Loaded:
    """Read ``path`` as ``schema``, falling back to ``path.bak`` and then to defaults.

    Never raises for anything on disk. Bad files are kept aside (see ``keep_aside``); the
    returned ``Loaded.notices`` hold at most one message for the player.
    """
    path = Path(path)
    refused = folder_refusal(path.parent)
    if refused is not None:
        # Nothing in the folder can be read or kept aside: the defaults, and one message
        # about the folder rather than one about each file in it.
        return Loaded(None, "defaults", [folder_failure(refused, path.parent)], None,
                      schema.version)
    with contextlib.suppress(OSError):
        remove_stale_temps(path)
    bak = backup_path(path)
    problem: tuple[str, str] | None = None  # (vi, en) about the main file
    aside: Path | None = None
    try:
        raw = read_document_bytes(path)
        if raw is not None:
            data, version = decode_document(raw, schema)
            return Loaded(data, "file", [], version, schema.version)
    except BadFileError as exc:
        aside = keep_aside(path, clock)
        problem = (exc.vi, exc.en)
    except OSError as exc:
        problem = (f"không đọc được ({exc.strerror or exc})",
                   f"it could not be read ({exc.strerror or exc})")
        if isinstance(exc, PermissionError) or exc.errno in (errno.ELOOP, errno.ENOTDIR):
            # It will never be readable as it is; the next save would replace it (and the
            # one after, its .bak). Kept aside instead, so nothing is lost.
            aside = keep_aside(path, clock)
    # The main file is missing or bad: the previous good copy, if any.
    bak_problem = False
    try:
        raw_bak = read_document_bytes(bak)
        if raw_bak is not None:
            data, version = decode_document(raw_bak, schema)
            return Loaded(data, "backup", [_notice(schema, path, problem, aside, True)],
                          version, schema.version)
    except BadFileError:
        keep_aside(bak, clock)
        bak_problem = True
    except OSError:
        bak_problem = True
    if problem is None and not bak_problem:
        return Loaded(None, "defaults", [], None, schema.version)  # first run
    return Loaded(None, "defaults", [_notice(schema, path, problem, aside, False)], None,
                  schema.version)


def _notice(schema: Schema, path: Path, problem: tuple[str, str] | None, aside: Path | None,
            from_backup: bool) -> Notice:
    if problem is None:
        vi = f"Không tìm thấy tệp {schema.title_vi} ({path.name})"
        en = f"The {schema.title_en} file ({path.name}) was missing"
    else:
        vi = f"Tệp {schema.title_vi} ({path.name}) bị lỗi: {problem[0]}"
        en = f"The {schema.title_en} file ({path.name}) was unusable: {problem[1]}"
        if aside is not None:
            vi += f". Đã giữ lại bản lỗi với tên {aside.name}"
            en += f". It was kept as {aside.name}"
    if from_backup:
        vi += "; đã dùng bản sao lưu trước đó."
        en += "; the previous saved copy was used instead."
        code = "restored_backup"
    else:
        vi += "; đã dùng giá trị mặc định."
        en += "; the defaults were used instead."
        code = "reset_defaults"
    return Notice(code, vi, en, str(path))


# --------------------------------------------------------------------------- JSON Lines

