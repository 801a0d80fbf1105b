"""External-sampling Monte Carlo CFR for ``expert``'s multiway blueprint (3–6 seats).

docs/BOTS.md "Expert at 3–6 seats". Why external sampling (Lanctot et al. 2009; the
blueprint method of Pluribus, Brown & Sandholm 2019): the multiway game is far too large
to traverse in full, while one sampled deal per iteration and, for each traverser in turn,
every one of *its* actions against one sampled action of everyone else gives unbiased
counterfactual regrets at a cost of a few hundred nodes. The game played is the real
betting of RULES.md steps 2–8 (antes of one unit, the first player leading, rounds
counted as the turn passes the first player's seat, raises of *k* units in rounds 1–3
only, all-ins, the end of betting), at 3–6 seats with equal stacks behind the ante;
the players only know ``multiway.info_key`` of their spot. Showdowns compare the real
dealt hands (``classic`` ranking: RULES.md "Tie-break presets"; the bot buckets each
preset's own strengths, and the presets differ only between hands of equal category and
value).

Two blueprints are trained with it (``FAMILIES``): the equilibrium blueprint, against
half the seats fixed ``Habit``s (``liang_deals``), and the people blueprint, against four
seats in five fixed, mostly ``Person``s — the habits issue #20 describes for people
(``people_deals``; docs/BOTS.md "Twelfth session").

Regret matching on cumulative regrets; the average strategy is accumulated at the other
players' nodes with weight *t* (linear averaging, which discounts the first, poor
iterations, as Pluribus's linear CFR did). Everything draws from one ``random.Random``
seeded by ``--seed`` and all arithmetic is plain floats in a fixed order, so a run is
reproducible bit for bit (``digest``). Pure Python: no numpy needed.
"""

from __future__ import annotations

import hashlib
import random
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from lieng.engine import PRESETS, evaluate

from .multiway import (
    ALL_IN,
    DATA_FILE,
    RAISE_2POT,
    RAISE_POT,
    SHOVE,
    decode,
    encode,
    info_key,
    layout_digest,
    options,
)
from .people import Profile, draw_habits
from .strength import colex_hands, strength_row

SEATS = (3, 4, 5, 6)
FIXED = 0.5
"""Chance that a seat of a training deal is a fixed habit (``Habit``) rather than a
learner: a restricted Nash response (Johanson, Zinkevich & Bowling 2007) — the blueprint
learns to take what human-like habits give while the learners keep it hard to exploit."""
STACKS = (25, 50, 100, 100, 150)
"""Stacks behind the ante, in table bets, one drawn per deal (the league plays 100)."""
RAISE_MAX = 20
MAX_ROUNDS = 3

_C2 = [i * (i - 1) // 2 for i in range(52)]
_C3 = [i * (i - 1) * (i - 2) // 6 for i in range(52)]


@cache
def showdown_ranks() -> tuple[int, ...]:
    """Per hand index, a dense rank of its value under ``classic`` (higher wins, equal
    ranks tie: RULES.md "Hands" and "Tie-break presets")."""
    rules = PRESETS["classic"]
    values = [evaluate(h, rules) for h in colex_hands()]
    order = sorted(set(values))
    pos = {v: i for i, v in enumerate(order)}
    return tuple(pos[v] for v in values)


def deal(rng: random.Random, n: int) -> list[int]:
    """Hand indices of ``n`` players dealt from one deck."""
    cards = rng.sample(range(52), 3 * n)
    out = []
    for i in range(n):
        a, b, c = sorted(cards[3 * i:3 * i + 3])
        out.append(_C3[c] + _C2[b] + a)
    return out


class Game:
    """One deal of the abstract multiway game; a state is a tuple, children are new
    tuples (small tables: copying is cheaper than undoing)."""

    def __init__(self, hands: list[int], stack: int, strengths: tuple[float, ...],
                 ranks: tuple[int, ...]) -> None:
        self.n = len(hands)
        self.stack = stack
        self.s = [strengths[h] for h in hands]
        self.r = [ranks[h] for h in hands]

    def start(self) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...], int, int,
                             int, int]:
        """(bets, folded, acted, bet level, to act, round, raises so far)."""
        n = self.n
        return ((0,) * n, (False,) * n, (False,) * n, 0, 0, 1, 0)

    def payoff(self, bets: tuple[int, ...], folded: tuple[bool, ...]) -> list[float]:
        """Each player's net in units, betting over (RULES.md steps 8–9: equal stacks,
        so everyone still in has put in the same and there is one pot)."""
        n = self.n
        pot = n + sum(bets)
        live = [i for i in range(n) if not folded[i]]
        if len(live) == 1:
            winners = live
        else:
            best = max(self.r[i] for i in live)
            winners = [i for i in live if self.r[i] == best]
        share = pot / len(winners)
        return [(share if i in winners else 0.0) - 1 - bets[i] for i in range(n)]


State = tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...], int, int, int, int]


def spot(g: Game, st: State) -> tuple[int, list[tuple[int, int]]]:
    """(information-set key, options) of the player to act (``multiway.info_key``)."""
    bets, folded, acted, level, p, rnd, raises = st
    n, S = g.n, g.stack
    stack = S - bets[p]
    owed = level - bets[p]
    call = min(owed, stack)
    pot = n + sum(bets)
    others_chips = [i for i in range(n) if i != p and not folded[i] and bets[i] < S]
    can_raise = rnd <= MAX_ROUNDS and bool(others_chips)
    opts = options(g.s[p], pot, owed, call, stack, can_raise, RAISE_MAX, 1)
    opps = sum(1 for i in range(n) if i != p and not folded[i])
    behind = sum(1 for i in others_chips if not acted[i])
    return info_key(g.s[p], opps, behind, raises, pot, call, stack, rnd, opts), opts


def step(g: Game, st: State, action: int, k: int) -> tuple[State, bool]:
    """The state after the player to act takes ``action`` (raise multiple ``k``), and
    whether betting is over (RULES.md step 8)."""
    bets_t, folded_t, acted_t, level, p, rnd, raises = st
    n, S = g.n, g.stack
    bets, folded, acted = list(bets_t), list(folded_t), list(acted_t)
    if action == 0:
        folded[p] = True
    else:
        owed = level - bets[p]
        stack = S - bets[p]
        if action == 1:
            amount = min(owed, stack)
        elif action == ALL_IN:
            amount = stack
        else:
            amount = owed + k
        bets[p] += amount
        if bets[p] > level:
            level = bets[p]
            raises += 1
            acted = [False] * n
    acted[p] = True
    out = (tuple(bets), tuple(folded), tuple(acted), level, p, rnd, raises)
    still_in = [i for i in range(n) if not folded[i]]
    if len(still_in) <= 1:
        return out, True
    with_chips = [i for i in still_in if bets[i] < S]
    if len(with_chips) <= 1 and all(bets[i] >= level for i in with_chips):
        return out, True
    if all(acted[i] and bets[i] >= level for i in with_chips):
        return out, True
    nxt = p
    for i in range(1, n + 1):
        s = (p + i) % n
        if not folded[s] and bets[s] < S and (not acted[s] or bets[s] < level):
            nxt = s
            break
    steps = (nxt - p) % n or n
    if ((0 - p) % n or n) <= steps:  # the first player is seat 0
        rnd += 1
    return (out[0], out[1], out[2], level, nxt, rnd, raises), False


def _matching(reg: list[float], m: int) -> list[float]:
    pos = [r if r > 0 else 0.0 for r in reg[:m]]
    total = sum(pos)
    if total <= 0:
        return [1.0 / m] * m
    return [x / total for x in pos]


S = TypeVar("S")


class SampledGame(Protocol[S]):
    """One dealt instance of a game with perfect recall, as the trainer sees it: whose turn,
    the information set and options there, the next state, the payoffs at the end."""

    n: int
    learners: tuple[int, ...]
    """The players whose regrets are learnt; the others play ``fixed_choice``."""

    def start(self) -> S: ...

    def fixed_choice(self, st: S, opts: list[tuple[int, int]],
                     rng: random.Random) -> int | None:
        """The option a fixed player takes (an index into ``opts``), None for a learner."""
        ...

    def player(self, st: S) -> int: ...

    def spot(self, st: S) -> tuple[int, list[tuple[int, int]]]: ...

    def step(self, st: S, action: int, k: int) -> tuple[S, bool]: ...

    def payoff(self, st: S) -> list[float]: ...


