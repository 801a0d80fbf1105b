"""A population of human-like fixed strategies, and the league the levels play against it.

    python -m lieng.bots.population --seeds 11-20 --levels normal,hard,expert

The project's own baselines are few and the levels were tuned on them; a league you tune
on measures the tuning. This module draws many fixed strategies from one parametric family
(``Profile``: fold / call / raise thresholds by strength, size-aware folding or not, raise
sizes from the minimum to 20 × *B*, bluff and slow-play rates, an all-in calling
threshold, re-raising or not) — ``CONFIGS`` per seed. **Seeds 1–10 are for tuning, 11–20
for reporting** (docs/BOTS.md): a change is judged on 1–10 and shown on 11–20.

* Heads-up: the level against every configuration of every seed, duplicate deals (each
  deal replayed with the cards and the first player swapped), ``--deals`` per config.
* Three to six seats (``--players``): per seed, ``--tables`` tables of the level and
  ``players`` − 1 configurations drawn from that seed's population, ``--deals``
  duplicate deals each (one replay per seat, the level in every seat's cards), fresh bots
  per table so the level learns each lineup from scratch. Every level meets the same
  lineups, deals and opponents' random draws, so two levels' lines are also compared deal
  by deal (``paired``): the difference's CI is far tighter than the two lines' CIs
  combined, since most of a deal's result is its cards.

Stacks are reset to 100 × *B* every hand, as in ``lieng.bots.league``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lieng.engine import (
    PRESETS,
    TIEBREAKS,
    Action,
    Card,
    Hand,
    HandView,
    RuleSet,
    shuffled_deck,
)
from lieng.levels import BOT_LEVELS, BotKind, BotLevel, is_level

from . import make_bot
from .base import BaseBot, Bot, legal_of
from .heuristic import SHOVE_STRENGTH
from .league import STACK_BETS, Estimate, estimate
from .people import Profile, draw_habits
from .strength import strength

CONFIGS = 60
TUNE_SEEDS = range(1, 11)
REPORT_SEEDS = range(11, 21)


def draw_profile(rng: random.Random) -> Profile:
    """One configuration of the league (``people.draw_habits``, with the draw every
    report figure was measured on)."""
    return draw_habits(rng, Profile, spent_draw=True)


def population(seed: int, n: int = CONFIGS) -> list[Profile]:
    """The ``n`` configurations of ``seed`` (the same on every machine)."""
    rng = random.Random(f"population:{seed}")
    return [draw_profile(rng) for _ in range(n)]


class HumanLike(BaseBot):
    """Plays a ``Profile``. Sees only its own cards' strength and the betting (privacy as
    every bot, docs/BOTS.md); keeps the never-do rules: never folds when a check is free,
    moves all-in by choice only from ``SHOVE_STRENGTH``."""

    def __init__(self, profile: Profile, rng: random.Random, name: str = "population") -> None:
        super().__init__("population", rng, name)
        self.profile = profile

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        p = self.profile
        s = strength(view.my_cards, view.rules)
        me = view.seat
        pot = view.pot
        raised = any(a.raised for a in view.actions)
        if legal.owed > 0:
            if legal.call >= view.stacks[me or 0]:  # calling is all-in
                return Action.call() if s >= p.allin_call else Action.fold()
            need = p.fold_below + p.size_slope * min(1.0, legal.owed / max(1, pot))
            if s < need and not (legal.raise_k and self.rng.random() < p.bluff):
                return Action.fold()
        may_raise = bool(legal.raise_k) and (p.reraise or not raised)
        if legal.all_in is not None and s >= max(p.shove_above, SHOVE_STRENGTH) \
                and (p.reraise or not raised):
            return Action.all_in()
        if may_raise:
            value = s >= p.raise_above and self.rng.random() >= p.slowplay
            bluff = s < p.fold_below and self.rng.random() < p.bluff
            if value or bluff:
                k = self.rng.randint(p.k_lo, p.k_hi)
                return Action.raise_(min(max(k, legal.raise_k.start), legal.raise_k.stop - 1))
        return Action.call()


# ----------------------------------------------------------------- matches

Maker = Callable[[random.Random], Bot]


def _deck_for(hands: Sequence[Sequence[Card]], first: int) -> list[Card]:
    n = len(hands)
    return [hands[(first + i) % n][p] for p in range(3) for i in range(n)]


def duplicate(makers: Sequence[Maker], deals: int, key: str, rules: RuleSet) -> list[float]:
    """Player 0's net per deal (table bets, averaged over one replay per seat with the
    cards and the first player rotated); one set of bots per replay, learning across
    deals."""
    n = len(makers)
    B = rules.table_bet
    stacks = [STACK_BETS * B] * n
    deal_rng = random.Random(f"{key}:deal")
    bots = [[m(random.Random(f"{key}:{r}:{p}")) for p, m in enumerate(makers)]
            for r in range(n)]
    out: list[float] = []
    for d in range(deals):
        deck = shuffled_deck(deal_rng)
        hands = [deck[3 * s:3 * s + 3] for s in range(n)]
        total = 0
        for r in range(n):
            rotated = [hands[(s + r) % n] for s in range(n)]
            first = (d - r) % n
            hand = Hand(rules, stacks, first, deck=_deck_for(rotated, first))
            seat_bots = bots[r]
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                hand.act(seat, seat_bots[seat].decide(hand.view_for(seat)))
            for s, bot in enumerate(seat_bots):
                for event in hand.events_for(s):
                    bot.observe(event)
            total += hand.stacks[0] - stacks[0]
        out.append(total / n / B)
    return out


def _level(level: BotKind, personality: str | None) -> Maker:
    return lambda rng: make_bot(level, rng, personality)


def _profile(profile: Profile) -> Maker:
    return lambda rng: HumanLike(profile, rng)


def _match_key(seed: int, index: int, level: BotKind, preset: str) -> str:
    """The key a heads-up match's deals and bots are drawn from (``duplicate``)."""
    return f"pop:{seed}:{index}:{level}:{preset}"


