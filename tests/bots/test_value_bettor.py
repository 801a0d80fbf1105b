"""The value-bettor gate (``habits.value_bettor``): ``hard``'s engine (``expert``'s second
arm too) stops paying the minimum defence to big raises from a player whose big raises
are value — and the gate stays shut for Local Best Response, so LBR's figures do not move
(docs/BOTS.md "Why normal beat hard and expert heads-up")."""

from __future__ import annotations

import random

import pytest

from lieng.bots import make_bot
from lieng.bots.habits import AGGRESSOR, BIG_MIN_SHOWN, VALUE_EVIDENCE, value_bettor
from lieng.bots.heuristic import HeuristicBot
from lieng.bots.lbr import LocalBestResponse, play_hand
from lieng.bots.opponents import BINS, OpponentModel, SeatStats, last_raise_big
from lieng.bots.strength import colex_hands, strength
from lieng.engine import PRESETS, Action, ActionKind, Card, Hand, shuffled_deck
from lieng.levels import BotLevel

from .spots import call_down_and_show

RULES = PRESETS["classic"]


def _passive(decisions: int = 100, shown: tuple[float, ...] = ()) -> SeatStats:
    """A player raising a fifth of its decisions, with ``shown`` strengths after big raises."""
    st = SeatStats(decisions=decisions, raises=decisions * 0.2)
    for u in shown:
        st.big_shown[0][min(BINS - 1, int(u * BINS))] += 1
        st.big_shown_n[0] += 1
    return st


def test_the_gate_opens_for_a_seldom_raiser_and_shuts_on_a_bluff_or_an_aggressor() -> None:
    strong = (0.86, 0.93)
    assert len(strong) == BIG_MIN_SHOWN
    assert value_bettor(_passive(shown=strong))
    assert value_bettor(_passive(shown=(0.82, 0.93, 0.97)))
    assert not value_bettor(_passive(shown=strong[1:]))  # too few shown yet
    assert not value_bettor(_passive(shown=(0.9, 0.3)))  # one bluff shown shuts it
    assert not value_bettor(_passive(shown=(0.93, 0.95, 0.2)))
    assert not value_bettor(_passive(decisions=VALUE_EVIDENCE - 1, shown=strong))
    raiser = _passive(shown=strong)
    raiser.raises = 100 * AGGRESSOR + 5
    assert not value_bettor(raiser)


def _deal(mine: tuple[Card, ...], theirs: tuple[Card, ...]) -> Hand:
    """Seat 1 holds ``mine``, seat 0 ``theirs`` and acts first."""
    a, b = theirs, mine
    return Hand(RULES, [1000, 1000], 0, deck=[a[0], b[0], a[1], b[1], a[2], b[2]])


def _answer(model_stats: SeatStats | None, mine: tuple[Card, ...], seed: int,
            k: int = 6) -> ActionKind:
    """``hard``'s answer in seat 1 to a raise of ``k`` × B into the antes (3 pots)."""
    rng = random.Random(seed)
    hands = colex_hands()
    while True:
        theirs = rng.choice(hands)
        if not set(theirs) & set(mine):
            break
    hand = _deal(mine, theirs)
    hand.act(0, Action.raise_(k))
    bot = make_bot("hard", random.Random(seed), "calm")
    assert isinstance(bot, HeuristicBot) and bot.model is not None
    if model_stats is not None:
        bot.model.seats[0] = model_stats
    view = hand.view_for(1)
    assert last_raise_big(view, 0) and not last_raise_big(view, 1)
    return bot.decide(view).kind


def test_against_a_value_bettor_medium_hands_fold_to_a_big_raise_and_strong_ones_go_on(
) -> None:
    """``normal`` raises three pots and more only with 8 points and up: calling that with
    the top quarter of the hands we hold (the minimum defence) paid 0.34 *B*/hand over a
    fresh ``hard``'s first 300 hands (tune seeds)."""
    hands = colex_hands()
    medium = [h for h in hands if 0.77 <= strength(h, RULES) <= 0.86]
    strong = [h for h in hands if strength(h, RULES) >= 0.97]
    rng = random.Random(4)
    defended = 0
    value = (0.86, 0.93, 0.95)
    for i, mine in enumerate(rng.sample(medium, 40)):
        assert _answer(_passive(shown=value), mine, i) is ActionKind.FOLD, mine
        defended += _answer(None, mine, i) is not ActionKind.FOLD  # a fresh model defends
    assert defended > 0
    for i, mine in enumerate(rng.sample(strong, 20)):
        assert _answer(_passive(shown=value), mine, i) is not ActionKind.FOLD, mine
    # A bluff shown after a big raise: the defence is back.
    bluffed = _passive(shown=(*value, 0.25))
    assert sum(_answer(bluffed, m, i) is not ActionKind.FOLD
               for i, m in enumerate(rng.sample(medium, 40))) > 0


def test_the_model_keeps_the_hands_shown_after_big_raises_apart() -> None:
    """A raise of 1.5 pots or more is big; a pot-sized one (a bluff's size) is not."""
    for k, big in ((1, False), (3, True)):
        model = OpponentModel()
        hand = Hand(RULES, [1000, 1000], 0, rng=random.Random(5))
        hand.act(0, Action.raise_(k))
        hand.act(1, Action.call())
        call_down_and_show(hand, model, 1)
        assert model.stats(0).big_shown_n[0] == (1.0 if big else 0.0)
        prior = 0.5
        if big:  # the one hand shown moves the prior: the best hand beats it, none loses
            assert model.beat_big_raiser(0, 1.0, prior) > prior > \
                model.beat_big_raiser(0, 0.0, prior)
        else:
            assert model.beat_big_raiser(0, 1.0, prior) == prior


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_local_best_response_never_opens_the_gate(level: BotLevel) -> None:
    """LBR raises most of its decisions: an aggressor long before ``VALUE_EVIDENCE``
    decisions, so the level plays it exactly as before the gate existed."""
    stacks = [100 * RULES.table_bet] * 2
    deal = random.Random(9)
    bot = make_bot(level, random.Random(1), "calm")
    model = getattr(bot, "model", None)
    assert isinstance(model, OpponentModel)
    lbr = LocalBestResponse(random.Random(2), particles=4)
    for d in range(40):
        play_hand(RULES, stacks, d % 2, shuffled_deck(deal), lbr, [bot, bot])
        assert not value_bettor(model.stats(0))
    assert model.stats(0).decisions >= VALUE_EVIDENCE
