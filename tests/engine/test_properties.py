"""Hypothesis properties over random tables and random legal play (RULES.md steps 5–9)."""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from lieng.engine import (
    PRESETS,
    Action,
    CardDealt,
    Hand,
    HandView,
    IllegalActionError,
    Legal,
    NotEnoughPlayersError,
    PotAwarded,
    Showdown,
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[Hand, random.Random]:
    n = draw(st.integers(2, 6))
    bet = draw(st.sampled_from([1, 2, 5, 10, 25]))
    preset = draw(st.sampled_from(["classic", "v8club", "split"]))
    rounds = draw(st.integers(1, 4))
    rules = replace(PRESETS[preset], table_bet=bet, max_rounds=rounds)
    stacks = draw(st.lists(st.one_of(st.integers(0, 3 * bet), st.integers(0, 300 * bet)),
                           min_size=n, max_size=n))
    if sum(s >= bet for s in stacks) < 2:
        stacks[0] = stacks[1] = draw(st.integers(bet, 100 * bet))
    first = draw(st.integers(0, n - 1))
    seed = draw(st.integers(0, 2**32))
    return Hand(rules, stacks, first, rng=random.Random(seed)), random.Random(seed + 1)


def _choices(legal: Legal) -> list[Action]:
    out = [Action.fold(), Action.call(), Action.timeout()]
    out += [Action.raise_(k) for k in legal.raise_k]
    if legal.all_in is not None:
        out.append(Action.all_in())
    return out


def _illegal_samples(legal: Legal, rules_max: int) -> list[Action]:
    bad = [Action.raise_(0), Action.raise_(-3), Action.raise_(rules_max + 1)]
    if legal.raise_k:
        bad.append(Action.raise_(legal.raise_k.stop))
    else:
        bad.append(Action.raise_(1))
    if legal.all_in is None:
        bad.append(Action.all_in())
    return bad


def _state(h: Hand) -> tuple[object, ...]:
    return (h.stacks, h.bets, h.contributed, h.folded, h.to_act, h.round, h.bet_level,
            len(h.events), len(h.actions), h.is_over)


def _play(h: Hand, rng: random.Random, check_rejections: bool = True) -> int:
    steps = 0
    while not h.is_over:
        seat = h.to_act
        assert seat is not None
        legal = h.legal()
        # A call never puts in more than the stack, and all-ins are the whole stack.
        assert 0 <= legal.call <= h.stacks[seat]
        assert legal.all_in in (None, h.stacks[seat])
        if check_rejections:
            before = _state(h)
            for action in _illegal_samples(legal, h.rules.raise_max):
                try:
                    h.act(seat, action)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{action} was accepted outside {legal}")
                assert _state(h) == before
            other = (seat + 1) % h.n
            with contextlib.suppress(IllegalActionError):
                h.act(other, Action.call())
            assert _state(h) == before
        # Bias towards calls so hands reach showdowns and side pots often.
        options = _choices(legal)
        action = rng.choice(options if rng.random() < 0.5 else [Action.call()] * 3 + options)
        h.act(seat, action)
        steps += 1
        assert steps < 400, "a hand must end in a bounded number of actions"
    return steps


@settings(max_examples=400, deadline=None)
@given(tables())
def test_random_play_conserves_chips_and_pays_only_eligible(table: tuple[Hand, random.Random]
                                                            ) -> None:
    h, rng = table
    total = sum(h.start_stacks)
    _play(h, rng)
    assert sum(h.stacks) == total
    assert all(s >= 0 for s in h.stacks)
    paid = 0
    for e in h.events:
        if isinstance(e, PotAwarded):
            assert set(e.winners) <= set(e.eligible)
            for s in e.eligible:
                assert not h.folded[s]
            assert sum(e.shares) == e.amount
            paid += e.amount
    assert paid == sum(h.contributed)
    # Main pot winners are the next first player's source (RULES.md step 3).
    assert h.next_first in h.winners


@settings(max_examples=150, deadline=None)
@given(tables())
def test_replay_reproduces_every_event(table: tuple[Hand, random.Random]) -> None:
    h, rng = table
    _play(h, rng, check_rejections=False)
    again = Hand.replay(h.rules, h.start_stacks, h.first, h.deck, h.actions)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in h.events]


@settings(max_examples=150, deadline=None)
@given(tables())
def test_views_never_hold_other_seats_hidden_cards(table: tuple[Hand, random.Random]) -> None:
    h, rng = table
    while True:
        for seat in range(h.n):
            _assert_private(h, seat, h.view_for(seat))
        if h.is_over:
            break
        legal = h.legal()
        h.act(legal.seat, rng.choice(_choices(legal)))
    shown = {s for e in h.events if isinstance(e, Showdown) for s in (x.seat for x in e.hands)}
    assert not shown & {s for s in range(h.n) if h.folded[s]}
    if h.uncontested:
        assert not shown


def _assert_private(h: Hand, seat: int, view: HandView) -> None:
    mine = set(h.cards_of(seat))
    assert set(view.my_cards) == mine
    for e in h.events_for(seat):
        if isinstance(e, CardDealt) and e.card is not None:
            assert e.seat == seat
    for s, cards in view.shown.items():
        assert h.is_over and not h.folded[s] and not h.uncontested
        assert set(cards) == set(h.cards_of(s))


@given(st.lists(st.integers(0, 9), min_size=2, max_size=6))
def test_hands_need_two_who_can_pay(stacks: list[int]) -> None:
    rules = PRESETS["classic"]  # table bet 10: every stack here is short
    try:
        Hand(rules, stacks)
    except NotEnoughPlayersError:
        return
    raise AssertionError("a hand was dealt without two players able to pay the ante")


@settings(max_examples=150, deadline=None)
@given(tables())
def test_live_layers_hold_the_whole_pot_and_match_the_final_cut(
        table: tuple[Hand, random.Random]) -> None:
    h, rng = table
    while not h.is_over:
        layers = h.layers()
        assert sum(la.amount for la in layers) == sum(h.contributed)
        all_in = {s for s in range(h.n) if not h.folded[s] and h.stacks[s] == 0}
        # Only all-in players' levels (and the top) cut the pot while betting goes on.
        assert len(layers) <= len({h.contributed[s] for s in all_in}) + 1
        legal = h.legal()
        h.act(legal.seat, rng.choice(_choices(legal)))
    paid = [e.amount for e in h.events if isinstance(e, PotAwarded)]
    if not h.uncontested:
        assert paid == [la.amount for la in h.layers()]