def heads_up(level: BotKind, seeds: Sequence[int], deals: int, preset: str,
             personality: str | None) -> list[tuple[int, int, Estimate]]:
    """(seed, config index, the level's winnings against it) for every configuration."""
    rules = PRESETS[preset]
    out = []
    for seed in seeds:
        for i, prof in enumerate(population(seed)):
            per_deal = duplicate([_level(level, personality), _profile(prof)], deals,
                                 _match_key(seed, i, level, preset), rules)
            out.append((seed, i, estimate(per_deal)))
    return out


def confirm(level: BotKind, lost: Sequence[Unbeaten], deals: int, preset: str,
            personality: str | None) -> list[tuple[Unbeaten, Estimate]]:
    """Each configuration ``level`` did not beat, replayed on ``deals`` fresh duplicate
    deals (a key of its own, so none of the first run's): a second stage that tells the
    configurations a level truly does not beat from those a short match left unsettled,
    without the first run's selection in the figure (``--confirm``, docs/BOTS.md)."""
    rules = PRESETS[preset]
    out = []
    for u in lost:
        per_deal = duplicate([_level(level, personality), _profile(u.profile)], deals,
                             _match_key(u.seed, u.index, level, preset) + ":confirm", rules)
        out.append((u, estimate(per_deal)))
    return out


def tables(level: BotKind, seeds: Sequence[int], tables: int, deals: int, preset: str,
           personality: str | None, players: int = 6) -> list[float]:
    """The level's per-deal winnings at tables of ``players`` seats, the other seats
    configurations drawn from each seed's population; the deals and the configurations'
    random draws do not depend on the level (``paired``). Six seats draw what every
    six-seat figure in docs/BOTS.md was measured on."""
    if not 3 <= players <= 6:
        raise ValueError(f"tables of 3 to 6 players, not {players}")
    rules = PRESETS[preset]
    out: list[float] = []
    for seed in seeds:
        pop = population(seed)
        pick = random.Random(f"pop{players}:{seed}")
        for t in range(tables):
            lineup = pick.sample(pop, players - 1)
            out.extend(duplicate([_level(level, personality)] + [_profile(p) for p in lineup],
                                 deals, f"pop{players}:{seed}:{t}:{preset}", rules))
    return out


