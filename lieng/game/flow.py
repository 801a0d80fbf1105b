"""Between two hands: who rebuys, who leaves, whether the game goes on.

RULES.md step 2: a seat that cannot pay the ante does not play the hand
(``Table.can_play``), and a hand needs two seats that can (``Table.can_continue``). What
happens to a broke seat is a matter of the mode, so each seat has a ``BrokePolicy``:

* ``"ask"`` — a person decides (rebuy or leave): the bot game's player, a hot-seat person
  when rebuys are allowed. ``BetweenHands.next()`` stops with ``AskRebuy``; the scene shows
  its dialog and calls ``rebuy`` or ``leave``, then ``next()`` again.
* ``"rebuy"`` — the seat gets its starting stack again at once (hot-seat bots, every LAN
  seat when the host allows rebuys).
* ``"leave"`` — the seat leaves the table (hot-seat without rebuys).
* ``"sit_out"`` — the seat stays, without chips, and plays no more (the bot game's bots:
  beating them all wins the table; a LAN seat when rebuys are off).

>>> from lieng.game.setup import TableConfig, build_table
>>> table = build_table(TableConfig.for_bots(1, "easy", 10, "An"))
>>> table.seats[1].stack = 5                 # the bot cannot pay the ante any more
>>> flow = BetweenHands(table, lambda seat: "ask" if seat == 0 else "sit_out")
>>> flow.next()
GameOver(reason='table_won', seat=0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from lieng.table import TableLike

BrokePolicy = Literal["ask", "rebuy", "leave", "sit_out"]
GameOverReason = Literal["table_won", "no_people", "too_few", "bank_empty"]


@dataclass(frozen=True)
class DealNext:
    """Deal the next hand."""


@dataclass(frozen=True)
class AskRebuy:
    """``seat`` cannot pay the ante: ask its player to rebuy ``amount`` chips or leave.

    ``amount`` is what a rebuy would add (the bot game caps it by the bankroll); it always
    makes the stack playable.
    """

    seat: int
    amount: int


@dataclass(frozen=True)
class GameOver:
    """No more hands at this table.

    ``table_won``: the asking seat is the only one left who can pay (the bot game's
    player beat every bot); ``too_few``: fewer than two seats can pay; ``no_people``: only
    bots are left at a table that is for people (hot-seat); ``bank_empty``: the asking
    seat is broke and a rebuy could not make its stack playable.
    """

    reason: GameOverReason
    seat: int | None = None


Decision = DealNext | AskRebuy | GameOver


class SeatChange(NamedTuple):
    """A rebuy or a leave, in the order they happened (the hot-seat scoreboard shows it)."""

    hand_no: int
    seat: int
    kind: Literal["rebuy", "leave"]
    chips: int


@dataclass
class BetweenHands:
    """The decisions between hands for one table (see the module docstring).

    ``policy(seat)`` says what happens to that seat when it is broke; ``rebuy_amount(seat)``
    how many chips a rebuy adds (default: the seat's starting stack); ``needs_people``
    ends the game once no person is left at the table (hot-seat: bots alone play on for
    nobody).
    """

    table: TableLike
    policy: Callable[[int], BrokePolicy]
    rebuy_amount: Callable[[int], int] | None = None
    needs_people: bool = False
    changes: list[SeatChange] = field(default_factory=list)

    def broke(self, seat: int) -> bool:
        """In the game but unable to pay the ante (RULES.md step 2)."""
        return not self.table.seats[seat].left and not self.table.can_play(seat)

    def amount_for(self, seat: int) -> int:
        if self.rebuy_amount is not None:
            return self.rebuy_amount(seat)
        return self.table.seats[seat].spec.stack

    def next(self) -> Decision:
        """Settle every broke seat that needs no one's answer, then say what comes next."""
        table = self.table
        for seat in range(table.n_seats):
            if not self.broke(seat):
                continue
            policy = self.policy(seat)
            if policy == "rebuy":
                self.rebuy(seat)
            elif policy == "leave":
                self.leave(seat)
            elif policy == "ask":
                amount = self.amount_for(seat)
                if table.seats[seat].stack + amount < table.rules.table_bet:
                    return GameOver("bank_empty", seat)
                return AskRebuy(seat, amount)
        if self.needs_people and not any(
                s.kind == "human" and not s.left for s in table.seats):
            return GameOver("no_people")
        if not table.can_continue():
            askers = [i for i in range(table.n_seats)
                      if self.policy(i) == "ask" and table.can_play(i)]
            if len(askers) == 1 and not self.needs_people:
                return GameOver("table_won", askers[0])
            return GameOver("too_few")
        return DealNext()

    def rebuy(self, seat: int, amount: int | None = None) -> int:
        """Add ``amount`` (default ``amount_for(seat)``) to the seat; returns it."""
        chips = self.amount_for(seat) if amount is None else amount
        self.table.rebuy(seat, chips)
        self.changes.append(SeatChange(self.table.hand_no, seat, "rebuy", chips))
        return chips

    def leave(self, seat: int) -> int:
        """The seat's player leaves the table; returns the chips they took."""
        taken = self.table.leave(seat)
        self.changes.append(SeatChange(self.table.hand_no, seat, "leave", taken))
        return taken
