"""The ``expert`` bot: plays an equilibrium of the abstract game, computed
offline by ``python -m lieng.bots.train`` and shipped as ``expert_<preset>.bin``, bent
towards the habits its opponent model sees (``_tilt``, ``_pick_arm``).

How a real hand is played with an abstract strategy (docs/BOTS.md "Expert"):

* **Units.** Amounts are scaled so the real starting pot (every dealt-in player's ante)
  equals the abstract one (2): heads-up one abstract unit is one table bet *B*.
* **Depth.** The effective stack (ours against the deepest opponent still in, behind the
  ante) picks the nearest solved depth (by ratio).
* **The opponents' actions.** Heads-up, each real action is one abstract action. (With
  ``field_core``, at 3–6 seats the other players are one opponent, "the field":
  everything they do between two of our turns is one field action — a raise to the
  highest bet level reached, or a check or call. By default ``expert`` plays
  ``expert_multiway`` there instead: the people blueprint in pots without an aggressor
  (its value raises sized by the model), the equilibrium multiway blueprint in pots with
  one.) Raises become abstract raises by their
  size as a share of the pot, with Ganzfried & Sandholm's pseudo-harmonic mapping between
  the two nearest abstract sizes (drawn with the bot's rng, so a size between two
  abstract ones is read as either).
* **Our hand.** Heads-up its bucket is looked up (shipped, one byte per hand). Against
  ``n`` opponents (``field_core``), the hand is played like the heads-up hand with the same
  chance to win (``win_probability(cards, n)``): beating the field is what the showdown
  asks.
* **Our action.** The abstract action is drawn from the mixed strategy with the bot's rng
  and made real: a raise keeps its size as a share of the pot, rounded to a legal *k* and
  capped at what the deepest opponent can still call; an all-in stays an all-in only with
  the hand the never-do rules ask for (``SHOVE_STRENGTH``, or a short stack).
* **Off the tree.** When the real hand leaves the abstract tree (an action the tree has no
  counterpart for), the bot plays pot odds on its win probability.
* **The counter-strategy.** Heads-up at 100 × *B*, against an opponent whose raise rate
  sits in ``hard``'s band (``_counter_for``), the weights come from ``counter.py``'s
  computed response to ``hard``'s play instead of the equilibrium; Local Best Response
  never enters the band, so it meets the equilibrium as before.
"""

from __future__ import annotations

import bisect
import random

from lieng.engine import Action, Event, HandEnded, HandView, Legal

from .abstraction import ALL_IN, CALL, FOLD, RAISE, Node, nearest_depth
from .base import BaseBot, legal_of
from .counter import DEPTH_INDEX, load_counter
from .expert_data import load_strategy
from .expert_multiway import MultiwayPlayer
from .expert_walk import walk
from .habits import (
    MIN_EVIDENCE,
    MIN_SHOWN,
    STEAL_FOLD,
    TIGHT_SHOWN,
    WILD_SHOWN,
    habit,
    raised_showdowns,
)
from .heuristic import SHOVE_STRENGTH, HeuristicBot
from .opponents import OpponentModel, SeatStats
from .personality import PERSONALITIES
from .strength import hand_index, strength_row, win_probability

WARMUP = 150
"""Hands each arm must have played before ``_pick_arm`` compares their results."""
FOLDER = 0.68
EXPLORE = 0.05
EXPLORE_AFTER = 300
"""Hands played heads-up before ``EXPLORE`` starts: the comparison needs ``WARMUP``
equilibrium hands, some 3,000 hands at 5 %, so starting at hand 300 delays it by a tenth
and spares a short session the equilibrium's costly first hands (docs/BOTS.md)."""
SURE = 1.0
"""Standard errors by which ``hard``'s engine must have out-earned the equilibrium before
it takes over (``_pick_arm``): per-hand results swing by ten table bets, so a plain "who
won more" comparison picks the wrong arm against a close opponent about half the time."""
STATION_FOLD = 0.15
"""Fold rate to bets below which ``expert`` stops bluffing and value-raises big."""
VALUE_OVERRIDE = True
VALUE_SIZING = 0.7
"""Hands from this strength have their value raises sized by the opponent model."""
VALUE_STRENGTH = 0.8
"""Hands (share of random hands beaten, multiway: win probability) worth a big value raise
against a player who never folds."""


