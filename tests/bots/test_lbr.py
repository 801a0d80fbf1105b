"""Local Best Response (lieng/bots/lbr.py) on games whose answer is known, and the rule
that its queries never reach the real bot."""

from __future__ import annotations

import dataclasses
import functools
import pickle
import random

import pytest

from lieng.bots import make_bot
from lieng.bots.base import BaseBot, legal_of
from lieng.bots.lbr import (
    FLOOR,
    LocalBestResponse,
    line_label,
    main,
    play_hand,
    play_lbr,
    query,
    size_class,
    snapshot,
    stratified_hands,
)
from lieng.bots.strength import colex_hands, strength, strength_row
from lieng.engine import PRESETS, Action, ActionKind, Card, Hand, HandView, evaluate
from lieng.levels import BotLevel

RULES = PRESETS["classic"]
B = RULES.table_bet
STACKS = [100 * B, 100 * B]


class FoldUnlessStrong(BaseBot):
    """Checks when nothing is owed; facing a bet folds below ``cut`` strength, else calls.
    It never raises, so the only decision is the one LBR's lookahead values exactly."""

    def __init__(self, cut: float) -> None:
        super().__init__("folder", random.Random(0), "folder")
        self.cut = cut

    def decide(self, view: HandView) -> Action:
        legal = legal_of(view)
        if legal.owed > 0 and strength(view.my_cards, view.rules) < self.cut:
            return Action.fold()
        return Action.call()


def _deck(mine: tuple[Card, ...], theirs: tuple[Card, ...]) -> list[Card]:
    return [mine[0], theirs[0], mine[1], theirs[1], mine[2], theirs[2]]


def _hands(n: int, seed: int) -> list[tuple[Card, Card, Card]]:
    rng = random.Random(seed)
    return rng.sample(colex_hands(), n)


def _other(mine: tuple[Card, ...], rng: random.Random) -> tuple[Card, Card, Card]:
    while True:
        h = rng.choice(colex_hands())
        if not set(h) & set(mine):
            return h


def test_size_classes() -> None:
    assert [size_class(k) for k in (1, 2, 3, 4, 7, 8, 15, 16, 20)] == [0, 1, 1, 2, 2, 3, 3,
                                                                       4, 4]


@pytest.mark.parametrize("level", ["expert", "hard", "normal"])
def test_queries_never_reach_the_real_bot(level: BotLevel) -> None:
    """LBR asks copies; the real bot's state and rng are byte for byte what they were."""
    bot = make_bot(level, random.Random(3), "calm")
    rng = random.Random(5)
    for h in range(6):  # some history, so the opponent model has something in it
        mine = _hands(1, h)[0]
        deck = _deck(mine, _other(mine, rng))
        lbr = LocalBestResponse(random.Random(h), particles=8)
        play_hand(RULES, STACKS, h % 2, deck, lbr, [make_bot("call"), bot])
    mine = _hands(1, 99)[0]
    hand = Hand(RULES, STACKS, 1, deck=_deck(mine, _other(mine, rng)))
    lbr = LocalBestResponse(random.Random(1), particles=8)
    lbr.start_hand(hand.view_for(0))
    before = pickle.dumps(bot)
    snap = snapshot(bot)
    state = bot.rng.getstate() if isinstance(bot, BaseBot) else None
    view = hand.view_for(1)
    action = bot.decide(view)
    after_decide = pickle.dumps(bot)
    lbr.watch(1, view, snap, action)
    hand.act(1, action)
    if not hand.is_over:
        lbr.snapshots = {1: snapshot(bot)}
        lbr.values(hand.view_for(0))
    assert pickle.dumps(bot) == after_decide
    assert isinstance(bot, BaseBot)
    twin = pickle.loads(before)  # our own snapshot
    assert twin.rng.getstate() == state
    # The real bot drew exactly what one decision draws, whatever LBR asked.
    assert twin.decide(view) == action
    assert twin.rng.getstate() == bot.rng.getstate()


