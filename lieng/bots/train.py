"""Offline training of the ``expert`` strategy: Discounted CFR on the abstract
heads-up game of ``lieng.bots.abstraction``, written as numpy array passes.

    python -m lieng.bots.train --preset classic --seed 1            # writes expert_classic.bin
    python -m lieng.bots.train --check                             # CI: verify the shipped files
                                                                   # (the counter-strategy too)
    python -m lieng.bots.train --multiway --seed 1                  # 3–6 seats: expert_multiway.bin
    python -m lieng.bots.train --multiway --people --seed 1         # expert_multiway_people.bin
    python -m lieng.bots.train --preset classic --curve docs/expert-exploitability.png

It needs numpy, as its solver (``lieng.bots.dcfr``, where the method is explained) and
``lieng.bots.train_counter`` do, and matplotlib for ``--curve``: both are in the ``dev``
extra, never imported by the game.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

from lieng.engine import PRESETS, TIEBREAKS

from . import mccfr, multiway
from .abstraction import (
    DEPTHS,
    FIRST_SIZES,
    LATER_SIZES,
    Tree,
    bucket_min_strengths,
    build_tree,
    hand_buckets,
)
from .counter import COUNTER_PRESETS
from .dcfr import ALPHA, BETA, GAMMA, F, Solver, dequantise, joint_matrices
from .expert_data import MAGIC, data_file, decode, encode

DEFAULT_ITERATIONS = 500
LEAGUE_DEPTH = 100
"""The depth whose exploitability is reported (the league's 100 × B stacks)."""


# ------------------------------------------------------------------------- training

def inputs_digest(tree: Tree, buckets: list[int], P: F, M: F) -> str:
    """Hash of everything the strategy was trained on (tree shape, buckets, matrices)."""
    h = hashlib.sha256()
    h.update(repr([(nd.player, nd.depth, nd.bets, nd.actions) for nd in tree.nodes]).encode())
    h.update(bytes(buckets))
    h.update(np.round(P, 12).tobytes())
    h.update(np.round(M, 12).tobytes())
    return h.hexdigest()


def quantise(tree: Tree, sigma: F) -> bytes:
    """Probabilities as bytes 0..255, node by node, action by action, bucket by bucket,
    only for the node's actions (the layout ``expert`` reads)."""
    out = bytearray()
    for i, nd in enumerate(tree.nodes):
        q = np.rint(sigma[i, :len(nd.actions)] * 255.0).astype(np.uint8)
        out += q.tobytes()
    return bytes(out)


def setup(preset: str) -> tuple[Tree, list[int], int, Solver]:
    rules = PRESETS[preset]
    tree = build_tree()
    buckets, nb = hand_buckets(rules)
    P, M = joint_matrices(rules, buckets, nb)
    return tree, buckets, nb, Solver(tree, P, M, bucket_min_strengths(rules))


def train(preset: str, iterations: int, seed: int, curve_every: int = 0,
          log: bool = True) -> tuple[bytes, dict[str, object], list[tuple[int, float]]]:
    t0 = time.perf_counter()
    tree, buckets, nb, solver = setup(preset)
    league = DEPTHS.index(LEAGUE_DEPTH)
    curve: list[tuple[int, float]] = []
    done = 0
    while done < iterations:
        step = min(curve_every or iterations, iterations - done)
        solver.iterate(step)
        done += step
        if curve_every:
            e = solver.exploitability(solver.average())[league]
            curve.append((done, e * 1000.0))
            if log:
                print(f"  {done:5d} iterations: exploitability {e * 1000:.1f} mB/hand "
                      f"({time.perf_counter() - t0:.0f} s)", flush=True)
    sigma = solver.average()
    expl = solver.exploitability(sigma)
    header: dict[str, object] = {
        "preset": preset, "iterations": iterations, "seed": seed, "algorithm": "DCFR",
        "alpha": ALPHA, "beta": BETA, "gamma": GAMMA, "buckets": nb,
        "depths": list(DEPTHS), "first_sizes": list(FIRST_SIZES),
        "later_sizes": list(LATER_SIZES), "nodes": len(tree.nodes),
        "inputs": inputs_digest(tree, buckets, solver.P, solver.M),
        "exploitability_mb": {str(d): round(e * 1000.0, 2) for d, e in
                              zip(DEPTHS, expl, strict=True)},
        "value_p0_mb": {str(d): round(v * 1000.0, 2) for d, v in
                        zip(DEPTHS, solver.game_value(sigma), strict=True)},
        "seconds": round(time.perf_counter() - t0, 1),
    }
    strategy = quantise(tree, sigma)
    sizes = [len(nd.actions) * nb for nd in tree.nodes]
    header["depth_offsets"] = [sum(sizes[:r]) for r in tree.roots]
    header["strategy_sha256"] = hashlib.sha256(strategy).hexdigest()
    return encode(header, bytes(buckets), strategy), header, curve


def check(presets: tuple[str, ...], iterations: int = 30) -> list[str]:
    """Problems with the shipped files (empty: all good). For each preset: the file
    decodes and its strategy hash matches; the tree, buckets and showdown matrices rebuilt
    now hash to what it was trained on; a best response to the shipped (quantised)
    strategy gains no more than the file says (+ rounding slack); and ``iterations`` fresh
    DCFR iterations reproduce the start of training (deterministic)."""
    problems = []
    for preset in presets:
        path = data_file(preset)
        try:
            header, buckets, strategy = decode(path.read_bytes())
        except (OSError, ValueError) as e:
            problems.append(f"{preset}: {e}")
            continue
        tree, fresh_buckets, nb, solver = setup(preset)
        if bytes(fresh_buckets) != buckets:
            problems.append(f"{preset}: hand buckets differ from a fresh build")
        digest = inputs_digest(tree, fresh_buckets, solver.P, solver.M)
        if digest != header.get("inputs"):
            problems.append(f"{preset}: the abstraction changed since training (retrain)")
        if hashlib.sha256(strategy).hexdigest() != header.get("strategy_sha256"):
            problems.append(f"{preset}: strategy bytes do not match their hash")
        sigma = dequantise(tree, strategy, nb, solver.A)
        expl = solver.exploitability(np.where(solver.mask, sigma, 0.0))
        claimed = header.get("exploitability_mb")
        assert isinstance(claimed, dict)
        for d, gain in zip(DEPTHS, expl, strict=True):
            if gain * 1000.0 > float(claimed[str(d)]) + 5.0:
                problems.append(f"{preset}: depth {d} exploitable by {gain * 1000:.1f} "
                                f"mB/hand, file says {claimed[str(d)]}")
        solver.iterate(iterations)
        if not solver.exploitability(solver.average())[DEPTHS.index(LEAGUE_DEPTH)] > 0:
            problems.append(f"{preset}: a fresh run does not reproduce a sane start")
    return problems


def plot_curve(curves: dict[str, list[tuple[int, float]]], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    for preset, pts in curves.items():
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=preset)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("DCFR iterations")
    ax.set_ylabel("exploitability (milli-bets per hand)")
    ax.set_title(f"expert: best response to the heads-up abstract strategy, {LEAGUE_DEPTH} × B")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def check_counters(presets: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(the presets whose counter-strategy was checked, the problems found): every one of
    ``presets`` that ships a counter (``COUNTER_PRESETS``) — a missing file is a problem
    here, where the bot would quietly play the plain equilibrium."""
    from . import train_counter  # it builds on this module's solver

    countered = [p for p in COUNTER_PRESETS if p in presets]
    problems: list[str] = []
    for preset in countered:
        problems += train_counter.check(preset)
    return countered, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lieng.bots.train",
                                     description="Train or check the expert strategy.")
    parser.add_argument("--preset", choices=(*TIEBREAKS, "all"), default="all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None,
                        help=f"DCFR iterations (default {DEFAULT_ITERATIONS}); with "
                             f"--multiway MCCFR iterations (default {mccfr.DEFAULT_ITERATIONS})")
    parser.add_argument("--multiway", action="store_true",
                        help="train the 3–6 seat blueprint (external-sampling MCCFR) "
                             "instead of the heads-up strategies")
    parser.add_argument("--people", action="store_true",
                        help="with --multiway: train the people blueprint (mostly fixed "
                             "human-like seats, played in pots without an aggressor; default "
                             f"{mccfr.PEOPLE_ITERATIONS} iterations) instead")
    parser.add_argument("--check", action="store_true",
                        help="verify the shipped strategy files and exit")
    parser.add_argument("--curve", type=Path, default=None,
                        help="also record exploitability along the way and plot it here")
    parser.add_argument("--curve-every", type=int, default=50)
    parser.add_argument("--dry-run", action="store_true", help="do not write the file")
    args = parser.parse_args(argv)
    presets: tuple[str, ...] = TIEBREAKS if args.preset == "all" else (args.preset,)
    if args.check:
        t0 = time.perf_counter()
        problems = check(presets) + mccfr.check_blueprint() \
            + mccfr.check_blueprint(multiway.PEOPLE_FILE)
        countered, counter_problems = check_counters(presets)
        problems += counter_problems
        for p in problems:
            print("FAIL", p)
        counters = (f"the {', '.join(countered)} counter-strateg"
                    f"{'ies' if len(countered) > 1 else 'y'}" if countered
                    else "no counter-strategy")
        print(f"checked {', '.join(presets)}, {counters} and the multiway blueprints in "
              f"{time.perf_counter() - t0:.1f} s: {'ok' if not problems else 'FAILED'}")
        return 1 if problems else 0
    if args.multiway:
        family = "people" if args.people else "equilibrium"
        iterations = args.iterations or (mccfr.PEOPLE_ITERATIONS if args.people
                                         else mccfr.DEFAULT_ITERATIONS)
        print(f"multiway {family}: {iterations} MCCFR iterations, seed {args.seed}",
              flush=True)
        data, header = mccfr.train_blueprint(args.seed, iterations, progress=True,
                                             family=family)
        print(json.dumps(header))
        if not args.dry_run:
            out = multiway.PEOPLE_FILE if args.people else multiway.DATA_FILE
            out.write_bytes(data)
            print(f"wrote {out} ({len(data)} bytes)")
        return 0
    args.iterations = args.iterations or DEFAULT_ITERATIONS
    curves: dict[str, list[tuple[int, float]]] = {}
    for preset in presets:
        print(f"{preset}: {args.iterations} DCFR iterations, seed {args.seed}", flush=True)
        data, header, curve = train(preset, args.iterations, args.seed,
                                    args.curve_every if args.curve else 0)
        curves[preset] = curve
        print(json.dumps({k: header[k] for k in ("seconds", "exploitability_mb",
                                                 "value_p0_mb", "buckets", "nodes",
                                                 "strategy_sha256")}))
        if not args.dry_run:
            data_file(preset).write_bytes(data)
            print(f"wrote {data_file(preset)} ({len(data)} bytes)")
    if args.curve:
        plot_curve(curves, args.curve)
        print(f"wrote {args.curve}")
    return 0


__all__ = ["MAGIC", "Solver", "check", "check_counters", "joint_matrices", "main", "train"]

if __name__ == "__main__":
    sys.exit(main())
