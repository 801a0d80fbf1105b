"""Offline training of ``expert``'s heads-up counter-strategy (``counter.py``): a
data-biased response (Johanson & Bowling, AISTATS 2009) to ``hard``'s play as the
abstract game sees it.

    python -m lieng.bots.train_counter --preset classic      # writes expert_counter_classic.bin
    python -m lieng.bots.train_counter --preset v8club       # (and split): one file per preset
    python -m lieng.bots.train_counter --check --preset P    # verify one shipped file
                                                             # (CI: train --check, all of them)

Two steps, both deterministic:

1. **The model.** ``expert`` (counter-strategy off) plays ``hard`` on the league's own
   deals and bots (``league.Task``, tune seeds only: ``--seeds 1-10``, ``--chunks``
   2,500-deal chunks each; the report seeds 11–20 never enter). At each of ``hard``'s
   decisions in a hand the equilibrium played, the hand so far is walked onto the
   100 × B abstract tree (``expert_walk``, the same mapping ``expert`` uses) and the
   abstract action is counted under ``hard``'s hand bucket: *n*(node, action, bucket).
2. **The response.** Discounted CFR on the abstract game (``dcfr.Solver``) with the
   modelled player's strategy fixed, at each node and bucket, to
   ``w · model + (1 − w) · free`` with ``w = PMAX · n / (n + K)``; the free part and the
   responder learn by regret as in ``train``. Solved once with ``hard`` as the first player
   and once as the second; ``expert``'s side of each is the counter-strategy's.
   ``PMAX`` < 1 and ``K`` keep the response from betting everything on a count. On
   tune seeds (docs/BOTS.md "The counter-strategy"), ``K`` 50 and ``PMAX`` 0.5 / 0.7 /
   0.85 raised ``expert`` − ``hard`` on held-out deals from +0.09 to +0.24 / +0.40 /
   +0.60 *B*/hand while a best response to the counter-strategy in the abstract game
   gains 0.14 / 0.28 / 0.58 (the equilibrium: 0.005); 0.7 is shipped as the middle.

Nodes and buckets the response does not reach itself are written as zeros (``expert``
plays the equilibrium there). Needs numpy (``dev`` extra), never imported by the game.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time

import numpy as np
import numpy.typing as npt

from lieng.engine import PRESETS, TIEBREAKS, ActionKind, Hand, shuffled_deck
from lieng.levels import BotKind

from . import league
from .abstraction import FOLD, Tree, bucket_min_strengths, build_tree, hand_buckets
from .counter import DEPTH, DEPTH_INDEX, counter_file, decode, encode, layout
from .dcfr import Solver, dequantise, joint_matrices
from .expert import ExpertBot
from .expert_data import data_file, load_strategy
from .expert_data import decode as decode_strategy
from .expert_walk import step, walk
from .strength import hand_index

F = npt.NDArray[np.float64]
K = 50.0
PMAX = 0.7
ITERATIONS = 200
SEEDS = range(1, 11)
CHUNKS = 4
WALK_SEED = 5
"""Seed of the rng that draws the pseudo-harmonic mapping while counting."""


# ------------------------------------------------------------------------- the model

def count_hard(preset: str, seeds: range, chunks: int) -> F:
    """*n*(node, action, bucket) of ``hard``'s abstract actions against ``expert``'s
    equilibrium (see the module docstring), over ``chunks`` league chunks of each seed."""
    rules = PRESETS[preset]
    B = rules.table_bet
    strat = load_strategy(preset)
    if strat is None:
        raise SystemExit(f"no expert strategy for {preset}: train it first")
    nodes, _ = strat.tree(DEPTH_INDEX)
    A = max(len(nd.actions) for nd in nodes)
    counts = np.zeros((len(nodes), A, strat.nb))
    wrng = random.Random(WALK_SEED)
    lineup: tuple[BotKind, ...] = ("expert", "hard")
    stacks = [league.STACK_BETS * B] * 2
    for seed in seeds:
        for chunk in range(chunks):
            # The league's own deals and bots (``league.play_task``), with the
            # counter-strategy off: the model is of play against the equilibrium.
            base = f"{seed}:{preset}:{','.join(lineup)}:{chunk}"
            deal_rng = random.Random(f"{seed}:{preset}:2:{chunk}:deal")
            bots = [[league._make(kind, random.Random(f"{base}:{r}:{p}"), "calm")
                     for p, kind in enumerate(lineup)] for r in range(2)]
            for replay in bots:
                expert = replay[0]
                assert isinstance(expert, ExpertBot)
                expert.counter = False
            orders = league.seatings(2)
            for d in range(league.CHUNK):
                deal_no = chunk * league.CHUNK + d
                order = orders[deal_no % len(orders)]
                deck = shuffled_deck(deal_rng)
                hands = [deck[3 * s:3 * s + 3] for s in range(2)]
                for r in range(2):
                    rotated = [hands[(s + r) % 2] for s in range(2)]
                    first = (deal_no % 2 - r) % 2
                    hand = Hand(rules, stacks, first, deck=league._deck_for(rotated, first))
                    seat_bots = [bots[r][order[s]] for s in range(2)]
                    seen = []
                    while not hand.is_over:
                        seat = hand.to_act
                        assert seat is not None
                        view = hand.view_for(seat)
                        action = seat_bots[seat].decide(view)
                        if order[seat] == 1:
                            seen.append((walk(view, nodes, wrng), view))
                        hand.act(seat, action)
                    me = order.index(0)
                    expert = seat_bots[me]
                    assert isinstance(expert, ExpertBot)
                    played_equilibrium = expert._arm == 0
                    for s in range(2):
                        for event in hand.events_for(s):
                            seat_bots[s].observe(event)
                    if not played_equilibrium:
                        continue
                    actions = hand.view_for(me).actions
                    for path, view in seen:
                        if path is None:
                            continue
                        k = len(view.actions)
                        taken = actions[k]
                        node = nodes[path]
                        if taken.kind in (ActionKind.FOLD, ActionKind.TIMEOUT):
                            a = next(i for i, (kind, _) in enumerate(node.actions)
                                     if kind == FOLD)
                        else:
                            pot = 2 * B + sum(x.amount for x in actions[:k])
                            level = max([0, *(x.bet_level for x in actions[:k])])
                            child = step(wrng, nodes, path,
                                          taken.bet_level - level if taken.raised else 0, pot)
                            if child is None:
                                continue
                            a = node.children.index(child)
                        counts[path, a, strat.buckets[hand_index(view.my_cards)]] += 1
    return counts


# ------------------------------------------------------------------------- the response

class DataBiasedSolver(Solver):
    """``dcfr.Solver`` with ``modelled``'s strategy pinned towards ``model`` by
    ``weight`` (per node and bucket) at its nodes: ``w · model + (1 − w) · free``."""

    def __init__(self, tree: Tree, P: F, M: F, bucket_min: list[float], modelled: int,
                 model: F, weight: F) -> None:
        super().__init__(tree, P, M, bucket_min)
        theirs = np.array([nd.player == modelled for nd in tree.nodes])
        self.pin = np.where(theirs[:, None], weight, 0.0)[:, None, :]
        self.model = model

    def mixed(self, sigma: F) -> F:
        """What is played: the pinned part the model's, the rest the regrets'. The base
        solver's iteration values each node by this and takes regrets against ``sigma``."""
        return self.pin * self.model + (1.0 - self.pin) * sigma

    def reached_average(self) -> F:
        """The average strategy, zero where the responder never came (``ssum`` empty)."""
        total = self.ssum.sum(1, keepdims=True)
        return np.where(total > 1e-12, self.ssum / np.where(total > 1e-12, total, 1.0), 0.0)


