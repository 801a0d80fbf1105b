"""The heuristic bots: ``easy``, ``normal`` and ``hard`` (docs/BOTS.md).

Every decision is a small expected-value comparison over fold, call and a handful of raise
sizes, made from the bot's own view only:

* **Strength** — the exact chance that our hand beats one random hand
  (``strength.strength``, card removal included).
* **Ranges** — each opponent still in is pictured as holding a hand from the top ``X``
  of all hands; their raises and calls this hand (public, ``view.actions``) shrink ``X``.
  Beating a hand drawn from the top ``X`` is ``(s − (1 − X)) / X`` for a hand that beats a
  share ``s`` of random hands. ``hard`` replaces the fixed shrink factors by what each seat
  has been seen to do (``OpponentModel``): how often it raises, how often it gives up to a
  raise, and which hands it showed down after raising.
* **Pot odds** — a call needs equity above ``call / (pot + call)`` plus a margin that grows
  with the players still to act behind us (they may raise again) and shrinks in the last
  round (nothing can come after).
* **Raises** — for a few sizes drawn from the 1–20 × bet range, EV = fold equity × pot +
  (1 − fold equity) × (equity against the calling ranges × final pot − our bet); the best
  size is taken, jittered, so bets vary from hand to hand. Sizes that would leave less than
  a third of the pot behind are not raises but commitments: only the all-in decision (with
  a hand that justifies it, ``SHOVE_STRENGTH``, or a short stack) may make them. Nothing is
  bet beyond what the deepest opponent still in can match (RULES.md step 9 refunds it).
* **Style** — bluffs (raising a weak hand when few players are behind) and slow-plays
  (calling a monster in the early rounds) at level × personality rates, plus a little
  noise on the equity so no bot is predictable.

Never-do rules: never fold when a check is free; never raise when every
opponent still in is all-in (RULES.md step 5 forbids it too); never put the whole stack in
by choice without ``SHOVE_STRENGTH`` — calling an amount that happens to be the whole stack
is a call, judged by pot odds like any call.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from lieng.engine import Action, ActionKind, Event, HandView, Legal

from .base import BaseBot, legal_of
from .habits import AGGRESSOR, MIN_SHOWN, aggressor, raised_showdowns, raises_anything, value_bettor
from .opponents import PRIOR_FOLD_RATE, OpponentModel, last_raise_big, line
from .own_range import OwnRange
from .own_range import key as own_key
from .personality import Personality
from .strength import hand_index, strength_row

SHOVE_STRENGTH = 0.95
"""A bot only moves all-in by choice with a hand that beats at least 95 % of random hands
(in practice sáp, liêng or ảnh), unless its stack is at most half the pot."""


@dataclass(frozen=True, slots=True)
class LevelParams:
    """What separates the levels. Personalities add their offsets on top."""

    call_margin: float
    """Extra equity a call needs over the pot odds (negative: calls too much)."""
    behind_margin: float
    """Extra equity needed per opponent still to act behind us this round."""
    reads_ranges: float
    """0..1: how much the bot narrows opponents' ranges from their actions."""
    count_weight: float
    """0..1: how fully equity accounts for every opponent (0: plays only its own cards)."""
    raise_floor: float
    """Equity against callers below which a value raise is never made."""
    bluff: float
    """Chance to try a bluff raise when the spot allows it."""
    slowplay: float
    """Chance to just call a monster in an early round."""
    noise: float
    """Standard deviation of the noise added to the equity estimate."""
    size_jitter: float
    """Relative jitter on the chosen raise size."""
    models_opponents: bool
    defends: bool = False
    """Heads-up pots: call a bet with at least the top share of its own range that the
    bet's price demands, and no more against a bet bigger than the pot (``_defends``)."""
    big_sizes: bool = False
    """Value raises also weigh 2 and 4 pots and the largest raise (``best_raise``)."""
    raise_back: bool = False
    """Heads-up, a raise's EV counts the chance (from the model) that the opponent raises
    back and we give the raise up (``_raise_ev``)."""
    heads_up_floor: float | None = None
    """``raise_floor`` in a heads-up pot, when it differs (``expert``'s engine: its low
    multiway floor was chosen at six seats and gives heads-up value away)."""
    reraise_read: bool = False
    """Heads-up, a raise made *facing* a bet narrows the range to the share the model sees
    this player keep at that price (``1 −`` its fold chance) times the share of those it
    raises back with (``SeatStats.reraise_rate``), below the usual floor — instead of an
    open raise's narrowing (``read_ranges``). ``expert``'s engine (issue #20's fourteenth
    session: it called the population's re-raises with 7 and 8 points, reading them as
    the top half)."""
    passive: PassiveRead | None = None
    """Heads-up, what changes against an opponent seen to be no aggressor
    (``_passive_read``); None: nothing."""


