"""The LAN seat tokens a player's machine keeps on disk, so a restarted game gets its seat
back.

A host keeps a disconnected player's seat for its grace period and gives it back to
whoever shows the seat's session token (docs/PROTOCOL.md section 2). A token held only in
memory dies with a crashed window; this store keeps the last tokens in the user data
folder (``lan_seats.json``), one per table (host address and port) and player name, so
the restarted window — or ``python -m lieng.net.client_cli --name X`` — presents it and sits
down in its old seat.

Why a token on disk and not "the same name at the same table": a name is typed in plain
sight and anyone on the network can type it too; the token is 128 random bits that only
this machine's user can read. Someone calling themselves "Ana" gets a new seat (or
"table full"), never Ana's chips (docs/PROTOCOL.md, "Reclaiming a seat after a crash").

The file is the player's, but it is still read as data from a stranger: anything that
is not a well-formed entry is dropped, a damaged file is kept aside and the store
starts afresh — losing a token only means joining as a new player.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lieng.storage.atomic import BadFileError, keep_aside, read_regular, write_atomic
from lieng.storage.paths import data_dir

from .protocol import MAX_NAME

log = logging.getLogger(__name__)

FILE_NAME = "lan_seats.json"
MAX_ENTRIES = 16
"""Tables remembered at once: more than anyone joins in a day."""
MAX_AGE = 24 * 3600.0
"""Seconds after which a token is forgotten: no host keeps a seat that long."""
MAX_BYTES = 64 * 1024
_TOKEN = re.compile(r"[0-9a-f]{16,64}")
_MAX_HOST = 253


@dataclass(frozen=True)
class SeatToken:
    host: str
    port: int
    name: str
    token: str
    saved: float

    def matches(self, host: str, port: int, name: str) -> bool:
        return (self.host == host and self.port == port
                and self.name.casefold() == name.casefold())


def _entry(raw: Any) -> SeatToken | None:
    """One stored entry, or None if any field is not what this module writes."""
    if not isinstance(raw, dict):
        return None
    host, port, name, token, saved = (raw.get(k) for k in
                                      ("host", "port", "name", "token", "saved"))
    if not (isinstance(host, str) and 0 < len(host) <= _MAX_HOST
            and type(port) is int and 0 < port < 65536
            and isinstance(name, str) and 0 < len(name) <= MAX_NAME
            and isinstance(token, str) and _TOKEN.fullmatch(token)
            and isinstance(saved, (int, float)) and not isinstance(saved, bool)):
        return None
    return SeatToken(host, port, name, token, float(saved))


class SeatTokens:
    """The tokens in ``folder/lan_seats.json`` (the user data folder by default).
    ``clock`` gives wall-clock seconds (tests pass their own)."""

    def __init__(self, folder: Path | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self._folder = folder
        self.clock = clock

    @property
    def path(self) -> Path:
        return (self._folder if self._folder is not None else data_dir()) / FILE_NAME

    def load(self, host: str, port: int, name: str) -> str | None:
        """The token saved for ``name`` at ``host:port``, if it is recent enough."""
        for entry in self._entries():
            if entry.matches(host, port, name):
                return entry.token
        return None

    def save(self, host: str, port: int, name: str, token: str) -> None:
        """Remember ``token`` for ``name`` at ``host:port`` (replacing an older one)."""
        if not _TOKEN.fullmatch(token):
            raise ValueError("a seat token is 16-64 lowercase hex digits")
        kept = [e for e in self._entries() if not e.matches(host, port, name)]
        kept.insert(0, SeatToken(host, port, name, token, self.clock()))
        self._write(kept[:MAX_ENTRIES])

    def forget(self, host: str, port: int, name: str) -> None:
        """Drop the token for ``name`` at ``host:port`` (the host no longer knows it)."""
        entries = self._entries()
        kept = [e for e in entries if not e.matches(host, port, name)]
        if len(kept) != len(entries):
            self._write(kept)

    def _entries(self) -> list[SeatToken]:
        path = self.path
        try:
            data = read_regular(path, MAX_BYTES)
        except (BadFileError, OSError) as exc:
            log.warning("the LAN seat tokens in %s are unusable (%s); starting afresh",
                        path, exc)
            keep_aside(path)
            return []
        if data is None:
            return []
        try:
            doc = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            log.warning("the LAN seat tokens in %s are damaged; kept aside", path)
            keep_aside(path)
            return []
        raw = doc.get("seats") if isinstance(doc, dict) else None
        now = self.clock()
        entries = [_entry(x) for x in raw] if isinstance(raw, list) else []
        return [e for e in entries[:MAX_ENTRIES]
                if e is not None and 0 <= now - e.saved <= MAX_AGE]

    def _write(self, entries: list[SeatToken]) -> None:
        doc = {"version": 1, "seats": [
            {"host": e.host, "port": e.port, "name": e.name, "token": e.token,
             "saved": e.saved} for e in entries]}
        try:
            write_atomic(self.path, json.dumps(doc, ensure_ascii=False).encode("utf-8"),
                         backup=False)
        except OSError as exc:  # a read-only folder: the seat just can't be reclaimed
            log.warning("could not save the LAN seat token to %s: %s", self.path, exc)