@dataclass(frozen=True)
class Habit:
    """A fixed, human-like player of the abstract game (docs/BOTS.md "Expert at 3–6
    seats"): folds to a bet below ``fold`` strength, whatever the price; raises from
    ``raise_from`` (and bluffs ``bluff`` of its other hands) with its preferred size —
    ``size`` 0 the smallest, 1 the largest open, 2 any of them, 3 an
    *over-raise* (the largest *k* the rules and its stack allow); never folds a free
    check. ``shove`` is the chance that a raise of its is an all-in instead, *whatever its
    hand*: the never-do rules bind the learners, not the people they meet, and Local Best
    Response at three seats shoves and over-raises any hand its belief says pays
    (docs/BOTS.md). Without such habits the learners met all-ins only from monsters."""

    fold: float
    raise_from: float
    bluff: float
    size: int
    shove: float = 0.0

    @property
    def wild(self) -> bool:
        """Whether it bets beyond the abstraction's options (``LiengDeal.spot``)."""
        return self.shove > 0 or self.size == OVER

    def choose(self, strength: float, opts: list[tuple[int, int]], rng: random.Random) -> int:
        acts = [a for a, _ in opts]
        if acts[0] == 0 and strength < self.fold:
            return 0
        raises = [j for j, a in enumerate(acts) if a >= 2]
        if raises and (strength >= self.raise_from or rng.random() < self.bluff):
            shoves = [j for j in raises if acts[j] == ALL_IN]
            if shoves and self.shove > 0 and rng.random() < self.shove:
                return shoves[0]
            sized = [j for j in raises if acts[j] != ALL_IN] or raises
            if self.size == 0:
                return sized[0]
            if self.size in (1, OVER):
                return max(sized, key=lambda j: opts[j][1])
            return rng.choice(sized)
        return acts.index(1)


OVER = 3
"""``Habit.size`` of an over-raiser: the largest *k* open, beyond the abstraction's sizes."""
WILD = 0.25
"""Share of the non-maniac habits that are *wild* (``draw_habit``): they shove or
over-raise any hand they raise with."""


def draw_habit(rng: random.Random) -> Habit:
    """One fixed player: a tenth are maniacs (raise the largest size with anything), a
    fifth of the rest never fold to a bet, the others fold below 0.15–0.6 strength; they
    raise from 0.65–0.97, and 60 % of them bluff up to 15 % of their other hands. Of the
    non-maniacs a quarter (``WILD``) are wild: their raises are all-ins 30–100 % of the
    time and over-raises otherwise (half of them) or their own size, and they bluff up to
    35 % of their hands."""
    if rng.random() < 0.1:
        return Habit(0.0, 0.0, 0.0, 1)
    fold = 0.0 if rng.random() < 0.2 else rng.uniform(0.15, 0.6)
    raise_from = rng.uniform(0.65, 0.97)
    bluff = 0.0 if rng.random() < 0.4 else rng.uniform(0.0, 0.15)
    size = rng.randrange(3)
    if rng.random() < WILD:
        return Habit(fold, raise_from, rng.uniform(0.05, 0.35),
                     OVER if rng.random() < 0.5 else size, rng.uniform(0.3, 1.0))
    return Habit(fold, raise_from, bluff, size)


PEOPLE_FIXED = 0.8
"""Chance that a seat of a people blueprint's training deal is fixed (``people_deals``)."""
PEOPLE_SHARE = 0.9
"""Chance that such a fixed seat is a ``Person`` rather than a ``Habit``."""
PEOPLE_ITERATIONS = 600_000
"""The people blueprint's default iterations: with four seats in five fixed, a deal has
about a third of the learners' traversals of ``liang_deals``', and more iterations kept
paying on the tune seeds (against the six-seat population, the people blueprint in every
pot: +5.37 *B*/hand at 60,000, +6.45 at 150,000, +6.82 at 300,000; docs/BOTS.md)."""


