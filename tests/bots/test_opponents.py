"""What ``hard`` learns about each seat: its model of each opponent."""

from __future__ import annotations

import dataclasses
import random

from lieng.bots import make_bot
from lieng.bots.base import Bot
from lieng.bots.habits import LIGHT_ALLIN_SHOWN, calls_allins_light
from lieng.bots.heuristic import HeuristicBot
from lieng.bots.opponents import SIZE_BINS, OpponentModel, size_bin
from lieng.bots.strength import hand_index, strength_row
from lieng.engine import (
    FULL_DECK,
    PRESETS,
    Action,
    ActionKind,
    ActionTaken,
    Card,
    Hand,
    HandStarted,
    HandView,
    Showdown,
    ShownHand,
    evaluate,
)
from lieng.levels import BotLevel

from .spots import call_down_and_show


def _heads_up(bots: list[Bot], hands: int, seed: int) -> None:
    """Play ``hands`` heads-up hands, every bot observing its own redacted events."""
    deal = random.Random(seed)
    for h in range(hands):
        hand = Hand(PRESETS["classic"], [1000, 1000], h % 2, rng=deal)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.act(seat, bots[seat].decide(hand.view_for(seat)))
        for s, bot in enumerate(bots):
            for event in hand.events_for(s):
                bot.observe(event)


def _model(bot: Bot) -> OpponentModel:
    assert isinstance(bot, HeuristicBot) and bot.model is not None
    return bot.model


def test_raise_frequency_and_folds_are_learnt_per_seat() -> None:
    vs_maniac = make_bot("hard", random.Random(1))
    _heads_up([vs_maniac, make_bot("raise", random.Random(2))], 200, 3)
    vs_station = make_bot("hard", random.Random(1))
    _heads_up([vs_station, make_bot("call", random.Random(2))], 200, 3)
    maniac = _model(vs_maniac).stats(1)
    station = _model(vs_station).stats(1)
    assert maniac.raise_rate() > 0.8
    assert station.raise_rate() < 0.05
    # Neither baseline ever folds: hard's fold estimate for them falls far below its prior.
    for st_model in (_model(vs_maniac), _model(vs_station)):
        assert st_model.fold_chance(1, 0.5, 0.4) < 0.2
    # A raise from the maniac says (almost) nothing; prior shrink for others stays.
    assert _model(vs_maniac).raise_shrink(1, 0.5) == 1.0
    assert _model(vs_station).raise_shrink(5, 0.5) == 0.5  # never saw seat 5: the prior


def test_showdowns_after_raises_set_how_much_a_raise_is_respected() -> None:
    model = OpponentModel()
    hands = [tuple(Card.parse_many(t)) for t in ("AH AD AS", "KH KD KS", "QH QD QS")]
    # Seat 1 raised once and showed a sáp, many times.
    rules = PRESETS["classic"]
    for i in range(30):
        cards = hands[i % 3]
        model.observe(HandStarted(rules, (1000, 1000), 0, (True, True)))
        model.observe(ActionTaken(1, ActionKind.RAISE, 50, 5, 50, 940, 50, True, False, 1))
        a, b, c = cards
        model.observe(Showdown((ShownHand(1, (a, b, c), evaluate(cards, rules)),)))
    hand = Hand(rules, [1000, 1000], 1, rng=random.Random(1))
    hand.act(1, Action.raise_(5))
    view = hand.view_for(0)
    assert model.beat(1, 0.9, 0.8, view) < 0.2  # a 9-point hand is beaten by what it shows
    assert model.beat(0, 0.9, 0.8, view) == 0.8  # nothing known about seat 0: the prior


def test_reseat_follows_the_players() -> None:
    model = OpponentModel()
    model.stats(1).raises = 7
    model.stats(2).raises = 1
    model.reseat({0: 0, 1: 2, 2: 1})
    assert model.stats(2).raises == 7 and model.stats(1).raises == 1


def _spot_vs(seat0_cards: str, mine: str) -> Hand:
    a, b = Card.parse_many(seat0_cards), Card.parse_many(mine)
    rest = [c for c in FULL_DECK if c not in a and c not in b]
    deck = [a[0], b[0], a[1], b[1], a[2], b[2], *rest]
    return Hand(PRESETS["classic"], [1000, 1000], 0, deck=deck)


