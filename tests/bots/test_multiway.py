"""The multiway blueprint's abstraction and trainer (docs/BOTS.md "Expert at 3–6 seats"):
the trainer's simulated betting is the engine's (RULES.md steps 2–8), a real view is
keyed exactly as the trainer keys the same spot, the shipped file round-trips, and
external-sampling MCCFR converges on a game whose equilibrium is known."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from lieng.bots import mccfr, multiway
from lieng.bots.base import legal_of
from lieng.bots.expert import ExpertBot
from lieng.bots.habits import aggressor, raises_anything
from lieng.bots.heuristic import SHOVE_STRENGTH, HeuristicBot
from lieng.bots.opponents import OpponentModel
from lieng.bots.personality import PERSONALITIES
from lieng.bots.strength import hand_index, strength_row
from lieng.engine import PRESETS, Action, ActionKind, Card, Hand, HandEnded, HandView

RULES = PRESETS["classic"]


def _engine_action(opt: tuple[int, int]) -> Action:
    a, k = opt
    if a == multiway.FOLD:
        return Action.fold()
    if a == multiway.CALL:
        return Action.call()
    if a == multiway.ALL_IN:
        return Action.all_in()
    return Action.raise_(k)


@pytest.mark.parametrize("seed", range(40))
def test_the_trainers_betting_and_keys_are_the_engines(seed: int) -> None:
    """Random abstract lines at 3–6 seats with equal stacks: after every action the
    trainer's state agrees with the engine's hand (who acts, round, bets, folds, whether
    betting is over), the options are legal there, and ``view_spot`` on the real view
    gives the trainer's key and options."""
    rng = random.Random(seed)
    n = rng.choice(mccfr.SEATS)
    behind = rng.choice(mccfr.STACKS)
    B = RULES.table_bet
    hand = Hand(RULES, [(behind + 1) * B] * n, 0, rng=random.Random(seed + 1000))
    hands = [hand_index(hand.view_for(s).my_cards) for s in range(n)]
    g = mccfr.Game(hands, behind, strength_row(RULES), mccfr.showdown_ranks())
    st = g.start()
    over = False
    while not over:
        p = st[4]
        assert hand.to_act == p
        view = hand.view_for(p)
        assert view.round == st[5]
        assert tuple(b // B for b in view.bets) == st[0]
        key, opts = mccfr.spot(g, st)
        assert view.legal is not None
        assert multiway.view_spot(view, view.legal) == (key, opts)
        wild = mccfr.wild_options(g, st, opts)
        assert set(opts) <= set(wild)
        for opt in wild:  # a wild training habit's all-ins and over-raises are legal too
            assert view.legal.allows(_engine_action(opt)), opt
        opt = rng.choice(wild if rng.random() < 0.3 else opts)
        hand.act(p, _engine_action(opt))
        st, over = mccfr.step(g, st, *opt)
        assert over == hand.is_over
    net = g.payoff(st[0], st[1])
    assert sum(net) == pytest.approx(0.0)
    assert tuple(hand.view_for(0).folded) == st[1]
    ended = next(e for e in hand.events if isinstance(e, HandEnded))
    # The engine pays whole chips (odd chips of a split go one by one: RULES.md step 9).
    assert [x / B for x in ended.net] == pytest.approx(net, abs=1.0 / B)


def test_options_keep_the_never_do_rules() -> None:
    """No fold when a check is free; all-in only with the never-do hand or at most half
    the pot; sizes that round to the same *k* are one option; a raise leaves chips."""
    assert multiway.SHOVE == SHOVE_STRENGTH
    free = multiway.options(0.2, 6, 0, 0, 100, True, 20, 1)
    assert [a for a, _ in free] == [multiway.CALL, multiway.RAISE_HALF, multiway.RAISE_POT,
                                    multiway.RAISE_2POT]
    assert [k for _, k in free] == [0, 3, 6, 12]
    strong = multiway.options(0.96, 6, 4, 4, 100, True, 20, 1)
    assert strong[0] == (multiway.FOLD, 0) and strong[-1] == (multiway.ALL_IN, 0)
    short = multiway.options(0.2, 40, 0, 0, 20, True, 20, 1)
    assert short[-1] == (multiway.ALL_IN, 0)
    tiny = multiway.options(0.5, 1, 0, 0, 100, True, 20, 1)  # ½ pot and 1 pot: k = 1
    assert [k for a, k in tiny if a != multiway.CALL] == [1, 2]
    no_room = multiway.options(0.5, 20, 10, 10, 12, True, 20, 1)
    assert [a for a, _ in no_room] == [multiway.FOLD, multiway.CALL]
    late = multiway.options(0.99, 30, 10, 10, 100, False, 20, 1)
    assert [a for a, _ in late] == [multiway.FOLD, multiway.CALL]


def test_buckets_follow_the_point_values() -> None:
    """Every hand of one point value (RULES.md "Hands") falls in one bucket under
    classic, and buckets rise with strength."""
    from lieng.bots.strength import colex_hands
    from lieng.engine import evaluate
    row = strength_row(RULES)
    by_value: dict[str, set[int]] = {}
    for i, h in enumerate(colex_hands()):
        v = evaluate(h, RULES)
        if v.category.name == "POINTS":
            by_value.setdefault(str(v), set()).add(multiway.bucket(row[i]))
    assert all(len(b) == 1 for b in by_value.values())
    assert multiway.bucket(0.0) == 0 and multiway.bucket(1.0) == multiway.N_BUCKETS - 1


def test_the_file_round_trips_and_refuses_damage() -> None:
    table = {5 * 64 + 0b11: [100, 155], 9 * 64 + 0b100011: [0, 255, 0]}
    data = multiway.encode({"layout": multiway.layout_digest()}, table)
    header, back = multiway.decode(data)
    assert header == {"layout": multiway.layout_digest()}
    assert {k: list(v) for k, v in back.items()} == table
    with pytest.raises(ValueError):
        multiway.decode(data[:-3])
    with pytest.raises(ValueError):
        multiway.decode(b"nonsense")


def _digest(seed: int, family: str = "equilibrium") -> str:
    """The digest of 30 iterations of a shipped blueprint's trainer."""
    trainer = mccfr.blueprint_trainer(seed, family)
    trainer.iterate(30)
    return trainer.digest()


def test_training_is_reproducible() -> None:
    assert _digest(3) == _digest(3) != _digest(4)


class KuhnDeal:
    """Kuhn poker (J < Q < K, ante 1, one bet of 1) as the trainer sees a game: the
    smallest poker with a known equilibrium — the first player's value is −1/18, and the
    second player calls a bet with the queen a third of the time."""

    n: int = 2
    learners: tuple[int, ...] = (0, 1)

    def __init__(self, cards: tuple[int, int]) -> None:
        self.cards = cards

    def fixed_choice(self, st: str, opts: list[tuple[int, int]],
                     rng: random.Random) -> int | None:
        return None

    def start(self) -> str:
        return ""

    def player(self, st: str) -> int:
        return len(st) % 2

    def spot(self, st: str) -> tuple[int, list[tuple[int, int]]]:
        code = {"": 0, "p": 1, "b": 2, "pb": 3}[st]
        return self.cards[self.player(st)] * 4 + code, [(0, 0), (1, 0)]

    def step(self, st: str, action: int, k: int) -> tuple[str, bool]:
        nxt = st + ("b" if action else "p")
        return nxt, nxt in ("pp", "bp", "bb", "pbp", "pbb")

    def payoff(self, st: str) -> list[float]:
        if st in ("bp", "pbp"):  # the last player folded to a bet
            winner = 0 if st == "bp" else 1
            return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
        stake = 2.0 if "b" in st else 1.0
        win = 1.0 if self.cards[0] > self.cards[1] else -1.0
        return [win * stake, -win * stake]


def _kuhn_value(avg: dict[int, list[float]]) -> float:
    """The first player's exact expected value of a strategy profile (all six deals)."""
    from itertools import permutations

    def value(g: KuhnDeal, st: str) -> float:
        key, opts = g.spot(st)
        probs = avg.get(key, [0.5, 0.5])
        total = 0.0
        for (a, k), p in zip(opts, probs, strict=True):
            nxt, over = g.step(st, a, k)
            total += p * (g.payoff(nxt)[0] if over else value(g, nxt))
        return total

    deals = list(permutations(range(3), 2))
    return sum(value(KuhnDeal((a, b)), "") for a, b in deals) / len(deals)


def test_external_sampling_mccfr_finds_kuhn_pokers_equilibrium() -> None:
    def deals(rng: random.Random) -> KuhnDeal:
        a, b = rng.sample(range(3), 2)
        return KuhnDeal((a, b))
    tr = mccfr.Trainer(5, deals)
    tr.iterate(20_000)
    avg = tr.average()
    assert _kuhn_value(avg) == pytest.approx(-1 / 18, abs=0.006)
    queen_facing_bet = avg[1 * 4 + 2]  # the second player, queen, after a bet
    assert queen_facing_bet[1] == pytest.approx(1 / 3, abs=0.07)
    assert avg[2 * 4 + 2][1] > 0.97  # the king always calls
    assert avg[0 * 4 + 2][1] < 0.03  # the jack never does


def test_the_shipped_blueprint_passes_the_check() -> None:
    assert mccfr.check_blueprint() == []
    assert mccfr.check_blueprint(multiway.PEOPLE_FILE) == []
    shipped = sum(p.stat().st_size for p in multiway.DATA_FILE.parent.glob("*.bin"))
    assert shipped <= 10_000_000  # issue #20: all shipped bot data within 10 MB
    for path in (multiway.DATA_FILE, multiway.PEOPLE_FILE):
        bp = multiway.load_blueprint(path)
        assert bp is not None and bp.table
    header, _ = multiway.decode(multiway.PEOPLE_FILE.read_bytes())
    assert header["family"] == "people"


def test_the_people_trainer_is_reproducible_and_its_own() -> None:
    assert _digest(3, "people") == _digest(3, "people") != _digest(3)
    with pytest.raises(ValueError):
        mccfr.blueprint_trainer(3, "nobody")


def test_the_check_catches_a_damaged_or_outdated_blueprint(tmp_path: Path) -> None:
    header, table = multiway.decode(multiway.DATA_FILE.read_bytes())
    first = min(table)
    damaged = {k: list(v) for k, v in table.items()}
    damaged[first] = [255 - b for b in damaged[first]]
    path = tmp_path / "expert_multiway.bin"
    path.write_bytes(multiway.encode(header, damaged))
    assert any("hash" in p for p in mccfr.check_blueprint(path))
    path.write_bytes(multiway.encode({**header, "layout": "other"},
                                     {k: list(v) for k, v in table.items()}))
    assert any("abstraction changed" in p for p in mccfr.check_blueprint(path))
    path.write_bytes(multiway.encode({**header, "check_digest": "0" * 64},
                                     {k: list(v) for k, v in table.items()}))
    assert any("reproduce" in p for p in mccfr.check_blueprint(path))


def test_a_missing_spot_is_read_from_its_nearest_trained_neighbour() -> None:
    parts = [3, 2, 1, 1, 2, 2, 0, 0b000011]
    near = list(parts)
    near[5] = 3  # one step deeper stack
    far = list(parts)
    far[3], far[2] = 3, 0  # two features away
    bp = multiway.Blueprint({multiway.compose(near): b"\x10\xef",
                             multiway.compose(far): b"\xff\x00"})
    assert bp.probabilities(multiway.compose(parts)) == [16.0, 239.0]
    other_hand = list(parts)
    other_hand[0] = 4  # the hand is never borrowed
    assert bp.probabilities(multiway.compose(other_hand)) is None
    assert multiway.features(multiway.compose(parts)) == parts


def test_training_habits_fold_raise_and_size_as_drawn() -> None:
    rng = random.Random(2)
    facing = multiway.options(0.5, 6, 2, 2, 100, True, 20, 1)
    free = multiway.options(0.1, 6, 0, 0, 100, True, 20, 1)
    folder = mccfr.Habit(fold=0.6, raise_from=0.9, bluff=0.0, size=0)
    assert facing[folder.choose(0.5, facing, rng)][0] == multiway.FOLD
    assert free[folder.choose(0.1, free, rng)][0] == multiway.CALL  # a free check
    assert facing[folder.choose(0.95, facing, rng)] == facing[2]  # smallest raise
    maniac = mccfr.Habit(0.0, 0.0, 0.0, 1)
    strong = multiway.options(0.99, 6, 2, 2, 100, True, 20, 1)
    pick = strong[maniac.choose(0.99, strong, rng)]
    assert pick[0] == multiway.RAISE_2POT  # the largest raise, not the all-in
    assert all(mccfr.draw_habit(rng).raise_from >= 0.0 for _ in range(100))


def test_wild_habits_shove_and_over_raise_any_hand_but_learners_keep_the_rules() -> None:
    """The training's wild habits bet beyond the never-do rules (an all-in or the largest
    *k* with a weak hand), so the learners meet such bets; the learners' own options
    still offer an all-in only with the never-do hand."""
    rng = random.Random(3)
    g = mccfr.Game([0, 1, 2], 100, tuple([0.2] * 22100), mccfr.showdown_ranks())
    st = g.start()
    _, opts = mccfr.spot(g, st)
    assert all(a != multiway.ALL_IN for a, _ in opts)  # a 0.2 hand: no all-in for a learner
    wild = mccfr.wild_options(g, st, opts)
    assert (multiway.ALL_IN, 0) in wild
    assert max(k for a, k in wild if a != multiway.ALL_IN) == mccfr.RAISE_MAX
    shover = mccfr.Habit(fold=0.0, raise_from=0.0, bluff=0.0, size=0, shove=1.0)
    over = mccfr.Habit(fold=0.0, raise_from=0.0, bluff=0.0, size=mccfr.OVER)
    assert shover.wild and over.wild and not mccfr.Habit(0.0, 0.0, 0.0, 1).wild
    assert wild[shover.choose(0.2, wild, rng)] == (multiway.ALL_IN, 0)
    assert wild[over.choose(0.2, wild, rng)] == (multiway.RAISE_2POT, mccfr.RAISE_MAX)
    deal = mccfr.LiengDeal(g, {0: shover})
    assert deal.spot(st)[1] == wild
    assert mccfr.LiengDeal(g, {1: shover}).spot(st)[1] == opts  # seat 0 learns
    drawn = [mccfr.draw_habit(rng) for _ in range(2000)]
    share = sum(h.wild for h in drawn) / len(drawn)
    assert share == pytest.approx(0.9 * mccfr.WILD, abs=0.03)


def _people_game(strength: float, bets: tuple[int, ...], level: int,
                 raises: int) -> tuple[mccfr.Game, mccfr.State]:
    """Seat 0 to act at three seats (100 behind) with every hand of ``strength``."""
    g = mccfr.Game([0, 1, 2], 100, tuple([strength] * 22100), mccfr.showdown_ranks())
    return g, (bets, (False,) * 3, (False,) * 3, level, 0, 1, raises)


def test_people_fold_raise_size_and_shove_as_drawn() -> None:
    """``mccfr.Person``, the people blueprint's fixed seats: folds below its threshold
    plus its share of the price, raises its own *k* range, calls an all-in only from its
    strength, shoves only with the never-do rules' hand and never folds a free check."""
    rng = random.Random(5)
    p = mccfr.Person(fold_below=0.4, size_slope=0.3, raise_above=0.8, k_lo=4, k_hi=6,
                     bluff=0.0, slowplay=0.0, allin_call=0.9, reraise=False,
                     shove_above=2.0)
    g, st = _people_game(0.5, (0, 3, 0), 3, 1)  # facing 3 into a pot of 6: price 0.5
    opts = mccfr.person_options(g, st)
    assert opts[0] == (multiway.FOLD, 0) and opts[-1] == (multiway.ALL_IN, 0)
    assert opts[p.choose(g, st, opts, rng)][0] == multiway.FOLD  # 0.5 < 0.4 + 0.3 × 0.5
    g, st = _people_game(0.6, (0, 3, 0), 3, 1)
    assert opts[p.choose(g, st, opts, rng)][0] == multiway.CALL  # no re-raise
    g, st = _people_game(0.85, (0, 0, 0), 0, 0)
    free = mccfr.person_options(g, st)
    ks = {free[p.choose(g, st, free, rng)] for _ in range(200)}
    assert ks == {(multiway.RAISE_POT, k) for k in (4, 5, 6)}
    g, st = _people_game(0.1, (0, 0, 0), 0, 0)
    assert free[p.choose(g, st, free, rng)][0] == multiway.CALL  # a free check
    shover = mccfr.Person(0.4, 0.0, 0.8, 4, 6, 0.0, 0.0, 0.9, True, 0.98)
    g, st = _people_game(0.99, (0, 0, 0), 0, 0)
    assert free[shover.choose(g, st, free, rng)] == (multiway.ALL_IN, 0)
    g, st = _people_game(0.97, (0, 0, 0), 0, 0)
    assert free[shover.choose(g, st, free, rng)][0] == multiway.RAISE_POT
    g, st = _people_game(0.85, (0, 100, 0), 100, 1)  # calling is all-in
    allin = mccfr.person_options(g, st)
    assert allin[p.choose(g, st, allin, rng)][0] == multiway.FOLD
    g, st = _people_game(0.95, (0, 100, 0), 100, 1)
    assert allin[p.choose(g, st, allin, rng)][0] == multiway.CALL
    drawn = [mccfr.draw_person(rng) for _ in range(500)]
    assert all(1 <= d.k_lo <= d.k_hi <= mccfr.RAISE_MAX for d in drawn)
    assert all(d.shove_above >= multiway.SHOVE for d in drawn)


def test_peoples_options_are_legal_in_the_engine() -> None:
    """Every option ``person_options`` gives at the start of a three-seat hand is legal
    in the engine, and the trainer's step agrees with the engine's bets after it."""
    B = RULES.table_bet
    for seed in range(10):
        hand = Hand(RULES, [101 * B] * 3, 0, rng=random.Random(seed))
        hands = [hand_index(hand.view_for(s).my_cards) for s in range(3)]
        g = mccfr.Game(hands, 100, strength_row(RULES), mccfr.showdown_ranks())
        st = g.start()
        view = hand.view_for(0)
        assert view.legal is not None
        opts = mccfr.person_options(g, st)
        for opt in opts:
            assert view.legal.allows(_engine_action(opt)), opt
        opt = random.Random(seed).choice(opts)
        hand.act(0, _engine_action(opt))
        st, _ = mccfr.step(g, st, *opt)
        assert tuple(b // B for b in hand.view_for(1).bets) == st[0]


def _aggressors_seen(bot: ExpertBot, seats: tuple[int, ...]) -> None:
    """The bot's model has seen ``seats`` raise 60 of 100 decisions (``habits.aggressor``)
    and nothing else: no habit the blueprint's overrides act on."""
    for seat in seats:
        st = bot.model.stats(seat)
        st.decisions, st.raises = 100.0, 60.0
        assert aggressor(st)


def _expert_plays_the_blueprint(path: Path, seats: int,
                                prepare: Callable[[ExpertBot], None]) -> None:
    """Over 600 rng seeds, a fresh ``expert`` (given ``prepare``) first to act at
    ``seats`` seats acts in the proportions of the blueprint in ``path`` for that spot."""
    bp = multiway.load_blueprint(path)
    assert bp is not None
    view = Hand(RULES, [1000] * seats, 0, rng=random.Random(11)).view_for(0)
    want = _blueprint_shares(bp, view)
    runs = 600
    got: Counter[ActionKind] = Counter()
    for s in range(runs):
        bot = ExpertBot(random.Random(s))
        prepare(bot)
        got[bot.decide(view).kind] += 1
    for kind in set(want) | set(got):
        assert got[kind] / runs == pytest.approx(want.get(kind, 0.0), abs=0.07), kind


def _blueprint_shares(bp: multiway.Blueprint, view: HandView) -> dict[ActionKind, float]:
    """The share of each kind of action ``bp``'s average strategy gives ``view``'s spot."""
    assert view.legal is not None
    key, opts = multiway.view_spot(view, view.legal)
    weights = bp.probabilities(key)
    assert weights is not None
    kind_of = {multiway.FOLD: ActionKind.FOLD, multiway.CALL: ActionKind.CALL,
               multiway.ALL_IN: ActionKind.ALL_IN}
    want: dict[ActionKind, float] = {}
    for (a, _), w in zip(opts, weights, strict=True):
        kind = kind_of.get(a, ActionKind.RAISE)
        want[kind] = want.get(kind, 0.0) + w / sum(weights)
    return want


def test_expert_at_three_seats_plays_the_blueprints_mixed_strategy() -> None:
    """``expert`` first to act at three seats against two aggressors (the lean gives
    their pots to the blueprint): over many rng seeds its actions come in the blueprint's
    proportions for that spot."""
    _expert_plays_the_blueprint(multiway.DATA_FILE, 3,
                                lambda bot: _aggressors_seen(bot, (1, 2)))


def test_expert_at_six_seats_gives_pots_without_an_aggressor_to_the_people_blueprint(
) -> None:
    """``MultiwayPlayer.people``: a fresh ``expert`` (no aggressor in its model) first to
    act at six seats plays the people blueprint's mixed strategy for that spot."""
    _expert_plays_the_blueprint(multiway.PEOPLE_FILE, 6, lambda bot: None)


def test_expert_at_three_seats_gives_pots_without_an_aggressor_to_the_people_blueprint(
) -> None:
    """``people_seats`` is three: a fresh ``expert`` first to act at three seats plays the
    people blueprint's mixed strategy for that spot (the raise sizes may be the model's,
    ``people_sizes``; the kinds are the blueprint's)."""
    _expert_plays_the_blueprint(multiway.PEOPLE_FILE, 3, lambda bot: None)


def test_with_people_off_pots_without_an_aggressor_are_the_engines() -> None:
    """``MultiwayPlayer.people`` off (as before issue #20's twelfth session, and when the
    file is missing): with no aggressor in the pot (a fresh model) every decision along a
    hand is the model's engine's — ``hard``'s code with ``expert``'s parameters, drawn
    from the same rng — and once one opponent still in is an aggressor the decisions are
    the blueprint's, which differ from the engine's on some seeds."""
    differs = 0
    for s in range(60):
        hand = Hand(RULES, [1000, 1000, 1000], s % 3, rng=random.Random(100 + s))
        bot = ExpertBot(random.Random(s))
        bot._multiway.people = False
        engine = HeuristicBot("expert", random.Random(s), PERSONALITIES["calm"], "engine")
        engine.model = OpponentModel()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view_for(seat)
            if seat == 0:
                assert bot.decide(view) == engine.decide(view)
            hand.act(seat, Action.call())
        view = Hand(RULES, [1000, 1000, 1000], 0, rng=random.Random(100 + s)).view_for(0)
        aggro = ExpertBot(random.Random(s))
        aggro._multiway.people = False
        _aggressors_seen(aggro, (2,))
        calm = HeuristicBot("expert", random.Random(s), PERSONALITIES["calm"], "engine")
        calm.model = OpponentModel()
        differs += aggro.decide(view) != calm.decide(view)
    assert differs > 0


def _openings(mine: str, sizes: bool) -> list[Action]:
    """What a fresh ``expert`` does first to act at three seats holding ``mine``, over 200
    rng seeds, with ``people_sizes`` on or off."""
    hands = [Card.parse_many(mine), Card.parse_many("2♣ 3♦ 5♠"), Card.parse_many("2♦ 3♥ 6♣")]
    deck = [hands[i][p] for p in range(3) for i in range(3)]
    view = Hand(RULES, [1000, 1000, 1000], 0, deck=deck).view_for(0)
    out = []
    for s in range(200):
        bot = ExpertBot(random.Random(s))
        bot._multiway.people_sizes = sizes
        out.append(bot.decide(view))
    return out


def _raise_ks(acts: list[Action]) -> list[int]:
    return [a.k for a in acts if a.kind is ActionKind.RAISE]


def test_people_pots_size_value_raises_by_the_model_and_keep_the_blueprints_bluffs(
) -> None:
    """``people_sizes``: in the people blueprint's pots a value raise takes the model's
    best size (``best_raise``) — larger than the abstraction's ½ to 2 pots against a fresh
    model's callers — a raise with a hand behind two others keeps the blueprint's own
    *k*, and the blueprint's all-in with sáp becomes the engine's mix of its largest
    raise and the shove."""
    view = Hand(RULES, [1000, 1000, 1000], 0, rng=random.Random(1)).view_for(0)
    assert view.legal is not None
    _, opts = multiway.view_spot(view, view.legal)
    abstract = {k for a, k in opts if a not in (multiway.FOLD, multiway.CALL, multiway.ALL_IN)}
    value_on = _raise_ks(_openings("K♠ Q♥ 9♦", sizes=True))  # 9 points (K, Q count 10)
    value_off = _raise_ks(_openings("K♠ Q♥ 9♦", sizes=False))
    assert value_off and set(value_off) <= abstract
    assert value_on and max(value_on) > max(abstract)
    weak_on = _raise_ks(_openings("2♠ 4♥ K♦", sizes=True))  # 6 points: behind two hands
    weak_off = _raise_ks(_openings("2♠ 4♥ K♦", sizes=False))
    assert weak_on and set(weak_on) <= abstract and weak_on == weak_off
    sap_off = _openings("A♠ A♥ A♦", sizes=False)
    sap_on = _openings("A♠ A♥ A♦", sizes=True)
    assert sum(a.kind is ActionKind.ALL_IN for a in sap_off) >= 190
    assert {a.kind for a in sap_on} == {ActionKind.RAISE, ActionKind.ALL_IN}
    assert min(_raise_ks(sap_on)) > max(abstract)


def _nine_in_a_big_pot() -> HandView:
    """Seat 0 (9 points) at three seats, its second turn: seat 1 raised the maximum twice,
    seat 2 called, seat 0 re-raised once; 590 chips left against a pot of 1,630, so the
    never-do rules let it shove (at most half the pot)."""
    hands = [Card.parse_many("K♠ Q♥ 9♦"), Card.parse_many("2♣ 3♦ 5♠"),
             Card.parse_many("2♦ 3♥ 6♣")]
    deck = [hands[(1 + i) % 3][p] for p in range(3) for i in range(3)]
    hand = Hand(RULES, [1000, 1000, 1000], 1, deck=deck)
    turns = 0
    while True:
        seat = hand.to_act
        assert seat is not None
        view = hand.view_for(seat)
        assert view.legal is not None
        top = Action.raise_(view.legal.raise_k.stop - 1)
        if seat == 0:
            turns += 1
            if turns == 2:
                return view
            hand.act(0, top)
        else:
            hand.act(seat, top if seat == 1 else Action.call())


def test_people_pots_shove_value_into_a_player_who_calls_all_ins_light() -> None:
    """``habits.calls_allins_light``: with a value hand in a pot where the never-do rules
    allow a shove, ``expert`` takes the engine's shove when an opponent still in has
    shown that it pays shoves with anything, and raises as before otherwise (the same rng
    seeds: nothing else differs)."""
    view = _nine_in_a_big_pot()
    assert view.legal is not None and view.legal.all_in is not None
    assert 2 * view.stacks[0] <= view.pot

    def acts(light: bool) -> Counter[ActionKind]:
        got: Counter[ActionKind] = Counter()
        for s in range(40):
            bot = ExpertBot(random.Random(s))
            if light:
                st = bot.model.stats(1)
                st.allin_called[0][6] += 5  # five shoves called with 6 points or so
                st.allin_called_n[0] += 5
            got[bot.decide(view).kind] += 1
        return got

    assert acts(False)[ActionKind.ALL_IN] == 0
    assert acts(True)[ActionKind.ALL_IN] >= 30


def _facing_a_shove(mine: str, shover_stack: int = 1000) -> HandView:
    """Seat 0's view at three seats right after seat 2 (first to act) moved all-in, seat 1
    still to act; seat 0 holds ``mine``."""
    hands = [Card.parse_many(mine), Card.parse_many("2♣ 3♦ 5♠"), Card.parse_many("2♦ 3♥ 6♣")]
    first = 2
    deck = [hands[(first + i) % 3][p] for p in range(3) for i in range(3)]
    hand = Hand(RULES, [1000, 1000, shover_stack], first, deck=deck)
    hand.act(2, Action.all_in())
    assert hand.to_act == 0
    return hand.view_for(0)


def test_expert_at_three_seats_reads_a_shove_by_choice_as_the_never_do_rules_hand() -> None:
    """``MultiwayPlayer.shove_read``: facing an opening all-in from a player the model has
    seen nothing light from, 9 points folds (the shover holds ``SHOVE_STRENGTH`` or more
    under every level's and the population's never-do rules) where the engine alone
    calls; sáp still calls; an aggressor's shove, a shove from a player who showed weak
    hands after raising, and a short all-in (at most half the pot) are not read so."""
    nine = _facing_a_shove("4♠ 5♥ K♦")
    assert strength_row(RULES)[hand_index(nine.my_cards)] < SHOVE_STRENGTH
    engine_calls = 0
    for s in range(20):
        assert ExpertBot(random.Random(s)).decide(nine).kind is ActionKind.FOLD
        engine = HeuristicBot("expert", random.Random(s), PERSONALITIES["calm"], "engine")
        engine.model = OpponentModel()
        engine_calls += engine.decide(nine).kind is ActionKind.CALL
    assert engine_calls == 20
    sap = _facing_a_shove("A♠ A♥ A♦")
    assert all(ExpertBot(random.Random(s)).decide(sap).kind is not ActionKind.FOLD
               for s in range(20))
    aggro = ExpertBot(random.Random(0))
    _aggressors_seen(aggro, (2,))
    assert not aggro._multiway.shove_is_a_monster(nine, legal_of(nine))
    light = ExpertBot(random.Random(0))
    light.model.stats(2).shown[2][2] = 6.0  # six hands of 10–15 % shown after raising
    light.model.stats(2).shown_n[2] = 6.0
    assert raises_anything(light.model.stats(2))
    assert not light._multiway.shove_is_a_monster(nine, legal_of(nine))
    short = _facing_a_shove("4♠ 5♥ K♦", shover_stack=RULES.table_bet + 15)
    assert not ExpertBot(random.Random(0))._multiway.shove_is_a_monster(short, legal_of(short))
    assert ExpertBot(random.Random(0))._multiway.shove_is_a_monster(nine, legal_of(nine))


def test_asking_the_engine_for_a_size_leaves_the_own_range_record_alone() -> None:
    """The people blueprint's value sizes ask the engine what it would do
    (``_value_size``); the engine notes our hand on its line only when it plays the spot
    (``HeuristicBot.decide(record=False)``), or the record — shared with the heads-up
    arm's defence — would hold the monsters that were asked about and nothing else."""
    hands = [Card.parse_many("A♠ A♥ A♦"), Card.parse_many("2♣ 3♦ 5♠"),
             Card.parse_many("2♦ 3♥ 6♣")]
    deck = [hands[i][p] for p in range(3) for i in range(3)]
    asked = 0
    for s in range(40):
        bot = ExpertBot(random.Random(s))
        own = bot._reader.own
        assert own is not None
        before = sum(sum(h) for h in own.hist)
        hand = Hand(RULES, [1000, 1000, 1000], 0, deck=deck)
        hand.act(0, Action.call())
        hand.act(1, Action.fold())
        hand.act(2, Action.raise_(1))
        view = hand.view_for(0)
        assert bot.decide(view).kind in (ActionKind.RAISE, ActionKind.ALL_IN,
                                         ActionKind.CALL)
        assert sum(sum(h) for h in own.hist) == before
        engine = HeuristicBot("expert", random.Random(s), PERSONALITIES["calm"], "engine")
        engine.model = OpponentModel()
        assert engine.own is not None
        engine.decide(view)  # playing the spot itself does note it
        asked += sum(sum(h) for h in engine.own.hist) > 0
    assert asked == 40