@dataclass(frozen=True)
class Person(Profile):
    """A fixed player of the abstract game with the habits issue #20 describes for people,
    the same family the population league draws from (``people.Profile``: fold below
    a strength, plus a share of the price for a size-aware player; value raises from a
    strength with a preferred range of *k*, slow-plays, bluffs, a strength from which it
    calls an all-in, re-raises or not, shoves only with the never-do rules' hand) — but
    drawn from the trainer's own rng, never from the population's seeds. The people
    blueprint is a response to them: the equilibrium blueprint lost 1.5 *B*/hand to the
    engine against such players because its abstract game had none (docs/BOTS.md)."""

    def choose(self, g: Game, st: State, opts: list[tuple[int, int]],
               rng: random.Random) -> int:
        """An index into ``person_options``' list for this state: fold, call, a raise of
        *k* (index call + *k*) or the all-in (the last)."""
        bets, _, _, level, p, _, raises = st
        s = g.s[p]
        owed = level - bets[p]
        stack = g.stack - bets[p]
        pot = g.n + sum(bets)
        call = 1 if owed > 0 else 0
        can_raise = len(opts) > call + 1
        if owed > 0:
            if owed >= stack:  # calling is all-in
                return call if s >= self.allin_call else 0
            need = self.fold_below + self.size_slope * min(1.0, owed / max(1, pot))
            if s < need and not (can_raise and rng.random() < self.bluff):
                return 0
        may = can_raise and (self.reraise or raises == 0)
        if may and s >= max(self.shove_above, SHOVE):
            return len(opts) - 1
        if may:
            value = s >= self.raise_above and rng.random() >= self.slowplay
            bluff = s < self.fold_below and rng.random() < self.bluff
            k_max = len(opts) - call - 2
            if (value or bluff) and k_max >= 1:
                return call + min(max(rng.randint(self.k_lo, self.k_hi), 1), k_max)
        return call


def person_options(g: Game, st: State) -> list[tuple[int, int]]:
    """A ``Person``'s options: fold when it owes chips, call, then — where the rules let
    the bet go up (RULES.md steps 5 and 7) — a raise of every *k* from 1 to ``RAISE_MAX``
    that leaves a chip behind (a person picks its own size, not the abstraction's) and
    the all-in, last."""
    bets, folded, _, level, p, rnd, _ = st
    S = g.stack
    owed = level - bets[p]
    stack = S - bets[p]
    opts = [(0, 0)] if owed > 0 else []
    opts.append((1, 0))
    others = any(i != p and not folded[i] and bets[i] < S for i in range(g.n))
    if rnd <= MAX_ROUNDS and others and stack > owed:
        opts.extend((RAISE_POT, k) for k in range(1, min(RAISE_MAX, stack - owed - 1) + 1))
        opts.append((ALL_IN, 0))
    return opts


def draw_person(rng: random.Random) -> Person:
    """One ``Person``, by the population league's description of people (docs/BOTS.md
    "Population league"; ``people.draw_habits``)."""
    return draw_habits(rng, Person, spent_draw=False)