def test_hard_calls_the_maniac_down_lighter_than_normal() -> None:
    calls: dict[BotLevel, int] = {"normal": 0, "hard": 0}
    for seed in range(20):
        for level in calls:
            bot = make_bot(level, random.Random(seed), "calm")
            _heads_up([bot, make_bot("raise", random.Random(seed))], 150, seed)
            # Seat 1 (the maniac's seat during warm-up) opens with a big raise; we hold
            # 6 points, a hand that is behind a real raising range but ahead of a random one.
            hand = _spot_vs("2S 3C 4D", "2H 7C 7D")
            # The two players swap seats for it; the bot follows the maniac to seat 0.
            assert isinstance(bot, HeuristicBot)
            bot.reseat({0: 1, 1: 0})
            hand.act(0, Action.raise_(12))
            calls[level] += bot.decide(hand.view_for(1)).kind is not ActionKind.FOLD
    assert calls["hard"] >= calls["normal"] + 5, calls


def test_raises_back_are_learnt_and_cost_a_weak_raise_its_ev() -> None:
    """A seat that raises back whenever it can (``raise``) gets a high re-raise rate, a
    calling station one near 0; ``hard`` then values a small raise with a weak hand
    below what it would be worth if every stay were a call, a strong one not
    (``_raise_ev``)."""
    vs_raiser = make_bot("hard", random.Random(1))
    _heads_up([vs_raiser, make_bot("raise", random.Random(2))], 200, 3)
    vs_station = make_bot("hard", random.Random(1))
    _heads_up([vs_station, make_bot("call", random.Random(2))], 200, 3)
    assert _model(vs_raiser).stats(1).reraise_rate() > 0.6  # none in the last round; prior 0.15
    assert _model(vs_station).stats(1).reraise_rate() < 0.05
    assert isinstance(vs_raiser, HeuristicBot)
    view = Hand(PRESETS["classic"], [1000, 1000], 0, rng=random.Random(4)).view_for(0)
    ranges = {1: 1.0}
    weak, strong = 0.7, 0.97
    B = view.rules.table_bet
    ev_weak = vs_raiser._raise_ev(weak, [1], ranges, view, B, B, view.pot)[0]
    ev_strong = vs_raiser._raise_ev(strong, [1], ranges, view, B, B, view.pot)[0]
    blind = HeuristicBot("hard", random.Random(1), vs_raiser.style, "blind")
    blind.model = vs_raiser.model
    blind.params = dataclasses.replace(vs_raiser.params, raise_back=False)
    assert ev_weak < blind._raise_ev(weak, [1], ranges, view, B, B, view.pot)[0]
    assert ev_strong == blind._raise_ev(strong, [1], ranges, view, B, B, view.pot)[0]


def test_what_a_seat_calls_each_size_with_is_learnt_apart() -> None:
    """A player like ``normal`` calls a small raise with most hands and a raise of
    several pots only with the top few percent (the minimum defence asks no more).
    Reading the callers of a big raise from the hands shown on the line so far —
    checked-down, middling — made ``hard`` raise the maximum with 6–8 points as a steal
    that only monsters called (docs/BOTS.md "How a heuristic bot decides"). The hands
    shown after calling are kept by the price called, and the callers of a big raise are
    read from those."""
    rules = PRESETS["classic"]
    row = strength_row(rules)
    model = OpponentModel()
    deal = random.Random(6)
    for h in range(400):
        hand = Hand(rules, [1000, 1000], 0, rng=deal)
        k = 1 if h % 2 else 20
        hand.act(0, Action.raise_(k))
        s = row[hand_index(hand.view_for(1).my_cards)]
        hand.act(1, Action.call() if s >= (0.3 if k == 1 else 0.93) else Action.fold())
        call_down_and_show(hand, model, 0)
    st = model.stats(1)
    small, big = size_bin(1 / 4), size_bin(20 / 42)
    assert small != big and st.called_n[small] >= 50 and st.called_n[big] >= 5, st.called_n
    medium = 0.75
    # The prior is what the line's hands said (0.9, as the old reading had it).
    assert model.beat_callers(1, medium, 0.9, 1 / 4) > 0.5
    assert model.beat_callers(1, medium, 0.9, 20 / 42) < 0.45
    assert model.beat_callers(7, medium, 0.9, 20 / 42) == 0.9  # an unknown seat: the prior
    # A bet of b into P is priced b / (P + 2b): half a pot, one, three and ten pots apart.
    prices = [b / (1 + 2 * b) for b in (0.5, 1.0, 3.0, 10.0)]
    assert [size_bin(p) for p in prices] == sorted({size_bin(p) for p in prices})
    assert size_bin(0.0) == 0 and size_bin(0.5) == SIZE_BINS - 1