def paired(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """The mean per-deal difference of two levels' ``tables`` results on the same deals,
    with its 95 % half-width."""
    if len(a) != len(b):
        raise ValueError(f"not the same deals: {len(a)} and {len(b)} results")
    return estimate([x - y for x, y in zip(a, b, strict=True)])


def mean_of(ests: Sequence[Estimate]) -> Estimate:
    """The mean over configurations of independent estimates, with its 95 % half-width."""
    n = len(ests)
    return Estimate(sum(e.mean for e in ests) / n,
                    math.sqrt(sum(e.half ** 2 for e in ests)) / n)


@dataclass(frozen=True, slots=True)
class Unbeaten:
    """A configuration the level did not beat (the CI's lower end at or below 0)."""

    seed: int
    index: int
    result: Estimate
    profile: Profile


TIGHT_FOLD = 0.5
"""``fold_below`` from which a configuration counts as a tight folder in ``kinds``."""


def unbeaten(res: Sequence[tuple[int, int, Estimate]]) -> list[Unbeaten]:
    """The configurations of a ``heads_up`` result that the level did not beat, worst
    first. Why a list and not a count: at 30 deals a configuration's CI is ±0.5 to ±3.5 *B*,
    so "not beaten" mixes losses with noise, and the mean and CI tell which is which."""
    pops: dict[int, list[Profile]] = {}
    out = []
    for seed, i, est in res:
        if est.mean - est.half > 0:
            continue
        prof = pops.setdefault(seed, population(seed))[i]
        out.append(Unbeaten(seed, i, est, prof))
    return sorted(out, key=lambda u: u.result.mean)


def kinds(profiles: Sequence[Profile]) -> str:
    """What a set of configurations is made of: size-aware and tight folders (the kinds the
    levels beat least, docs/BOTS.md), re-raisers, bluffers."""
    n = len(profiles)
    if not n:
        return "none"

    def share(pred: Callable[[Profile], bool]) -> str:
        return f"{sum(1 for p in profiles if pred(p)) / n:.0%}"

    return (f"{n}: size-aware {share(lambda p: p.size_slope > 0)}, "
            f"fold<{TIGHT_FOLD:.1f}+ {share(lambda p: p.fold_below >= TIGHT_FOLD)}, "
            f"re-raise {share(lambda p: p.reraise)}, bluff {share(lambda p: p.bluff > 0)}")


def _seeds(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    first, last = int(lo), int(hi or lo)
    if last < first:
        raise ValueError(f"empty seed range {text!r}")
    return list(range(first, last + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lieng.bots.population",
                                     description="The levels against a population of "
                                                 "human-like fixed strategies.")
    parser.add_argument("--seeds", default="1-10",
                        help="seed range: 1-10 tune, 11-20 report (default 1-10)")
    parser.add_argument("--levels", default="normal,hard,expert")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per match")
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6), default=2,
                        help="2: heads-up against every configuration; 3-6: tables of drawn "
                             "configurations around the level")
    parser.add_argument("--tables", type=int, default=4, help="3-6 seats: tables per seed")
    parser.add_argument("--preset", choices=TIEBREAKS, default="classic")
    parser.add_argument("--personality", default="calm")
    parser.add_argument("--list", action="store_true", help="print the configurations")
    parser.add_argument("--report-unbeaten", action="store_true",
                        help="heads-up: list the configurations each level did not beat, "
                             "and what they are made of against those it beat")
    parser.add_argument("--confirm", type=int, default=0, metavar="DEALS",
                        help="heads-up: replay each configuration a level did not beat on "
                             "DEALS fresh duplicate deals and count those still not beaten")
    args = parser.parse_args(argv)
    try:
        seeds = _seeds(args.seeds)
    except ValueError as exc:
        parser.error(f"--seeds: {exc}")
    levels: list[BotLevel] = []
    for word in (x.strip() for x in args.levels.split(",")):
        if not word:
            continue
        if not is_level(word):
            parser.error(f"unknown level {word!r}; known: {', '.join(BOT_LEVELS)}")
        levels.append(word)
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    if args.confirm and args.confirm < 2:
        parser.error("--confirm must be at least 2 deals")
    if args.confirm and args.players != 2:
        parser.error("--confirm is heads-up only (--players 2)")
    if args.list:
        for seed in seeds:
            for i, prof in enumerate(population(seed)):
                print(f"{seed}:{i:02d} {prof.describe()}")
        return 0
    personality = None if args.personality == "any" else args.personality
    kind = "TUNE" if set(seeds) <= set(TUNE_SEEDS) else \
        "REPORT" if set(seeds) <= set(REPORT_SEEDS) else "mixed"
    print(f"Population league — seeds {args.seeds} ({kind}), {CONFIGS} configurations per "
          f"seed, preset {args.preset}, {args.deals} duplicate deals per "
          f"{'match' if args.players == 2 else 'table'}")
    t0 = time.perf_counter()
    if args.players == 2:
        print("\n| level | mean over configs (B/hand) | worst config | configs beaten (CI > 0) |"
              "\n|---|---|---|---|")
        results: dict[BotLevel, list[tuple[int, int, Estimate]]] = {}
        for lv in levels:
            res = results[lv] = heads_up(lv, seeds, args.deals, args.preset, personality)
            worst = min(res, key=lambda r: r[2].mean)
            beaten = sum(1 for _, _, e in res if e.mean - e.half > 0)
            print(f"| {lv} | {mean_of([e for _, _, e in res])} | {worst[0]}:{worst[1]:02d} "
                  f"{worst[2].mean:+.2f} ± {worst[2].half:.2f} | {beaten} / {len(res)} |",
                  flush=True)
        if args.report_unbeaten:
            for lv, res in results.items():
                lost = unbeaten(res)
                lost_at = {(u.seed, u.index) for u in lost}
                won = [population(sd)[i] for sd, i, _ in res if (sd, i) not in lost_at]
                below = sum(1 for u in lost if u.result.mean <= 0)
                print(f"\n{lv}: not beaten {kinds([u.profile for u in lost])} "
                      f"({below} with a mean ≤ 0); beaten {kinds(won)}")
                for u in lost:
                    print(f"  {u.seed}:{u.index:02d} {u.result.mean:+.2f} ± "
                          f"{u.result.half:.2f}  {u.profile.describe()}")
        if args.confirm:
            for lv, res in results.items():
                again = confirm(lv, unbeaten(res), args.confirm, args.preset, personality)
                still = [(u, e) for u, e in again if e.mean - e.half <= 0]
                print(f"\n{lv}: the {len(again)} not beaten, on {args.confirm} fresh deals "
                      f"each: {len(again) - len(still)} beaten, {len(still)} not "
                      f"({sum(1 for _, e in still if e.mean <= 0)} with a mean ≤ 0); "
                      f"beaten in all {len(res) - len(still)} / {len(res)}")
                for u, e in sorted(again, key=lambda ue: ue[1].mean):
                    print(f"  {u.seed}:{u.index:02d} {e.mean:+.2f} ± {e.half:.2f} "
                          f"(first {u.result.mean:+.2f} ± {u.result.half:.2f})")
    else:
        print(f"\n| level | B/hand at {args.players} seats, 95 % CI |\n|---|---|")
        lines: list[tuple[str, list[float]]] = []
        for lv in levels:
            res6 = tables(lv, seeds, args.tables, args.deals, args.preset, personality,
                          args.players)
            lines.append((lv, res6))
            print(f"| {lv} | {estimate(res6)} |", flush=True)
        if len(lines) > 1:
            print("\n| levels (same deals) | paired difference, B/hand, 95 % CI |\n|---|---|")
            for i, (a, ra) in enumerate(lines):
                for b, rb in lines[:i]:
                    print(f"| {a} − {b} | {paired(ra, rb)} |")
    print(f"\n{time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