def wild_options(g: Game, st: State, opts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``opts`` with what a wild habit may do beyond them: an all-in and a raise of the
    largest *k* (``RAISE_MAX``, or what leaves a chip behind), wherever the rules let the
    bet go up (RULES.md steps 5 and 7)."""
    bets, folded, _, level, p, rnd, _ = st
    S = g.stack
    owed = level - bets[p]
    stack = S - bets[p]
    others_chips = any(i != p and not folded[i] and bets[i] < S for i in range(g.n))
    if rnd > MAX_ROUNDS or not others_chips or stack <= owed:
        return opts
    out = list(opts)
    k_big = min(RAISE_MAX, stack - owed - 1)
    if k_big >= 1 and all(k < k_big for a, k in opts if 2 <= a < ALL_IN):
        out.append((RAISE_2POT, k_big))
    if all(a != ALL_IN for a, _ in opts):
        out.append((ALL_IN, 0))
    out.sort()
    return out


class LiengDeal:
    """``Game`` with the module's functions as methods (the trainer's interface), and the
    fixed players of this deal (``habits``: seat → ``Habit``)."""

    def __init__(self, g: Game, habits: dict[int, Habit | Person] | None = None) -> None:
        self.g = g
        self.n = g.n
        self.habits = habits or {}
        self.learners = tuple(i for i in range(g.n) if i not in self.habits)

    def start(self) -> State:
        return self.g.start()

    def fixed_choice(self, st: State, opts: list[tuple[int, int]],
                     rng: random.Random) -> int | None:
        h = self.habits.get(st[4])
        if h is None:
            return None
        if isinstance(h, Person):
            return h.choose(self.g, st, opts, rng)
        return h.choose(self.g.s[st[4]], opts, rng)

    def player(self, st: State) -> int:
        return st[4]

    def spot(self, st: State) -> tuple[int, list[tuple[int, int]]]:
        h = self.habits.get(st[4])
        if isinstance(h, Person):  # a fixed seat's key is never learnt
            return 0, person_options(self.g, st)
        key, opts = spot(self.g, st)
        if h is not None and h.wild:
            return key, wild_options(self.g, st, opts)
        return key, opts

    def step(self, st: State, action: int, k: int) -> tuple[State, bool]:
        return step(self.g, st, action, k)

    def payoff(self, st: State) -> list[float]:
        return self.g.payoff(st[0], st[1])


def liang_deals(seats: tuple[int, ...] = SEATS, stacks: tuple[int, ...] = STACKS,
                fixed: float = FIXED,
                share: float = 0.0) -> Callable[[random.Random], LiengDeal]:
    """Chance for a blueprint: a table size, a stack, the hands, and which seats are
    fixed (each with chance ``fixed``, at least one seat learning), per iteration; a
    fixed seat is a ``Person`` with chance ``share``, else one of ``draw_habit``'s habits.
    With ``share`` 0 no coin is drawn for it, so the equilibrium blueprint's draws are
    those it was trained on."""
    strengths = strength_row(PRESETS["classic"])
    ranks = showdown_ranks()

    def draw(rng: random.Random) -> LiengDeal:
        n = rng.choice(seats)
        g = Game(deal(rng, n), rng.choice(stacks), strengths, ranks)
        habits: dict[int, Habit | Person] = {}
        for i in range(n):
            if rng.random() < fixed:
                habits[i] = draw_person(rng) if share and rng.random() < share \
                    else draw_habit(rng)
        if len(habits) == n:
            del habits[rng.randrange(n)]
        return LiengDeal(g, habits)
    return draw


def people_deals() -> Callable[[random.Random], LiengDeal]:
    """Chance for the people blueprint: ``liang_deals`` with four seats in five fixed
    (``PEOPLE_FIXED``), nine in ten of those a ``Person`` (``PEOPLE_SHARE``) and the rest
    ``draw_habit``'s habits — maniacs and wild shovers among them, so that the learners
    still meet bets beyond the never-do rules."""
    return liang_deals(fixed=PEOPLE_FIXED, share=PEOPLE_SHARE)


FAMILIES = ("equilibrium", "people")
"""The two blueprints ``expert`` ships (docs/BOTS.md "Expert at 3–6 seats"): trained
against half the seats fixed ``Habit``s (played in pots with an aggressor), and against
mostly ``Person`` seats (played in the others)."""


def blueprint_trainer(seed: int, family: str = "equilibrium") -> Trainer[State]:
    """The trainer of a shipped blueprint (``liang_deals`` or ``people_deals``)."""
    if family not in FAMILIES:
        raise ValueError(f"unknown blueprint family {family!r}")
    return Trainer(seed, people_deals() if family == "people" else liang_deals())


class Trainer(Generic[S]):
    """Cumulative regrets and average-strategy sums per information set."""

    def __init__(self, seed: int, deals: Callable[[random.Random], SampledGame[S]]) -> None:
        self.rng = random.Random(seed)
        self.deals = deals
        self.regret: dict[int, list[float]] = {}
        self.total: dict[int, list[float]] = {}
        self.t = 0

    def iterate(self, count: int) -> None:
        """``count`` iterations: one deal each, every player traversing it in turn."""
        rng = self.rng
        for _ in range(count):
            self.t += 1
            g = self.deals(rng)
            for i in g.learners:
                self._traverse(g, g.start(), i)

    def _traverse(self, g: SampledGame[S], st: S, i: int) -> float:
        key, opts = g.spot(st)
        fx = g.fixed_choice(st, opts, self.rng)
        if fx is not None:
            nxt, over = g.step(st, *opts[fx])
            return g.payoff(nxt)[i] if over else self._traverse(g, nxt, i)
        m = len(opts)
        reg = self.regret.get(key)
        if reg is None:
            reg = self.regret[key] = [0.0] * m
        sigma = _matching(reg, m)
        if g.player(st) == i:
            values = []
            for a, k in opts:
                nxt, over = g.step(st, a, k)
                values.append(g.payoff(nxt)[i] if over else self._traverse(g, nxt, i))
            node = sum(s * v for s, v in zip(sigma, values, strict=True))
            for j in range(m):
                reg[j] += values[j] - node
            return node
        tot = self.total.get(key)
        if tot is None:
            tot = self.total[key] = [0.0] * m
        w = float(self.t)
        for j in range(m):
            tot[j] += w * sigma[j]
        x = self.rng.random()
        choice = m - 1
        for j in range(m):
            x -= sigma[j]
            if x < 0:
                choice = j
                break
        a, k = opts[choice]
        nxt, over = g.step(st, a, k)
        return g.payoff(nxt)[i] if over else self._traverse(g, nxt, i)

    def average(self) -> dict[int, list[float]]:
        """The average strategy per information set (only sets that were reached)."""
        out = {}
        for key, tot in self.total.items():
            s = sum(tot)
            if s > 0:
                out[key] = [x / s for x in tot]
        return out

    def digest(self) -> str:
        """SHA-256 of every regret and strategy sum, keys in order (floats as IEEE
        doubles): two runs agree bit for bit or not at all."""
        h = hashlib.sha256()
        for table in (self.regret, self.total):
            for key in sorted(table):
                vals = table[key]
                h.update(struct.pack(f"<I{len(vals)}d", key, *vals))
        return h.hexdigest()


def quantise(avg: dict[int, list[float]]) -> dict[int, list[int]]:
    """Average probabilities as bytes (0..255 per action, rounded), one list per set."""
    return {k: [min(255, round(255 * p)) for p in probs] for k, probs in avg.items()}


CHECK_ITERATIONS = 200
"""Iterations ``train --check`` re-runs from the file's seed and compares, bit for bit,
with the digest the training recorded after the same iterations."""
DEFAULT_ITERATIONS = 60_000
MIN_VISITS = 10
"""Information sets whose (linearly weighted) strategy sum is below what this many visits
at an average iteration give are left out of the file: reached a handful of times, their
average is still close to uniform, and the bot plays pot odds there instead."""


def train_blueprint(seed: int, iterations: int, progress: bool = False,
                    family: str = "equilibrium") -> tuple[bytes, dict[str, object]]:
    """Train a blueprint of ``family`` (``FAMILIES``); returns the file's bytes and its
    header."""
    t0 = time.perf_counter()
    tr = blueprint_trainer(seed, family)
    tr.iterate(min(iterations, CHECK_ITERATIONS))
    check_digest = tr.digest()
    done = tr.t
    while done < iterations:
        step_n = min(iterations - done, 5_000)
        tr.iterate(step_n)
        done += step_n
        if progress:
            print(f"  {done} iterations, {len(tr.total)} information sets, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
    floor = MIN_VISITS * iterations / 2
    table = {k: v for k, v in quantise(tr.average()).items()
             if sum(tr.total[k]) >= floor and any(v)}
    strategy = encode({}, table)
    header: dict[str, object] = {
        "layout": layout_digest(), "seed": seed, "iterations": iterations,
        "check_iterations": min(iterations, CHECK_ITERATIONS), "check_digest": check_digest,
        "seats": list(SEATS), "stacks": list(STACKS), "info_sets": len(table),
        **({"family": family} if family != "equilibrium" else {}),
        "reached": len(tr.total), "seconds": round(time.perf_counter() - t0, 1),
        "strategy_sha256": hashlib.sha256(strategy).hexdigest(),
    }
    return encode(header, table), header


def check_blueprint(path: Path = DATA_FILE) -> list[str]:
    """Problems with a shipped blueprint (empty: all good): it decodes, was trained
    under this layout, its strategy hash matches, every probability list is one per open
    action, and ``CHECK_ITERATIONS`` fresh iterations from its seed reproduce the digest
    the training recorded."""
    try:
        header, table = decode(path.read_bytes())
    except (OSError, ValueError) as e:
        return [f"multiway {path.name}: {e}"]
    problems = []
    if header.get("layout") != layout_digest():
        problems.append("multiway: the abstraction changed since training (retrain)")
    strategy = encode({}, {k: list(v) for k, v in table.items()})
    if hashlib.sha256(strategy).hexdigest() != header.get("strategy_sha256"):
        problems.append("multiway: strategy bytes do not match their hash")
    if not table or any(not any(v) for v in table.values()):
        problems.append("multiway: an information set has no strategy")
    seed, n = header.get("seed"), header.get("check_iterations")
    family = header.get("family", "equilibrium")
    if not isinstance(seed, int) or not isinstance(n, int) or family not in FAMILIES:
        problems.append("multiway: the header lacks the seed or the check iterations, "
                        "or names no known family")
        return problems
    tr = blueprint_trainer(seed, str(family))
    tr.iterate(n)
    if tr.digest() != header.get("check_digest"):
        problems.append(f"multiway: {n} fresh iterations from seed {seed} do not reproduce "
                        "the training's start")
    return problems