def test_the_callers_of_a_bet_are_the_top_of_the_hands_a_line_shows() -> None:
    """``normal`` checks down middling hands and calls a raise of several pots only with
    the top few percent. Read as callers, all of its checked-down hands made a medium
    hand look ahead of them, and ``hard`` bet ten pots with it for a few hundred hands
    (docs/BOTS.md "Why normal beat hard and expert heads-up"); the callers are the top
    ``keep`` of those hands, as the prior keeps the top of the range."""
    rules = PRESETS["classic"]
    row = strength_row(rules)
    model = OpponentModel()
    deal = random.Random(11)
    shown: list[float] = []
    while len(shown) < 60:
        cards = tuple(deal.sample(FULL_DECK, 3))
        u = row[hand_index(cards)]
        if not 0.2 <= u <= 0.8:
            continue  # a checked-down hand: middling
        a, b, c = cards
        model.observe(HandStarted(rules, (1000, 1000), 0, (True, True)))
        model.observe(Showdown((ShownHand(1, (a, b, c), evaluate(cards, rules)),)))
        shown.append(u)
    view = Hand(rules, [1000, 1000], 0, rng=random.Random(1)).view_for(0)  # seat 1: line 0
    medium, prior = 0.6, 0.1
    below = sum(1 for u in shown if u < medium) / len(shown)
    all_of_them = model.beat(1, medium, prior, view)
    top_tenth = model.beat(1, medium, prior, view, keep=0.1)
    # The whole line: the old reading, which has the medium hand ahead of most of them.
    assert abs(all_of_them - (6 * prior + 60 * below) / 66) < 0.03
    assert all_of_them > 0.5
    # The top tenth of those hands is above the medium hand: the prior alone keeps the
    # chance to beat them above 0.
    top = sorted(shown)[-6:]
    emp = sum(1 for u in top if u < medium) / len(top)
    assert abs(top_tenth - (6 * prior + 60 * emp) / 66) < 0.1
    assert emp == 0.0 and top_tenth < 0.15 < 0.5 < all_of_them
    assert model.beat(1, medium, prior, view, keep=1.0) == all_of_them


def test_the_hands_a_seat_calls_an_all_in_with_are_kept_apart() -> None:
    """``SeatStats.allin_called``: a hand shown after calling a shove (or calling with its
    last chips) is counted there; a hand shown after calling an ordinary raise is not.
    ``habits.calls_allins_light`` reads it: a station that pays shoves with anything is
    light after a few shown hands, a player who pays them only with a monster is not."""
    rules = PRESETS["classic"]
    row = strength_row(rules)
    station, careful = OpponentModel(), OpponentModel()
    deal = random.Random(8)
    shoves = 0
    for h in range(120):
        deck = list(Hand(rules, [1000, 1000], 0, rng=deal).deck)
        shove = h % 2 == 0
        s = row[hand_index(Hand(rules, [1000, 1000], 0, deck=deck).view_for(1).my_cards)]
        strong = s >= 0.9
        for model, calls in ((station, True), (careful, strong or not shove)):
            replay = Hand(rules, [1000, 1000], 0, deck=deck)
            replay.act(0, Action.all_in() if shove else Action.raise_(2))
            replay.act(1, Action.call() if calls else Action.fold())
            call_down_and_show(replay, model, 0)
        shoves += shove
    light, tight = station.stats(1), careful.stats(1)
    assert light.allin_called_n[0] == shoves  # every shove called and shown, no raise
    assert sum(light.called_n) == 120
    assert 0 < tight.allin_called_n[0] < shoves
    assert calls_allins_light(light) and not calls_allins_light(tight)
    fresh = OpponentModel().stats(1)
    assert not calls_allins_light(fresh)
    few = OpponentModel().stats(1)
    few.allin_called[0][0] = few.allin_called_n[0] = LIGHT_ALLIN_SHOWN - 1  # the weakest
    assert not calls_allins_light(few)  # too few shown to say
    few.allin_called[0][0] = few.allin_called_n[0] = LIGHT_ALLIN_SHOWN
    assert calls_allins_light(few)