def equilibrium_slice(preset: str, solver: Solver) -> F:
    """The shipped equilibrium at ``DEPTH`` (nodes numbered as ``build_tree((DEPTH,))``)."""
    _, _, strategy = decode_strategy(data_file(preset).read_bytes())
    full = build_tree()
    sigma = dequantise(full, strategy, solver.nb, solver.A)
    root = full.roots[DEPTH_INDEX]
    return np.where(solver.mask, sigma[root:root + solver.n], 0.0)


def respond(preset: str, counts: F, k: float, pmax: float, iterations: int,
            log: bool = False) -> tuple[F, dict[str, object]]:
    """The counter-strategy (both positions, one array) and the header figures: for each
    position, the value against the model (model where seen, the equilibrium elsewhere)
    of the equilibrium and of the response, and what a best response gains against the
    response (its exploitability there), × B per hand."""
    rules = PRESETS[preset]
    tree = build_tree((DEPTH,))
    buckets, nb = hand_buckets(rules)
    P, M = joint_matrices(rules, buckets, nb)
    lo = bucket_min_strengths(rules)
    plain = Solver(tree, P, M, lo)
    eq = equilibrium_slice(preset, plain)
    seen = counts.sum(1, keepdims=True)
    model = np.where(plain.mask, np.where(seen > 0, counts / np.maximum(seen, 1.0), eq), 0.0)
    weight = pmax * seen[:, 0, :] / (seen[:, 0, :] + k)
    p0 = np.array([nd.player == 0 for nd in tree.nodes])[:, None, None]
    out = np.zeros_like(eq)
    figures: dict[str, object] = {}
    for me in (0, 1):
        solver = DataBiasedSolver(tree, P, M, lo, 1 - me, model, weight)
        solver.iterate(iterations)
        ours = (p0 if me == 0 else ~p0)
        response = solver.reached_average()
        out = np.where(ours, response, out)
        played = np.where(ours, np.where(response.sum(1, keepdims=True) > 0, response, eq), eq)

        sign = 1.0 if me == 0 else -1.0
        v_eq = sign * plain.game_value(np.where(ours, eq, model))[0]
        v_resp = sign * plain.game_value(np.where(ours, played, model))[0]
        exploit = plain.best_response_values(played)[0][1 - me]
        figures[f"p{me}"] = {"equilibrium_vs_model": round(v_eq, 4),
                             "response_vs_model": round(v_resp, 4),
                             "best_response_gain": round(exploit, 4)}
        if log:
            print(f"  expert as P{me}: {figures[f'p{me}']}", flush=True)
    return out, figures


