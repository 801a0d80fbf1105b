"""How ``expert`` plays at 3–6 seats: two shipped multiway blueprints
(``lieng.bots.multiway``) — the *people* blueprint (``python -m lieng.bots.train
--multiway --people``), its value raises sized by the opponent model, against players who
do not raise often, the equilibrium blueprint (``--multiway``) in pots with an aggressor
(docs/BOTS.md "Expert at 3–6 seats").

* **The people blueprint** (``people``, issue #20's twelfth session) plays the pots the
  model's engine played before: external-sampling MCCFR on the same abstraction, with
  four seats in five fixed, nine in ten of those ``mccfr.Person`` (the habits issue #20
  describes for people, drawn from the trainer's rng). The blueprint's key has no
  opponent feature, so what it learns is a response to that mix of people; against the
  six-seat population (tune seeds) it earned more than the engine, which the
  equilibrium blueprint, trained against half the seats fixed and no price-aware folders,
  did not (docs/BOTS.md). The engine stays the fallback when the file is missing and in
  pots with a maniac (``engine_vs_wild``).

* **Value sizes in its pots** (``people_sizes``, issue #20's thirteenth session): the
  abstraction raises ½, 1 or 2 pots, and at three seats two pots is six table bets, where
  the engine raised its 8–9-point hands 16–20 × *B* into the population's callers, who
  pay a raise whatever its size, and won 6.9 and 16.9 *B* a hand with them against the
  blueprint's 2.9 and 10.7 (tune seeds). So a raise the blueprint picks with equity
  against the model's ranges of at least ``VALUE_EQUITY`` takes the size the model
  expects to earn most (``HeuristicBot.best_raise``, the engine's sizing: by what the
  opponents still in are read to pay, smaller against folders); a raise below it (a
  bluff or a thin raise) keeps the blueprint's size, and whether to raise at all stays the
  blueprint's. Its all-in (only with the never-do rules' hand) becomes the engine's
  choice between a raise and the shove when the engine makes one: the blueprint opened
  ảnh, liêng and sáp all-in every time and the population folded, where the engine's
  largest raises were called (+0.15 and +0.17 *B*/hand at three and four seats, tune
  seeds). And when an opponent still in has shown it calls all-ins light
  (``habits.calls_allins_light``: a calling station; the population's people call one
  only from a threshold of 0.75 or more), a value hand takes the engine's shove where
  the never-do rules allow one, since that player pays it with what it beats: against
  ``threshold``, ``threshold`` and ``call`` at four seats the blueprint re-raised 9 points
  where the engine shoved, and gave up 1.2 *B*/hand (tune seeds; the read never fires
  against the population). With it the people blueprint beats the engine at every table size (tune
  seeds, docs/BOTS.md "Thirteenth session"), so it plays from three seats
  (``people_seats``).

* **Which one plays** (``lean``, the heads-up ``ExpertBot._pick_arm``'s lean at 3–6
  seats): in a pot where no opponent still in is an *aggressor* (``habits.aggressor``:
  raises at least ``AGGRESSOR`` of its decisions; a fresh model's prior is none) the
  people blueprint plays the decision (before it, and with ``people`` off, the model's
  engine: ``hard``'s decision code with ``LEVEL_PARAMS["expert"]``); with an aggressor
  in, the equilibrium blueprint. What follows was measured for the engine's lean. The
  engine reads fixed habits and sizes value raises by what they pay, which the
  equilibrium blueprint — close to an equilibrium of its own abstract game — does not:
  against the six-seat population on the tune seeds the
  blueprint alone earned +4.03 *B*/hand, the engine +5.49, this lean +5.37, and the
  blueprint's shortfall was in every hand class (weak hands called and then given up,
  strong hands raised smaller than the callers pay). An aggressor's raises are made to
  push a reader off its hands; that is the blueprint's job, and Local Best Response at
  three seats won no more from the lean than from the blueprint alone (tune seed 4).
  ``hard`` and ``normal`` raise too seldom to be aggressors: they meet the people
  blueprint.

* **A shove by choice** (``shove_is_a_monster``, issue #20's eighth session): facing an
  opponent still in whose all-in this hand raised the bet by more than half the pot before
  it, ``expert`` folds when its hand's chance against that player's top
  ``1 − SHOVE_STRENGTH`` (and the model's ranges of the others) is below the price —
  unless the model reads that player's raises as light: an aggressor (whose pots the
  blueprint plays, trained against wild habits that shove any hand), one whose hands
  shown after raising are weak (``raises_anything``), or one who shoves more often than
  the never-do rules' hand is dealt (``shoves_light``: folding, the read seldom sees a
  shover's cards, so without it a light shover who raises seldom otherwise would take
  every pot it shoves into). The never-do rules of every level
  and of the population's human-like players put the whole stack in by choice only with
  ``SHOVE_STRENGTH`` (docs/BOTS.md), and the engine read such a shove as an ordinary
  raise: at six seats against the population (tune seeds) ``expert`` and ``hard`` called
  it with 9 points and lost 56 *B* a hand there, 0.3 *B*/hand in that spot alone; this
  read took ``expert`` − ``hard`` there from +0.65 to +1.39 *B*/hand (docs/BOTS.md
  "Eighth session"). Before that evidence (``habits.LIGHT_SHOVE_HANDS``), a light
  shover gets folds.
* **Lookup.** ``multiway.view_spot`` keys the real view exactly as the trainer keyed its
  simulated spots (same features, same option list); the action is drawn from the
  average strategy with the bot's rng.
* **Translation.** A raise keeps the *k* the abstraction gave it (½, 1 or 2 pots after
  the call, rounded), capped at what the deepest opponent still in can call — chips
  beyond that would only come back. The trainer's stacks are equal; real stacks are not,
  and the stack feature is ours against the pot, so a short opponent only changes the
  cap. An all-in is offered only with the never-do rules' hand (``multiway.options``).
* **Off the blueprint** (a spot the training reached too seldom to ship): pot odds on the
  win probability against the players still in.
* **Habits** (``adapt``; the opponent model ``expert`` keeps for every seat, read by
  ``lieng.bots.habits`` with the evidence it needs first): the blueprint is played as
  trained unless the players concerned show a habit no balanced player has —

  - facing a raiser who shows only monsters (``tight``), a call becomes a fold when the
    equity against the model's ranges is 5 points short of the price. (Facing a raiser
    of anything the blueprint plays as trained: Local Best Response, which shows its
    called shoves, looked like one, and calling its shoves by the model's wide range was
    its best line — tune seed 4, docs/BOTS.md.)
  - when every opponent still in with chips calls too much or raises anything, a raise
    without the hand for it (equity against their ranges below ½) is a check or call,
    and a value raise takes the size the model expects to earn most — the blueprint's
    sizes are made for players who fold as often as an equilibrium does;
  - in a pot with a *maniac* (``engine_vs_wild``: raises anything and never folds), the
    model's engine (``hard``'s decision code with ``LEVEL_PARAMS["expert"]``) plays the
    hand: on the tune seeds the blueprint lost 2–6 *B*/hand to ``hard`` at tables with
    the always-raise ``maniac`` and the engine took that back (docs/BOTS.md). Nowhere
    else — in particular not against Local Best Response, which also shows weak hands
    after raising (its called bluffs) but folds when its belief says it is behind.
"""

