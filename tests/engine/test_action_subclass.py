"""An ``Action`` subclass cannot move chips the range check never saw (issue #23, item 5).

``Hand.act`` used to read ``action.k`` once for the check and again for the chips and the
log, so an object whose ``k`` changes between reads raised by 1 and paid 10,000 table bets.
The engine now copies the fields once and logs a plain ``Action`` of them."""

from __future__ import annotations

import random

from lieng.engine import PRESETS, Action, ActionKind, Hand


class Shifty(Action):
    """A raise whose ``k`` is 1 on the first read and 10,000 on every later one."""

    reads = 0

    @property  # the point: a field that changes each time it is read
    def k(self) -> int:
        type(self).reads += 1
        return 1 if type(self).reads == 1 else 10_000


def _shifty() -> Shifty:
    action = Action.__new__(Shifty)
    object.__setattr__(action, "kind", ActionKind.RAISE)
    Shifty.reads = 0
    return action


def test_a_changing_k_moves_only_the_checked_chips() -> None:
    hand = Hand(PRESETS["classic"], [100_000] * 3, 0, rng=random.Random(4))
    seat = hand.legal().seat
    before = hand.stacks[seat]
    owed = hand.legal().owed
    events = hand.act(seat, _shifty())
    table_bet = hand.rules.table_bet
    assert hand.stacks[seat] == before - owed - 1 * table_bet
    assert events[0].k == 1  # type: ignore[attr-defined]
    logged = hand.actions[-1][1]
    assert type(logged) is Action and logged == Action.raise_(1)
    # The log replays to the same stacks: what was checked is what was played.
    again = Hand.replay(hand.rules, hand.start_stacks, hand.first, hand.deck, hand.actions)
    assert again.stacks == hand.stacks
