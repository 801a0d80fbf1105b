"""A hot-seat game assembled: the session, its hand-off and its end, without the window.

The hot-seat screen used to build these itself (issue 21). Who is a person at this
computer (a seat of kind ``"human"``), who is me first (``first_person``), that the
session becomes the hot-seat's (``Handoff``: the spectator's view, the hand-off, the broke
seats' flow) and that the hands and the final standings go to the history once
(``GameEnd``) are the game's; the screen is given the result and draws it
(tests/game/test_hotseat_game.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from lieng.table import Table

from .handoff import HANDOFF_LIMIT, Handoff, first_person
from .session import TableSession
from .standings import GameEnd

if TYPE_CHECKING:
    from lieng.storage.documents import Notice
    from lieng.storage.history import History


@dataclass(frozen=True)
class HotseatGame:
    """One hot-seat game: the ``session`` the screen draws, its hand-off policy
    (``turns``) and its end (``end``: the record and the final standings)."""

    session: TableSession[Table]
    turns: Handoff
    end: GameEnd


def _no_notice(notice: Notice | None) -> None:
    """Nobody to tell of a storage problem (a game recorded nowhere, a test)."""


def hotseat_game(table: Table, rebuy_allowed: bool = True,
                 handoff_limit: float | None = HANDOFF_LIMIT,
                 history: History | None = None,
                 notify: Callable[[Notice | None], None] = _no_notice,
                 clock: Callable[[], datetime] = datetime.now) -> HotseatGame:
    """The hot-seat game at ``table``: me is its first person (``first_person``: a
    table of bots alone raises), a seat of kind ``"human"`` is a person at this computer,
    broke people may rebuy when ``rebuy_allowed`` (else they leave), a hand-off waits
    ``handoff_limit`` at most (``wait_limit``), and the hands and the final standings go
    to ``history`` (None: nowhere), storage problems to ``notify``."""
    session = TableSession(table, first_person(table))
    end = GameEnd(session, notify, clock)
    turns = Handoff(session, lambda seat: table.seats[seat].kind == "human", rebuy_allowed,
                    handoff_limit)
    end.record_to(history)  # after the hand-off made the view the spectator's
    return HotseatGame(session, turns, end)