@pytest.mark.parametrize("level", ["expert", "hard"])
def test_a_snapshot_copy_is_the_bot_with_fresh_rngs_and_shared_frozen_parts(
        level: BotLevel) -> None:
    """``snapshot`` leaves the rngs out and shares the frozen parts; a copy decides as a
    full pickled copy whose rng was reseeded the same way, and owns its mutable state."""
    bot = make_bot(level, random.Random(3), "calm")
    rng = random.Random(6)
    for h in range(4):
        mine = _hands(1, h)[0]
        lbr = LocalBestResponse(random.Random(h), particles=6)
        play_hand(RULES, STACKS, h % 2, _deck(mine, _other(mine, rng)), lbr,
                  [make_bot("call"), bot])
    snap = snapshot(bot)
    assert snap.rngs == 1 and len(snap.data) < len(pickle.dumps(bot)) - 3000
    copy = snap.copy(17)
    assert isinstance(copy, BaseBot) and isinstance(bot, BaseBot)
    assert copy.rng is not bot.rng and copy.rng.getstate() == random.Random(17).getstate()
    assert copy.__dict__["model"] is not bot.__dict__["model"]
    if level == "hard":
        assert copy.__dict__["params"] is bot.__dict__["params"]  # frozen: shared
    hand = Hand(RULES, STACKS, 1, deck=_deck(_hands(1, 50)[0], _hands(1, 51)[0]))
    view = hand.view_for(1)
    for seed in range(30):
        cards = _hands(1, 100 + seed)[0]
        if set(cards) & set(view.my_cards) or set(cards) & set(hand.view_for(0).my_cards):
            continue
        full = pickle.loads(pickle.dumps(bot))  # our own bot
        full.rng.seed(seed)
        twin = dataclasses.replace(view, my_cards=cards)
        assert query(snap, view, cards, seed) == full.decide(twin)


