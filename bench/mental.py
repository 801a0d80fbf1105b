"""Mental-poker deal: time and bytes per hand (docs/PERFORMANCE.md, "Mental-poker deal").

Runs the whole deal of lieng/deal for 2–6 persons (and the host's dealer when bots are
dealt in), timing every step each party computes: its shuffle and proof, its check of
each other party's shuffle, its unlock pass step and the checks of the others'. From
those measured durations it computes the deal time **with each party on its own
machine** — the issue's target — by replaying the protocol's dependencies:

* party ``j`` shuffles as soon as party ``j−1``'s deck has reached it (a fixed one-way
  latency through the host, ``--latency``); it checks every other shuffle when its CPU is
  free, its own shuffle first;
* party ``j`` unlocks once it has checked every shuffle and the unlock steps before its
  own (unlocking an unchecked deck could decrypt for a cheat);
* a party's cards are readable once every unlock step is in and checked.

The host machine runs the hosting player's seat (seat 0), the dealer and the referee's
checks in one process; seat 0 relies on the referee's check there (one check, not two).
Everything else is one process per machine. The last column, "one machine", is every
party's work done in a row on this machine — the time a test pays.

    python bench/mental.py [--deals 3] [--latency 0.001]
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lieng.deal import group as g
from lieng.deal import wire
from lieng.deal.mental import (
    DEALER,
    DealSetup,
    DealState,
    PartySecret,
    deal_positions,
)

T = TypeVar("T")


def timed(f: Callable[[], T]) -> tuple[T, float]:
    t = time.perf_counter()
    out = f()
    return out, time.perf_counter() - t


@dataclass
class Measured:
    """One deal's measured durations (seconds) and wire sizes (bytes of step text)."""

    parties: tuple[int, ...]
    prove: dict[int, float] = field(default_factory=dict)
    check: dict[int, float] = field(default_factory=dict)
    unlock: dict[int, float] = field(default_factory=dict)
    check_unlock: dict[int, float] = field(default_factory=dict)
    read: dict[int, float] = field(default_factory=dict)
    sizes: dict[int, int] = field(default_factory=dict)


def measure(persons: int, bots: int) -> Measured:
    seats = persons + bots
    parties = (*range(persons), DEALER)
    setup = DealSetup(1, secrets.token_bytes(32), parties, deal_positions(0, [True] * seats))
    secs = {p: PartySecret(p) for p in parties}
    state = DealState(setup)
    m = Measured(parties)
    for p in parties:
        t0 = time.perf_counter()
        text = wire.encode_shuffle(secs[p].shuffle(state))
        t1 = time.perf_counter()
        state.accept_shuffle(wire.decode_shuffle(p, text))
        m.prove[p], m.check[p] = t1 - t0, time.perf_counter() - t1
        m.sizes[p] = len(text)
    for p in parties:
        t0 = time.perf_counter()
        text = wire.encode_unlock(secs[p].unlock(state))
        t1 = time.perf_counter()
        state.accept_unlock(wire.decode_unlock(p, text))
        m.unlock[p], m.check_unlock[p] = t1 - t0, time.perf_counter() - t1
        m.sizes[p] += len(text)
    for p in parties:
        t0 = time.perf_counter()
        secs[p].my_cards(state)
        m.read[p] = time.perf_counter() - t0
    return m


def machine_of(party: int) -> int:
    """Seat 0 and the dealer share the host's machine (machine 0)."""
    return 0 if party == DEALER else party


def schedule(m: Measured, latency: float) -> float:
    """When the last party can read its cards, each machine doing its own work in turn."""
    parties = m.parties
    machines = sorted({machine_of(p) for p in parties})
    free = dict.fromkeys(machines, 0.0)
    arrived: dict[int, float] = {}   # shuffle j's deck reaches every machine
    checked: dict[tuple[int, int], float] = {}  # (machine, step) → shuffle checked by
    pending = {mc: list(parties) for mc in machines}

    def check_until(mc: int, until: float) -> None:
        """Check the shuffles that have arrived, in order, while the CPU is free before
        ``until`` (a check started goes on to its end)."""
        queue = pending[mc]
        while queue and queue[0] in arrived and max(free[mc], arrived[queue[0]]) < until:
            j = queue.pop(0)
            own = machine_of(j) == mc
            start = max(free[mc], arrived[j])
            free[mc] = start + (0.0 if own else m.check[j])
            checked[(mc, j)] = free[mc]

    ready = 0.0
    for j in parties:
        mc = machine_of(j)
        check_until(mc, ready)
        start = max(free[mc], ready)
        done = start + m.prove[j]
        free[mc] = done
        arrived[j] = done + 2 * latency   # to the host, then on to everyone
        ready = arrived[j]
    for mc in machines:
        check_until(mc, float("inf"))
    all_checked = {mc: free[mc] for mc in machines}
    hops = dict.fromkeys(machines, 0.0)  # every unlock step so far in and checked
    for j in parties:
        mc = machine_of(j)
        done = max(all_checked[mc], hops[mc]) + m.unlock[j]
        arrival = done + 2 * latency
        for other in machines:
            if other != mc:
                hops[other] = max(hops[other], arrival, all_checked[other]) \
                    + m.check_unlock[j]
        hops[mc] = max(hops[mc], done)
    return max(hops[machine_of(p)] + m.read[p] for p in parties)


def serial(m: Measured) -> float:
    return sum(m.prove.values()) + sum(m.check.values()) + sum(m.unlock.values()) \
        + sum(m.check_unlock.values()) + sum(m.read.values())


def hand_bytes(m: Measured) -> tuple[int, int]:
    """Bytes a client receives per deal (everyone's steps but its own, as JSON frames
    of about 60 bytes' envelope each) and bytes the host sends in all."""
    envelope = 60
    per_step = {p: s + 2 * envelope for p, s in m.sizes.items()}
    persons = [p for p in m.parties if p != DEALER]
    received = max(sum(v for q, v in per_step.items() if q != p) for p in persons)
    sent = sum(sum(v for q, v in per_step.items() if q != p) for p in persons)
    return received, sent


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--latency", type=float, default=0.001, help="one-way, seconds")
    args = p.parse_args()
    g.generators(52)  # the cached generators, as in a running game
    rows = []
    for persons, bots in ((2, 0), (3, 0), (4, 2), (6, 0), (5, 1)):
        runs = [measure(persons, bots) for _ in range(args.deals)]
        rows.append({
            "persons": persons, "bots": bots, "parties": len(runs[0].parties),
            "deal_s_own_machines": round(statistics.median(
                schedule(r, args.latency) for r in runs), 3),
            "one_machine_s": round(statistics.median(serial(r) for r in runs), 3),
            "shuffle_ms": round(1000 * statistics.median(
                v for r in runs for p, v in r.prove.items() if p != DEALER), 1),
            "check_shuffle_ms": round(1000 * statistics.median(
                v for r in runs for p, v in r.check.items() if p != DEALER), 1),
            "lock_ms": round(1000 * statistics.median(r.prove[DEALER] for r in runs), 1),
            "check_lock_ms": round(1000 * statistics.median(r.check[DEALER] for r in runs), 1),
            "client_bytes_in": hand_bytes(runs[0])[0],
            "host_bytes_out": hand_bytes(runs[0])[1],
        })
    point = g.base_mul(7)
    mult = timed(lambda: [g.mul(5, point) for _ in range(500)])[1] / 500
    base = timed(lambda: [g.base_mul(5) for _ in range(500)])[1] / 500
    print(json.dumps({"mul_us": round(mult * 1e6, 1), "base_mul_us": round(base * 1e6, 1),
                      "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
