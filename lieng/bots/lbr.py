"""Local Best Response: how much a one-step-lookahead best response wins from a bot.

    python -m lieng.bots.lbr --bot expert --deals 300 --seed 1 [--seats 2|3|6] [--jobs 2]

LBR (Lisý & Bowling, "Equilibrium approximation quality of current no-limit poker bots",
AAAI 2017 workshop) keeps a *belief* over each opponent's hand and, at each of its turns,
picks the best of fold / call / raise 1, 2, 4, 8, 20 × *B* / all-in, assuming that after
this action every player still in only calls to the end: a call is worth
``P(win) · (pot + call) − call``; a raise is worth the pot when everyone folds and
``P(win against the callers) · final pot − raise`` otherwise. The fold chances come from
the bot itself: LBR asks it what it would do with each hand it might hold.

**Queries on a copy.** The bot is asked through a snapshot (``snapshot``: a pickle
without its rngs, its frozen parts shared) taken just before its turn (or before LBR's):
every query unpickles a fresh copy with a freshly seeded rng and calls ``decide`` on the
view with the query's hand as ``my_cards`` — the real bot never sees a query and never
draws from its own rng for one (``tests/bots/test_lbr.py``). The
real bot plays as it would against a person: it decides on its real views and observes
every hand's events, so it adapts to LBR as it would to anyone.

**Belief.** Each opponent's hand is a sample of ``particles`` hands disjoint from LBR's
cards, *stratified by strength* (one hand drawn from each of ``particles`` equal slices of
the strength order), each weighted 1/``particles`` at the deal. When the bot acts, each
particle's weight is multiplied by 1 if the copy holding that hand takes the same kind of
action (raises in the same size class: 1, 2–3, 4–7, 8–15, 16+ × *B*) and by ``FLOOR``
otherwise — one sampled answer per particle stands for the bot's mixed strategy, and the
floor keeps one unlucky draw from wiping a hand out. This is the approximation: the exact
LBR would weigh all 18,424 hands by their exact action probabilities. Several opponents
(3–6 seats) each have their own sample; card removal between them is ignored and the
chance to beat them all is the product of the chances to beat each.

Measurement as the league's (``lieng.bots.league``): duplicate deals — each deal replayed
once per seat with the cards and the first player rotated, LBR always in seat 0, one set
of bot objects per replay that keeps learning across deals — stacks reset to 100 × *B*
every hand, a deal's result is LBR's net averaged over its replays, 95 % CI
±1.96 · sd / √deals. Reported in *B* per hand and mB (1/1000 *B*) per hand. The replays
share only the deals, so ``--jobs`` plays them in parallel processes with the same result.
"""

from __future__ import annotations

import argparse
import bisect
import copy
import dataclasses
import io
import multiprocessing
import pickle
import random
import sys
import time
from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from lieng.engine import (
    PRESETS,
    TIEBREAKS,
    Action,
    ActionKind,
    Card,
    Hand,
    HandView,
    RuleSet,
    evaluate,
    shuffled_deck,
)
from lieng.levels import BOT_LEVELS, BotKind

from . import BASELINES, make_bot
from .base import Bot, legal_of
from .league import STACK_BETS, Estimate, estimate
from .strength import colex_hands, strength_row

SIZES: tuple[int, ...] = (1, 2, 4, 8, 20)
"""Raise multiples LBR tries (plus all-in), as in the issue's LBR."""
FLOOR = 0.05
"""Weight factor for a particle whose copy answered differently from the bot."""
PARTICLES = 24


def size_class(k: int) -> int:
    """Raises of 1, 2–3, 4–7, 8–15 and 16+ × B are read as the same action."""
    return min(4, k.bit_length() - 1)


def same_action(a: Action, b: Action) -> bool:
    if a.kind is not b.kind:
        # A timeout is played as a check or a fold (RULES.md step 6); LBR never sees one.
        return False
    return a.kind is not ActionKind.RAISE or size_class(a.k) == size_class(b.k)