LEAN_AGGRESSOR = 0.32
"""Raise rate from which heads-up ``expert`` plays the untilted equilibrium
(``_pick_arm``): a little below ``habits.AGGRESSOR`` (0.35). Once ``hard`` stopped
raising medium hands into a caller's strong calls (issue #20's fifth session), its raise
rate against ``expert`` hovered around 0.35 and the engine played many of its hands:
``expert`` − ``hard`` fell from +0.14 to +0.03 on tune seeds 1–10, back to +0.13 with
this threshold (docs/BOTS.md "Why normal beat hard and expert heads-up")."""


def _equilibrium_for(st: SeatStats) -> bool:
    """Whether a heads-up opponent gets the untilted equilibrium: it raises often enough
    (``LEAN_AGGRESSOR``) that its raises are made to push a reader off its hands."""
    return st.raise_rate() >= LEAN_AGGRESSOR


COUNTER_EVIDENCE = 40
"""Decisions a heads-up opponent must have made before the counter-strategy may play it."""
COUNTER_MAX_RAISE = 0.45
"""Raise rate below which a heads-up aggressor gets the counter-strategy (``_counter_for``)."""


def _counter_for(st: SeatStats) -> bool:
    """Whether a heads-up opponent gets the counter-strategy (``counter.py``) instead of
    the equilibrium: it leans the equilibrium's way (``LEAN_AGGRESSOR``) but raises less
    than ``COUNTER_MAX_RAISE`` of at least ``COUNTER_EVIDENCE`` decisions — the band
    ``hard`` sits in against ``expert`` (0.33–0.36), from whose play the response was
    computed. Local Best Response raises 66–76 % of its decisions and passes 0.45
    within its first few, so against it the gate never opens and ``expert`` plays the
    equilibrium exactly as before the counter-strategy existed (docs/BOTS.md; a test
    checks it)."""
    return st.decisions >= COUNTER_EVIDENCE and LEAN_AGGRESSOR <= st.raise_rate() \
        < COUNTER_MAX_RAISE


