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


def champion(table: Table) -> Seat | None:
    """The one seat that won the most chips, if it won any: the scoreboard names it at
    the game's end. None when the best places are shared, or nobody is ahead."""
    best = [seat for place, seat, _i in ranked(table) if place == 1]
    return best[0] if len(best) == 1 and best[0].net > 0 else None


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
