"""``lieng --selftest --mode deal``: one mental-poker deal of a LAN table, every party in
this process, every proof checked — the release's proof that PyNaCl (libsodium) is in
the built program and computes what it must on that system (docs/PROTOCOL.md, 12).

A LAN self-test needs client processes the frozen program cannot start; this needs none,
and goes through the same code every LAN table deals with (``lieng.deal``: shuffles and
their proofs, the unlock pass and its proofs, each seat reading its own cards, a shown
hand's opening). It also checks that a forged shuffle (a card dealt twice, a card
swapped) is refused.
"""

from __future__ import annotations

import dataclasses
import secrets
import time

from lieng.deal import group, wire
from lieng.deal.mental import DEALER, DealFault, DealSetup, DealState, PartySecret, deal_positions

PERSONS = 3
BOTS = 1


def run_deal_selftest(persons: int = PERSONS, bots: int = BOTS) -> int:
    """Deal once and check it; print one line; 0 when every check held."""
    t0 = time.perf_counter()
    seats = persons + bots
    parties = (*range(persons), DEALER)
    setup = DealSetup(1, secrets.token_bytes(32), parties, deal_positions(0, [True] * seats))
    keys = {p: PartySecret(p) for p in parties}
    state = DealState(setup)
    try:
        for p in parties:  # through the wire form, as the LAN table sends them
            state.accept_shuffle(wire.decode_shuffle(p, wire.encode_shuffle(
                keys[p].shuffle(state))))
        for p in parties:
            state.accept_unlock(wire.decode_unlock(p, wire.encode_unlock(
                keys[p].unlock(state))))
        hands = {p: keys[p].my_cards(state) for p in parties}
        shown = keys[0].open(state, hands[0])
        state.accept_opening(shown)
    except (DealFault, ValueError) as exc:
        print(f"selftest deal FAILED: {exc}")
        return 1
    cards = [c for h in hands.values() for c in h.values()]
    if len(cards) != 3 * seats or len(set(cards)) != len(cards):
        print(f"selftest deal FAILED: {len(cards)} cards dealt, {len(set(cards))} distinct")
        return 1
    if not _forgery_refused(setup):
        print("selftest deal FAILED: a forged shuffle was accepted (a card twice, or swapped)")
        return 1
    print(f"selftest deal ok: {persons} persons and {bots} bot(s), {len(cards)} cards, "
          f"every proof checked, a forged shuffle refused, {time.perf_counter() - t0:.1f} s")
    return 0


def _forgery_refused(setup: DealSetup) -> bool:
    """A first shuffle whose deck holds one card twice, and one with a card swapped for
    another point, must both be refused by the checks."""
    state = DealState(setup)
    step = PartySecret(setup.parties[0]).shuffle(state)
    twice = list(step.deck)
    twice[1] = twice[0]
    swapped = list(step.deck)
    swapped[0] = group.mul(2, swapped[0])
    for deck in (twice, swapped):
        try:
            state.accept_shuffle(dataclasses.replace(step, deck=tuple(deck)))
        except DealFault:
            continue
        return False
    return True