def _called_allin(stacks: list[int], first: int, moves: list[Action], seat: int) -> float:
    """``seat``'s ``allin_called_n`` after ``moves`` from ``first`` and a call-down."""
    rules = PRESETS["classic"]
    model = OpponentModel()
    hand = Hand(rules, stacks, first, rng=random.Random(5))
    for move in moves:
        to_act = hand.to_act
        assert to_act is not None
        hand.act(to_act, move)
    call_down_and_show(hand, model, 0)
    return model.stats(seat).allin_called_n[0]


def test_only_a_real_shove_or_a_last_call_at_a_big_price_counts_as_calling_an_all_in() -> None:
    """``allin_called`` keeps what a player risks its stack with when it did not choose the
    size. A short stack's all-in of a bet or two (at most half the pot, as
    ``MultiwayPlayer`` reads a shove) is a price anyone calls; calling off the last chips
    counts only at the top price bin; at three seats a raise over a shove is an ordinary
    raise to the one who calls it."""
    B = PRESETS["classic"].table_bet
    # Seat 2 holds 2.5 B: its all-in after the antes puts 1.5 B into a 3 B pot.
    assert _called_allin([1000, 1000, 25], 2, [Action.all_in(), Action.call()], 0) == 0
    assert _called_allin([1000, 1000, 1000], 2, [Action.all_in(), Action.call()], 0) == 1
    # Heads-up, seat 1 calls its last 9 B: into 2 + 9 B (price 0.45, the top bin) it counts;
    # its last 3 B against a raise of 3 B (price 0.375) does not.
    assert _called_allin([1000, 10 * B], 0, [Action.raise_(9), Action.call()], 1) == 1
    assert _called_allin([1000, 4 * B], 0, [Action.raise_(3), Action.call()], 1) == 0
    # Seat 2 shoves, seat 0 raises over it, seat 1 calls the raise: not an all-in it called
    # (seat 0 too has every chip in, so hand its stack a bet more than seat 2's).
    assert _called_allin([1200, 1200, 1000], 2,
                         [Action.all_in(), Action.raise_(2), Action.call()], 1) == 0


def test_hands_dealt_and_shoves_by_choice_are_counted_per_player() -> None:
    """``SeatStats.hands`` and ``shoves`` (``habits.shoves_light``): every hand a seat is
    dealt into counts, and an all-in counts as a shove only when it raised by more than
    half the pot — a short stack's all-in of a bet or two does not."""
    model = OpponentModel()
    rules = PRESETS["classic"]
    for stacks, moves in (([1000, 1000, 1000], [Action.all_in()]),
                          ([1000, 1000, 25], [Action.all_in()]),
                          ([1000, 1000, 1000], [Action.raise_(2)])):
        hand = Hand(rules, stacks, 2, rng=random.Random(2))
        for move in moves:
            hand.act(2, move)
        call_down_and_show(hand, model, 0)
    assert [model.stats(s).hands for s in range(3)] == [3, 3, 3]
    assert model.stats(2).shoves == 1  # the 2.5 B stack's all-in put 1.5 B into 3 B
    assert model.stats(0).shoves == model.stats(1).shoves == 0


def _seat_1_has_raised() -> tuple[HandView, int, int]:
    """Seat 0's view once seat 1 has raised 2 × B over its call, the table bet, and the
    price of a re-raise of 4 × B there."""
    hand = Hand(PRESETS["classic"], [1000, 1000], 0, rng=random.Random(4))
    hand.act(0, Action.call())
    hand.act(1, Action.raise_(2))
    view = hand.view_for(0)
    B = view.rules.table_bet
    return view, B, view.owed(0) + 4 * B


