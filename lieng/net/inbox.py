"""``Message``: what the LAN client hands the game loop, one per received message.

The client decodes and checks every message on its network thread; what reaches the game
loop is a ``Message`` around the typed body (lieng/net/messages.py) — or around the
client's own ``DealCheck`` after a hand — so a screen dispatches on ``body``'s class and
can never meet a malformed message. ``type`` and ``data`` give the plain name and JSON
fields for screens and tests that only show them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from lieng.engine import Event, HandView

from .fairdeal import DealCheck
from .messages import HostMessage, Snapshot, Update

DEAL_CHECK = "deal_check"


@dataclass(frozen=True)
class Message:
    """One received message (or deal check) for the game loop."""

    body: HostMessage | DealCheck

    @property
    def type(self) -> str:
        return DEAL_CHECK if isinstance(self.body, DealCheck) else self.body.t

    @cached_property
    def data(self) -> dict[str, Any]:
        """The JSON fields (built on first use: most screens never ask)."""
        if isinstance(self.body, DealCheck):
            b = self.body
            return {"hand": b.hand, "ok": b.ok, "reason": b.reason, "stopped_by": b.stopped_by}
        return self.body.to_dict()

    @property
    def view(self) -> HandView | None:
        return self.body.view if isinstance(self.body, (Snapshot, Update)) else None

    @property
    def events(self) -> tuple[Event, ...]:
        return self.body.events if isinstance(self.body, (Snapshot, Update)) else ()