@dataclass(frozen=True, slots=True)
class PassiveRead:
    """A level heads-up against a player its model has seen make at least ``evidence``
    decisions and raise less than ``max_raise`` of them. ``expert``'s engine: 8
    (``PASSIVE_EVIDENCE``) and ``habits.AGGRESSOR`` — the population's fixed habits,
    ``normal``; ``normal``: only the steal, same gate (issue #20's twelfth session);
    ``hard``: none (``HARD_READ_*`` says why). ``expert``'s was chosen on population
    tune seeds 1–10 (docs/BOTS.md "Adapting to the table", issue #20's tenth session).
    It reads only the model's counts of public actions. The engine plays Local Best
    Response only while its raise rate reads below the lean to the equilibrium, in its
    first few decisions, so the wait (``PASSIVE_EVIDENCE``) keeps LBR from meeting this
    (LBR's figures unchanged)."""

    floor: float
    """The value-raise floor (``raise_floor``) there."""
    slowplay: float
    """The slow-play rate there."""
    fold_prior: tuple[float, float]
    """(base, slope × price) of the fold chance a bet is credited with before the model has
    seen the player fold at that price (``_fold_chance``), instead of ``_FOLD_BASE`` +
    ``_FOLD_SLOPE`` × price: a prior that grows with the price credited a big value bet
    with folds a caller never makes."""
    steal: float | None = None
    """Into an unopened pot, the smallest raise with a weak hand (``steal_below``) when its
    EV (the model's fold chance at its price) beats the check's share of the pot,
    ``equity × pot``, by this many table bets, once the player has faced
    ``STEAL_EVIDENCE`` bets and folded to ``steal_fold`` of them; None: no such steals.
    Aimed at the population's tight, size-aware folders, which fold most of their
    checking range to the cheapest bet (issue #20's eleventh session, docs/BOTS.md)."""
    steal_fold: float = 0.0
    """...and folded to at least this share of them (``SeatStats.fold_rate``)."""
    steal_below: float = 1.0
    """...with a hand weaker than this (share of hands beaten) only."""
    max_raise: float = AGGRESSOR
    """The read applies to a player raising less than this share of its decisions
    (``expert``, ``normal``: ``habits.AGGRESSOR``). A lower bound keeps a read from a player
    who raises more (``HARD_READ_RAISE``: one tried for ``hard``, so that ``expert``
    would not meet it)."""
    evidence: int = 8
    """Decisions of the player before the read may apply (``expert``, ``normal``:
    ``PASSIVE_EVIDENCE``)."""


STEAL_EVIDENCE = 6
"""Bets a passive player must have faced before ``PassiveRead.steal`` may steal from it."""


PASSIVE_EVIDENCE = 8
"""Decisions of a heads-up opponent before ``PassiveRead`` may apply. The engine meets
Local Best Response only while its raise rate reads below ``expert``'s lean to the
equilibrium (0.32): on the tune seed (LBR seed 3, 300 deals) through LBR's third decision,
at 0.18–0.31, never after — 8 leaves twice that. Population tune seeds 1–10: +0.068 with
no wait, +0.055 with 8, +0.022 with 20 (a fresh model's first hands are where the
sloped prior cost most; docs/BOTS.md)."""


_FOLD_BASE = 0.25
_FOLD_SLOPE = 0.7
"""The fold chance a bet is credited with before the model has seen the player fold at
its price: ``_FOLD_BASE + _FOLD_SLOPE × price``."""

HARD_READ_EVIDENCE = 80
HARD_READ_RAISE = 0.13
"""The gate tried for a ``PassiveRead`` of ``hard``'s (80 decisions raising under 13 %;
not shipped, see ``LEVEL_PARAMS``), kept so the measurement can be repeated: ``expert``
must never meet it (its counter-strategy is trained on ``hard``'s play), and as
``hard``'s model reads it ``expert``'s raise rate dipped to 0.087 after 30 decisions,
0.144 after 80 and 0.178 after 120 (twenty 1,500-deal matches, tune keys). Gates of
40 × 0.2, 40 × 0.15, 60 × 0.2 and 40 × 0.12 changed the expert-vs-hard ladder on league
tune seed 1 or 8; 80 × 0.13 changed none of seeds 1–10 but did change report seed 16.
Population tune seeds 1–10: ``expert``'s read at 8 × 0.35 +0.040, 80 × 0.13 +0.011,
120 × 0.15 nothing (docs/BOTS.md, twelfth session)."""


