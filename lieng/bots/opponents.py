"""What ``hard`` learns about each seat from the events it observes.

Only public information is used — the actions everyone sees and the hands shown at a
showdown (RULES.md step 8; folded and uncontested hands are never shown, so they are never
learnt). Per seat it keeps:

* how often the seat raises when it acts — a seat that raises every time says little with
  a raise, a seat that rarely raises says a lot;
* how often it folds when it faces a bet — the fold equity a bluff or a bet can count on;
  apart, how often it folds once it has raised that hand itself (a raise war) —
  and how often it raises back instead;
* the strength (share of random hands beaten) of the hands it showed, bucketed by how it
  had played that hand (``line``: only checked, called, raised once, raised more) — so a
  seat that raises with anything is called down, and a seat whose raises (or calls of
  raises) always meant a big hand is respected.

Every estimate starts from the same prior a ``normal`` bot uses and moves away from it only
as evidence accumulates; old evidence is halved once a bucket is full, so a seat that
changes style (or changes player) is re-learnt.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from lieng.engine import (
    PRESETS,
    ActionKind,
    ActionTaken,
    AntePosted,
    Event,
    HandStarted,
    HandView,
    RuleSet,
    Showdown,
    TurnStarted,
)

from .strength import hand_index, strength_row

BINS = 20
"""Strength histogram resolution (shares of random hands beaten, 5 % wide)."""
LINES = 4
"""How a seat played a hand: 0 only checked, 1 put chips in without raising, 2 raised once,
3 raised more than once."""
SIZE_EDGES = (0.15, 0.25, 0.31, 0.36, 0.41, 0.45)
"""Fold statistics by the price faced, owed / (pot + owed) with the bettor's chips in the
pot, cut at these prices: a bet of *b* into *P* is priced b / (P + 2b), so the cuts fall
at about 0.2, ½, 0.8, 1.3, 2.3 and 4.5 pots (the largest raise, 10 pots, is 0.48). The
bins beyond the pot matter: many players call a pot-sized bet with most hands and fold
all but a monster to four pots, and one bin for every bet over 0.75 pots read them as
folding half the time at both."""
SIZE_BINS = len(SIZE_EDGES) + 1
BIG_RAISE_POTS = 1.5
"""A raise lifting the bet level by at least this many pots (the pot before it, antes
included) is *big*: beyond what a pot-sized bluff rounds up to (``normal``'s bluffs are
0.4–0.9 pots times its personality's size, at most 1.3)."""
_PRIOR_RAISE_RATE = 0.2
PRIOR_FOLD_RATE = 0.35
"""A fresh model's fold rate: the heuristic bots scale fold equity by a player's rate
against it."""
_PRIOR_RERAISE_RATE = 0.15
_PRIOR_WEIGHT = 10.0
_SHOWN_PRIOR_WEIGHT = 6.0
_BUCKET_CAP = 400.0


@dataclass(slots=True)
class SeatStats:
    """Counts for one seat (floats: old evidence is decayed by halving)."""

    decisions: float = 0.0
    raises: float = 0.0
    faced: float = 0.0
    folded_faced: float = 0.0
    raised_faced: float = 0.0
    """Bets faced that the seat answered with a raise (a re-raise)."""
    faced_after_raise: float = 0.0
    folded_after_raise: float = 0.0
    """Bets faced, and folded to, once the seat had raised that hand itself: a player
    whose raises are value seldom gives one up, however often it folds a first bet
    (``OpponentModel.fold_chance``)."""
    raised_after_raise: float = 0.0
    """Bets faced once the seat had raised that hand, answered with a raise again: a
    player who re-raises its value every time wins every raise war it is in
    (``SeatStats.war_reraise_rate``)."""
    faced_by_size: list[float] = field(default_factory=lambda: [0.0] * SIZE_BINS)
    folded_by_size: list[float] = field(default_factory=lambda: [0.0] * SIZE_BINS)
    shown: list[list[float]] = field(
        default_factory=lambda: [[0.0] * BINS for _ in range(LINES)])
    shown_n: list[float] = field(default_factory=lambda: [0.0] * LINES)
    called: list[list[float]] = field(
        default_factory=lambda: [[0.0] * BINS for _ in range(SIZE_BINS)])
    """Strength histogram of the hands it showed, by the largest price it called that
    hand (``size_bin``): what it calls a bet of that size with."""
    called_n: list[float] = field(default_factory=lambda: [0.0] * SIZE_BINS)
    big_shown: list[list[float]] = field(default_factory=lambda: [[0.0] * BINS])
    """Strength histogram of the hands it showed after a big raise (``BIG_RAISE_POTS``) in
    that hand: what its big raises are made with (``value_bettor``)."""
    big_shown_n: list[float] = field(default_factory=lambda: [0.0])
    allin_called: list[list[float]] = field(default_factory=lambda: [[0.0] * BINS])
    """Strength histogram of the hands it showed after calling an all-in in that hand
    (its call answered a shove — an all-in that raised by more than half the pot — or
    put its own last chips in at the top price bin): what it risks its stack with when it
    did not choose the size (``habits.calls_allins_light``)."""
    allin_called_n: list[float] = field(default_factory=lambda: [0.0])
    hands: float = 0.0
    """Hands it was dealt into."""
    shoves: float = 0.0
    """Shoves it made by choice: all-ins that raised by more than half the pot (what
    ``MultiwayPlayer.shove_is_a_monster`` reads as the never-do rules' hand, and
    ``habits.shoves_light`` checks against how often such a hand is dealt)."""

    def raise_rate(self) -> float:
        return (self.raises + _PRIOR_RAISE_RATE * _PRIOR_WEIGHT) / (self.decisions + _PRIOR_WEIGHT)

    def reraise_rate(self) -> float:
        """Chance the seat raises back when it faces a bet and does not fold."""
        stayed = self.faced - self.folded_faced
        return ((self.raised_faced + _PRIOR_RERAISE_RATE * _PRIOR_WEIGHT)
                / (stayed + _PRIOR_WEIGHT))

    def war_reraise_rate(self) -> float:
        """Chance the seat raises back when it faces a bet after raising that hand itself
        and does not fold: its re-raise rate (``reraise_rate``) until raise wars show
        otherwise. A tight player who re-raises only with value and then always again
        raises back a second and third time where its first re-raise rate is a third of
        that — and ``hard``, pricing its raise in a war by the first, re-raised it with 7
        points to the last round (docs/BOTS.md "Raised back in a raise war")."""
        stayed = self.faced_after_raise - self.folded_after_raise
        return ((self.raised_after_raise + self.reraise_rate() * _PRIOR_WEIGHT)
                / (stayed + _PRIOR_WEIGHT))

    def fold_rate(self) -> float:
        return ((self.folded_faced + PRIOR_FOLD_RATE * _PRIOR_WEIGHT)
                / (self.faced + _PRIOR_WEIGHT))


def is_shove(action: ActionTaken, pot_before: int) -> bool:
    """An all-in by choice that raised by more than half the pot before it: what
    ``MultiwayPlayer.shove_is_a_monster`` reads as the never-do rules' hand and this model
    counts (``SeatStats.shoves``). A short stack's all-in of a bet or two is a price anyone
    may call, not such a shove."""
    return action.kind is ActionKind.ALL_IN and action.raised and 2 * action.amount > pot_before


def last_raise_big(view: HandView, seat: int) -> bool:
    """Whether ``seat``'s latest raise this hand was big (``BIG_RAISE_POTS``), read from
    the public actions as ``OpponentModel.observe`` reads them."""
    pot = view.rules.table_bet * sum(view.dealt_in)
    level = 0
    big = False
    for a in view.actions:
        if a.seat == seat and a.raised:
            big = a.bet_level - level >= BIG_RAISE_POTS * pot
        pot += a.amount
        level = max(level, a.bet_level)
    return big


def line(raises: int, paid: bool) -> int:
    """The ``LINES`` bucket of a seat that raised ``raises`` times and put chips in or not."""
    return 1 + min(raises, 2) if raises else int(paid)


def size_bin(price: float) -> int:
    return bisect.bisect_right(SIZE_EDGES, price)


class OpponentModel:
    """Per-seat statistics built from ``observe``d events and queried by ``HeuristicBot``."""

    def __init__(self) -> None:
        self.seats: dict[int, SeatStats] = {}
        self._rules: RuleSet = PRESETS["classic"]
        self._facing: dict[int, float] = {}
        """Price (owed / (pot + owed)) faced by a seat whose turn it is, if it owes."""
        self._hand_raises: dict[int, int] = {}
        self._hand_paid: set[int] = set()
        self._hand_called: dict[int, float] = {}
        """Largest price (owed / (pot + owed)) each seat called this hand."""
        self._hand_big: set[int] = set()
        """Seats that made a big raise (``BIG_RAISE_POTS``) this hand."""
        self._hand_allin_called: set[int] = set()
        """Seats that called an all-in this hand."""
        self._shoved = False
        """Whether the bet level now standing was set by a shove: an all-in that raised by
        more than half the pot."""
        self._pot = 0
        self._level = 0

    def reseat(self, moves: dict[int, int]) -> None:
        """Players changed seats (``moves[old] = new``): keep each player's statistics."""
        self.seats = {moves[s]: st for s, st in self.seats.items() if s in moves}

    def sync_rules(self, rules: RuleSet) -> None:
        self._rules = rules

    def stats(self, seat: int) -> SeatStats:
        st = self.seats.get(seat)
        if st is None:
            st = self.seats[seat] = SeatStats()
        return st

    # ------------------------------------------------------------------ learning

    def observe(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self._rules = event.rules
            self._facing.clear()
            self._hand_raises.clear()
            self._hand_paid.clear()
            self._hand_called.clear()
            self._hand_big.clear()
            self._hand_allin_called.clear()
            self._shoved = False
            self._pot = 0
            self._level = 0
            for seat, dealt in enumerate(event.dealt_in):
                if dealt:
                    self.stats(seat).hands += 1
        elif isinstance(event, AntePosted):
            self._pot += event.amount
        elif isinstance(event, TurnStarted):
            owed = event.legal.owed
            if owed > 0:
                self._facing[event.seat] = owed / (self._pot + owed)
        elif isinstance(event, ActionTaken):
            if event.raised and event.bet_level - self._level >= BIG_RAISE_POTS * self._pot > 0:
                self._hand_big.add(event.seat)
            pot_before = self._pot
            self._level = max(self._level, event.bet_level)
            self._pot += event.amount
            if event.amount > 0:
                self._hand_paid.add(event.seat)
            st = self.stats(event.seat)
            st.decisions += 1
            had_raised = self._hand_raises.get(event.seat, 0) > 0
            if event.raised:
                st.raises += 1
                self._hand_raises[event.seat] = self._hand_raises.get(event.seat, 0) + 1
            price = self._facing.pop(event.seat, None)
            if price is not None:
                folded = event.kind is ActionKind.FOLD or event.kind is ActionKind.TIMEOUT
                b = size_bin(price)
                st.faced += 1
                st.faced_by_size[b] += 1
                if had_raised:
                    st.faced_after_raise += 1
                    st.folded_after_raise += folded
                    st.raised_after_raise += not folded and event.raised
                if folded:
                    st.folded_faced += 1
                    st.folded_by_size[b] += 1
                elif event.raised:
                    st.raised_faced += 1
                else:
                    self._hand_called[event.seat] = max(
                        price, self._hand_called.get(event.seat, 0.0))
                    if self._shoved or (event.all_in and size_bin(price) == SIZE_BINS - 1):
                        self._hand_allin_called.add(event.seat)
            if event.raised:
                self._shoved = is_shove(event, pot_before)
                if self._shoved:
                    st.shoves += 1
        elif isinstance(event, Showdown):
            row = strength_row(self._rules)
            for shown in event.hands:
                u = row[hand_index(shown.cards)]
                bucket = line(self._hand_raises.get(shown.seat, 0),
                              shown.seat in self._hand_paid)
                st = self.stats(shown.seat)
                _count(st.shown, st.shown_n, bucket, u)
                price = self._hand_called.get(shown.seat)
                if price is not None:
                    _count(st.called, st.called_n, size_bin(price), u)
                if shown.seat in self._hand_big:
                    _count(st.big_shown, st.big_shown_n, 0, u)
                if shown.seat in self._hand_allin_called:
                    _count(st.allin_called, st.allin_called_n, 0, u)

    # ------------------------------------------------------------------ queries

    def raise_shrink(self, seat: int, base: float) -> float:
        """How much a raise by ``seat`` narrows its range, from its raise frequency."""
        rate = self.stats(seat).raise_rate()
        scale: float = (rate / _PRIOR_RAISE_RATE) ** 0.7
        return min(1.0, max(0.2, base * scale))

    def call_shrink(self, seat: int, base: float) -> float:
        """A call from a seat that rarely folds says little about its hand."""
        rate = self.stats(seat).fold_rate()
        return min(1.0, max(0.5, 1.0 - (1.0 - base) * rate / PRIOR_FOLD_RATE))

    def fold_chance(self, seat: int, base: float, price: float,
                    raised: bool = False) -> float:
        """Chance ``seat`` folds to a bet priced ``price`` (owed / (pot + owed)): what it
        did at that price before, shrunk towards ``base`` while evidence is thin.

        ``raised``: the seat has raised this hand already. Then what it did in that spot
        (``SeatStats.folded_after_raise``) takes over as it is seen: a tight player that
        folds half its first bets and re-raises only with value never folds a raise war,
        and reading it as folding half the time made ``hard`` re-raise it with 7–8 points
        and lose 0.3 B/hand to it (docs/BOTS.md, fifteenth session)."""
        st = self.stats(seat)
        b = size_bin(price)
        # Thin evidence at this price leans on what it did at every price (itself leaning
        # on ``base``): a player who folds to most bets is not assumed average at a size
        # it has seldom faced — which is what our own large value raises made common.
        overall = (st.folded_faced + base * _PRIOR_WEIGHT) / (st.faced + _PRIOR_WEIGHT)
        chance = ((st.folded_by_size[b] + overall * _PRIOR_WEIGHT)
                  / (st.faced_by_size[b] + _PRIOR_WEIGHT))
        if not raised:
            return chance
        return ((st.folded_after_raise + chance * _PRIOR_WEIGHT)
                / (st.faced_after_raise + _PRIOR_WEIGHT))

    def beat_callers(self, seat: int, s: float, prior: float, price: float) -> float:
        """Chance to beat ``seat`` when it calls a bet priced ``price``: the range prior
        (its range narrowed by the fold chance at that price), blended with the hands it
        showed after calling bets of that size. The hands it showed on its line so far
        are not these: a player who checks down weak hands and calls a big bet only with
        a monster made those read a medium hand as ahead of its callers, and ``hard``
        bet the largest raise with it (docs/BOTS.md "How a heuristic bot decides")."""
        st = self.seats.get(seat)
        if st is None:
            return prior
        b = size_bin(price)
        n = st.called_n[b]
        if n <= 0:
            return prior
        return (_SHOWN_PRIOR_WEIGHT * prior + n * _below(st.called[b], s, n)) \
            / (_SHOWN_PRIOR_WEIGHT + n)

    def beat_big_raiser(self, seat: int, s: float, prior: float) -> float:
        """Chance to beat ``seat``'s big raise (``BIG_RAISE_POTS``): ``prior`` blended with
        the hands it showed after such raises (``big_shown``)."""
        st = self.seats.get(seat)
        if st is None or st.big_shown_n[0] <= 0:
            return prior
        n = st.big_shown_n[0]
        return (_SHOWN_PRIOR_WEIGHT * prior + n * _below(st.big_shown[0], s, n)) \
            / (_SHOWN_PRIOR_WEIGHT + n)

    def beat(self, seat: int, s: float, prior: float, view: HandView,
             keep: float = 1.0) -> float:
        """Chance to beat ``seat``: the range prior, blended with the hands it showed
        after playing a hand the way it has played this one so far (``line``).

        With ``keep`` < 1 the question is about the hands that stay in against our bet,
        the top ``keep`` of what it plays on that line — as the prior keeps the top of
        its range. Reading all of the line's hands as the callers (a heads-up player who
        checks down middling hands and calls a raise of several pots only with the top
        tenth) made a medium hand look ahead of them, and ``hard`` bet ten pots with it
        for its first few hundred hands against ``normal``, before the hands shown after
        calling each size (``beat_callers``) took over (docs/BOTS.md "Why normal beat
        hard")."""
        st = self.seats.get(seat)
        if st is None:
            return prior
        raises = sum(1 for a in view.actions if a.seat == seat and a.raised)
        bucket = line(raises, view.bets[seat] > 0)
        n = st.shown_n[bucket]
        if n <= 0:
            return prior
        emp = _below(st.shown[bucket], s, n)
        if keep < 1.0:
            keep = max(keep, 1e-6)
            emp = max(0.0, emp - (1.0 - keep)) / keep
        return (_SHOWN_PRIOR_WEIGHT * prior + n * emp) / (_SHOWN_PRIOR_WEIGHT + n)


def _count(hists: list[list[float]], counts: list[float], i: int, u: float) -> None:
    """One shown hand of strength ``u`` into histogram ``i``; past ``_BUCKET_CAP`` hands
    the histogram is halved, so what a player does lately weighs more."""
    hist = hists[i]
    hist[min(BINS - 1, int(u * BINS))] += 1.0
    counts[i] += 1.0
    if counts[i] > _BUCKET_CAP:
        hists[i] = [h * 0.5 for h in hist]
        counts[i] *= 0.5


def _below(hist: list[float], s: float, n: float) -> float:
    """Share of a strength histogram (``n`` hands) below strength ``s``."""
    pos = s * BINS
    b = min(BINS - 1, int(pos))
    return (sum(hist[:b]) + hist[b] * (pos - b)) / n
