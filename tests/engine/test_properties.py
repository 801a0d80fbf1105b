"""Hypothesis properties over random tables and random legal play (RULES.md steps 2–9).

The tables mix stacks below the bet (those seats sit out, step 2), exactly the bet (the
ante empties them), a few bets and hundreds of bets, so random play reaches every kind of
all-in of step 5 — for less than the call, for exactly the call, above the level (a raise)
— and side pots from several all-ins (step 9). ``hypothesis.event`` labels each example
with the cases it reached (``pytest --hypothesis-show-statistics``), and the ``find``
tests below fail if the tables ever stop producing one of them."""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import HealthCheck, Phase, event, find, given, settings
from hypothesis import strategies as st

from lieng.engine import (
    PRESETS,
    Action,
    ActionKind,
    CardDealt,
    Hand,
    HandView,
    IllegalActionError,
    Legal,
    NotEnoughPlayersError,
    PotAwarded,
    Showdown,
)


@cache
def stacks_for(bet: int) -> st.SearchStrategy[int]:
    """One seat's stack against a table bet of ``bet``: below it (the seat sits out),
    exactly it (the ante empties the stack), a whole number of bets (so an all-in can
    match a call exactly), a few bets, or hundreds.

    Built once per bet: a strategy made afresh inside every draw is validated afresh too,
    and that was most of the tables' CPU (docs/PERFORMANCE.md, "The test suite")."""
    return st.one_of(st.integers(0, bet - 1) if bet > 1 else st.just(0), st.just(bet),
                     st.integers(1, 12).map(lambda k: k * bet), st.integers(bet, 3 * bet),
                     st.integers(0, 300 * bet))


@st.composite
def tables(draw: st.DrawFn) -> tuple[Hand, random.Random]:
    n = draw(st.integers(2, 6))
    bet = draw(st.sampled_from([1, 2, 5, 10, 25]))
    preset = draw(st.sampled_from(["classic", "v8club", "split"]))
    rounds = draw(st.integers(1, 4))
    rules = replace(PRESETS[preset], table_bet=bet, max_rounds=rounds)
    stacks = draw(st.lists(stacks_for(bet), min_size=n, max_size=n))
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


SITS_OUT = "a seat below the bet sits out"
ANTE_ALL_IN = "the ante empties a stack"
SHORT_CALL = "all-in for less than the call"
EXACT_CALL = "all-in for exactly the call"
ALL_IN_RAISE = "all-in above the level (a raise)"
SIDE_POTS = "side pots from several all-ins"
CASES = [SITS_OUT, ANTE_ALL_IN, SHORT_CALL, EXACT_CALL, ALL_IN_RAISE, SIDE_POTS]
"""What the tables are meant to reach (RULES.md steps 2, 5 and 9)."""


def _all_in_kind(legal: Legal, stack: int, action: Action) -> str | None:
    """Which all-in of RULES.md step 5 ``action`` is, by a seat holding ``stack`` chips
    (None when it leaves chips behind, folds or times out)."""
    if action.kind in (ActionKind.FOLD, ActionKind.TIMEOUT) or stack == 0:
        return None
    put_in = stack if action.kind is ActionKind.ALL_IN else (
        legal.call if action.kind is ActionKind.CALL else legal.raise_amount(action.k))
    if put_in < stack:
        return None
    if stack < legal.owed:
        return SHORT_CALL
    return EXACT_CALL if stack == legal.owed else ALL_IN_RAISE


def _start_cases(h: Hand) -> set[str]:
    B = h.rules.table_bet
    cases = set()
    if any(s < B for s in h.start_stacks):
        cases.add(SITS_OUT)
    if any(s == B for s in h.start_stacks):
        cases.add(ANTE_ALL_IN)
    return cases


def _end_cases(h: Hand) -> set[str]:
    """SIDE_POTS when two or more players still in went all-in for different totals and
    the pot was paid in more than one contested layer."""
    all_in = {h.contributed[s] for s in range(h.n) if not h.folded[s] and h.stacks[s] == 0}
    contested = [e for e in h.events if isinstance(e, PotAwarded) and not e.refund]
    return {SIDE_POTS} if len(all_in) >= 2 and len(contested) >= 2 else set()