LEVEL_PARAMS: dict[str, LevelParams] = {
    "easy": LevelParams(call_margin=-0.10, behind_margin=0.0, reads_ranges=0.15,
                        count_weight=0.35, raise_floor=0.62, bluff=0.04, slowplay=0.25,
                        noise=0.07, size_jitter=0.5, models_opponents=False),
    "normal": LevelParams(call_margin=0.0, behind_margin=0.02, reads_ranges=1.0,
                          count_weight=1.0, raise_floor=0.56, bluff=0.08, slowplay=0.2,
                          noise=0.025, size_jitter=0.3, models_opponents=False,
                          defends=True, big_sizes=True,
                          # Only the steal: its own floor, slow-plays and fold prior. The
                          # flat prior too lifted its mean to +1.48 (above ``hard``) and
                          # doubled the configurations it lost to (docs/BOTS.md).
                          passive=PassiveRead(floor=0.56, slowplay=0.2,
                                              fold_prior=(_FOLD_BASE, _FOLD_SLOPE),
                                              steal=0.0, steal_fold=0.5, steal_below=0.45)),
    "hard": LevelParams(call_margin=0.0, behind_margin=0.02, reads_ranges=1.0,
                        count_weight=1.0, raise_floor=0.55, bluff=0.10, slowplay=0.25,
                        noise=0.012, size_jitter=0.25, models_opponents=True,
                        defends=True, big_sizes=True, raise_back=True),
    # No ``PassiveRead`` for ``hard``: ``expert``'s behind a gate of 80 decisions under
    # 13 % (``HARD_READ_*``) gained +0.011 on population tune seeds 1–10 but opened
    # against ``expert`` on report ladder seed 16, whose counter-strategy is trained on
    # ``hard``'s play (docs/BOTS.md, twelfth session): taken out.
    # Not a level: the engine ``expert`` plays at 3–6 seats (heads-up, its second arm) —
    # ``hard`` without a human's noise, value raises to a lower floor, fewer bluffs and
    # slow-plays: multiway pots pay value bets (measured, docs/BOTS.md "Expert").
    "expert": LevelParams(call_margin=0.0, behind_margin=0.02, reads_ranges=1.0,
                          count_weight=1.0, raise_floor=0.45, bluff=0.05, slowplay=0.1,
                          noise=0.0, size_jitter=0.1, models_opponents=True,
                          defends=True, big_sizes=True, raise_back=True,
                          heads_up_floor=0.55, reraise_read=True,
                          passive=PassiveRead(floor=0.5, slowplay=0.0,
                                              fold_prior=(PRIOR_FOLD_RATE, 0.0),
                                              steal=0.0, steal_fold=0.5, steal_below=0.45)),
}

# Fixed beliefs of the levels that do not model opponents (and hard's priors).
_RAISE_SHRINK_FIRST = 0.6
_RAISE_SHRINK_AGAIN = 0.85
_CALL_SHRINK = 0.85
_RANGE_FLOOR = 0.2
_BIG_RAISE = 0.15
"""Extra narrowing per pot of raise size above two pots."""
_BIG_RAISE_FLOOR = 0.1
"""Range floor after a raise of three pots or more."""
_RERAISE_FLOOR = 0.05
"""Range floor after a re-raise read by ``LevelParams.reraise_read``: the never-do rules'
top 5 %, the narrowest range a bet alone can show."""
STEAL_FOLD = 0.6
"""``hard`` raises any hand when its model says everyone folds at least this often."""
VALUE_SHOWN = 0.85
"""Mean strength of the hands shown after raising from which ``hard`` reads a player's
bets as all value and stops defending its true range against them (``_bluffs_seen``)."""
BIG_VALUE_TOP = 0.2
"""Share of hands a value bettor (``habits.value_bettor``) is first pictured making a big
raise with: ``normal``'s are its 8 points and up, a fifth of all hands."""
THIN_VALUE = 0.08
"""Largest drop of ``hard``'s value-raise floor against players who never fold."""


