"""The abstraction of ``expert``'s multiway blueprint (3–6 seats) and the shipped strategy.

docs/BOTS.md "Expert at 3–6 seats". The blueprint is trained offline by external-sampling
MCCFR (``lieng.bots.mccfr``, ``python -m lieng.bots.train --multiway``) on the real
betting rules (RULES.md steps 2–8: antes, raises of *k* × *B* in rounds 1–3, all-ins,
the end of betting) with equal stacks; what is abstracted is what a player *knows*. An
information set is:

* the hand's **strength bucket** — the share of random hands it beats
  (``strength.strength_row``), cut between the point values and the strong categories
  (RULES.md "Hands": 0–2 points, 3–4, then 5, 6, 7, 8 and 9 points, ảnh and low liêng,
  high liêng and sáp);
* how many **opponents** are still in (1–5);
* how many of them with chips still have to act after us before betting can close
  (0, 1, 2+): our position relative to the last raiser;
* how many **raises** the hand has seen (0–3+);
* the **price** of a call as a share of the pot after it (free, < 10 %, < 20 %, < 33 %,
  more) and the **stack behind** after a call as a multiple of that pot (< 1, < 3, < 8,
  more);
* the betting **round** (1, 2, 3, 4+: from round 4 nobody can raise);
* which abstract actions are open (a bit mask, so a strategy never names an action the
  spot does not allow).

The abstract actions are fold (only when a call costs chips: never fold a free check),
call / check, raises of ½, 1 and 2 pots (rounded to a legal *k*, sizes that round to the
same *k* counted once) and all-in — the last only with the hand the never-do rules ask
for (``SHOVE_STRENGTH``, or an all-in of at most half the pot), so the blueprint keeps
them as the engine's bots do. The same ``options`` and ``info_key`` serve the trainer's
simulated hands and the bot's real views, so a spot is looked up exactly as it was
trained.

This module is pure Python (the game never imports numpy): the file holds, per
information set, the average strategy quantised to bytes.
"""

from __future__ import annotations

import bisect
import hashlib
import json
from array import array
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lieng.engine import HandView, Legal

from .expert_data import frame, unframe
from .strength import hand_index, strength_row

SHOVE = 0.95
"""``heuristic.SHOVE_STRENGTH`` (the never-do rules' all-in hand), repeated here so the
abstraction does not import the heuristic bots; ``test_multiway`` checks they agree."""
CUTS = (0.3, 0.48, 0.57, 0.67, 0.77, 0.86, SHOVE, 0.985)
"""Strength cuts between buckets: between the point values of RULES.md "Hands" (0–2,
3–4, 5, 6, 7, 8, 9 points), then ảnh and low liêng, then high liêng and sáp."""
N_BUCKETS = len(CUTS) + 1
SIZES = (0.5, 1.0, 2.0)
"""Raise sizes as shares of the pot after the call."""
FOLD, CALL, RAISE_HALF, RAISE_POT, RAISE_2POT, ALL_IN = range(6)
N_ACTIONS = 6
ACTION_NAMES = ("fold", "call", "raise ½ pot", "raise pot", "raise 2 pots", "all-in")
ODDS_CUTS = (0.1, 0.2, 1 / 3)
SPR_CUTS = (1.0, 3.0, 8.0)
MAX_OPPONENTS = 5
LAYOUT = {"cuts": list(CUTS), "sizes": list(SIZES), "odds": list(ODDS_CUTS),
          "spr": list(SPR_CUTS), "version": 2}
"""Everything the key and the options depend on; the trainer records it in the file, and
``train --check`` refuses a file trained under another layout."""
MAGIC = b"LIENGMW1"
DATA_FILE = Path(__file__).with_name("expert_multiway.bin")
PEOPLE_FILE = Path(__file__).with_name("expert_multiway_people.bin")
"""The people blueprint (``mccfr.people_deals``), played in pots without an aggressor."""


def bucket(strength: float) -> int:
    """The strength bucket of a hand (0 weakest .. ``N_BUCKETS - 1``)."""
    return bisect.bisect_right(CUTS, strength)