def quantise(tree: Tree, sigma: F) -> bytes:
    """Probabilities as bytes, node by node, action by action, bucket by bucket (the
    layout ``counter.CounterStrategy`` reads); all-zero where ``sigma`` is zero."""
    out = bytearray()
    for i, nd in enumerate(tree.nodes):
        out += np.rint(sigma[i, :len(nd.actions)] * 255.0).astype(np.uint8).tobytes()
    return bytes(out)


def train(preset: str, seeds: range, chunks: int, k: float, pmax: float, iterations: int,
          log: bool = True) -> tuple[bytes, dict[str, object]]:
    t0 = time.perf_counter()
    counts = count_hard(preset, seeds, chunks)
    took_model = time.perf_counter() - t0
    if log:
        print(f"  model: {int(counts.sum())} of hard's decisions counted "
              f"({took_model:.0f} s)", flush=True)
    sigma, figures = respond(preset, counts, k, pmax, iterations, log)
    tree = build_tree((DEPTH,))
    strategy = quantise(tree, sigma)
    header, _, _ = decode_strategy(data_file(preset).read_bytes())
    out: dict[str, object] = {
        "preset": preset, "depth": DEPTH, "buckets": sigma.shape[2], "nodes": len(tree.nodes),
        "seeds": f"{seeds.start}-{seeds.stop - 1}", "chunks": chunks, "k": k, "pmax": pmax,
        "iterations": iterations, "decisions_counted": int(counts.sum()),
        "model_sha256": hashlib.sha256(counts.tobytes()).hexdigest(),
        "equilibrium_sha256": header.get("strategy_sha256"),
        "figures": figures, "strategy_sha256": hashlib.sha256(strategy).hexdigest(),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    return encode(out, strategy), out


def check(preset: str) -> list[str]:
    """Problems with the shipped counter-strategy (empty: all good): it is there (at run
    time a missing file silently means the plain equilibrium), it decodes, its
    strategy matches its hash and the ``DEPTH`` tree; it was trained against the shipped
    equilibrium (a retrained equilibrium makes the model stale); every node and bucket
    sums to one or is empty (the equilibrium plays there); no forbidden all-in
    (the never-do rule, ``abstraction.shove_allowed``) has any weight."""
    path = counter_file(preset)
    if not path.is_file():
        return [f"counter {preset}: {path.name} is missing (expert would play the plain "
                f"equilibrium; train it: python -m lieng.bots.train_counter --preset {preset})"]
    try:
        header, strategy = decode(path.read_bytes())
    except (OSError, ValueError) as e:
        return [f"counter {preset}: {path.name} cannot be read ({e}; retrain it)"]
    problems = []
    if hashlib.sha256(strategy).hexdigest() != header.get("strategy_sha256"):
        problems.append(f"counter {preset}: strategy bytes do not match their hash")
    eq_header, _, _ = decode_strategy(data_file(preset).read_bytes())
    if eq_header.get("strategy_sha256") != header.get("equilibrium_sha256"):
        problems.append(f"counter {preset}: trained against another equilibrium (retrain)")
    rules = PRESETS[preset]
    tree = build_tree((DEPTH,))
    _, nb = hand_buckets(rules)
    _, size = layout(tree.nodes, nb)
    if header.get("nodes") != len(tree.nodes) or header.get("buckets") != nb \
            or len(strategy) != size:
        return [*problems, f"counter {preset}: does not fit the {DEPTH} × B tree (retrain)"]
    solver = Solver(tree, np.eye(nb), np.zeros((nb, nb)), bucket_min_strengths(rules))
    sigma = np.zeros((len(tree.nodes), solver.A, nb))
    pos = 0
    for i, nd in enumerate(tree.nodes):
        a = len(nd.actions)
        sigma[i, :a] = np.frombuffer(strategy, np.uint8, a * nb, pos).reshape(a, nb)
        pos += a * nb
    total = sigma.sum(1)
    if np.any((total > 0) & (np.abs(total - 255.0) > 4.0)):
        problems.append(f"counter {preset}: probabilities that do not sum to one")
    if np.any(np.where(solver.mask, 0.0, sigma) > 0):
        problems.append(f"counter {preset}: weight on an all-in the never-do rule forbids")
    return problems


def expert_presets() -> tuple[str, ...]:
    """The presets a counter-strategy can be trained for: those whose ``expert``
    equilibrium is shipped (the model is of play against it, the response solves it)."""
    return tuple(p for p in TIEBREAKS if data_file(p).is_file())


def _seeds(text: str) -> range:
    lo, _, hi = text.partition("-")
    try:
        a, b = int(lo), int(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds are A-B or A, not {text!r}") from None
    if not 1 <= a <= b:
        raise argparse.ArgumentTypeError(f"seeds are A-B with 1 <= A <= B, not {text!r}")
    return range(a, b + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lieng.bots.train_counter",
                                     description="Train or check expert's counter-strategy.")
    parser.add_argument("--preset", choices=expert_presets(), default="classic",
                        help="tie-break preset (those with an expert strategy)")
    parser.add_argument("--seeds", type=_seeds, default=SEEDS,
                        help="league seeds the model is counted on (tune seeds: 1-10)")
    parser.add_argument("--chunks", type=int, default=CHUNKS)
    parser.add_argument("--k", type=float, default=K)
    parser.add_argument("--pmax", type=float, default=PMAX)
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--check", action="store_true", help="verify the shipped file")
    parser.add_argument("--dry-run", action="store_true", help="do not write the file")
    args = parser.parse_args(argv)
    if args.check:
        problems = check(args.preset)
        for p in problems:
            print("FAIL", p)
        print(f"checked the {args.preset} counter-strategy: {'ok' if not problems else 'FAILED'}")
        return 1 if problems else 0
    if args.chunks < 1 or args.iterations < 1 or args.k <= 0 or not 0 < args.pmax <= 1:
        parser.error("--chunks and --iterations >= 1, --k > 0, 0 < --pmax <= 1")
    print(f"{args.preset}: model on seeds {args.seeds.start}-{args.seeds.stop - 1} × "
          f"{args.chunks} chunks, K {args.k}, PMAX {args.pmax}, {args.iterations} iterations",
          flush=True)
    data, header = train(args.preset, args.seeds, args.chunks, args.k, args.pmax,
                         args.iterations)
    print({k: header[k] for k in ("seconds", "decisions_counted", "figures", "strategy_sha256")})
    if not args.dry_run:
        counter_file(args.preset).write_bytes(data)
        print(f"wrote {counter_file(args.preset)} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
