"""The bot league: duplicate matches that measure how strong each bot is.

    python -m lieng.bots.league --hands 20000 --seed 7 --players 6
    python -m lieng.bots.league --hands 20000 --seed 7 --players 2

**Duplicate format.** Every deal is replayed once per seat with the cards rotated: in
replay ``r`` the bot in seat ``s`` gets the three cards seat ``s + r`` had, and the first
player moves with them, so every bot plays every seat's cards from every position. Luck of
the deal cancels out of the comparison; what is left is play. Stacks are reset to
100 × the table bet before every hand (RULES.md "Table settings": *B* = 10), so every hand
is played as deep as the first.

Each replay has its own set of bot objects, each fed only its own hands' events
(``hand.events_for(seat)``), so nothing a bot observed in one replay of a deal — a shown
hand — can help it in another replay of that deal.

**Measurement.** A deal's result for a bot is its net chips averaged over the replays, in
table bets; the deals are independent, so the mean over deals has a normal 95 % confidence
interval of ±1.96 · sd / √deals. Gaps between two bots are the per-deal *paired*
differences (same deals, same replays), which is much tighter than comparing two intervals.

* ``--players 6``: the three levels and the three baselines at one table. Who sits
  next to whom matters a lot at six seats (sitting right after the always-raise bot is
  worth several table bets a hand), so successive deals cycle through every circular
  seating order (``seatings``); bots are told who moved where (``reseat``), as players at a
  real table would see it.
* ``--players 2``: heads-up round robin, every pair of bots on the same deals; a bot's line
  is its average over its five matches, and a gap uses the direct match of the two bots.

Deals are cut into chunks of ``CHUNK`` with seeds derived from ``--seed`` and the chunk
number, so results do not depend on ``--workers``; bots start fresh in each chunk (their
opponent models learn within a chunk of ``CHUNK`` deals).
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lieng.engine import PRESETS, TIEBREAKS, Card, Hand, RuleSet, shuffled_deck
from lieng.levels import BOT_LEVELS, BotKind, is_bot_kind

from . import BASELINES, make_bot
from .base import Bot

CHUNK = 2500
"""Deals per independent task (fresh bots, own seeds)."""
STACK_BETS = 100
"""Stacks reset to this many table bets before every hand."""
LADDER: tuple[str, ...] = ("expert", "hard", "normal", "easy")
ALL_BOTS: tuple[BotKind, ...] = BOT_LEVELS[::-1] + BASELINES
SIX_BOTS: tuple[str, ...] = ("expert", "hard", "normal", "easy", "tight", "maniac")
"""Default six-seat lineup: the four levels and two human habits."""


@dataclass(frozen=True, slots=True)
class Task:
    lineup: tuple[BotKind, ...]
    """Bot kinds by seat."""
    chunk: int
    deals: int
    seed: int
    preset: str
    personality: str | None


def _deck_for(hands: Sequence[Sequence[Card]], first: int) -> list[Card]:
    """A deck that deals ``hands[s]`` to seat ``s`` (RULES.md step 4: one card at a time
    from the first player, three passes)."""
    n = len(hands)
    deck: list[Card] = []
    for pass_no in range(3):
        for i in range(n):
            deck.append(hands[(first + i) % n][pass_no])
    return deck


def _make(kind: BotKind, rng: random.Random, personality: str | None) -> Bot:
    return make_bot(kind, rng, personality if kind in BOT_LEVELS else None)


def seatings(n: int) -> list[tuple[int, ...]]:
    """Every circular order of ``n`` players: ``order[seat]`` is the player in ``seat``.

    Player 0 stays in seat 0 (rotating the whole table changes nothing once the first
    player rotates too); the others take every order, so over ``(n - 1)!`` deals each
    player sits after and before every other player equally often.
    """
    return [(0, *rest) for rest in itertools.permutations(range(1, n))]


def play_task(task: Task) -> list[list[int]]:
    """Play one chunk; returns, per deal, each player's net chips summed over the replays
    (players in ``task.lineup`` order)."""
    n = len(task.lineup)
    rules = PRESETS[task.preset]
    B = rules.table_bet
    stacks = [STACK_BETS * B] * n
    base = f"{task.seed}:{task.preset}:{','.join(task.lineup)}:{task.chunk}"
    deal_rng = random.Random(f"{task.seed}:{task.preset}:{n}:{task.chunk}:deal")
    # One set of bots per replay, so nothing seen in one replay of a deal helps another.
    bots = [[_make(kind, random.Random(f"{base}:{r}:{p}"), task.personality)
             for p, kind in enumerate(task.lineup)] for r in range(n)]
    orders = seatings(n)
    seated: tuple[int, ...] | None = None
    out: list[list[int]] = []
    for d in range(task.deals):
        deal_no = task.chunk * CHUNK + d
        order = orders[deal_no % len(orders)]
        if seated is not None and order != seated:
            # Players change seats between deals; a bot keeps what it knows about each
            # player (at a real table it would see who moved where).
            moves = {seated.index(p): order.index(p) for p in range(n)}
            for replay in bots:
                for bot in replay:
                    reseat = getattr(bot, "reseat", None)
                    if reseat is not None:
                        reseat(moves)
        seated = order
        deck = shuffled_deck(deal_rng)
        hands = [deck[3 * s:3 * s + 3] for s in range(n)]
        first0 = deal_no % n
        totals = [0] * n
        for r in range(n):
            rotated = [hands[(s + r) % n] for s in range(n)]
            first = (first0 - r) % n
            hand = Hand(rules, stacks, first, deck=_deck_for(rotated, first))
            seat_bots = [bots[r][order[s]] for s in range(n)]
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                hand.act(seat, seat_bots[seat].decide(hand.view_for(seat)))
            for s in range(n):
                bot = seat_bots[s]
                for event in hand.events_for(s):
                    bot.observe(event)
                totals[order[s]] += hand.stacks[s] - stacks[s]
        out.append(totals)
    return out


def _tasks(lineup: tuple[BotKind, ...], deals: int, seed: int, preset: str,
           personality: str | None) -> list[Task]:
    tasks = []
    for c in range(math.ceil(deals / CHUNK)):
        size = min(CHUNK, deals - c * CHUNK)
        tasks.append(Task(lineup, c, size, seed, preset, personality))
    return tasks


@dataclass(frozen=True, slots=True)
class Estimate:
    mean: float
    half: float
    """Half-width of the 95 % confidence interval."""

    @property
    def excludes_zero(self) -> bool:
        return abs(self.mean) > self.half

    def __str__(self) -> str:
        return (f"{self.mean:+.3f} ± {self.half:.3f}  "
                f"[{self.mean - self.half:+.3f}, {self.mean + self.half:+.3f}]")


def estimate(samples: Sequence[float]) -> Estimate:
    """Mean and normal 95 % half-width of independent per-deal samples."""
    n = len(samples)
    if n < 2:
        raise ValueError("need at least two deals for a confidence interval")
    mean = sum(samples) / n
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return Estimate(mean, 1.96 * math.sqrt(var / n))


def _run(tasks: list[Task], workers: int) -> list[list[list[int]]]:
    if workers <= 1:
        return [play_task(t) for t in tasks]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(play_task, tasks, chunksize=1)


def league_six(deals: int, seed: int, preset: str, personality: str | None,
               workers: int, lineup: tuple[BotKind, ...] = ALL_BOTS) -> dict[str, object]:
    rules = PRESETS[preset]
    B = rules.table_bet
    n = len(lineup)
    rows: list[list[int]] = []
    for part in _run(_tasks(lineup, deals, seed, preset, personality), workers):
        rows.extend(part)
    per_bot: dict[str, list[float]] = {kind: [r[s] / n / B for r in rows]
                                       for s, kind in enumerate(lineup)}
    return {"per_bot": {k: estimate(v) for k, v in per_bot.items()},
            "gaps": _gaps(lambda a, b: [x - y for x, y in zip(per_bot[a], per_bot[b],
                                                               strict=True)], lineup)}


def league_heads_up(deals: int, seed: int, preset: str, personality: str | None,
                    workers: int, lineup: tuple[BotKind, ...] = ALL_BOTS,
                    focus: tuple[str, ...] = ()) -> dict[str, object]:
    """Round robin; with ``focus``, only the matches with at least one of those bots (a
    bot's line is then its mean over the matches it played)."""
    rules = PRESETS[preset]
    B = rules.table_bet
    pairs = [(a, b) for i, a in enumerate(lineup) for b in lineup[i + 1:]
             if not focus or a in focus or b in focus]
    tasks: list[Task] = []
    for a, b in pairs:
        tasks.extend(_tasks((a, b), deals, seed, preset, personality))
    results = _run(tasks, workers)
    match: dict[tuple[str, str], list[float]] = {}
    for task, part in zip(tasks, results, strict=True):
        a, b = task.lineup
        match.setdefault((a, b), []).extend(r[0] / 2 / B for r in part)
    per_bot: dict[str, list[float]] = {}
    for kind in lineup:
        series = [match[(kind, o)] if (kind, o) in match else [-x for x in match[(o, kind)]]
                  for o in lineup if o != kind and ((kind, o) in match or (o, kind) in match)]
        per_bot[kind] = [sum(xs) / len(xs) for xs in zip(*series, strict=True)]

    def direct(a: str, b: str) -> list[float]:
        # Heads-up is zero-sum: a's winnings against b are the gap between them.
        if (a, b) not in match and (b, a) not in match:
            return []
        return match[(a, b)] if (a, b) in match else [-x for x in match[(b, a)]]

    return {"per_bot": {k: estimate(v) for k, v in per_bot.items()},
            "matches": {f"{a} vs {b}": estimate(v) for (a, b), v in match.items()},
            "gaps": _gaps(direct, lineup)}


def _gaps(diff: Callable[[str, str], list[float]],
          lineup: tuple[BotKind, ...]) -> dict[str, Estimate]:
    """The ladder's gaps: hard − normal, normal − easy, easy − each baseline."""
    out: dict[str, Estimate] = {}
    levels = [k for k in LADDER if k in lineup]
    for hi, lo in itertools.pairwise(levels):
        d = diff(hi, lo)
        if len(d) >= 2:
            out[f"{hi} − {lo}"] = estimate(d)
    weakest = levels[-1] if levels else None
    if weakest is not None:
        for b in lineup:
            d = diff(weakest, b) if b in BASELINES else []
            if len(d) >= 2:
                out[f"{weakest} − {b}"] = estimate(d)
    return out


def report(result: dict[str, object], title: str) -> str:
    lines = [title, "", "| bot | chips won per hand (× table bet), 95 % CI |", "|---|---|"]
    per_bot = result["per_bot"]
    assert isinstance(per_bot, dict)
    for kind, est in per_bot.items():
        lines.append(f"| {kind} | {est} |")
    matches = result.get("matches")
    if isinstance(matches, dict):
        lines += ["", "| match | first bot's chips per hand (× table bet), 95 % CI |", "|---|---|"]
        for name, est in matches.items():
            lines.append(f"| {name} | {est} |")
    gaps = result["gaps"]
    assert isinstance(gaps, dict)
    lines += ["", "| ladder gap | paired difference per hand (× table bet), 95 % CI | holds |",
              "|---|---|---|"]
    for name, est in gaps.items():
        ok = "yes" if est.mean > 0 and est.excludes_zero else "NO"
        lines.append(f"| {name} | {est} | {ok} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lieng.bots.league",
                                     description="Duplicate-match league of the Liêng bots.")
    parser.add_argument("--hands", type=int, default=20000, help="deals per match")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, choices=(2, 6), default=6)
    parser.add_argument("--preset", choices=TIEBREAKS, default="classic")
    parser.add_argument("--personality", default="calm",
                        help="personality of the heuristic bots ('any': drawn per bot)")
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    parser.add_argument("--bots", default=None,
                        help="comma-separated lineup (default: heads-up every level and "
                             f"baseline; six seats {','.join(SIX_BOTS)})")
    parser.add_argument("--focus", default="",
                        help="heads-up: only the matches of these bots (comma-separated)")
    args = parser.parse_args(argv)
    bots = args.bots or ",".join(SIX_BOTS if args.players == 6 else ALL_BOTS)
    words = [b.strip() for b in bots.split(",") if b.strip()]
    focus = tuple(b.strip() for b in args.focus.split(",") if b.strip())
    for kind in words:
        if not is_bot_kind(kind):
            parser.error(f"unknown bot {kind!r}")
    lineup = tuple(kind for kind in words if is_bot_kind(kind))
    if args.players == 6 and not 2 <= len(lineup) <= 6:
        parser.error("a table seats 2..6 bots")
    if args.hands < 2:
        parser.error("--hands must be at least 2")
    personality = None if args.personality == "any" else args.personality
    rules: RuleSet = PRESETS[args.preset]
    t0 = time.perf_counter()
    if args.players == 6:
        result = league_six(args.hands, args.seed, args.preset, personality, args.workers,
                            lineup)
        played = args.hands * len(lineup)
        title = (f"{len(lineup)} seats, {args.hands} deals × {len(lineup)} rotations "
                 f"= {played} hands")
    else:
        result = league_heads_up(args.hands, args.seed, args.preset, personality,
                                 args.workers, lineup, focus)
        pairs = sum(1 for i, a in enumerate(lineup) for b in lineup[i + 1:]
                    if not focus or a in focus or b in focus)
        played = args.hands * 2 * pairs
        title = (f"heads-up round robin, {pairs} matches × {args.hands} deals × 2 rotations "
                 f"= {played} hands")
    took = time.perf_counter() - t0
    print(report(result, f"Liêng bot league — {title}; seed {args.seed}, preset "
                         f"{args.preset}, B = {rules.table_bet}, stacks {STACK_BETS} × B, "
                         f"personality {args.personality}"))
    print(f"\n{played} hands in {took:.1f} s with {args.workers} worker(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