def _play(h: Hand, rng: random.Random, check_rejections: bool = True,
          cases: set[str] | None = None) -> int:
    """Play ``h`` out with random legal actions, checking what ``legal()`` offers and that
    illegal actions change nothing; the cases of ``CASES`` it reached go into ``cases``."""
    seen = _start_cases(h)
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
        stack, put_in = h.stacks[seat], h.contributed[seat]
        kind = _all_in_kind(legal, stack, action)
        h.act(seat, action)
        if kind is not None:  # the whole stack went in (the hand may have paid it since)
            assert h.contributed[seat] - put_in == stack, (kind, action, legal)
            seen.add(kind)
        steps += 1
        assert steps < 400, "a hand must end in a bounded number of actions"
    seen |= _end_cases(h)
    if cases is not None:
        cases |= seen
    return steps


@settings(max_examples=400, deadline=None)
@given(tables())
def test_random_play_conserves_chips_and_pays_only_eligible(table: tuple[Hand, random.Random]
                                                            ) -> None:
    h, rng = table
    total = sum(h.start_stacks)
    cases: set[str] = set()
    _play(h, rng, cases=cases)
    for case in sorted(cases):
        event(case)
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


@st.composite
def seatings(draw: st.DrawFn) -> tuple[int, list[int]]:
    """A table bet and two to six stacks around it: some below, some exactly it, some
    above — any number of the seats able to pay, none to all."""
    bet = draw(st.sampled_from([1, 2, 5, 10, 25]))
    return bet, draw(st.lists(stacks_for(bet), min_size=2, max_size=6))


@given(seatings())
def test_hands_need_two_who_can_pay(seating: tuple[int, list[int]]) -> None:
    """RULES.md step 2: every seat holding at least the bet antes and is dealt in, the
    others sit out; with fewer than two who can pay no hand is dealt."""
    bet, stacks = seating
    rules = replace(PRESETS["classic"], table_bet=bet)
    payers = sum(s >= bet for s in stacks)
    event(f"{payers} can pay" if payers < 3 else "3 or more can pay")
    try:
        h = Hand(rules, stacks)
    except NotEnoughPlayersError:
        assert payers < 2, f"no hand was dealt though {payers} of {stacks} can pay {bet}"
        return
    assert payers >= 2, f"a hand was dealt without two players able to pay {bet}: {stacks}"
    assert h.dealt_in == tuple(s >= bet for s in stacks)
    for seat, start in enumerate(stacks):
        paid = bet if start >= bet else 0
        assert h.contributed[seat] == paid
        assert h.folded[seat] == (start < bet)
        assert len(h.cards_of(seat)) == (3 if start >= bet else 0)
        if not h.is_over:  # (antes that left nobody with chips go straight to a showdown)
            assert h.stacks[seat] == start - paid
    assert sum(h.stacks) + (0 if h.is_over else sum(h.contributed)) == sum(stacks)


SEARCH = settings(max_examples=3000, database=None, phases=[Phase.generate],
                  suppress_health_check=[HealthCheck.too_slow])
"""For the ``find`` checks: a fixed budget of fresh examples, no shrinking, no database."""


def _mixed(payers: int, seating: tuple[int, list[int]]) -> bool:
    bet, stacks = seating
    return sum(s >= bet for s in stacks) == payers and any(s < bet for s in stacks)


@pytest.mark.parametrize("payers", [0, 1, 2, 3])
def test_the_seatings_reach_every_count_of_players_who_can_pay(payers: int) -> None:
    """Seatings with a seat below the bet next to none, one, two and three that can pay:
    both sides of step 2's "fewer than two" occur, each with someone sitting out."""
    seating = find(seatings(), lambda t: _mixed(payers, t), settings=SEARCH,
                   random=random.Random(payers))
    assert _mixed(payers, seating)


def _reaches(case: str, table: tuple[Hand, random.Random]) -> bool:
    h, rng = table
    cases: set[str] = set()
    _play(h, rng, check_rejections=False, cases=cases)
    return case in cases


@pytest.mark.parametrize("case", CASES)
def test_the_tables_reach_every_case_they_claim(case: str) -> None:
    """Each kind of all-in, the seat that sits out and side pots from several all-ins turn
    up in random play within a few thousand tables (``SEARCH``); were the strategy to lose
    one, the properties above would stop covering it, and this fails."""
    h, _rng = find(tables(), lambda t: _reaches(case, t), settings=SEARCH,
                   random=random.Random(CASES.index(case)))
    assert h.is_over


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