@lru_cache(maxsize=3)
def _hands_by_strength(tiebreak: str) -> tuple[tuple[tuple[Card, Card, Card], ...],
                                               dict[int, tuple[int, ...]]]:
    """Every hand, weakest first, and per card (by its bit) the sorted positions in that
    order of the hands that hold it."""
    row = strength_row(PRESETS[tiebreak])
    hands = colex_hands()
    order = tuple(hands[i] for i in sorted(range(len(hands)), key=row.__getitem__))
    holding: dict[int, list[int]] = {}
    for pos, h in enumerate(order):
        for c in h:
            holding.setdefault(c.bit, []).append(pos)
    return order, {bit: tuple(positions) for bit, positions in holding.items()}


def stratified_hands(mine: Sequence[Card], rules: RuleSet, n: int,
                     rng: random.Random) -> list[tuple[Card, Card, Card]]:
    """``n`` hands disjoint from ``mine``: one from each of ``n`` equal slices of the
    strength order, so a small sample covers weak, medium and strong hands evenly.

    The pool (all hands without our cards, in strength order) is not built: its *p*-th
    hand is at the first position *f* of the full order where *f* minus the number of
    excluded hands at or before *f* reaches *p* — a bisection, since *f* lies in
    [*p*, *p* + excluded]."""
    order, holding = _hands_by_strength(rules.tiebreak)
    excluded = sorted({pos for c in mine for pos in holding[c.bit]})
    size = len(order) - len(excluded)
    out = []
    for i in range(n):
        p = rng.randrange(i * size // n, (i + 1) * size // n)
        lo, hi = p, p + len(excluded)
        while lo < hi:
            mid = (lo + hi) // 2
            if mid - bisect.bisect_right(excluded, mid) < p:
                lo = mid + 1
            else:
                hi = mid
        out.append(order[lo])
    return out


class _SnapshotPickler(pickle.Pickler):
    """Pickles a bot but keeps two kinds of object out of the bytes: its random number
    generators (a query reseeds them anyway, and a ``Random``'s 625-word state was
    about half of every unpickling) and frozen dataclasses (level parameters,
    personalities: immutable, so a copy may share them with the real bot — a frozen
    object with a mutable field, such as ``HandView.shown``, is never written by a bot,
    and ``test_queries_never_reach_the_real_bot`` would see it if one were)."""

    def __init__(self, file: io.BytesIO) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared: list[object] = []
        self.rngs = 0
        self._seen: dict[int, tuple[str, int]] = {}

    def persistent_id(self, obj: object) -> tuple[str, int] | None:
        if isinstance(obj, random.Random):
            pid = self._seen.get(id(obj))
            if pid is None:
                pid = self._seen[id(obj)] = ("rng", self.rngs)
                self.rngs += 1
            return pid
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type) \
                and type(obj).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            pid = self._seen.get(id(obj))
            if pid is None:
                pid = self._seen[id(obj)] = ("ref", len(self.shared))
                self.shared.append(obj)
            return pid
        return None


class _SnapshotUnpickler(pickle.Unpickler):
    def __init__(self, snap: Snapshot, seed: int) -> None:
        super().__init__(io.BytesIO(snap.data))
        self.snap = snap
        self.rngs = [random.Random(seed + i) for i in range(snap.rngs)]

    def persistent_load(self, pid: object) -> object:
        assert isinstance(pid, tuple)
        kind, i = pid
        return self.rngs[i] if kind == "rng" else self.snap.shared[i]


@dataclasses.dataclass(frozen=True, slots=True)
class Snapshot:
    """A bot as it was at one moment, to be copied many times (``snapshot``, ``query``).
    Only LBR's own snapshots of its own opponents are ever unpickled."""

    data: bytes
    shared: tuple[object, ...]
    rngs: int

    def copy(self, seed: int) -> Bot:
        """A fresh copy of the bot whose random number generators are seeded from
        ``seed`` (the copy is someone else's decision drawn anew, not a replay)."""
        return cast(Bot, _SnapshotUnpickler(self, seed).load())


