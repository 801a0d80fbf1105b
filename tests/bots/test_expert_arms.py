"""How ``expert`` chooses, heads-up, between the equilibrium and the model's engine."""

from __future__ import annotations

import dataclasses
import random

from lieng.bots import make_bot
from lieng.bots.base import legal_of
from lieng.bots.expert import EXPLORE_AFTER, LEAN_AGGRESSOR, WARMUP, ExpertBot
from lieng.bots.habits import AGGRESSOR, LIGHT_SHOVE_HANDS, MIN_EVIDENCE
from lieng.bots.habits import aggressor as _aggressor
from lieng.bots.habits import habit as _habit
from lieng.bots.habits import shoves_light as _shoves_light
from lieng.bots.heuristic import SHOVE_STRENGTH
from lieng.bots.opponents import SeatStats
from lieng.bots.strength import hand_index, strength_row
from lieng.engine import PRESETS, Action, ActionKind, Card, Hand


def _stats(decisions: int, raises: int, faced: int = 0, folded: int = 0,
           shown_bin: int | None = None, shown: int = 0) -> SeatStats:
    st = SeatStats(decisions=decisions, raises=raises, faced=faced, folded_faced=folded)
    if shown_bin is not None:
        st.shown[2][shown_bin] = shown
    return st


def test_habits_are_read_from_folds_and_from_hands_shown_after_raising() -> None:
    assert _habit(_stats(100, 5, faced=50, folded=45)) == "folder"
    assert _habit(_stats(100, 5, faced=50, folded=2)) == "caller"
    top, bottom = len(SeatStats().shown[2]) - 1, 0
    assert _habit(_stats(100, 60, faced=50, folded=20, shown_bin=bottom, shown=10)) == "wild"
    assert _habit(_stats(100, 10, faced=50, folded=20, shown_bin=top, shown=10)) == "tight"
    # Folds to half the bets and shows middling hands: balanced, no habit to exploit.
    middle = len(SeatStats().shown[2]) * 2 // 3
    assert _habit(_stats(100, 30, faced=50, folded=25, shown_bin=middle, shown=10)) is None
    # Too little evidence is no habit either.
    assert _habit(_stats(5, 1, faced=MIN_EVIDENCE - 1, folded=MIN_EVIDENCE - 1)) is None


def test_an_aggressor_is_read_from_its_raise_rate_alone() -> None:
    """Weak hands shown after raising do not make a raiser harmless: LBR shows its
    bluffs when called (docs/BOTS.md "Where LBR earns")."""
    middle = len(SeatStats().shown[2]) * 2 // 3
    assert _aggressor(_stats(200, 100, shown_bin=middle, shown=20))
    assert _aggressor(_stats(200, 100, shown_bin=0, shown=20))  # maniac, random, LBR
    assert not _aggressor(_stats(200, int(200 * AGGRESSOR) - 20))  # raises seldom


def _bot_with(st: SeatStats, results: list[list[float]] | None = None) -> ExpertBot:
    bot = ExpertBot(random.Random(3))
    bot.model.seats[0] = st
    if results is not None:
        bot._results = results
    return bot


def test_the_equilibrium_plays_every_hand_against_a_thinking_aggressor() -> None:
    middle = len(SeatStats().shown[2]) * 2 // 3
    bot = _bot_with(_stats(200, 100, faced=60, folded=30, shown_bin=middle, shown=20))
    assert {bot._pick_arm([0]) for _ in range(300)} == {0}


def test_the_engine_plays_against_a_passive_player_with_a_look_at_the_equilibrium() -> None:
    """The look starts after ``EXPLORE_AFTER`` hands: a short session does not pay for
    equilibrium hands whose comparison needs thousands of hands to conclude."""
    passive = _stats(200, 20, faced=60, folded=25)
    fresh = _bot_with(passive)
    assert {fresh._pick_arm([0]) for _ in range(300)} == {1}
    later = [[0.0, 0.0, 0.0], [0.0, 0.0, float(EXPLORE_AFTER)]]
    bot = _bot_with(passive, later)
    arms = [bot._pick_arm([0]) for _ in range(1000)]
    assert 0.8 <= sum(arms) / len(arms) <= 0.97