from __future__ import annotations

import random

from lieng.engine import Action, ActionKind, HandView, Legal

from .habits import (
    MIN_EVIDENCE,
    aggressor,
    calls_allins_light,
    habit,
    raises_anything,
    shoves_light,
)
from .heuristic import SHOVE_STRENGTH, HeuristicBot
from .multiway import ALL_IN, CALL, FOLD, PEOPLE_FILE, load_blueprint, view_spot
from .opponents import SeatStats, is_shove
from .strength import hand_index, strength_row, win_probability

PAYING = ("caller", "wild")
"""Habits of players who pay value raises of any size and call bluffs."""
VALUE_EQUITY = 0.5
"""Equity against the model's ranges from which a people-blueprint raise is for value and
takes the model's size (``MultiwayPlayer.people_sizes``)."""
MANIAC_FOLD = 0.1
"""Fold rate to bets at most which a player who raises anything is a maniac (``_maniac``)."""


class MultiwayPlayer:
    """The 3–6-seat decisions of one bot (its rng: same seed, same decisions).

    ``reader`` is the bot's ``HeuristicBot`` whose ``model`` is the bot's opponent model:
    it tells the aggressors (``lean``), plays the pots without one when the people
    blueprint is off or missing, sizes the people blueprint's value raises
    (``people_sizes``), and elsewhere in the blueprints' pots its range reading and fold
    estimates are used only where ``adapt`` finds a habit."""

    adapt: bool = True
    engine_vs_wild: bool = True
    """In pots with a player who raises anything, play the model's engine (docstring)."""
    lean: bool = True
    """The model's engine in pots without an aggressor, the blueprint with one
    (docstring); False: the blueprint in every pot, as measured before this lean."""
    people: bool = True
    """In the pots ``lean`` keeps from the equilibrium blueprint, play the people
    blueprint (docstring); False: the model's engine there, as before issue #20's twelfth
    session (and whenever the people blueprint is missing)."""
    people_seats: int = 3
    """The fewest players dealt in for the people blueprint; at smaller tables (none: the
    multiway player starts at three) the model's engine keeps those pots. Without
    ``people_sizes`` the people blueprint lost to the engine at three, four and five seats
    (tune seeds, −0.68, −0.84, −0.22 *B*/hand) and won at six (+0.58), so it was played
    at six only; with them it wins at every size (docs/BOTS.md "Thirteenth session")."""
    people_sizes: bool = True
    """In the people blueprint's pots a value raise (equity against the model's ranges of
    at least ½) takes the size the model expects to earn most (``best_raise``, as the
    engine sizes), not the abstraction's ½, 1 or 2 pots (docstring)."""
    shove_light: bool = True
    """In the people blueprint's pots, with a value hand and an opponent still in who
    calls all-ins light (``habits.calls_allins_light``), take the engine's shove when it
    makes one (docstring)."""
    shove_read: bool = True
    """Read a shove by choice from a player without light raises as ``SHOVE_STRENGTH``
    (``shove_is_a_monster``); False: as the engine or the blueprint reads any raise."""

    def __init__(self, rng: random.Random, reader: HeuristicBot) -> None:
        self.rng = rng
        self.reader = reader

    def decide(self, view: HandView, legal: Legal) -> Action:
        model = self.reader.model
        if self.shove_read and legal.call > 0 and model is not None \
                and self.shove_is_a_monster(view, legal):
            return Action.fold()
        bp = load_blueprint()
        sizing = False
        if self.lean and model is not None \
                and not any(aggressor(model.stats(o)) for o in view.opponents_in()):
            people = load_blueprint(PEOPLE_FILE) \
                if self.people and sum(view.dealt_in) >= self.people_seats else None
            if people is None:
                model.sync_rules(view.rules)
                return self.reader.decide(view)
            bp = people
            sizing = self.people_sizes
        key, opts = view_spot(view, legal)
        weights = bp.probabilities(key) if bp is not None else None
        if weights is None:
            return pot_odds(view, legal)
        pick = self.rng.random() * sum(weights)
        choice = len(opts) - 1
        for j, w in enumerate(weights):
            pick -= w
            if pick < 0:
                choice = j
                break
        a, k = opts[choice]
        if self.adapt and self.reader.model is not None:
            adapted = self._adapt(view, legal, a)
            if adapted is not None:
                return adapted
        if a == FOLD:
            return Action.fold()
        if a == CALL:
            return Action.call()
        if sizing:
            sized = self._value_size(view, legal, a == ALL_IN)
            if sized is not None:
                return sized
        return _capped(view, legal, a == ALL_IN, k)

    def _value_size(self, view: HandView, legal: Legal, all_in: bool) -> Action | None:
        """A people-blueprint raise made to the model's measure, or None to keep the
        blueprint's (module docstring): with equity against the ranges of the opponents
        still in of at least ``VALUE_EQUITY``, the model's best raise; for the blueprint's
        all-in (the never-do rules' hand), the engine's choice between its raises and
        the shove, when it makes one."""
        model = self.reader.model
        assert model is not None
        model.sync_rules(view.rules)
        if all_in:
            engine = self.reader.decide(view, record=False)
            return engine if engine.kind in (ActionKind.RAISE, ActionKind.ALL_IN) else None
        opps = view.opponents_in()
        with_chips = [o for o in opps if view.stacks[o] > 0]
        if not with_chips or not legal.raise_k:
            return None
        s = strength_row(view.rules)[hand_index(view.my_cards)]
        ranges = self.reader.read_ranges(view, opps)
        if self.reader.equity(s, opps, ranges, view) < VALUE_EQUITY:
            return None
        if self.shove_light and any(calls_allins_light(model.stats(o)) for o in with_chips):
            engine = self.reader.decide(view, record=False)
            if engine.kind is ActionKind.ALL_IN:
                return engine  # into a player who pays a shove with what it beats
        best = self.reader.best_raise(view, legal, s, with_chips, ranges, view.pot,
                                      view.stacks[legal.seat])
        return best[1] if best is not None and best[0] > 0 else None

    def shove_is_a_monster(self, view: HandView, legal: Legal) -> bool:
        """Whether to fold to a shove by choice (module docstring): our chance against the
        shovers' top ``1 − SHOVE_STRENGTH`` and the others' ranges is below the price."""
        model = self.reader.model
        assert model is not None
        opps = view.opponents_in()
        pot = view.rules.table_bet * sum(view.dealt_in)  # the antes
        shovers = set()
        for x in view.actions:
            if x.seat in opps and is_shove(x, pot):
                st = model.stats(x.seat)
                if not aggressor(st) and not raises_anything(st) and not shoves_light(st):
                    shovers.add(x.seat)
            pot += x.amount
        if not shovers:
            return False
        model.sync_rules(view.rules)
        s = strength_row(view.rules)[hand_index(view.my_cards)]
        ranges = self.reader.read_ranges(view, opps)
        top = 1.0 - SHOVE_STRENGTH
        eq = 1.0
        for o in opps:
            eq *= min(1.0, max(0.0, (s - SHOVE_STRENGTH) / top)) if o in shovers \
                else self.reader.beat_chance(s, o, ranges[o], view)
        return eq < legal.call / (view.pot + legal.call)

    def _adapt(self, view: HandView, legal: Legal, a: int) -> Action | None:
        """The habit overrides of the module docstring, or None to play the blueprint."""
        model = self.reader.model
        assert model is not None
        opps = view.opponents_in()
        model.sync_rules(view.rules)
        reader = self.reader
        if self.engine_vs_wild and any(_maniac(model.stats(o)) for o in opps):
            return reader.decide(view)
        s = strength_row(view.rules)[hand_index(view.my_cards)]
        ranges = reader.read_ranges(view, opps)
        eq = reader.equity(s, opps, ranges, view)
        if legal.call > 0:
            last = max((i for i, x in enumerate(view.actions) if x.raised), default=None)
            if last is None or view.actions[last].seat not in opps:
                return None
            raiser = view.actions[last].seat
            st = model.stats(raiser)
            price = legal.call / (view.pot + legal.call)
            if a == CALL and habit(st) == "tight" and eq < price - 0.05:
                return Action.fold()
            return None
        with_chips = [o for o in opps if view.stacks[o] > 0]
        habits = [habit(model.stats(o)) for o in with_chips]
        if not with_chips:
            return None
        if all(h == "folder" for h in habits) and legal.call == 0 and legal.raise_k \
                and a == CALL:
            return Action.raise_(legal.raise_k.start)  # they give the pot up to any bet
        if a in (FOLD, CALL) or not any(h in PAYING for h in habits):
            return None
        if eq < 0.5:
            return Action.call()  # a bluff into a player who pays everything
        if a == ALL_IN or not legal.raise_k or not all(h in PAYING for h in habits):
            return None
        best = reader.best_raise(view, legal, s, with_chips, ranges, view.pot,
                                 view.stacks[legal.seat])
        return best[1] if best is not None and best[0] > 0 else None