def snapshot(bot: Bot) -> Snapshot:
    """The bot now, for queries: its state without its rngs, frozen parts shared."""
    buf = io.BytesIO()
    pickler = _SnapshotPickler(buf)
    pickler.dump(bot)
    return Snapshot(buf.getvalue(), tuple(pickler.shared), pickler.rngs)


def query(snap: Snapshot, view: HandView, cards: tuple[Card, ...], seed: int) -> Action:
    """What a fresh copy of the snapshot bot does on ``view`` holding ``cards``."""
    return snap.copy(seed).decide(with_cards(view, cards))


def with_cards(view: HandView, cards: tuple[Card, ...]) -> HandView:
    """``view`` holding ``cards`` — ``dataclasses.replace`` without its per-call field
    introspection (a query's view differs from the real one only there)."""
    twin = copy.copy(view)
    object.__setattr__(twin, "my_cards", cards)
    return twin


def _as_action(kind: ActionKind, k: int) -> Action:
    if kind is ActionKind.RAISE:
        return Action.raise_(k)
    return {ActionKind.FOLD: Action.fold(), ActionKind.ALL_IN: Action.all_in(),
            ActionKind.TIMEOUT: Action.timeout()}.get(kind, Action.call())


@dataclasses.dataclass
class Belief:
    """One opponent's possible hands, their weights and LBR's showdown share against
    each (1 win, ½ tie, 0 loss)."""

    hands: list[tuple[Card, Card, Card]]
    weights: list[float]
    share: list[float]

    def win(self, keep: Sequence[bool] | None = None) -> float:
        """LBR's chance to beat this opponent, over the hands in ``keep`` (all: None)."""
        num = den = 0.0
        for i, w in enumerate(self.weights):
            if keep is None or keep[i]:
                num += w * self.share[i]
                den += w
        return num / den if den > 0 else 0.5


