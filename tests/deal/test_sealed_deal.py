"""The mental-poker deal (lieng/deal) driving the engine's ``SealedHand``: the host's hand
holds its bots' cards and no person's before that person opens; an opening the deal has
checked goes into the showdown, a false one folds the player (PROTOCOL.md 12.6)."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Sequence

import pytest

from lieng.deal.mental import DEALER, DealFault, DealSetup, DealState, PartySecret, deal_positions
from lieng.engine import PRESETS, Action, Card, CardDealt, SealedHand, Showdown

from .walk import cards_in

RULES = dataclasses.replace(PRESETS["classic"], table_bet=10)


def deal(persons: Sequence[int], bots: Sequence[int], first: int
         ) -> tuple[DealSetup, DealState, dict[int, PartySecret], SealedHand]:
    n = len(persons) + len(bots)
    dealt_in = [True] * n
    setup = DealSetup(7, secrets.token_bytes(32), (*persons, DEALER),
                      deal_positions(first, dealt_in))
    state = DealState(setup)
    secs = {p: PartySecret(p) for p in setup.parties}
    for p in setup.parties:
        state.accept_shuffle(secs[p].shuffle(state))
    for p in setup.parties:
        state.accept_unlock(secs[p].unlock(state))
    dealer_cards = secs[DEALER].my_cards(state)
    known: list[tuple[Card, ...] | None] = [
        tuple(dealer_cards[q] for q in setup.positions_of_seat(s)) if s in bots else None
        for s in range(n)]
    hand = SealedHand(RULES, [100] * n, first, known)
    return setup, state, secs, hand


@pytest.mark.parametrize(("persons", "bots", "first"), [
    ((0, 1), (), 0), ((0, 2), (1,), 1), ((1, 2, 3), (0,), 3), ((0, 1, 2, 3, 4), (5,), 2),
    ((0, 1, 2, 3, 4, 5), (), 5),
])
def test_a_dealt_hand_plays_to_a_checked_showdown(persons: tuple[int, ...],
                                                  bots: tuple[int, ...], first: int) -> None:
    setup, state, secs, hand = deal(persons, bots, first)
    assert tuple(e.seat for e in hand.events if isinstance(e, CardDealt)) == setup.seats
    mine = {p: secs[p].my_cards(state) for p in persons}
    person_cards = {c for cards in mine.values() for c in cards.values()}
    # The host's hand, every object it holds, knows the bots' cards and no person's.
    held = cards_in(hand)
    assert not held & person_cards
    assert {c for s in bots for c in hand.cards_of(s)} <= held  # the walk does find cards
    assert set(hand.sealed) == set(persons)
    while hand.to_act is not None:
        hand.act(hand.to_act, Action.call())
    assert set(hand.awaiting) == set(persons)
    liar = hand.awaiting[-1]
    for seat in hand.awaiting:
        if seat == liar and len(persons) > 2:
            # Claims another card for its first position: the deal refuses it, it folds.
            claimed = dict(mine[seat])
            first_pos = min(claimed)
            claimed[first_pos] = next(c for c in Card.parse_many("2S 3S 4S 5S")
                                      if c not in claimed.values())
            with pytest.raises(DealFault, match=f"seat {seat}: its card"):
                state.accept_opening(secs[seat].open(state, claimed))
            hand.withhold(seat, late=False)
            continue
        opened = state.accept_opening(secs[seat].open(state, mine[seat]))
        hand.open(seat, [opened[q] for q in sorted(opened)])
    assert hand.is_over and sum(hand.stacks) == 100 * len(setup.seats) // 3
    shown = next(e for e in hand.events if isinstance(e, Showdown))
    for h in shown.hands:
        expected = (mine[h.seat] if h.seat in mine else
                    secs[DEALER].my_cards(state))
        assert set(h.cards) <= set(expected.values())
    if len(persons) > 2:
        assert hand.folded[liar] and liar not in {h.seat for h in shown.hands}
        # The liar's hand is in no object of the host's, after the hand either.
        assert not cards_in(hand) & set(mine[liar].values())
