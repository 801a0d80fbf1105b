"""LAN play: a host that is the one truth of a table, clients that draw it.

- ``protocol``: frames, error codes, names and versions (docs/PROTOCOL.md).
- ``messages`` (with ``fields``): the typed wire messages and their one codec registry.
- ``host``: ``LanHost`` — the orchestration of a hosted table, built from ``transport``
  (connections), ``lobby`` (handshake, sessions, roster), ``host_mental`` with
  ``mental_round`` (the mental-poker deal, the default) or ``fairdeal`` (the deal round),
  ``between_hands`` (table creation, bots, rebuys) and ``records``; ``hostconfig`` holds
  ``HostConfig``; headless with ``python -m lieng.net.host_cli`` (``host_cli``).
- ``client``: ``LanClient`` — connect / poll / send_action / close for a pygame loop;
  ``client_deal`` its fair-deal side, ``host_checks`` what it checks of the host's hands,
  ``inbox`` the ``Message`` it hands the game loop, ``client_cli`` the headless autopilot;
  ``client_mental`` with ``mental_player`` its side of the mental deal (its own cards).
- ``fairdeal``: commit-then-reveal shuffle seeds, the host's round, the after-hand check.
- ``discovery``: the UDP beacon and ``TableFinder`` for the Join screen.

Importing this package starts nothing; sockets open only when asked.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .protocol import DEFAULT_PORT, DISCOVERY_PORT, MAX_FRAME, PROTOCOL_VERSION

if TYPE_CHECKING:
    from .client import LanClient, LanError
    from .discovery import TableFinder, TableInfo
    from .fairdeal import DealCheck
    from .host import HostConfig, LanHost, connect_local
    from .inbox import Message

# Loaded on first use, so that importing the package stays cheap (and ``python -m`` of a
# module here never finds it imported already: runpy warns about that).
_LAZY = {"LanClient": "client", "LanError": "client", "TableFinder": "discovery",
         "TableInfo": "discovery", "DealCheck": "fairdeal", "HostConfig": "host",
         "LanHost": "host", "connect_local": "host", "Message": "inbox"}


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
