"""From a real hand to ``expert``'s abstract tree (docs/BOTS.md "From real play to the
abstract game and back"): the node the hand has reached, found by walking the public
actions. Heads-up each real action is one abstract action; with more players (the
``field_core`` experiment) everything the others do between two of our turns is one field
action. A real raise becomes one of the two nearest abstract sizes by Ganzfried &
Sandholm's pseudo-harmonic mapping, drawn with the bot's rng.
"""

from __future__ import annotations

import itertools
import random

from lieng.engine import HandView

from .abstraction import ALL_IN, CALL, RAISE, Node
from .abstraction import pseudo_harmonic as _ph


def walk(view: HandView, nodes: list[Node], rng: random.Random) -> int | None:
    """The abstract node matching the hand so far, or None when it left the tree."""
    me = view.seat
    heads_up = sum(view.dealt_in) == 2
    me_p = _me_player(view, heads_up)
    pot = sum(view.dealt_in) * view.rules.table_bet
    level = 0
    cur: int | None = 0
    seg: tuple[int, int] | None = None
    """(level, pot) when the field's current segment began."""
    mine_seen = False
    for a in view.actions:
        if a.seat == me:
            if seg is not None:
                cur = _field(rng, nodes, cur, seg, level, me_p == 0 and not mine_seen)
                seg = None
            if cur is None or nodes[cur].player != me_p:
                return None
            cur = step(rng, nodes, cur, a.bet_level - level if a.raised else 0, pot)
            mine_seen = True
        elif seg is None:
            seg = (level, pot)
        pot += a.amount
        level = max(level, a.bet_level)
    if seg is not None:
        cur = _field(rng, nodes, cur, seg, level, me_p == 0 and not mine_seen)
    if cur is None or nodes[cur].player != me_p:
        return None
    return cur

def _me_player(view: HandView, heads_up: bool) -> int:
    """Our abstract seat. Heads-up: 0 when we act first in the hand. With more players
    a leading run of checks says nothing and is skipped, so we are 0 unless someone
    raised before our first action."""
    me = view.seat
    for a in view.actions:
        if a.seat == me:
            break
        if heads_up or a.raised:
            return 1
    return 0

def _field(rng: random.Random, nodes: list[Node], cur: int | None, start: tuple[int, int],
           level: int, leading: bool) -> int | None:
    """The field's composite action from ``cur``: a raise to the highest level it
    reached, else a check or call."""
    lvl0, pot0 = start
    inc = level - lvl0
    if leading and inc <= 0:
        return cur
    if cur is None:
        return None
    return step(rng, nodes, cur, inc, pot0)

def step(rng: random.Random, nodes: list[Node], cur: int, inc: int, pot: int) -> int | None:
    """Child of ``cur`` for a real action lifting the level by ``inc`` chips (0: a
    check or call) into a real pot of ``pot`` chips; None past the tree's end."""
    nd = nodes[cur]
    chosen = -1
    cands = sorted(((amount - nd.owed) / nd.pot, child)
                   for (kind, amount), child in zip(nd.actions, nd.children, strict=True)
                   if kind in (RAISE, ALL_IN))
    if inc <= 0 or not cands:
        for (kind, _), child in zip(nd.actions, nd.children, strict=True):
            if kind == CALL:
                chosen = child
    else:
        x = inc / max(pot, 1)
        chosen = cands[-1][1]
        if x <= cands[0][0]:
            chosen = cands[0][1]
        else:
            for (lo, c_lo), (hi, c_hi) in itertools.pairwise(cands):
                if lo <= x <= hi:
                    chosen = c_lo if rng.random() < _ph(x, lo, hi) else c_hi
                    break
    return chosen if chosen >= 0 else None