def _maniac(st: SeatStats) -> bool:
    """A player whose raises say nothing and who cannot be bluffed: the hands it showed
    after raising are weak (``raises_anything``) and it folds at most ``MANIAC_FOLD`` of
    the ``MIN_EVIDENCE`` or more bets it faced."""
    return raises_anything(st) and st.faced >= MIN_EVIDENCE and st.fold_rate() <= MANIAC_FOLD


def _capped(view: HandView, legal: Legal, all_in: bool, k: int) -> Action:
    """The raise (or all-in) made real, never beyond what the deepest opponent still in
    with chips can match."""
    B = legal.table_bet
    me = legal.seat
    opps = [o for o in view.opponents_in() if view.stacks[o] > 0]
    reach = max(view.bets[o] + view.stacks[o] for o in opps)
    room = reach - view.bet_level
    if all_in:
        if view.bets[me] + view.stacks[me] <= reach or not legal.raise_k:
            return Action.all_in()
        k = legal.raise_k.stop - 1
    ks = legal.raise_k
    if not ks or room <= 0:
        return Action.call()
    cap = max(ks.start, -(-room // B))
    return Action.raise_(max(ks.start, min(k, cap, ks.stop - 1)))


def pot_odds(view: HandView, legal: Legal) -> Action:
    """Call when the win probability against the players still in beats the price."""
    eq = win_probability(view.my_cards, max(1, len(view.opponents_in())), view.rules)
    if legal.call == 0:
        return Action.call()
    return Action.call() if eq >= legal.call / (view.pot + legal.call) else Action.fold()
