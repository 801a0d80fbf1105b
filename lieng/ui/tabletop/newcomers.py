"""Showing who sat down at a bot table: the plate takes the newcomer's name and level, and
a toast says who left and who came ("Minh hết chip, rời bàn · Dũng (Khó) ngồi vào").

Who leaves and who comes is decided below the UI (``lieng.game.bot_seating``); this only
presents it, between hands, before the next deal.
"""

from __future__ import annotations

from typing import Protocol

from lieng.game.bot_seating import BotSeating
from lieng.table import Table, TableLike
from lieng.ui.core.i18n import t
from lieng.ui.tabletop.board import Board

__all__ = ["BotSeating", "welcome"]


class SeatingScene(Protocol):
    """What ``welcome`` needs of a table scene."""

    @property
    def table(self) -> TableLike: ...

    @property
    def board(self) -> Board: ...

    @property
    def seating(self) -> BotSeating | None: ...

    def toast(self, msg: str, **args: str) -> None: ...


def welcome(scene: SeatingScene) -> int:
    """Between hands: broke bots leave and newcomers sit down (when the scene seats
    them); returns how many came."""
    seating, table = scene.seating, scene.table
    if seating is None or not isinstance(table, Table) or table.in_hand:
        return 0
    came = seating.refill(table)
    for arrival in came:
        plate = scene.board.seats[arrival.seat]
        plate.name = arrival.spec.name
        plate.bot = True
        plate.level = arrival.spec.level
        plate.stack = arrival.spec.stack
        plate.status, plate.status_args = "", {}
        scene.toast("msg.bot_swap", gone=arrival.gone, who=arrival.spec.name,
                    level=t(f"level.{arrival.spec.level}"))
    return len(came)