class LocalBestResponse:
    """The LBR player. The match driver gives it, before each opponent's turn, a snapshot
    of that opponent (``watch``); ``decide`` needs snapshots of the opponents as they are
    now (``snapshots``)."""

    name = "LBR"
    level = "lbr"
    personality: str | None = None

    def __init__(self, rng: random.Random, particles: int = PARTICLES,
                 sizes: Sequence[int] = SIZES) -> None:
        if particles < 1:
            raise ValueError(f"particles must be at least 1, got {particles}")
        self.rng = rng
        self.particles = particles
        self.sizes = tuple(sizes)
        self.beliefs: dict[int, Belief] = {}
        self.snapshots: dict[int, Snapshot] = {}
        self._cards: tuple[Card, ...] = ()

    # ----------------------------------------------------------------- belief

    def start_hand(self, view: HandView) -> None:
        """A new deal: a fresh stratified sample for every opponent dealt in."""
        me = view.seat
        self._cards = view.my_cards
        mine = evaluate(view.my_cards, view.rules)
        self.beliefs = {}
        for s in range(view.n_seats):
            if s == me or not view.dealt_in[s]:
                continue
            hands = stratified_hands(view.my_cards, view.rules, self.particles, self.rng)
            share = []
            for h in hands:
                theirs = evaluate(h, view.rules)
                share.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
            self.beliefs[s] = Belief(hands, [1.0 / len(hands)] * len(hands), share)

    def watch(self, seat: int, view: HandView, snap: Snapshot, action: Action) -> None:
        """Opponent ``seat`` took ``action`` on ``view`` (its cards removed); ``snap``
        is the bot just before it decided (``snapshot``). Reweigh its hands by what a
        copy would do."""
        belief = self.beliefs.get(seat)
        if belief is None:
            return
        for i, h in enumerate(belief.hands):
            answer = query(snap, view, h, self.rng.getrandbits(32))
            if not same_action(answer, action):
                belief.weights[i] *= FLOOR

    # ----------------------------------------------------------------- decisions

    def values(self, view: HandView) -> dict[Action, float]:
        """LBR's estimate of each candidate action's worth in chips from now on."""
        legal = legal_of(view)
        me = view.seat
        assert me is not None
        pot = view.pot
        opps = view.opponents_in()
        call_win = 1.0
        for o in opps:
            call_win *= self.beliefs[o].win()
        out: dict[Action, float] = {Action.fold(): 0.0,
                                    Action.call(): call_win * (pot + legal.call) - legal.call}
        candidates: list[Action] = []
        if legal.raise_k:
            ks = sorted({min(max(k, legal.raise_k.start), legal.raise_k.stop - 1)
                         for k in self.sizes})
            candidates += [Action.raise_(k) for k in ks]
        if legal.all_in is not None and legal.all_in > legal.call:
            candidates.append(Action.all_in())
        if candidates:
            base = self._rebuild(view)
            for action in candidates:
                out[action] = self._raise_value(view, base, action)
        return out

    def decide(self, view: HandView) -> Action:
        if view.my_cards != self._cards or not self.beliefs:
            self.start_hand(view)
        values = self.values(view)
        return max(values, key=lambda a: (values[a], a.kind is ActionKind.CALL))

    def observe(self, event: object) -> None:
        """LBR is a best response to the bot as it is now; it keeps nothing across hands."""

    def _rebuild(self, view: HandView) -> Hand:
        """The hand so far from public information: LBR's own cards, the others filled
        with cards nobody can see (only the betting state is read from it)."""
        me = view.seat
        n = view.n_seats
        rest = [c for c in shuffled_deck(random.Random(0)) if c not in view.my_cards]
        hands: list[list[Card]] = [list(view.my_cards) if s == me else
                                   [rest.pop(), rest.pop(), rest.pop()] for s in range(n)]
        dealt = [(view.first + i) % n for i in range(n) if view.dealt_in[(view.first + i) % n]]
        deck = [hands[s][p] for p in range(3) for s in dealt]
        actions = [(a.seat, _as_action(a.kind, a.k)) for a in view.actions]
        return Hand.replay(view.rules, view.start_stacks, view.first, deck, actions)

    def _raise_value(self, view: HandView, base: Hand, action: Action) -> float:
        me = view.seat
        assert me is not None
        hand = pickle.loads(pickle.dumps(base))  # a deep copy of our own object
        before = hand.stacks[me]
        hand.act(me, action)
        put_in = before - hand.stacks[me]
        pot = view.pot
        # Each opponent in turn facing the raise: fold chance, the chance to beat it when
        # it stays, what its call adds. Those who cannot act (all-in) simply stay.
        faced: dict[int, tuple[float, float, int]] = {}
        while hand.to_act is not None and hand.to_act != me:
            s = hand.to_act
            if s in faced:  # a new round: everyone has answered the raise
                break
            belief = self.beliefs[s]
            opp_view = hand.view_for(s)
            keep = []
            for h in belief.hands:
                answer = query(self.snapshots[s], opp_view, h, self.rng.getrandbits(32))
                keep.append(answer.kind is not ActionKind.FOLD)
            total = sum(belief.weights)
            stay = sum(w for w, k in zip(belief.weights, keep, strict=True) if k)
            fold = 1.0 - stay / total if total > 0 else 0.0
            legal = hand.legal()
            faced[s] = (fold, belief.win(keep), legal.call)
            hand.act(s, Action.call())
            if hand.is_over:
                break
        for o in view.opponents_in():
            if o not in faced:
                faced[o] = (0.0, self.beliefs[o].win(), 0)
        # Sum over which opponents stay (at most 5: 32 subsets).
        seats = list(faced)
        value = 0.0
        for mask in range(1 << len(seats)):
            p = 1.0
            win = 1.0
            final = pot + put_in
            for i, s in enumerate(seats):
                fold, w, call = faced[s]
                if mask >> i & 1:
                    p *= 1.0 - fold
                    win *= w
                    final += call
                else:
                    p *= fold
            if p == 0.0:
                continue
            value += p * (pot if mask == 0 else win * final - put_in)
        return value


