"""Bots' decisions over random states.

Every decision must be legal; a bot sees only its view (hidden cards cannot change what it
does); the never-do rules hold; the same seed gives the same decisions.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lieng.bots import BASELINES, PERSONALITIES, make_bot
from lieng.bots.base import Bot
from lieng.bots.heuristic import SHOVE_STRENGTH
from lieng.bots.strength import strength
from lieng.engine import (
    FULL_DECK,
    PRESETS,
    Action,
    ActionKind,
    Card,
    Hand,
    HandView,
    Legal,
)
from lieng.levels import BOT_LEVELS, BotKind

from .spots import spot as _spot

KINDS = BOT_LEVELS + BASELINES


def _prefix_choices(legal: Legal) -> list[Action]:
    out = [Action.fold(), Action.call(), Action.call()]
    out += [Action.raise_(k) for k in legal.raise_k[:3]]
    if legal.all_in is not None:
        out.append(Action.all_in())
    return out


@st.composite
def states(draw: st.DrawFn) -> tuple[Hand, random.Random]:
    """A random table a few random legal actions into a hand (or right at its start)."""
    n = draw(st.integers(2, 6))
    bet = draw(st.sampled_from([1, 5, 10, 25]))
    preset = draw(st.sampled_from(["classic", "v8club", "split"]))
    rounds = draw(st.integers(1, 4))
    lo = draw(st.integers(1, 5))
    hi = draw(st.integers(lo, 20))
    rules = replace(PRESETS[preset], table_bet=bet, max_rounds=rounds, raise_min=lo,
                    raise_max=hi)
    stacks = draw(st.lists(st.one_of(st.integers(0, 4 * bet), st.integers(0, 300 * bet)),
                           min_size=n, max_size=n))
    if sum(s >= bet for s in stacks) < 2:
        stacks[0] = stacks[1] = draw(st.integers(bet, 100 * bet))
    first = draw(st.integers(0, n - 1))
    seed = draw(st.integers(0, 2**32))
    hand = Hand(rules, stacks, first, rng=random.Random(seed))
    prefix = random.Random(seed + 1)
    for _ in range(draw(st.integers(0, 8))):
        if hand.is_over:
            break
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, prefix.choice(_prefix_choices(hand.legal())))
    return hand, random.Random(seed + 2)


def _check_never_do(bot: Bot, view: HandView, action: Action) -> None:
    legal = view.legal
    assert legal is not None and view.seat is not None
    assert legal.allows(action), (bot, action, legal)
    if bot.level == "random":
        return  # the random baseline is uniform over legal actions by design
    if legal.call == 0:
        assert action.kind is not ActionKind.FOLD, "folded when a check was free"
    others_with_chips = [o for o in view.opponents_in() if view.stacks[o] > 0]
    if not others_with_chips:
        assert action.kind is not ActionKind.RAISE
        assert action.kind is not ActionKind.ALL_IN or legal.all_in == legal.call
    if action.kind is ActionKind.ALL_IN and bot.level in BOT_LEVELS:
        s = strength(view.my_cards, view.rules)
        assert s >= SHOVE_STRENGTH or 2 * (legal.all_in or 0) <= view.pot, \
            f"shoved {legal.all_in} into {view.pot} with strength {s:.3f}"


@settings(max_examples=1000, deadline=None)
@given(states(), st.sampled_from(KINDS), st.sampled_from([None, *sorted(PERSONALITIES)]))
def test_every_decision_is_legal_and_keeps_the_never_do_rules(
        state: tuple[Hand, random.Random], kind: BotKind, personality: str | None) -> None:
    hand, rng = state
    n = hand.n
    bots = [make_bot(kind, random.Random(rng.random()),
                     personality if kind in BOT_LEVELS else None) for _ in range(n)]
    # Let the bots play the rest of the hand, and the next one with the stacks it left
    # (after observing the first): every decision is checked.
    for _ in range(2):
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view_for(seat)
            action = bots[seat].decide(view)
            _check_never_do(bots[seat], view, action)
            hand.act(seat, action)
        for seat in range(n):
            for event in hand.events_for(seat):
                bots[seat].observe(event)
        if sum(s >= hand.rules.table_bet for s in hand.stacks) < 2:
            break
        hand = Hand(hand.rules, hand.stacks, hand.next_first, rng=rng)


def _with_other_cards(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same hand (rules, stacks, first, actions) with every *other* seat's cards
    replaced: what ``seat`` may see is unchanged."""
    mine = hand.cards_of(seat)
    others = [c for c in FULL_DECK if c not in mine]
    rng.shuffle(others)
    n = hand.n
    cards: dict[int, list[Card]] = {}
    for s in range(n):
        if hand.dealt_in[s]:
            cards[s] = list(mine) if s == seat else [others.pop() for _ in range(3)]
    order = [(hand.first + i) % n for i in range(n) if hand.dealt_in[(hand.first + i) % n]]
    deck = [cards[s][p] for p in range(3) for s in order]
    return Hand.replay(hand.rules, hand.start_stacks, hand.first, deck, hand.actions)