def test_results_overrule_the_lean_only_when_clearly_better() -> None:
    n = float(WARMUP)
    passive = _stats(200, 20, faced=60, folded=25)
    # Each arm's results: (sum, sum of squares, hands); per-hand sd 10 × B.
    close = [[0.2 * n, (100 + 0.04) * n, n], [0.0, 100 * n, n]]
    clear = [[3.0 * n, (100 + 9) * n, n], [0.0, 100 * n, n]]
    assert sum(_bot_with(passive, close)._pick_arm([0]) for _ in range(200)) > 150
    assert sum(_bot_with(passive, clear)._pick_arm([0]) for _ in range(200)) == 0


def test_the_engine_plays_a_new_player_until_it_raises_often() -> None:
    """A new player is read with the model's priors (raise rate 0.2: no aggressor)."""
    bot = _bot_with(SeatStats())
    assert 1 in {bot._pick_arm([0]) for _ in range(50)}
    bot.model.seats[0] = _stats(MIN_EVIDENCE + 10, MIN_EVIDENCE + 5)
    assert {bot._pick_arm([0]) for _ in range(50)} == {0}


def test_the_equilibrium_leans_in_a_little_below_the_aggressor_line() -> None:
    """``hard`` raises about a third of its decisions against ``expert``; with the lean
    at ``AGGRESSOR`` the engine played many of its hands and ``expert`` − ``hard`` fell
    to +0.03 on tune seeds (docs/BOTS.md "Why normal beat hard and expert heads-up")."""
    assert LEAN_AGGRESSOR < AGGRESSOR
    # A raise rate between the two: no aggressor for ``hard``, the equilibrium here.
    # (The model's prior adds 2 raises in 10 decisions to the counts.)
    between = _stats(1000, round(((LEAN_AGGRESSOR + AGGRESSOR) / 2) * 1010 - 2))
    assert not _aggressor(between)
    assert {_bot_with(between)._pick_arm([0]) for _ in range(100)} == {0}
    below = _stats(1000, round((LEAN_AGGRESSOR - 0.02) * 1010 - 2))
    assert {_bot_with(below)._pick_arm([0]) for _ in range(100)} == {1}


def test_luck_of_the_cards_is_taken_out_of_the_arms_results() -> None:
    """Hands are credited net of what their strength usually wins: over many hands the
    arm's adjusted results average near zero against a player it neither beats nor
    loses to by much, while the raw results swing with the cards."""
    expert = make_bot("expert", random.Random(8))
    assert isinstance(expert, ExpertBot)
    opp = make_bot("call", random.Random(9))
    deal = random.Random(10)
    raw = 0.0
    for h in range(800):  # the per-strength means need a few hundred hands to settle
        bots = [expert, opp] if h % 2 == 0 else [opp, expert]
        hand = Hand(PRESETS["classic"], [1000, 1000], 0, rng=deal)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.act(seat, bots[seat].decide(hand.view_for(seat)))
        me = bots.index(expert)
        raw += (hand.stacks[me] - 1000) ** 2 / 100
        for s, bot in enumerate(bots):
            for event in hand.events_for(s):
                bot.observe(event)
    adjusted = sum(arm[1] for arm in expert._results)
    assert sum(arm[2] for arm in expert._results) == 800
    # The control variate removes a good part of the variance the cards bring.
    assert adjusted < 0.9 * raw