def test_folds_after_raising_are_learnt_apart_and_read_in_a_raise_war() -> None:
    """A tight re-raiser (population 7:49: folds below 0.53 + 0.33 × size, raises 0.67 and
    up, bluffs 12 %, re-raises) folds most first bets it faces but, once it has raised,
    only its bluffs: ``hard`` learns the two apart and credits a re-raise against it with the
    second (``OpponentModel.fold_chance(raised=True)``, ``_raise_ev``)."""
    from lieng.bots.population import HumanLike, population

    bot = make_bot("hard", random.Random(1))
    _heads_up([bot, HumanLike(population(7)[49], random.Random(2))], 1200, 5)
    model = _model(bot)
    st = model.stats(1)
    assert st.faced_after_raise >= 40
    assert st.folded_after_raise <= 0.35 * st.faced_after_raise
    first = model.fold_chance(1, 0.4, 0.3)
    after = model.fold_chance(1, 0.4, 0.3, raised=True)
    assert first > 0.55 and after < first - 0.25, (first, after)
    # In a hand where seat 1 has raised, hard's raise is priced with the second.
    assert isinstance(bot, HeuristicBot)
    view, B, bet = _seat_1_has_raised()  # 4 × B: a price it has met most as a first bet
    _, _, all_fold = bot._raise_ev(0.8, [1], {1: 1.0}, view, bet, 4 * B, view.pot)
    assert all_fold < first - 0.2, (all_fold, first)


def _answer_a_bet_twice(answer: Action) -> OpponentModel:
    """Seat 1 answers a bet with ``answer`` twice: once after raising that hand itself,
    once as the first bet it faces."""
    rules = PRESETS["classic"]
    model = OpponentModel()
    for raise_first in (True, False):
        hand = Hand(rules, [1000, 1000], 0, rng=random.Random(2))
        for event in hand.events_for(0):
            model.observe(event)
        seen = len(hand.events_for(0))
        if raise_first:
            hand.act(0, Action.call())
            hand.act(1, Action.raise_(1))
            hand.act(0, Action.raise_(3))
        else:
            hand.act(0, Action.raise_(3))
        hand.act(1, answer)
        for event in hand.events_for(0)[seen:]:
            model.observe(event)
    return model


def test_a_fold_counts_after_raising_only_when_the_seat_raised_that_hand() -> None:
    st = _answer_a_bet_twice(Action.fold()).stats(1)
    assert st.faced == 2 and st.folded_faced == 2
    assert st.faced_after_raise == 1 and st.folded_after_raise == 1


def test_raise_wars_are_learnt_apart_and_price_a_re_raise_in_one() -> None:
    """A tight value re-raiser (population 6:19: folds below 0.57, raises 0.71 and up,
    re-raises) raises back a first bet with a third of the hands it keeps but, once it has
    raised, nearly every time: ``hard`` learns the two apart (``war_reraise_rate``) and its
    re-raise in a war is worth less than the same raise priced with the first rate."""
    from lieng.bots.population import HumanLike, population

    bot = make_bot("hard", random.Random(1))
    _heads_up([bot, HumanLike(population(6)[19], random.Random(2))], 1200, 5)
    st = _model(bot).stats(1)
    stayed = st.faced_after_raise - st.folded_after_raise
    assert stayed >= 20 and st.raised_after_raise <= stayed
    assert st.war_reraise_rate() > st.reraise_rate() + 0.2, (st.war_reraise_rate(),
                                                             st.reraise_rate())
    assert isinstance(bot, HeuristicBot)
    war, B, bet = _seat_1_has_raised()
    in_war, _, _ = bot._raise_ev(0.75, [1], {1: 0.5}, war, bet, 4 * B, war.pot)
    # The same price with the war's count erased: only the first re-raise rate is left.
    st.raised_after_raise = st.reraise_rate() * (st.faced_after_raise - st.folded_after_raise)
    first_rate, _, _ = bot._raise_ev(0.75, [1], {1: 0.5}, war, bet, 4 * B, war.pot)
    assert in_war < first_rate - B, (in_war, first_rate)


def test_a_raise_back_counts_in_a_war_only_after_the_seat_raised_that_hand() -> None:
    st = _answer_a_bet_twice(Action.raise_(2)).stats(1)
    assert st.raised_faced == 2
    assert st.faced_after_raise == 1 and st.raised_after_raise == 1
    assert st.folded_after_raise == 0