@settings(max_examples=150, deadline=None)
@given(states(), st.sampled_from(KINDS), st.integers(0, 2**32))
def test_hidden_cards_cannot_change_a_decision(state: tuple[Hand, random.Random], kind: BotKind,
                                                 seed: int) -> None:
    hand, rng = state
    if hand.is_over:
        return
    seat = hand.to_act
    assert seat is not None
    other = _with_other_cards(hand, seat, rng)
    assert other.cards_of(seat) == hand.cards_of(seat)
    decisions = []
    for h in (hand, other):
        bot = make_bot(kind, random.Random(seed))
        for event in h.events_for(seat):
            bot.observe(event)
        decisions.append(bot.decide(h.view_for(seat)))
    # What the seat may see is identical, so whatever the other cards are, so is the action.
    assert hand.view_for(seat) == other.view_for(seat)
    assert decisions[0] == decisions[1]


def _play(kind_by_seat: list[BotKind], seed: int, hands: int) -> list[tuple[int, Action]]:
    rules = PRESETS["classic"]
    bots = [make_bot(k, random.Random(f"{seed}:{s}")) for s, k in enumerate(kind_by_seat)]
    deal = random.Random(seed)
    log: list[tuple[int, Action]] = []
    for h in range(hands):
        hand = Hand(rules, [1000] * len(bots), h % len(bots), rng=deal)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.act(seat, bots[seat].decide(hand.view_for(seat)))
        for s, bot in enumerate(bots):
            for event in hand.events_for(s):
                bot.observe(event)
        log.extend(hand.actions)
    return log


def test_same_seed_same_decisions_and_other_seeds_differ() -> None:
    lineup: list[BotKind] = ["hard", "normal", "easy", "random", "hard", "raise"]
    first = _play(lineup, 11, 150)
    assert _play(lineup, 11, 150) == first
    assert _play(lineup, 12, 150) != first


def test_make_bot_names_levels_and_personalities() -> None:
    for level in BOT_LEVELS:
        for key, style in PERSONALITIES.items():
            bot = make_bot(level, random.Random(1), key)
            assert (bot.level, bot.personality) == (level, key)
            assert bot.name in style.names
    drawn = {make_bot("normal", random.Random(i)).personality for i in range(60)}
    assert drawn == set(PERSONALITIES)
    for kind in BASELINES:
        assert make_bot(kind, random.Random(1)).level == kind
    with pytest.raises(ValueError):
        make_bot("grandmaster", random.Random(1))  # type: ignore[arg-type]  # not a level
    with pytest.raises(ValueError):
        make_bot("hard", random.Random(1), "sleepy")
    with pytest.raises(ValueError):
        make_bot("call", random.Random(1), "calm")


