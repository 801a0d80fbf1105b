"""The table controller as the LAN host uses it.

``lieng.table.Table`` now deals a given deck (``start_hand(now, deck=...)``) and takes a
fractional ``turn_limit``, which is all the host needed; ``DeckTable`` stays as the name the
host and its tests use.
"""

from __future__ import annotations

from lieng.table import Table


class DeckTable(Table):
    """A ``Table`` as the LAN host deals it: see ``Table.start_hand``'s ``deck``."""