# ----------------------------------------------------------------- matches

def _deck_for(hands: Sequence[Sequence[Card]], first: int) -> list[Card]:
    n = len(hands)
    return [hands[(first + i) % n][p] for p in range(3) for i in range(n)]


def line_label(view: HandView) -> str:
    """How LBR (seat 0) played a finished hand, for ``--breakdown``: what the bots had
    done before its first bet or raise (``open``: nothing yet, ``after-check``,
    ``after-raise``), that bet (``r1`` … ``r16`` by size class, ``allin``; ``call`` when it
    only checked or called) and how the hand ended: ``bot-folds`` (LBR won uncontested),
    ``lbr-folds``, ``showdown``."""
    first = "call"
    before = "open"
    for a in view.actions:
        if a.seat != 0:
            if a.kind is not ActionKind.FOLD:
                before = "after-raise" if a.raised else "after-check" \
                    if before == "open" else before
            continue
        if a.kind is ActionKind.ALL_IN and a.raised:
            first = "allin"
            break
        if a.kind is ActionKind.RAISE:
            first = f"r{1 << size_class(a.k)}"
            break
    if first == "call":
        before = ""
    folded = any(a.seat == 0 and a.kind is ActionKind.FOLD for a in view.actions)
    contested = len(view.opponents_in()) > 0
    end = "lbr-folds" if folded else "showdown" if contested else "bot-folds"
    return " ".join(x for x in (before, first, end) if x)


def play_lbr(bot: BotKind, deals: int, seed: int, preset: str = "classic", seats: int = 2,
             particles: int = PARTICLES, personality: str | None = "calm",
             lines: dict[str, list[float]] | None = None, jobs: int = 1) -> list[float]:
    """LBR's net per deal (table bets, averaged over the ``seats`` replays), LBR in seat 0
    and ``bot`` in every other seat. ``lines``, when given, collects per ``line_label``
    [hands, sum of LBR's net in B].

    The replays are independent — each has its own bot objects and its own LBR, and
    they only share the deals — so ``jobs`` processes (at most ``seats``) play them side
    by side with the same result as one."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    tasks = [_Replay(bot, deals, seed, preset, seats, particles, personality, r,
                     lines is not None) for r in range(seats)]
    if jobs == 1 or seats == 1:
        parts = [play_replay(t) for t in tasks]
    else:
        with multiprocessing.get_context("spawn").Pool(min(jobs, seats)) as pool:
            parts = pool.map(play_replay, tasks)
    B = PRESETS[preset].table_bet
    out = [sum(part[0][d] for part in parts) / seats / B for d in range(deals)]
    if lines is not None:
        for _, part_lines in parts:
            for label, (n, won) in part_lines.items():
                row = lines.setdefault(label, [0.0, 0.0])
                row[0] += n
                row[1] += won
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class _Replay:
    """One replay of every deal (``play_lbr``): which rotation ``r`` of the cards."""

    bot: BotKind
    deals: int
    seed: int
    preset: str
    seats: int
    particles: int
    personality: str | None
    r: int
    lines: bool


def play_replay(task: _Replay) -> tuple[list[int], dict[str, list[float]]]:
    """Replay ``task.r`` of every deal: LBR's net chips per deal and its lines."""
    rules = PRESETS[task.preset]
    seats, r, bot = task.seats, task.r, task.bot
    stacks = [STACK_BETS * rules.table_bet] * seats
    deal_rng = random.Random(f"lbr:{task.seed}:{task.preset}:{seats}:deal")
    pers = task.personality if bot in BOT_LEVELS else None
    bots = [make_bot(bot, random.Random(f"lbr:{task.seed}:{bot}:{r}:{s}"), pers)
            for s in range(seats)]
    lbr = LocalBestResponse(random.Random(f"lbr:{task.seed}:me:{r}"), task.particles)
    lines: dict[str, list[float]] = {}
    out: list[int] = []
    for d in range(task.deals):
        deck = shuffled_deck(deal_rng)
        hands = [deck[3 * s:3 * s + 3] for s in range(seats)]
        rotated = [hands[(s + r) % seats] for s in range(seats)]
        first = (d - r) % seats
        out.append(play_hand(rules, stacks, first, _deck_for(rotated, first), lbr, bots,
                             lines if task.lines else None))
    return out, lines