def test_a_bot_refuses_a_view_that_is_not_its_turn() -> None:
    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0, rng=random.Random(3))
    waiting = next(s for s in range(3) if s != hand.to_act)
    for kind in KINDS:
        with pytest.raises(ValueError):
            make_bot(kind, random.Random(1)).decide(hand.view_for(waiting))




def test_never_folds_a_free_check_even_with_the_worst_hand() -> None:
    for kind in ("easy", "normal", "hard", "call", "raise"):
        for seed in range(40):
            hand = _spot("2S 3C 5D", [Action.call()])
            action = make_bot(kind, random.Random(seed)).decide(hand.view_for(1))
            assert action.kind is not ActionKind.FOLD


def test_monster_never_folds_and_trash_folds_to_a_huge_raise() -> None:
    for kind in BOT_LEVELS:
        folds_trash = 0
        for seed in range(40):
            big = _spot("AS AH AD", [Action.raise_(20)])
            assert make_bot(kind, random.Random(seed)).decide(big.view_for(1)).kind \
                is not ActionKind.FOLD
            trash = _spot("2S 3C 5D", [Action.raise_(20)])
            folds_trash += make_bot(kind, random.Random(seed)).decide(
                trash.view_for(1)).kind is ActionKind.FOLD
        assert folds_trash >= 30, kind


def test_no_shove_with_a_middling_hand_into_a_small_pot() -> None:
    for kind in BOT_LEVELS:
        for seed in range(60):
            hand = _spot("4S 5C 9D", [Action.raise_(2)])  # 8 points
            action = make_bot(kind, random.Random(seed), "aggressive").decide(hand.view_for(1))
            assert action.kind is not ActionKind.ALL_IN


def test_bet_sizes_vary_within_the_range() -> None:
    sizes = set()
    for seed in range(80):
        hand = _spot("JH QH KH", [Action.call()])  # a liêng
        action = make_bot("normal", random.Random(seed)).decide(hand.view_for(1))
        if action.kind is ActionKind.RAISE:
            sizes.add(action.k)
    assert len(sizes) >= 3
    assert all(1 <= k <= 20 for k in sizes)


def test_against_an_all_in_opponent_a_monster_calls_and_never_raises() -> None:
    for kind in KINDS:
        if kind == "random":
            continue
        for seed in range(20):
            hand = _spot("AS AH AD", [Action.all_in()], stacks=[200, 1000])
            view = hand.view_for(1)
            assert view.legal is not None and not view.legal.raise_k
            action = make_bot(kind, random.Random(seed)).decide(view)
            assert action == Action.call(), (kind, action)


def test_personalities_change_the_style_inside_a_level() -> None:
    def raises_and_folds(personality: str) -> tuple[int, int]:
        raises = folds = 0
        deal = random.Random(99)
        for i in range(400):
            hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0, rng=deal)
            hand.act(0, Action.raise_(1 + i % 6))
            action = make_bot("normal", random.Random(i), personality).decide(hand.view_for(1))
            raises += action.kind in (ActionKind.RAISE, ActionKind.ALL_IN)
            folds += action.kind is ActionKind.FOLD
        return raises, folds

    careful = raises_and_folds("careful")
    aggressive = raises_and_folds("aggressive")
    loose = raises_and_folds("loose")
    assert aggressive[0] > careful[0]
    assert loose[1] < careful[1]


def test_no_raise_bigger_than_any_opponent_can_call() -> None:
    # Seat 0 keeps 25 chips behind after calling: a raise above 3 × 10 only comes back.
    for kind in BOT_LEVELS:
        for seed in range(30):
            hand = _spot("AS AH AD", [Action.call()], stacks=[35, 1000])
            action = make_bot(kind, random.Random(seed)).decide(hand.view_for(1))
            assert action.kind is not ActionKind.FOLD
            if action.kind is ActionKind.RAISE:
                assert action.k <= 3, (kind, action)
            assert action.kind is not ActionKind.ALL_IN
