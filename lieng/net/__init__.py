"""LAN play (issue 7): a host that is the one truth of a table, clients that draw it.

- ``protocol``: framed JSON messages, checks, views as JSON (docs/PROTOCOL.md).
- ``host``: ``LanHost``/``HostConfig`` — the table on an asyncio server; headless with
  ``python -m lieng.net.host``.
- ``client``: ``LanClient`` — connect / poll / send_action / close for a pygame loop.
- ``fairdeal``: commit-then-reveal shuffle seeds and the after-hand check.
- ``discovery``: the UDP beacon and ``TableFinder`` for the Join screen.

Importing this package starts nothing; sockets open only when asked.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .protocol import DEFAULT_PORT, DISCOVERY_PORT, MAX_FRAME, PROTOCOL_VERSION, Message

if TYPE_CHECKING:
    from .client import LanClient, LanError
    from .discovery import TableFinder, TableInfo
    from .fairdeal import DealCheck
    from .host import HostConfig, LanHost, connect_local

# Loaded on first use, so that ``python -m lieng.net.host`` does not import the module it
# is about to run (runpy warns about that) and importing the package stays cheap.
_LAZY = {"LanClient": "client", "LanError": "client", "TableFinder": "discovery",
         "TableInfo": "discovery", "DealCheck": "fairdeal", "HostConfig": "host",
         "LanHost": "host", "connect_local": "host"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'lieng.net' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)


__all__ = [
    "DEFAULT_PORT",
    "DISCOVERY_PORT",
    "MAX_FRAME",
    "PROTOCOL_VERSION",
    "DealCheck",
    "HostConfig",
    "LanClient",
    "LanError",
    "LanHost",
    "Message",
    "TableFinder",
    "TableInfo",
    "connect_local",
]