def test_stratified_hands_draw_from_the_pool_without_our_cards_by_slice() -> None:
    """The bisection picks exactly the hand a built pool would: the same rng draws give
    the same hands, for sample sizes from 1 to 300."""
    row = strength_row(RULES)
    hands = colex_hands()
    order = [hands[i] for i in sorted(range(len(hands)), key=row.__getitem__)]
    for t, n in enumerate((1, 7, 24, 300) * 5):
        mine = random.Random(t).choice(hands)
        pool = [h for h in order if not set(h) & set(mine)]
        draws = random.Random(t + 1000)
        expected = [pool[draws.randrange(i * len(pool) // n, (i + 1) * len(pool) // n)]
                    for i in range(n)]
        assert stratified_hands(mine, RULES, n, random.Random(t + 1000)) == expected


def test_jobs_play_the_replays_side_by_side_with_the_same_result() -> None:
    """The replays share only the deals, so two processes give the one-process figures
    bit for bit, lines included."""
    one: dict[str, list[float]] = {}
    two: dict[str, list[float]] = {}
    serial = play_lbr("hard", 4, seed=2, particles=4, lines=one)
    parallel = play_lbr("hard", 4, seed=2, particles=4, lines=two, jobs=2)
    assert serial == parallel
    assert one.keys() == two.keys()
    for label, (n, won) in one.items():
        assert two[label][0] == n and two[label][1] == pytest.approx(won)
    with pytest.raises(ValueError, match="jobs"):
        play_lbr("call", 2, seed=1, jobs=0)


def test_against_always_call_lbr_shoves_its_winners_and_checks_its_losers() -> None:
    """The best response to a calling station: all-in whenever the hand beats more than
    half of the others (its chips come back doubled more often than not), else check
    down — LBR's equity is sampled, so hands within 0.06 of one half are not judged."""
    rng = random.Random(2)
    judged = 0
    for mine in _hands(120, 7):
        s = strength(mine, RULES)
        if abs(s - 0.5) < 0.06:
            continue
        judged += 1
        hand = Hand(RULES, STACKS, 0, deck=_deck(mine, _other(mine, rng)))
        lbr = LocalBestResponse(random.Random(judged), particles=24)
        lbr.start_hand(hand.view_for(0))
        lbr.snapshots = {1: snapshot(make_bot("call", random.Random(0)))}
        action = lbr.decide(hand.view_for(0))
        assert action.kind is (ActionKind.ALL_IN if s > 0.5 else ActionKind.CALL), (mine, s)
    assert judged > 80


@functools.cache
def _opponent_hands() -> tuple[tuple[int, int, float], ...]:
    """Every hand (``colex_hands`` order) as its cards' bits, its value's key and its
    strength under ``RULES``: what ``_exact_values`` reads of each, worked out once for
    its ten calls instead of 22,100 valuations each."""
    return tuple((c0.bit | c1.bit | c2.bit, evaluate((c0, c1, c2), RULES).key,
                  strength((c0, c1, c2), RULES)) for c0, c1, c2 in colex_hands())


def _exact_values(mine: tuple[Card, ...], cut: float) -> dict[Action, float]:
    """LBR's one-step values against ``FoldUnlessStrong(cut)`` leading with pot 2B,
    over all 18,424 hands the opponent can hold."""
    me = evaluate(mine, RULES).key
    held = mine[0].bit | mine[1].bit | mine[2].bit
    stays: list[float] = []
    folds = 0
    total = 0
    win_all = 0.0
    for bits, theirs, their_strength in _opponent_hands():
        if bits & held:
            continue
        total += 1
        share = 1.0 if me > theirs else 0.5 if me == theirs else 0.0
        win_all += share
        if their_strength < cut:
            folds += 1
        else:
            stays.append(share)
    pot = 2 * B
    fold = folds / total
    win_c = sum(stays) / len(stays)
    out = {Action.fold(): 0.0, Action.call(): win_all / total * pot}
    for k in (1, 2, 4, 8, 20):
        put = k * B
        out[Action.raise_(k)] = fold * pot + (1 - fold) * (win_c * (pot + 2 * put) - put)
    put = 99 * B
    out[Action.all_in()] = fold * pot + (1 - fold) * (win_c * (pot + 2 * put) - put)
    return out


@pytest.mark.parametrize("cut", [0.3, 0.7])
def test_values_against_a_fixed_folder_match_the_exact_computation(cut: float) -> None:
    rng = random.Random(4)
    for mine in _hands(5, 11):
        hand = Hand(RULES, STACKS, 0, deck=_deck(mine, _other(mine, rng)))
        lbr = LocalBestResponse(random.Random(1), particles=300)
        lbr.start_hand(hand.view_for(0))
        lbr.snapshots = {1: snapshot(FoldUnlessStrong(cut))}
        got = lbr.values(hand.view_for(0))
        exact = _exact_values(mine, cut)
        assert set(got) == set(exact)
        for action, value in exact.items():
            # 300 strata: fold chance and equity each within about 1/150.
            put = 99 * B if action.kind is ActionKind.ALL_IN else action.k * B
            assert got[action] == pytest.approx(value, abs=0.02 * (2 * B + 2 * put)), action
        best = max(exact, key=exact.__getitem__)
        second = max(v for a, v in exact.items() if a != best)
        if exact[best] - second > 0.05 * 200 * B:
            assert max(got, key=got.__getitem__) == best


def test_a_call_moves_the_belief_onto_the_hands_that_call() -> None:
    cut = 0.6
    mine = _hands(1, 21)[0]
    theirs = _other(mine, random.Random(8))
    hand = Hand(RULES, STACKS, 0, deck=_deck(mine, theirs))
    lbr = LocalBestResponse(random.Random(1), particles=40)
    lbr.start_hand(hand.view_for(0))
    hand.act(0, Action.raise_(2))
    folder = FoldUnlessStrong(cut)
    view = hand.view_for(1)
    lbr.watch(1, view, snapshot(folder), Action.call())
    belief = lbr.beliefs[1]
    weak = sum(w for h, w in zip(belief.hands, belief.weights, strict=True)
               if strength(h, RULES) < cut)
    strong = sum(w for h, w in zip(belief.hands, belief.weights, strict=True)
                 if strength(h, RULES) >= cut)
    assert weak / (weak + strong) < FLOOR * 1.5 / (1 + FLOOR)


def test_lbr_farms_the_calling_station_heads_up_and_at_three_seats() -> None:
    heads_up = play_lbr("call", 12, seed=1)
    assert len(heads_up) == 12 and sum(heads_up) > 0
    three = play_lbr("call", 3, seed=1, seats=3, particles=8)
    assert len(three) == 3


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--bot", "call", "--deals", "3", "--particles", "6"]) == 0
    out = capsys.readouterr().out
    assert "LBR wins" in out and "mB/hand" in out and "LBR's line" not in out
    assert main(["--bot", "call", "--deals", "3", "--particles", "6", "--breakdown"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "%" in line]
    assert "LBR's line" in out and rows
    # The lines' shares of hands add up to all the hands played.
    assert sum(float(r.split("|")[2].strip(" %")) for r in rows) == pytest.approx(100, abs=1)
    with pytest.raises(SystemExit):
        main(["--bot", "nobody", "--deals", "3"])


def _labelled(first: int, moves: list[tuple[int, Action]]) -> str:
    hands = random.Random(5).sample(colex_hands(), 40)
    mine = hands[0]
    theirs = next(h for h in hands if not set(h) & set(mine))
    deck = _deck(mine, theirs) if first == 0 else _deck(theirs, mine)
    hand = Hand(RULES, STACKS, first, deck=deck)
    for seat, action in moves:
        hand.act(seat, action)
    assert hand.is_over
    return line_label(hand.view_for(0))


def test_breakdown_lines_name_what_the_bot_did_lbr_s_bet_and_the_end() -> None:
    assert _labelled(1, [(1, Action.call()), (0, Action.raise_(4)), (1, Action.fold())]) \
        == "after-check r4 bot-folds"
    assert _labelled(1, [(1, Action.raise_(2)), (0, Action.all_in()), (1, Action.call())]) \
        == "after-raise allin showdown"
    assert _labelled(0, [(0, Action.raise_(20)), (1, Action.fold())]) == "open r16 bot-folds"
    assert _labelled(0, [(0, Action.call()), (1, Action.raise_(1)), (0, Action.fold())]) \
        == "call lbr-folds"
