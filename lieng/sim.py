"""Headless simulator: ``python -m lieng.sim --players 6 --hands 10000 --seed 1``.

Plays many hands of random legal actions (seat 0 always calls, the others pick uniformly
among what ``legal()`` offers), checks after every hand that no chip was created or lost
(RULES.md step 9), and prints hands per second. Busted seats are topped up between hands
so the table keeps its size.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace

from .engine import PRESETS, TIEBREAKS, Action, Hand, Legal


def random_action(legal: Legal, rng: random.Random) -> Action:
    """A uniformly chosen kind of action among the legal ones, then a random raise size."""
    kinds = [Action.fold(), Action.call()]
    if legal.raise_k:
        kinds.append(Action.raise_(rng.choice(legal.raise_k)))
    if legal.all_in is not None:
        kinds.append(Action.all_in())
    return rng.choice(kinds)


def simulate(players: int, hands: int, seed: int, preset: str = "classic",
             table_bet: int = 10, start: int = 1000) -> dict[str, float]:
    """Play ``hands`` hands; raises AssertionError if chips are not conserved."""
    rules = replace(PRESETS[preset], table_bet=table_bet)
    rng = random.Random(seed)
    deck_rng = random.Random(seed ^ 0x5EED)
    stacks = [start] * players
    first = 0
    actions = showdowns = 0
    t0 = time.perf_counter()
    for _ in range(hands):
        stacks = [s if s >= table_bet else start for s in stacks]
        before = sum(stacks)
        hand = Hand(rules, stacks, first, rng=deck_rng)
        while not hand.is_over:
            legal = hand.legal()
            action = Action.call() if legal.seat == 0 else random_action(legal, rng)
            hand.act(legal.seat, action)
            actions += 1
        if sum(hand.stacks) != before:
            raise AssertionError(f"chips not conserved: {before} -> {sum(hand.stacks)}")
        showdowns += not hand.uncontested
        stacks = list(hand.stacks)
        first = hand.next_first
    elapsed = time.perf_counter() - t0
    return {"hands": hands, "seconds": elapsed, "hands_per_s": hands / elapsed,
            "actions_per_hand": actions / hands, "showdown_share": showdowns / hands}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lieng.sim", description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=6, choices=range(2, 7), metavar="2..6")
    p.add_argument("--hands", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--preset", choices=TIEBREAKS, default="classic")
    args = p.parse_args(argv)
    r = simulate(args.players, args.hands, args.seed, args.preset)
    print(f"{r['hands']:.0f} hands, {args.players} players, preset {args.preset}: chips conserved "
          f"in every hand; {r['hands_per_s']:,.0f} hands/s; {r['actions_per_hand']:.1f} actions "
          f"per hand; {r['showdown_share']:.0%} showdowns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
