"""A LAN seat's session: the table screen's game at a LAN table, without the window.

What a LAN seat's screen used to decide itself (issue 21): that nothing is settled
between hands on this side — the host settles broke seats (its rebuy rule, a seat sitting
out: docs/RULES.md step 2, "Table settings") and says when the table closes, so every
seat's broke policy here is ``"sit_out"`` and the flow only says whether a hand can come —
and that the hands go to the history marked ``"lan"``, from the seat's own view, with the
bankroll untouched (the chips are the table's own: the host and join screens say so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lieng.game.flow import BetweenHands
from lieng.game.session import TableSession

from .remote_table import RemoteTable

if TYPE_CHECKING:
    from lieng.game.profile import Profile


def guest_flow(remote: RemoteTable) -> BetweenHands:
    """Between hands at a LAN seat: no rebuy asked and none made here, whoever is broke
    (the host's rule decides and its roster says what it did)."""
    return BetweenHands(remote, lambda seat: "sit_out")


def guest_session(remote: RemoteTable, profile: Profile | None = None
                  ) -> TableSession[RemoteTable]:
    """Seat ``remote.me``'s session at a LAN table; with a ``profile``, its hands go to
    the profile's history (mode ``"lan"``) and the notices to it — the bankroll is not
    touched. Without one (a window with no profile) nothing is recorded."""
    session = TableSession(remote, remote.me, flow=guest_flow(remote))
    if profile is not None:
        session.record(profile.history, "lan", profile.notify)
    return session