LUCK_BINS = 20
"""Strength bins of the control variate that takes the cards' luck out of the arms'
results (``observe``)."""
class ExpertBot(BaseBot):
    """Plays the shipped equilibrium strategy; see the module docstring."""

    exploit: bool = True
    """Tilt the equilibrium against habits the opponent model has seen (``_tilt``)."""
    field_core: bool = False
    """At 3–6 seats, play the heads-up core against "the field" instead of ``hard``'s
    engine — measured weaker (docs/BOTS.md), kept so the measurement can be repeated."""
    arms: bool = True
    """Choose between the equilibrium and ``hard``'s engine by results (``_pick_arm``)."""
    counter: bool = True
    """Heads-up at 100 × B, play the counter-strategy instead of the equilibrium against
    an opponent in ``_counter_for``'s band (off while its training data is collected)."""
    shove_read: bool = True
    """Heads-up too, fold to a shove by choice from a player without light raises unless
    the hand beats the never-do rules' range at the price (``MultiwayPlayer``'s read,
    docs/BOTS.md "A shove by choice"); False: each arm reads it as any raise."""

    def __init__(self, rng: random.Random, name: str = "Cao thủ",
                 personality: str | None = None) -> None:
        super().__init__("expert", rng, name, personality)
        self.model = OpponentModel()
        self._arm: int | None = None
        self._seat: int | None = None
        self._bet = 1
        self._results: list[list[float]] = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
        """Per arm: chips won (× B) beyond what our hand's strength usually wins, their sum
        of squares, and hands played."""
        self._by_strength = [[0.0, 0.0] for _ in range(LUCK_BINS)]
        """Per strength bin: chips won (× B) and hands, whichever arm played them."""
        self._bin = 0
        # Reads ranges from the model exactly as ``hard`` does (same model object).
        self._reader = HeuristicBot("expert", rng, PERSONALITIES["calm"], name)
        self._reader.model = self.model
        self._multiway = MultiwayPlayer(rng, self._reader)

    def observe(self, event: Event) -> None:
        """Public actions and shown hands feed the same opponent model ``hard`` uses; a
        hand's result is credited to the way it was played (``_pick_arm``)."""
        self.model.observe(event)
        if isinstance(event, HandEnded) and self._arm is not None and self._seat is not None \
                and self._seat < len(event.net):
            won = event.net[self._seat] / self._bet
            luck = self._by_strength[self._bin]
            # The hand's own strength explains much of its result; what is left compares
            # the arms with less noise (a control variate; the arm was chosen before, and
            # independently of, the cards' strength).
            usual = luck[0] / luck[1] if luck[1] else 0.0
            luck[0] += won
            luck[1] += 1
            won -= usual
            arm = self._results[self._arm]
            arm[0] += won
            arm[1] += won * won
            arm[2] += 1
            self._arm = None

    def _pick_arm(self, opps: list[int]) -> int:
        """Heads-up, each hand is played by one of two arms: 0 the equilibrium (with its
        tilts), 1 the model's engine (``hard``'s, sharpened: ``LEVEL_PARAMS["expert"]``),
        which takes more from players with habits but can itself be exploited.

        Which one leans in: against an *aggressor* — a player who raises at least
        ``LEAN_AGGRESSOR`` of its decisions, whatever hands it shows — the equilibrium, played
        untilted (``decide``), because such a player's raises are made to push a reader
        off its hands, and the engine reads raises: Local Best Response, which shows its
        bluffs when called and so looked like a maniac, farmed the engine by shoving over
        its raises (docs/BOTS.md "Where LBR earns"). Against everyone else the engine,
        from the first hand (the model's priors are no aggressor): against the population
        the equilibrium's first hands cost 0.5 *B*/hand (tune seeds). Measured
        (docs/BOTS.md): the equilibrium beats ``hard`` where the engine breaks even, the
        engine beats ``normal``, ``easy`` and the fixed habits by far more than the
        equilibrium.

        Results can
        overrule the lean: once each arm has played ``WARMUP`` hands, the other arm takes
        over if it has out-earned the lean by ``SURE`` standard errors (luck of the cards
        taken out, ``observe``). While the engine plays, ``EXPLORE`` of the hands go to
        the equilibrium so the comparison stays current; the equilibrium needs no such
        watch (it cannot lose much, and the lean follows the model, whose old evidence
        fades) — and engine hands mixed in cost a bet each against ``hard``, which steals
        from the equilibrium's folds and finds the engine folding to its steals.
        Against a known folder (fold rate at least ``FOLDER`` over ``MIN_EVIDENCE`` faced
        bets) the engine plays at once."""
        stats = [self.model.stats(o) for o in opps]
        if stats and min(st.faced for st in stats) >= MIN_EVIDENCE \
                and min(st.fold_rate() for st in stats) >= FOLDER:
            return 1
        (s0, q0, n0), (s1, q1, n1) = self._results
        if not stats:
            return 0
        lean = 0 if all(_equilibrium_for(st) for st in stats) else 1
        best = lean
        if min(n0, n1) >= WARMUP:
            m0, m1 = s0 / n0, s1 / n1
            var = max(0.0, q0 / n0 - m0 * m0) / n0 + max(0.0, q1 / n1 - m1 * m1) / n1
            gain = m1 - m0 if lean == 0 else m0 - m1
            if gain > SURE * var ** 0.5:
                best = 1 - lean
        if best == 0:
            return 0  # the equilibrium needs no watching: the lean follows the model
        if n0 + n1 < EXPLORE_AFTER:
            return 1
        return 1 if self.rng.random() >= EXPLORE else 0

    def reseat(self, moves: dict[int, int]) -> None:
        """Players changed seats between hands: the model follows the players."""
        self.model.reseat(moves)

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        me = view.seat
        assert me is not None
        rules = view.rules
        strat = load_strategy(rules.tiebreak)
        opps = view.opponents_in()
        if strat is None or not opps:
            return self._pot_odds(view, legal)
        if sum(view.dealt_in) > 2 and not self.field_core:
            # 3–6 seats: the engine or the multiway blueprint (docs/BOTS.md "Expert at 3–6
            # seats").
            return self._multiway.decide(view, legal)
        if self.shove_read and legal.call > 0 \
                and self._multiway.shove_is_a_monster(view, legal):
            # The engine reads a shove as an ordinary raise (about the top half) and paid
            # the population's never-do shoves with 9 points: 100 B each time (docs/BOTS.md
            # "Fourteenth session"). An aggressor's shove is not read so: the equilibrium's.
            return Action.fold()
        if self._arm is None:
            self._arm = self._pick_arm(opps) if self.arms else 0
            self._seat = me
            self._bet = rules.table_bet
            strength = strength_row(rules)[hand_index(view.my_cards)]
            self._bin = min(LUCK_BINS - 1, int(strength * LUCK_BINS))
        if self._arm == 1:
            return self._reader.decide(view)
        B = rules.table_bet
        dealt = sum(view.dealt_in)
        scale = 2.0 / (dealt * B)  # abstract units per chip
        deepest = max(view.start_stacks[o] for o in opps)
        eff = (min(view.start_stacks[me], deepest) - B) * scale
        if eff < 1.0:
            return self._pot_odds(view, legal)
        d = nearest_depth(eff)
        nodes, _ = strat.tree(d)
        path = walk(view, nodes, self.rng)
        if path is None:
            return self._pot_odds(view, legal)
        node = nodes[path]
        if len(opps) == 1 and dealt == 2:
            bucket = strat.buckets[hand_index(view.my_cards)]
        else:
            eq = win_probability(view.my_cards, len(opps), rules)
            bucket = max(0, bisect.bisect_right(strat.bucket_floor, eq) - 1)
        weights = strat.probabilities(d, path, bucket)
        if self.counter and d == DEPTH_INDEX and dealt == 2 \
                and _counter_for(self.model.stats(opps[0])):
            table = load_counter(rules.tiebreak, strat.nb)
            countered = table.probabilities(path, bucket) if table is not None else None
            if countered is not None:
                weights = countered
        # Against an aggressor the equilibrium is played as computed: LBR farmed the tilts
        # (a value raise sized up by the model left hands the equilibrium folds to a shove
        # over it: +19 B each time, docs/BOTS.md "Where LBR earns").
        exploit = self.exploit and not all(_equilibrium_for(self.model.stats(o))
                                           for o in opps)
        if exploit:
            self.model.sync_rules(rules)
            weights = self._tilt(view, node, weights, strat.bucket_floor[bucket], opps)
        total = sum(weights)
        if total <= 0:
            return self._pot_odds(view, legal)
        pick = self.rng.random() * total
        choice = len(weights) - 1
        for a, w in enumerate(weights):
            pick -= w
            if pick < 0:
                choice = a
                break
        kind, amount = node.actions[choice]
        if exploit and (kind == RAISE or (kind == CALL and VALUE_OVERRIDE)):
            sized = self._value_size(view, legal, opps, kind == CALL)
            if sized is not None:
                return sized
        return self._realise(view, legal, node, kind, amount, scale)

    # ------------------------------------------------------------------ exploitation

    def _tilt(self, view: HandView, node: Node, weights: list[float], hand: float,
              opps: list[int]) -> list[float]:
        """The equilibrium's action weights, bent towards a best response where the
        opponent model has enough evidence of a habit:

        * players who fold to bets far more than an equilibrium would (``STEAL_FOLD``):
          every check becomes the smallest raise, and so does every bluff — they give the
          pot up to any size;
        * players who almost never fold (calling stations, maniacs, shovers): no raise
          without a hand (bluffs only lose), and a hand worth a value raise
          (``hand`` ≥ ``VALUE_STRENGTH``) takes the largest size — they pay it anyway.

        * players who raise far more or far less than a balanced player: ``_facing_bet``.

        Below ``MIN_EVIDENCE`` decisions (faced bets, for the fold habits) per opponent the
        equilibrium is played as is.
        """
        stats = [self.model.stats(o) for o in opps]
        if not stats:
            return weights
        out = list(weights)
        call = next(a for a, (k, _) in enumerate(node.actions) if k == CALL)
        legal = view.legal
        assert legal is not None
        if legal.call > 0 and node.actions[0][0] == FOLD \
                and min(st.decisions for st in stats) >= MIN_EVIDENCE:
            self._facing_bet(view, out, call, opps, stats, legal)
        if min(st.faced for st in stats) < MIN_EVIDENCE:
            return out
        fold = min(st.fold_rate() for st in stats)
        raises = [a for a, (k, _) in enumerate(node.actions) if k in (RAISE, ALL_IN)]
        if not raises:
            return out
        if fold >= STEAL_FOLD and hand < VALUE_SIZING and any(
                a.seat in opps and a.amount > 0 for a in view.actions):
            # A player who folds most hands to a bet and still put chips in holds one of
            # the few it keeps: a bluff will not move it.
            out[call] += sum(out[a] for a in raises)
            for a in raises:
                out[a] = 0.0
            return out
        if fold >= STEAL_FOLD and node.owed == 0:
            out[raises[0]] += out[call]
            out[call] = 0.0
            if hand < VALUE_SIZING:
                # A folder folds to the smallest bet as to any: bluffs cost least small.
                for a in raises[1:]:
                    out[raises[0]] += out[a]
                    out[a] = 0.0
        elif max(st.fold_rate() for st in stats) <= STATION_FOLD:
            raise_mass = sum(out[a] for a in raises)
            for a in raises:
                out[a] = 0.0
            if hand >= VALUE_STRENGTH:
                biggest = max((a for a in raises if node.actions[a][0] == RAISE),
                              default=raises[-1])
                out[biggest] = raise_mass + out[call]
                out[call] = 0.0
            else:
                out[call] += raise_mass
        return out

    def _value_size(self, view: HandView, legal: Legal, opps: list[int],
                    instead_of_call: bool = False) -> Action | None:
        """The size of a value raise the equilibrium chose to make, against opponents the
        model knows: the size ``hard``'s model expects to earn most (how often they fold
        at each price, what they call with). The equilibrium's sizes are made for a
        balanced opponent; the issue's habits call any size with their range, or fold
        every size alike, and then bigger value bets simply earn more."""
        s = strength_row(view.rules)[hand_index(view.my_cards)]
        if s < VALUE_SIZING or not legal.raise_k:
            return None
        with_chips = [o for o in opps if view.stacks[o] > 0]
        if not with_chips or min(self.model.stats(o).faced for o in with_chips) < MIN_EVIDENCE:
            return None
        if not all(habit(self.model.stats(o)) for o in with_chips):
            return None
        reader = self._reader
        ranges = reader.read_ranges(view, opps)
        me = legal.seat
        best = reader.best_raise(view, legal, s, with_chips, ranges, view.pot, view.stacks[me])
        if best is None or best[0] <= 0:
            return None
        if instead_of_call:
            if s < VALUE_STRENGTH:
                return None
            eq = reader.equity(s, opps, ranges, view)
            if best[0] <= eq * (view.pot + legal.call) - legal.call + 0.5 * legal.table_bet:
                return None
        return best[1]

    def _facing_bet(self, view: HandView, out: list[float], call: int, opps: list[int],
                    stats: list[SeatStats], legal: Legal) -> None:
        """Against players who raise far more or far less than anyone balanced would,
        the equilibrium's reading of a raise is wrong: a maniac's or a shover's raise is
        any hand, a tight player's is sáp or liêng — which the hands they showed after
        raising tell (mean strength at most ``WILD_SHOWN`` or at least ``TIGHT_SHOWN``,
        over ``MIN_SHOWN`` showdowns). There the call-or-fold choice follows
        the pot odds against the range ``hard``'s model reads (raise frequency, hands shown
        after the same line) instead."""
        shown = [raised_showdowns(st) for st in stats]
        if any(n < MIN_SHOWN for n, _ in shown):
            return
        wild = max(m for _, m in shown) <= WILD_SHOWN
        tight = min(m for _, m in shown) >= TIGHT_SHOWN
        if not (wild or tight):
            return
        reader = self._reader
        s = strength_row(view.rules)[hand_index(view.my_cards)]
        ranges = reader.read_ranges(view, opps)
        eq = reader.equity(s, opps, ranges, view)
        need = legal.call / (view.pot + legal.call)
        if wild and eq >= need + 0.02 and out[0] > 0:
            out[call] += out[0]
            out[0] = 0.0
        elif tight and eq < need - 0.05 and out[call] > 0:
            out[0] += out[call]
            out[call] = 0.0

    # ------------------------------------------------------------------ translation

    def _walk(self, view: HandView, nodes: list[Node]) -> int | None:
        """The abstract node matching the hand so far (``expert_walk.walk``)."""
        return walk(view, nodes, self.rng)

    def _realise(self, view: HandView, legal: Legal, node: Node, kind: str, amount: int,
                 scale: float) -> Action:
        """A legal real action for the abstract ``kind``/``amount`` chosen at ``node``."""
        if kind == FOLD:
            return Action.call() if legal.call == 0 else Action.fold()
        if kind == CALL:
            return Action.call()
        B = legal.table_bet
        opps = [o for o in view.opponents_in() if view.stacks[o] > 0]
        if kind == ALL_IN:
            me = legal.seat
            reach = max((view.bets[o] + view.stacks[o] for o in opps), default=0)
            beyond = view.bets[me] + (legal.all_in or 0) > reach and bool(legal.raise_k) \
                and reach - view.bet_level <= (legal.raise_k.stop - 1) * legal.table_bet
            # Chips beyond what anyone can call only come back: a raise that sets the
            # deepest opponent all-in says the same.
            if legal.all_in is not None and legal.all_in > legal.call and opps \
                    and not beyond and self._may_shove(view, legal):
                return Action.all_in()
            return self._raise(view, legal, legal.raise_k.stop - 1 if legal.raise_k else 0,
                               opps)
        frac = (amount - node.owed) / node.pot
        k = round(frac * view.pot / B)
        return self._raise(view, legal, k, opps)

    @staticmethod
    def _raise(view: HandView, legal: Legal, k: int, opps: list[int]) -> Action:
        ks = legal.raise_k
        if not ks or not opps:
            return Action.call()
        B = legal.table_bet
        reach = max(view.bets[o] + view.stacks[o] for o in opps)
        room = reach - view.bet_level
        if room <= 0:
            return Action.call()
        hi = min(ks.stop - 1, max(ks.start, -(-room // B)))
        return Action.raise_(min(hi, max(ks.start, k)))

    @staticmethod
    def _may_shove(view: HandView, legal: Legal) -> bool:
        s = strength_row(view.rules)[hand_index(view.my_cards)]
        return s >= SHOVE_STRENGTH or 2 * (legal.all_in or 0) <= view.pot

    def _pot_odds(self, view: HandView, legal: Legal) -> Action:
        """Off the abstract tree: call when the win probability beats the price."""
        eq = win_probability(view.my_cards, max(1, len(view.opponents_in())), view.rules)
        if legal.call == 0:
            return Action.call()
        return Action.call() if eq >= legal.call / (view.pot + legal.call) else Action.fold()
