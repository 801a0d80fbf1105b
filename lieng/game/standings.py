"""The standings of a shared table: who won and lost how much, and the game's result for
the history.

Players are ranked by what they won or lost (``Seat.net``), not by the chips in front of
them: at a table with rebuys, chips bought are not chips won. The hot-seat scoreboard
draws this ranking and the hot-seat game saves it when it ends (docs/HOTSEAT.md); it is
the game's, so it is tested without a window (tests/game/test_standings.py).
"""

from __future__ import annotations

from datetime import datetime

from lieng.storage.history import GameResult, Standing
from lieng.table import Seat, Table


def ranked(table: Table) -> list[tuple[int, Seat, int]]:
    """(place, seat, seat index) best first; equal results share a place."""
    order = sorted(range(table.n_seats), key=lambda i: (-table.seats[i].net, i))
    out: list[tuple[int, Seat, int]] = []
    for pos, i in enumerate(order):
        place = pos + 1
        if out and table.seats[i].net == out[-1][1].net:
            place = out[-1][0]
        out.append((place, table.seats[i], i))
    return out


def completed_hands(table: Table) -> int:
    """Hands played to the end: a hand in play (or voided by ending the game) isn't one."""
    return table.hand_no - (1 if table.in_hand else 0)


def game_result(table: Table, when: datetime) -> GameResult:
    """The final standings for the history (mode "hotseat"), ranked by chips won."""
    standings = tuple(
        Standing(seat.name, seat.kind, seat.spec.level if seat.kind == "bot" else None,
                 seat.stack, seat.net, place)
        for place, seat, _i in ranked(table))
    return GameResult(when, "hotseat", completed_hands(table), standings)