def play_hand(rules: RuleSet, stacks: Sequence[int], first: int, deck: Sequence[Card],
              lbr: LocalBestResponse, bots: Sequence[Bot],
              lines: dict[str, list[float]] | None = None) -> int:
    """One hand, LBR in seat 0 and ``bots[s]`` in seat s ≥ 1; LBR's net chips (and its
    line added to ``lines``, see ``play_lbr``)."""
    hand = Hand(rules, stacks, first, deck=deck)
    lbr.start_hand(hand.view_for(0))
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view_for(seat)
        if seat == 0:
            lbr.snapshots = {s: snapshot(bots[s]) for s in view.opponents_in()}
            hand.act(0, lbr.decide(view))
        else:
            snap = snapshot(bots[seat])
            action = bots[seat].decide(view)
            lbr.watch(seat, dataclasses.replace(view, my_cards=()), snap, action)
            hand.act(seat, action)
    for s in range(1, len(bots)):
        for event in hand.events_for(s):
            bots[s].observe(event)
    net = hand.stacks[0] - stacks[0]
    if lines is not None:
        row = lines.setdefault(line_label(hand.view_for(0)), [0.0, 0.0])
        row[0] += 1
        row[1] += net / rules.table_bet
    return net


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lieng.bots.lbr",
                                     description="Local Best Response against a Liêng bot.")
    parser.add_argument("--bot", required=True, help="level or baseline to measure")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, choices=(2, 3, 6), default=2)
    parser.add_argument("--preset", choices=TIEBREAKS, default="classic")
    parser.add_argument("--particles", type=int, default=PARTICLES)
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing the replays side by side (same result)")
    parser.add_argument("--breakdown", action="store_true",
                        help="also print what each of LBR's lines earns")
    parser.add_argument("--personality", default="calm",
                        help="personality of a level ('any': drawn per bot)")
    args = parser.parse_args(argv)
    if args.bot not in BOT_LEVELS + BASELINES:
        parser.error(f"unknown bot {args.bot!r}; known: {', '.join(BOT_LEVELS + BASELINES)}")
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    if args.particles < 1:
        parser.error("--particles must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    t0 = time.perf_counter()
    lines: dict[str, list[float]] | None = {} if args.breakdown else None
    per_deal = play_lbr(args.bot, args.deals, args.seed, args.preset, args.seats,
                        args.particles, None if args.personality == "any" else args.personality,
                        lines, args.jobs)
    took = time.perf_counter() - t0
    est: Estimate = estimate(per_deal)
    print(f"LBR vs {args.bot} ({args.seats} seats, preset {args.preset}, seed {args.seed}, "
          f"{args.deals} deals × {args.seats} replays, {args.particles} particles, "
          f"{args.jobs} job(s))")
    print(f"LBR wins {est} B/hand = {1000 * est.mean:+.0f} ± {1000 * est.half:.0f} mB/hand")
    print(f"{args.deals * args.seats} hands in {took:.1f} s")
    if lines:
        hands = args.deals * args.seats
        print("| LBR's line | share of hands | B per such hand | B/hand it adds |")
        print("|---|---|---|---|")
        for label, (n, won) in sorted(lines.items(), key=lambda kv: -kv[1][1]):
            print(f"| {label} | {n / hands:.1%} | {won / n:+.2f} | {won / hands:+.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
