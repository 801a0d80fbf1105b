"""``hard``'s raise sizes follow what the opponent does with them (docs/BOTS.md "How a
heuristic bot decides"): beyond the pot against a player who calls any size, never beyond
it into an aggressor, who re-raises the big ones (Local Best Response did)."""

from __future__ import annotations

import random

from lieng.bots import make_bot
from lieng.bots.heuristic import HeuristicBot
from lieng.bots.opponents import SeatStats
from lieng.bots.strength import colex_hands, strength
from lieng.engine import PRESETS, ActionKind, Hand

RULES = PRESETS["classic"]


def _raise_sizes(opponent: SeatStats) -> list[int]:
    """Raise multiples ``hard`` opens with, holding strong hands, first to act heads-up."""
    rng = random.Random(4)
    hands = colex_hands()
    strong = [h for h in hands if 0.85 <= strength(h, RULES) < 0.95]
    ks = []
    for i in range(150):
        mine = rng.choice(strong)
        rest = [c for c in rng.choice(hands) if c not in mine]
        if len(rest) < 3:
            continue
        deck = [mine[0], rest[0], mine[1], rest[1], mine[2], rest[2]]
        hand = Hand(RULES, [100 * RULES.table_bet] * 2, 0, deck=deck)
        bot = make_bot("hard", random.Random(i), "calm")
        assert isinstance(bot, HeuristicBot) and bot.model is not None
        bot.model.seats[1] = opponent
        action = bot.decide(hand.view_for(0))
        if action.kind is ActionKind.RAISE:
            ks.append(action.k)
    return ks


def test_big_value_raises_go_to_callers_and_never_into_an_aggressor() -> None:
    caller = SeatStats(decisions=200, raises=10, faced=100, folded_faced=5)
    aggressor = SeatStats(decisions=200, raises=150, faced=100, folded_faced=30)
    pot_in_bets = 2  # both antes
    to_callers = _raise_sizes(caller)
    into_aggressor = _raise_sizes(aggressor)
    assert to_callers and into_aggressor
    assert max(to_callers) > 2 * pot_in_bets
    # The largest pot-geometry size, 1.2 pots, jittered by at most 25 %.
    assert max(into_aggressor) <= round(1.2 * pot_in_bets * 1.25) + 1
