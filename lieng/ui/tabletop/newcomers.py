"""Showing who sat down at a bot table: the plate takes the newcomer's name and level, and
a toast says who left and who came ("Minh hết chip, rời bàn · Dũng (Khó) ngồi vào").

Who leaves and who comes is decided below the UI, by the session between two hands
(``TableSession.seating``, ``lieng.game.bot_seating``); this only presents it, before the
next deal (``TableSession.welcomed_by``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lieng.game.bot_seating import Arrival
from lieng.ui.core.i18n import t
from lieng.ui.tabletop.board import Board


def welcome(board: Board, came: Sequence[Arrival], toast: Callable[..., None]) -> None:
    """The newcomers ``came`` onto ``board``'s plates, and a toast for each."""
    for arrival in came:
        plate = board.seats[arrival.seat]
        plate.name = arrival.spec.name
        plate.bot = True
        plate.level = arrival.spec.level
        plate.stack = arrival.spec.stack
        plate.status, plate.status_args = "", {}
        toast("msg.bot_swap", gone=arrival.gone, who=arrival.spec.name,
              level=t(f"level.{arrival.spec.level}"))