def _heads_up_facing_a_shove(mine: str, shover_stack: int = 1000) -> tuple[Hand, int]:
    """A heads-up hand where seat 1 (first to act) has just moved all-in; seat 0 holds
    ``mine`` and is to act."""
    rules = PRESETS["classic"]
    theirs = Card.parse_many("2♣ 3♦ 5♠")
    ours = Card.parse_many(mine)
    deck = [c for pair in zip(theirs, ours, strict=True) for c in pair]
    hand = Hand(rules, [1000, shover_stack], 1, deck=deck)
    hand.act(1, Action.all_in())
    assert hand.to_act == 0
    return hand, 0


def test_heads_up_a_shove_by_choice_from_a_player_without_light_raises_takes_a_monster() -> None:
    """``ExpertBot.shove_read`` (docs/BOTS.md "Fourteenth session"): heads-up as at 3–6
    seats, an opening shove from a player the model has seen nothing light from is read as
    the never-do rules' hand. The spot is one the population league found: a passive
    player whose big raises were shown with 8 points, then a shove — the engine read it as
    another big raise and called with 9 points; the read folds. Sáp still calls; an
    aggressor's shove and a short all-in are not read so."""
    hand, me = _heads_up_facing_a_shove("4♠ 5♥ K♦")
    nine = hand.view_for(me)
    assert strength_row(nine.rules)[hand_index(nine.my_cards)] < SHOVE_STRENGTH

    def seen(bot: ExpertBot) -> ExpertBot:
        st = bot.model.seats[1] = _stats(80, 18, faced=46, folded=30)
        st.shown[2][16] = st.shown[2][18] = 2.0  # 8 and 9 points shown after raising
        st.shown_n[2] = 4.0
        st.big_shown[0][16] = 3.0  # its big raises: 8 points
        st.big_shown_n[0] = 3.0
        return bot

    for s in range(30):
        assert seen(ExpertBot(random.Random(s))).decide(nine).kind is ActionKind.FOLD
        unread = seen(ExpertBot(random.Random(s)))
        unread.shove_read = False
        assert unread.decide(nine).kind is ActionKind.CALL
    sap = _heads_up_facing_a_shove("A♠ A♥ A♦")[0].view_for(me)
    assert all(ExpertBot(random.Random(s)).decide(sap).kind is ActionKind.CALL
               for s in range(20))
    aggro = ExpertBot(random.Random(0))
    aggro.model.seats[1] = _stats(100, 60, faced=50, folded=20)
    assert _aggressor(aggro.model.stats(1))
    assert not aggro._multiway.shove_is_a_monster(nine, legal_of(nine))
    short = _heads_up_facing_a_shove("4♠ 5♥ K♦", shover_stack=PRESETS["classic"].table_bet
                                     + 5)[0].view_for(me)
    assert not ExpertBot(random.Random(0))._multiway.shove_is_a_monster(short, legal_of(short))


def test_a_player_who_shoves_more_often_than_monsters_are_dealt_is_not_read_so() -> None:
    """``habits.shoves_light``: folding to every shove, the read would seldom see a light
    shover's cards; how often it shoves gives it away. 20 shoves in 60 hands is far more
    than the never-do rules' hand (dealt one hand in twenty) allows; 3 in 60 is not, and
    neither is any count before ``LIGHT_SHOVE_HANDS`` hands."""
    nine = _heads_up_facing_a_shove("4♠ 5♥ K♦")[0].view_for(0)

    def read(hands: int, shoves: int) -> bool:
        bot = ExpertBot(random.Random(0))
        st = bot.model.seats[1] = _stats(80, 18, faced=46, folded=30)
        st.hands, st.shoves = hands, shoves
        assert not _aggressor(st)
        return bot._multiway.shove_is_a_monster(nine, legal_of(nine))

    assert not read(60, 20)
    assert not _shoves_light(_stats(0, 0)) and _shoves_light(
        dataclasses.replace(_stats(0, 0), hands=60, shoves=20))
    assert read(60, 3)
    assert read(LIGHT_SHOVE_HANDS - 1, LIGHT_SHOVE_HANDS - 1)