def options(strength: float, pot: int, owed: int, call: int, stack: int, can_raise: bool,
            raise_max: int, unit: int, raise_min: int = 1) -> list[tuple[int, int]]:
    """The open abstract actions as (action, *k*) pairs, *k* the raise multiple (0 for the
    others), in action order.

    ``pot`` is every chip in the pot (antes included), ``owed`` the bet level minus our
    bet, ``call`` what a call puts in (less than ``owed`` for an all-in for less),
    ``stack`` our chips, ``can_raise`` whether the rules let the bet go up now (round ≤ 3
    and someone else still in has chips: RULES.md steps 5 and 7), ``raise_min`` and
    ``raise_max`` the rules' range of *k*, ``unit`` the table bet *B*."""
    out: list[tuple[int, int]] = []
    if call > 0:
        out.append((FOLD, 0))
    out.append((CALL, 0))
    if not can_raise or stack <= owed:
        return out
    k_room = min(raise_max, (stack - owed - 1) // unit)  # a raise leaves chips behind
    used: set[int] = set()
    for a, frac in zip((RAISE_HALF, RAISE_POT, RAISE_2POT), SIZES, strict=True):
        k = max(raise_min, min(raise_max, round(frac * (pot + call) / unit)))
        if k <= k_room and k not in used:
            used.add(k)
            out.append((a, k))
    if strength >= SHOVE or 2 * stack <= pot:
        out.append((ALL_IN, 0))
    return out


def _cut(x: float, cuts: tuple[float, ...]) -> int:
    return bisect.bisect_right(cuts, x)


RADICES = (N_BUCKETS, MAX_OPPONENTS, 3, 4, 5, 4, 4, 64)
"""How many values each feature of a key takes: bucket, opponents − 1, players behind,
raises, price, stack behind, round − 1, option mask."""
NEAR = (5, 3, 2, 6)
"""Features a missing spot may be read from a neighbour in (``Blueprint.lookup``), in
order of preference: stack behind, raises, players behind, round — never the hand, the
opponents, the price or the options."""


def compose(parts: tuple[int, ...] | list[int]) -> int:
    """The key of the features ``parts`` (in ``RADICES`` order)."""
    key = 0
    for v, r in zip(parts, RADICES, strict=True):
        key = key * r + v
    return key


def features(key: int) -> list[int]:
    """The inverse of ``compose``."""
    out = []
    for r in reversed(RADICES):
        key, v = divmod(key, r)
        out.append(v)
    return out[::-1]


def info_key(strength: float, opponents: int, behind: int, raises: int, pot: int, call: int,
             stack: int, round_no: int, opts: list[tuple[int, int]]) -> int:
    """One integer per information set (see the module docstring for the features)."""
    odds = 0 if call <= 0 else 1 + _cut(call / (pot + call), ODDS_CUTS)
    spr = _cut((stack - call) / (pot + call), SPR_CUTS)
    mask = 0
    for a, _ in opts:
        mask |= 1 << a
    return compose((bucket(strength), min(MAX_OPPONENTS, max(1, opponents)) - 1,
                    min(2, behind), min(3, raises), odds, spr,
                    min(4, max(1, round_no)) - 1, mask))


# ------------------------------------------------------------------ a real view

def view_spot(view: HandView, legal: Legal) -> tuple[int, list[tuple[int, int]]]:
    """(information-set key, open options) of the seat to act in a real hand. Only the
    view's public parts and our own cards are read (ARCHITECTURE.md: a bot sees what a
    human in its seat sees)."""
    me = legal.seat
    s = strength_row(view.rules)[hand_index(view.my_cards)]
    stacks = view.stacks
    stack = stacks[me]
    opps = view.opponents_in()
    last_raise = -1
    for i, a in enumerate(view.actions):
        if a.raised:
            last_raise = i
    acted = {a.seat for a in view.actions[last_raise + 1:]}
    if last_raise >= 0:
        acted.add(view.actions[last_raise].seat)
    behind = sum(1 for o in opps if stacks[o] > 0 and o not in acted)
    raises = sum(1 for a in view.actions if a.raised)
    can_raise = legal.all_in is not None and stack > legal.owed
    pot = view.pot
    opts = options(s, pot, legal.owed, legal.call, stack, can_raise,
                   view.rules.raise_max, legal.table_bet, view.rules.raise_min)
    key = info_key(s, len(opps), behind, raises, pot, legal.call, stack, view.round, opts)
    return key, opts


# ------------------------------------------------------------------ the shipped file

def layout_digest() -> str:
    """Hash of the abstraction's parameters (``LAYOUT``)."""
    return hashlib.sha256(json.dumps(LAYOUT, sort_keys=True).encode()).hexdigest()


def encode(header: dict[str, object], table: dict[int, list[int]]) -> bytes:
    """Magic, header length, JSON header, then zlib of: the number of information sets,
    their keys (uint32, ascending) and, per key, one byte per open action (the quantised
    probabilities, in action order)."""
    keys = sorted(table)
    ks = array("I", keys)
    probs = bytes(b for k in keys for b in table[k])
    body = len(keys).to_bytes(4, "little") + ks.tobytes() + probs
    return frame(MAGIC, header, body)


def decode(data: bytes) -> tuple[dict[str, object], dict[int, bytes]]:
    """(header, key → quantised probabilities); ``ValueError`` if the file is damaged."""
    header, body = unframe(data, MAGIC, "multiway blueprint")
    if len(body) < 4:
        raise ValueError("damaged multiway blueprint")
    count = int.from_bytes(body[:4], "little")
    ks = array("I")
    end = 4 + count * ks.itemsize
    ks.frombytes(body[4:end])
    table: dict[int, bytes] = {}
    pos = end
    for k in ks:
        width = (k & 63).bit_count()
        if pos + width > len(body):
            raise ValueError("damaged multiway blueprint: truncated")
        table[k] = body[pos:pos + width]
        pos += width
    if pos != len(body):
        raise ValueError("damaged multiway blueprint: trailing bytes")
    return header, table


@dataclass(frozen=True)
class Blueprint:
    """The shipped multiway strategy: quantised probabilities per information set."""

    table: dict[int, bytes]

    def probabilities(self, key: int) -> list[float] | None:
        """Action weights for the open options of ``key`` (in action order), or None for a
        spot the training never reached, nor any neighbour of it (``lookup``)."""
        got = self.lookup(key)
        return None if got is None else [float(b) for b in got]

    def lookup(self, key: int) -> bytes | None:
        """The strategy of ``key`` or, when the training reached that spot too seldom to
        ship it, of the nearest spot it did reach: one feature of ``NEAR`` moved by one
        step, then two — the same hand, opponents, price and options, a slightly
        different stack, raise count, position or round."""
        got = self.table.get(key)
        if got is not None:
            return got
        base = features(key)
        for width in (1, 2):
            for i, f in enumerate(NEAR):
                for d in (-1, 1):
                    v = base[f] + d
                    if not 0 <= v < RADICES[f]:
                        continue
                    alt = list(base)
                    alt[f] = v
                    if width == 1:
                        got = self.table.get(compose(alt))
                        if got is not None:
                            return got
                        continue
                    for g in NEAR[i + 1:]:
                        for e in (-1, 1):
                            w = base[g] + e
                            if 0 <= w < RADICES[g]:
                                alt2 = list(alt)
                                alt2[g] = w
                                got = self.table.get(compose(alt2))
                                if got is not None:
                                    return got
        return None


@lru_cache(maxsize=2)
def load_blueprint(path: Path = DATA_FILE) -> Blueprint | None:
    """A shipped blueprint, or None when missing, damaged or trained under another
    layout (``expert`` then plays pot odds there: a broken install still plays)."""
    try:
        header, table = decode(path.read_bytes())
    except (OSError, ValueError):
        return None
    if header.get("layout") != layout_digest():
        return None
    return Blueprint(table)