class HeuristicBot(BaseBot):
    """A level's bot with a personality; see the module docstring for how it decides."""

    def __init__(self, level: str, rng: random.Random, personality: Personality,
                 name: str) -> None:
        super().__init__(level, rng, name, personality.key)
        self.params = LEVEL_PARAMS[level]
        self.style = personality
        self.model: OpponentModel | None = OpponentModel() if self.params.models_opponents \
            else None
        # ``normal`` models no one; with a ``PassiveRead`` it keeps a model for that read's
        # gate and the steal's evidence alone (``reader``).
        self._read_only: OpponentModel | None = OpponentModel() \
            if self.model is None and self.params.passive is not None else None
        self.own: OwnRange | None = OwnRange() \
            if self.params.defends and self.params.models_opponents else None
        # Sizes beyond the pot's geometry, judged by the fold model like the others: what
        # the opponent pays decides (docs/BOTS.md "How a heuristic bot decides").
        self._big_fracs: tuple[float, ...] = (2.0, 4.0) if self.params.big_sizes else ()

    # ------------------------------------------------------------------ learning

    @property
    def reader(self) -> OpponentModel | None:
        """The model ``PassiveRead`` reads: the bot's own (``hard``, and ``expert``, which
        hands its engine its model after construction) or ``normal``'s read-only one."""
        return self.model if self.model is not None else self._read_only

    def observe(self, event: Event) -> None:
        if self.reader is not None:
            self.reader.observe(event)

    def reseat(self, moves: dict[int, int]) -> None:
        """Players changed seats between hands (``moves[old] = new``, as everyone at the
        table sees); the opponent model follows the players, not the chairs."""
        if self.reader is not None:
            self.reader.reseat(moves)

    # ------------------------------------------------------------------ deciding

    def decide(self, view: HandView, *, record: bool = True) -> Action:
        """The level's action. ``record=False`` asks without noting our hand on its line in
        the own-range record (``own``): the people blueprint's value sizes ask this engine
        what it would do with a strong hand (``expert_multiway._value_size``), and noting
        only those spots — its monsters, whether or not the answer is played — would skew
        what ``_defends`` believes it holds on those lines."""
        legal = legal_of(view)
        me = view.seat
        assert me is not None
        p = self.params
        style = self.style
        rng = self.rng
        rules = view.rules
        row = strength_row(rules)
        s = row[hand_index(view.my_cards)]
        if self.reader is not None:
            self.reader.sync_rules(rules)

        opps = view.opponents_in()
        own_line = self._own_line(view, me)
        if record and self.own is not None and own_line is not None and len(opps) == 1:
            self.own.record(own_line, s)
        ranges = self.read_ranges(view, opps)
        eq = self.equity(s, opps, ranges, view)
        eq = min(1.0, max(0.0, eq + rng.gauss(0.0, p.noise)))

        pot = view.pot
        call = legal.call
        stack = view.stacks[me]
        behind = self._still_to_act(view, opps)
        opps_with_chips = [o for o in opps if view.stacks[o] > 0]
        last_round = view.round >= rules.max_rounds

        # --- calling: pot odds plus a margin for what may still come.
        need = call / (pot + call) if call else 0.0
        margin = p.call_margin + style.tightness
        if not last_round:
            margin += p.behind_margin * len(behind)
        if call and eq < need + margin and not (call >= stack and eq >= need):
            call_ok = False
        else:
            call_ok = True
        if call and p.defends and sum(view.dealt_in) == 2 and self.model is not None \
                and last_raise_big(view, opps[0]) and value_bettor(self.model.stats(opps[0])):
            # A big raise from a player whose big raises are value: the pot odds against
            # that range, not the defence owed to a bluffer — and no re-raise without them.
            # Heads-up tables only (3–6 seats were not measured with it).
            prior = min(1.0, max(0.0, (s - (1.0 - BIG_VALUE_TOP)) / BIG_VALUE_TOP))
            if self.model.beat_big_raiser(opps[0], s, prior) < need:
                return Action.fold()
        elif call and p.defends and len(opps) == 1:
            # Facing more than the pot, only the defence's share goes on — unless the
            # model has seen this player raise with anything (its raise says little).
            strict = legal.owed > pot - legal.owed and not (
                self.model is not None and raises_anything(self.model.stats(opps[0])))
            call_ok = self._defends(view, me, s, own_line if self._bluffs_seen(opps[0])
                                    else None, call_ok, strict)
            if strict and not call_ok:
                return Action.fold()  # no re-raise with a hand that cannot call
        call_ev = eq * (pot + call) - call if call else 0.0

        # --- raising: only with someone left to answer, and only when the rules allow.
        can_raise = bool(legal.raise_k) and bool(opps_with_chips)
        best: tuple[float, Action] | None = None
        if can_raise:
            best = self.best_raise(view, legal, s, opps_with_chips, ranges, pot, stack)
        shove = self._shove(view, legal, s, eq, opps_with_chips, ranges, pot, stack)

        # Slow-play a monster early: just call and let others put chips in.
        monster = s >= 0.95 and eq >= 0.8
        passive = self._passive_read(view, opps)
        if monster and not last_round \
                and rng.random() < self._slowplay_rate(opps_with_chips, passive):
            return Action.call()
        if shove is not None and (best is None or shove[0] >= best[0]):
            return shove[1]
        if best is not None:
            value_ev, action = best
            vs_callers, _ = self._equity_vs_callers(s, opps_with_chips, ranges, view,
                                                           action, legal)
            floor = p.heads_up_floor if p.heads_up_floor is not None \
                and sum(view.dealt_in) == 2 else p.raise_floor
            if passive is not None:
                floor = passive.floor
            floor_ok = vs_callers >= floor - style.aggression \
                - self._thin_value(opps_with_chips)
            if value_ev > max(call_ev if call_ok else 0.0, 0.0) and floor_ok:
                return action
            # A passive player seen to fold half its bets (``PassiveRead.steal``): the
            # smallest raise with a weak hand when it beats the check's share of the pot —
            # a tight, size-aware folder gives up most to the cheapest bet.
            seen = self.reader.stats(opps[0]) if passive is not None \
                and self.reader is not None else None
            if passive is not None and passive.steal is not None and not last_round \
                    and s < passive.steal_below \
                    and not call and not any(view.bets[o] for o in opps) \
                    and seen is not None and seen.faced >= STEAL_EVIDENCE \
                    and seen.fold_rate() >= passive.steal_fold:
                lo = legal.raise_k.start
                steal_ev, _, _ = self._raise_ev(
                    s, opps_with_chips, ranges, view, legal.owed + lo * legal.table_bet,
                    lo * legal.table_bet, pot)
                if steal_ev > eq * pot + passive.steal * legal.table_bet:
                    return Action.raise_(lo)
            # A seat seen to fold most of the time to bets is stolen from with
            # any hand when the model says the raise beats checking or calling — with the
            # smallest raise, which risks least for the same folds.
            # Only into an unopened pot: a player who put chips in holds one of its hands.
            if self.model is not None and not last_round \
                    and not any(view.bets[o] for o in opps):
                lo = legal.raise_k.start
                steal_ev, _, steal_fold = self._raise_ev(
                    s, opps_with_chips, ranges, view, legal.owed + lo * legal.table_bet,
                    lo * legal.table_bet, pot)
                if steal_fold >= STEAL_FOLD and steal_ev > max(call_ev if call_ok else 0.0,
                                                                0.0):
                    return Action.raise_(lo)
            bluff = self._bluff(view, legal, behind, pot, value_ev)
            if bluff is not None:
                return bluff
        if call_ok:
            return Action.call()
        return Action.fold()

    @staticmethod
    def _own_line(view: HandView, me: int) -> int | None:
        """How we have played this hand so far (``own_range.key``: ``opponents.line``, big
        raises apart), None before our first action (then we may hold any hand)."""
        raises = 0
        acted = big = False
        pot = view.rules.table_bet * sum(view.dealt_in)
        level = 0
        for a in view.actions:
            if a.seat == me:
                acted = True
                if a.raised:
                    raises += 1
                    big = a.bet_level - level >= pot  # raised by at least the pot
            pot += a.amount
            level = max(level, a.bet_level)
        return own_key(line(raises, view.bets[me] > 0), big) if acted else None

    def _defends(self, view: HandView, me: int, s: float, own_line: int | None,
                 call_ok: bool, strict: bool) -> bool:
        """Minimum defence, heads-up: a bet of *b* into a pot of *P* makes a bluff pay
        unless we go on with at least P / (P + b) of the hands we can hold here. With
        ``own_line`` (``hard``), those are the hands we have been seen (by ourselves:
        ``OwnRange``) to arrive with on the line we played; without it, all hands narrowed
        by our own raises and calls this hand as we narrow others'. So we always go on
        with that top share — a player cannot win by betting any three cards — and
        against a bet larger than the pot *only* with it: the pot-odds reading of a big
        bet trusted the bettor's range too little, and a best response farmed it by
        shoving good hands into our 8 points (docs/BOTS.md "Local Best Response")."""
        owed = view.owed(me)
        pot = view.pot
        before = max(1, pot - owed)
        share = before / (before + owed)
        s = min(1.0, s - self.style.tightness)
        if own_line is not None and self.own is not None:
            top = self.own.top(own_line, s) <= share
        else:
            mine = 1.0
            raised = False
            for a in view.actions:
                if a.seat != me or a.kind is ActionKind.FOLD or a.kind is ActionKind.TIMEOUT:
                    continue
                if a.raised:
                    mine *= _RAISE_SHRINK_AGAIN if raised else _RAISE_SHRINK_FIRST
                    raised = True
                elif a.amount > 0:
                    mine *= _CALL_SHRINK
            top = s >= 1.0 - share * mine
        return top if strict else call_ok or top

    def _bluffs_seen(self, seat: int) -> bool:
        """Whether to defend our true range against ``seat`` (``_defends``): yes unless the
        model has seen it show only strong hands after raising (at least ``MIN_SHOWN``,
        averaging ``VALUE_SHOWN`` or more) *and* raise seldom — a tight player whose bets
        are all value takes a call of our capped range every time, and the minimum
        defence is only owed to a player who can bluff. An aggressor that shows strong
        hands is choosing which bets we see: LBR re-raised its value small enough to be
        called and shoved its bluffs into our folds (docs/BOTS.md "Where LBR earns")."""
        if self.own is None or self.model is None:
            return False
        st = self.model.stats(seat)
        n, mean = raised_showdowns(st)
        return n < MIN_SHOWN or mean < VALUE_SHOWN or aggressor(st)

    def _passive_read(self, view: HandView, opps: list[int]) -> PassiveRead | None:
        """The level's ``PassiveRead`` when it applies: a heads-up table, one opponent
        left, seen over the read's ``evidence`` decisions to raise less than its
        ``max_raise``."""
        read = self.params.passive
        if read is None or self.reader is None or sum(view.dealt_in) != 2 or len(opps) != 1:
            return None
        return read if self._passive(opps[0]) else None

    def _passive(self, seat: int) -> bool:
        """``seat`` has made the read's ``evidence`` decisions, raising less than its
        ``max_raise`` of them (``expert``: not an aggressor)."""
        read = self.params.passive
        assert self.reader is not None and read is not None
        st = self.reader.stats(seat)
        return st.decisions >= read.evidence and st.raise_rate() < read.max_raise

    def _slowplay_rate(self, opps: list[int], passive: PassiveRead | None = None) -> float:
        """Level × personality rate; ``hard`` mostly slow-plays only when someone still in
        raises often enough to bet for it."""
        level = passive.slowplay if passive is not None else self.params.slowplay
        rate = level * self.style.slowplay
        if self.model is not None and not any(self.model.stats(o).raise_rate() >= 0.3
                                              for o in opps):
            rate *= 0.3
        return rate

    # ------------------------------------------------------------------ ranges

    def read_ranges(self, view: HandView, opps: list[int]) -> dict[int, float]:
        """Top share ``X`` of hands each opponent still in is believed to hold."""
        p = self.params
        x = dict.fromkeys(opps, 1.0)
        raises = dict.fromkeys(opps, 0)
        pot = view.rules.table_bet * sum(view.dealt_in)
        level = 0
        reread = p.reraise_read and self.model is not None and sum(view.dealt_in) == 2
        for a in view.actions:
            seat = a.seat
            if seat in x and a.kind is not ActionKind.FOLD and a.kind is not ActionKind.TIMEOUT:
                owed = level - (a.bet - a.amount)
                floor = _RANGE_FLOOR
                if a.raised:
                    if owed > 0 and reread:
                        shrink = self._reraise_shrink(seat, owed, pot)
                        floor = _RERAISE_FLOOR
                    else:
                        shrink = self._raise_shrink(seat, raises[seat], a.amount, pot,
                                                    a.kind is ActionKind.RAISE)
                    raises[seat] += 1
                elif a.amount > 0:
                    shrink = self._call_shrink(seat)
                else:
                    shrink = 1.0
                shrink = 1.0 - p.reads_ranges * (1.0 - shrink)
                big = a.raised and a.amount >= 3 * pot and self.model is None \
                    and a.kind is ActionKind.RAISE
                if reread:
                    floor = min(floor, x[seat])  # a later action does not widen the read
                x[seat] = max(_BIG_RAISE_FLOOR if big else floor, x[seat] * shrink)
            pot += a.amount
            level = max(level, a.bet_level)
        return x

    def _reraise_shrink(self, seat: int, owed: int, pot: int) -> float:
        """``LevelParams.reraise_read``: the share of its range ``seat`` keeps facing
        ``owed`` into ``pot`` (the model's fold chance at that price) times the share of
        those it raises back with."""
        assert self.model is not None
        price = owed / (pot + owed)
        kept = 1.0 - self.model.fold_chance(seat, _FOLD_BASE + _FOLD_SLOPE * price, price)
        return min(1.0, max(0.0, kept * self.model.stats(seat).reraise_rate()))

    def _raise_shrink(self, seat: int, earlier: int, amount: int, pot: int,
                      sized: bool = True) -> float:
        size = amount / max(pot, 1)
        base = _RAISE_SHRINK_FIRST if earlier == 0 else _RAISE_SHRINK_AGAIN
        # A raise of several pots says much more than a small one (a tight
        # player's maximum raise is sáp or liêng); normal used to call it with 8 points.
        # ``hard`` reads the same from its model (raise frequency, hands shown).
        base = base * (1.1 - 0.1 * min(size, 2.0))
        if self.model is not None:
            return self.model.raise_shrink(seat, base)
        if not sized:
            return base  # an all-in's size is the stack's, not a statement about the hand
        return base / (1.0 + _BIG_RAISE * max(0.0, size - 2.0))

    def _call_shrink(self, seat: int) -> float:
        if self.model is not None:
            return self.model.call_shrink(seat, _CALL_SHRINK)
        return _CALL_SHRINK

    def beat_chance(self, s: float, seat: int, x: float, view: HandView | None = None,
                    keep: float = 1.0) -> float:
        """Chance our hand (share ``s``) beats ``seat`` holding a hand from its top ``x``
        (the top ``keep`` of the hands it plays this way, when the model reads it)."""
        prior = min(1.0, max(0.0, (s - (1.0 - x)) / x))
        if self.model is not None and view is not None:
            return self.model.beat(seat, s, prior, view, keep)
        return prior

    def equity(self, s: float, opps: list[int], ranges: dict[int, float],
               view: HandView | None = None) -> float:
        """Chance our hand (share ``s``) beats every opponent in ``opps`` holding hands
        from ``ranges``. With ``read_ranges``, ``beat_chance`` and ``best_raise`` it is the
        reading that ``expert``'s arms borrow from their engine (``expert``,
        ``expert_multiway``), hence public."""
        p = self.params
        eq = 1.0
        for o in opps:
            eq *= self.beat_chance(s, o, ranges[o], view)
        if p.count_weight < 1.0 and opps:
            # Easy plays mostly its own cards: equity as if against fewer opponents.
            own = self.beat_chance(s, opps[0], ranges[opps[0]], view)
            n_eff = 1.0 + p.count_weight * (len(opps) - 1)
            eq = own ** n_eff
        return eq

    # ------------------------------------------------------------------ raising

    def _fold_chance(self, seat: int, bet: int, pot: int, heads_up: bool = False,
                     raised: bool = False) -> float:
        """Chance ``seat`` gives up to a bet of ``bet`` into ``pot``: the model's, from a
        prior that grows with the price — or, at a heads-up table (``heads_up``) against
        a player ``PassiveRead`` applies to, the prior given there (``expert``: flat, so
        the model does not credit its big value bets with folds a caller never makes).
        ``raised``: ``seat`` has raised this hand, and the model reads what it did to bets
        once it had raised (``OpponentModel.fold_chance``)."""
        frac = bet / (pot + bet)
        read = self.params.passive
        fold_base, fold_slope = read.fold_prior if read is not None and heads_up \
            and self.reader is not None and self._passive(seat) else (_FOLD_BASE, _FOLD_SLOPE)
        base = fold_base + fold_slope * frac
        if self.model is not None:
            base = self.model.fold_chance(seat, base, frac, raised)
        return min(0.92, max(0.0, base))

    def _raise_ev(self, s: float, opps: list[int], ranges: dict[int, float], view: HandView,
                  bet: int, extra: int, pot: int) -> tuple[float, float, float]:
        """(EV, equity against callers, chance all fold) of putting in ``bet`` (``extra``
        over the call)."""
        heads_up = sum(view.dealt_in) == 2
        raisers = {a.seat for a in view.actions if a.raised}
        folds = {o: self._fold_chance(o, extra, pot + bet, heads_up, o in raisers)
                 for o in opps}
        all_fold = 1.0
        for f in folds.values():
            all_fold *= f
        mix = 1.0
        callers = 0.0
        for o in opps:
            f = folds[o]
            x_call = max(_RANGE_FLOOR * 0.5, ranges[o] * (1.0 - f))
            # The hands that call: the top ``1 − f`` of its range at this price, read
            # (``hard``) with the hands it showed on its line (heads-up, the top
            # ``1 − f`` of those), then at a heads-up table
            # with what it showed after calling this size (``beat_callers``), which takes
            # over as it grows. At 3–6 seats that reading cost ``hard`` 4 B/hand at the
            # six-seat table (docs/BOTS.md "Why normal beat hard").
            prior = self.beat_chance(s, o, x_call, view, 1.0 - f if heads_up else 1.0)
            if self.model is not None and heads_up:
                prior = self.model.beat_callers(o, s, prior, extra / (pot + bet + extra))
            mix *= f + (1.0 - f) * prior
            callers += 1.0 - f
        if all_fold >= 0.999:
            return pot, 1.0, all_fold
        win_if_called = (mix - all_fold) / (1.0 - all_fold)
        n_callers = max(1.0, callers / (1.0 - all_fold))
        final_pot = pot + bet + n_callers * extra
        called = win_if_called * final_pot - bet
        ev = all_fold * pot + (1.0 - all_fold) * called
        if self.params.raise_back and self.model is not None and len(opps) == 1:
            # A raise that is raised back is given up unless the hand is a monster: the
            # defence against a big re-raise keeps only the top few percent of a raising
            # range, and LBR shoved over hard's small value raises into those folds
            # (docs/BOTS.md "Where LBR earns"). That share of the stays is worth -bet.
            # In a raise war (the opponent has raised this hand) the chance is what it
            # did in wars: a value re-raiser raises back again nearly every time.
            st = self.model.stats(opps[0])
            back = (1.0 - all_fold) * (st.war_reraise_rate() if opps[0] in raisers
                                       else st.reraise_rate())
            if s < SHOVE_STRENGTH:
                ev -= back * (called + bet)
        return ev, win_if_called, all_fold

    def _equity_vs_callers(self, s: float, opps: list[int], ranges: dict[int, float],
                           view: HandView, action: Action,
                           legal: Legal) -> tuple[float, float]:
        """(equity against the hands that call ``action``, chance every opponent folds)."""
        extra = action.k * legal.table_bet
        bet = legal.owed + extra
        _, vs_callers, all_fold = self._raise_ev(s, opps, ranges, view, bet, extra, view.pot)
        return vs_callers, all_fold

    def _thin_value(self, opps: list[int]) -> float:
        """How much lower ``hard`` sets its value-raise floor against opponents that fold
        less than the prior (a calling station pays off thinner value bets)."""
        if self.model is None or not opps:
            return 0.0
        rate = sum(self.model.stats(o).fold_rate() for o in opps) / len(opps)
        return THIN_VALUE * min(1.0, max(0.0, 1.0 - rate / PRIOR_FOLD_RATE))

    def best_raise(self, view: HandView, legal: Legal, s: float, opps: list[int],
                   ranges: dict[int, float], pot: int,
                   stack: int) -> tuple[float, Action] | None:
        B = legal.table_bet
        ks = legal.raise_k
        lo, hi = ks.start, self._useful_k(view, opps, ks)
        if hi < lo:
            return None
        # Stack depth: a raise that leaves less than a third of the pot behind commits us;
        # that is the shove decision's business, so cap the size below it.
        style = self.style
        candidates = set()
        # Sizes beyond the pot are for players who pay them, not for those who raise back:
        # LBR re-raised ``hard``'s big value raises with better hands and shoved over the
        # rest into its folds (docs/BOTS.md "Where LBR earns").
        big = self._big_fracs if self.model is None or not any(
            aggressor(self.model.stats(o)) for o in opps) else ()
        for frac in (0.25, 0.5, 0.8, 1.2, *big):
            k = round(frac * pot * style.size / B)
            candidates.add(min(hi, max(lo, k)))
        candidates.add(lo)
        if big:
            candidates.add(hi)  # the largest raise: a caller who ignores the size pays it
        best: tuple[float, int] | None = None
        for k in sorted(candidates):
            bet = legal.owed + k * B
            if stack - bet < (pot + bet) / 3 and k > lo:
                continue
            ev = self._raise_ev(s, opps, ranges, view, bet, k * B, pot)[0]
            if best is None or ev > best[0]:
                best = (ev, k)
        if best is None:
            return None
        ev, k = best
        jitter = self.params.size_jitter
        k = round(k * (1.0 + self.rng.uniform(-jitter, jitter)))
        k = min(hi, max(lo, k))
        return ev, Action.raise_(k)

    def _shove(self, view: HandView, legal: Legal, s: float, eq: float, opps: list[int],
               ranges: dict[int, float], pot: int,
               stack: int) -> tuple[float, Action] | None:
        """All-in by choice, only with a hand that justifies it: ``SHOVE_STRENGTH``, or a
        short stack (all-in at most half the pot) whose equity beats the price."""
        all_in = legal.all_in
        if all_in is None or all_in <= legal.call or not opps:
            return None
        me = legal.seat
        reach = max(view.bets[o] + view.stacks[o] for o in opps)
        if legal.raise_k and reach - view.bet_level <= (legal.raise_k.stop - 1) * legal.table_bet \
                and view.bets[me] + all_in > reach:
            return None  # a raise already sets every opponent all-in; the rest would come back
        short = 2 * all_in <= pot
        if s < SHOVE_STRENGTH and not (short and eq >= all_in / (pot + all_in)):
            return None
        extra = all_in - legal.owed
        ev, vs_callers, _ = self._raise_ev(s, opps, ranges, view, all_in, extra, pot)
        if short:
            return ev, Action.all_in()
        committed = stack <= pot or not legal.raise_k
        if vs_callers < 0.6 or (not committed and eq < 0.85):
            return None
        # Not every monster goes all-in at once: a raise keeps others in the pot.
        if not committed and self.rng.random() < 0.35 / self.style.size:
            return None
        return ev, Action.all_in()

    def _bluff(self, view: HandView, legal: Legal, behind: list[int], pot: int,
               value_ev: float) -> Action | None:
        """A raise the hand alone does not justify, at the level × personality rate, when
        the spot is good: few players left, early enough to tell a story, and (hard) a
        positive estimate from its model of who folds."""
        p = self.params
        if view.round > view.rules.max_rounds - 1 and self.model is None:
            return None
        n = len(view.opponents_in())
        if n > 3:
            return None
        rate = p.bluff * self.style.bluff * (1.0 if not behind else 0.6) / n
        if self.model is not None:
            if value_ev <= 0:
                return None
            # Fewer bluffs into players who rarely fold, more into those who often do.
            opps = view.opponents_in()
            fold = sum(self.model.stats(o).fold_rate() for o in opps) / max(1, len(opps))
            rate *= min(2.0, fold / PRIOR_FOLD_RATE)
        if self.rng.random() >= rate:
            return None
        ks = legal.raise_k
        B = legal.table_bet
        hi = self._useful_k(view, [o for o in view.opponents_in() if view.stacks[o] > 0], ks)
        if hi < ks.start:
            return None
        k = round(self.rng.uniform(0.4, 0.9) * pot * self.style.size / B)
        k = min(hi, max(ks.start, k))
        if view.stacks[legal.seat] - legal.owed - k * B < (pot + k * B) / 3:
            return None
        return Action.raise_(k)

    @staticmethod
    def _useful_k(view: HandView, opps: list[int], ks: range) -> int:
        """Largest raise multiple any opponent can still match (stack depth): chips above
        the deepest opponent's stack would only come back (RULES.md step 9), and no player
        at a real table raises more than anyone can call. Below ``ks.start``: pointless."""
        B = view.rules.table_bet
        reach = max((view.bets[o] + view.stacks[o] for o in opps), default=0)
        room = reach - view.bet_level
        if room <= 0:
            return ks.start - 1
        return min(ks.stop - 1, max(ks.start, -(-room // B)))

    # ------------------------------------------------------------------ position

    @staticmethod
    def _still_to_act(view: HandView, opps: list[int]) -> list[int]:
        """Opponents with chips who act after us before the round closes: position."""
        me = view.seat
        assert me is not None
        n = view.n_seats
        out = []
        for i in range(1, n):
            s = (me + i) % n
            if s == view.first:
                break
            if s in opps and view.stacks[s] > 0:
                out.append(s)
        return out
