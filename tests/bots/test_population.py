"""The population of human-like fixed strategies (lieng/bots/population.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lieng.bots.heuristic import SHOVE_STRENGTH
from lieng.bots.league import Estimate
from lieng.bots.people import Profile
from lieng.bots.population import (
    CONFIGS,
    HumanLike,
    confirm,
    duplicate,
    heads_up,
    kinds,
    main,
    mean_of,
    paired,
    population,
    tables,
    unbeaten,
)
from lieng.bots.strength import strength
from lieng.engine import PRESETS, Action, ActionKind, Hand, RuleSet

from .test_decisions import _check_never_do, _with_other_cards, states


def test_each_seed_draws_the_same_sixty_configurations_and_seeds_differ() -> None:
    a = population(11)
    assert len(a) == CONFIGS >= 60
    assert a == population(11)
    assert a != population(12)
    assert len(set(a)) == len(a)
    for p in a + population(1):
        assert 1 <= p.k_lo <= p.k_hi <= 20
        assert 0 <= p.bluff <= 0.15 and 0 <= p.slowplay <= 0.4
    # The family's switches take both values within one seed.
    assert {p.reraise for p in a} == {True, False}
    assert {p.size_slope == 0 for p in a} == {True, False}
    assert min(p.k_hi for p in a) <= 2 and max(p.k_hi for p in a) >= 12


@settings(max_examples=200, deadline=None)
@given(states(), st.integers(0, 10**6))
def test_population_keeps_the_never_do_rules_and_sees_only_its_view(
        state: tuple[Hand, random.Random], pick: int) -> None:
    hand, rng = state
    if hand.is_over:
        return
    prof = population(1 + pick % 20)[pick % CONFIGS]
    seat = hand.to_act
    assert seat is not None
    view = hand.view_for(seat)
    bot = HumanLike(prof, random.Random(pick))
    action = bot.decide(view)
    _check_never_do(bot, view, action)
    legal = view.legal
    assert legal is not None
    if action.kind is ActionKind.ALL_IN and legal.all_in != legal.call:
        assert strength(view.my_cards, view.rules) >= SHOVE_STRENGTH
    other = _with_other_cards(hand, seat, rng)
    assert HumanLike(prof, random.Random(pick)).decide(other.view_for(seat)) == action


def _folder() -> Profile:
    return Profile(fold_below=0.6, size_slope=0.0, raise_above=0.9, k_lo=1, k_hi=1,
                   bluff=0.0, slowplay=0.0, allin_call=0.9, reraise=False,
                   shove_above=2.0)


def _facing(bot: HumanLike, rules: RuleSet, rng: random.Random, stacks: list[int],
            opening: Action) -> tuple[float, Action]:
    """A fresh heads-up hand in which seat 0 opens with ``opening``: seat 1's strength
    and what ``bot`` does there."""
    hand = Hand(rules, stacks, 0, rng=rng)
    hand.act(0, opening)
    view = hand.view_for(1)
    return strength(view.my_cards, rules), bot.decide(view)


def test_a_profile_plays_its_thresholds() -> None:
    rules = PRESETS["classic"]
    bot = HumanLike(_folder(), random.Random(1))
    rng = random.Random(3)
    for _ in range(200):
        s, action = _facing(bot, rules, rng, [1000, 1000], Action.raise_(2))
        if s < 0.6:
            assert action.kind is ActionKind.FOLD
        elif s < 0.9:
            assert action.kind is ActionKind.CALL
        else:  # someone raised and it does not re-raise
            assert action.kind is ActionKind.CALL


def test_a_raise_of_any_size_meets_the_strength_thresholds_an_all_in_the_all_in_one() -> None:
    """20 × B into the antes' 2 × B (ten pots) meets the folder's usual thresholds, as
    2 × B does above (it ignores the size); only a call that is all-in needs its all-in
    calling strength (0.9)."""
    rules = PRESETS["classic"]
    bot = HumanLike(_folder(), random.Random(1))
    rng = random.Random(4)
    kinds: set[ActionKind] = set()
    for _ in range(300):
        s, action = _facing(bot, rules, rng, [1000, 1000], Action.raise_(20))
        assert action.kind is (ActionKind.CALL if s >= 0.6 else ActionKind.FOLD), (s, action)
        kinds.add(action.kind)
        s, action = _facing(bot, rules, rng, [1000, 150], Action.all_in())
        assert action.kind is (ActionKind.CALL if s >= 0.9 else ActionKind.FOLD), (s, action)
    assert kinds == {ActionKind.CALL, ActionKind.FOLD}


def test_duplicate_is_zero_sum_between_two_copies_of_one_strategy() -> None:
    """Two identical deterministic strategies: each deal's two replays cancel exactly."""
    rules = PRESETS["classic"]
    prof = _folder()
    per_deal = duplicate([lambda r: HumanLike(prof, r), lambda r: HumanLike(prof, r)], 30,
                         "t", rules)
    assert per_deal == [0.0] * 30


def test_heads_up_and_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    res = heads_up("normal", [11], 3, "classic", "calm")
    assert len(res) == CONFIGS
    total = mean_of([e for _, _, e in res])
    assert total.half > 0
    assert main(["--seeds", "11", "--deals", "2", "--levels", "easy"]) == 0
    out = capsys.readouterr().out
    assert "REPORT" in out and "| easy |" in out
    assert main(["--seeds", "1", "--deals", "2", "--levels", "easy", "--players", "6",
                 "--tables", "1"]) == 0
    assert "TUNE" in capsys.readouterr().out
    # Six seats: every level meets the same deals, so one level against itself differs by
    # exactly nothing, and two levels are compared deal by deal.
    assert main(["--seeds", "1", "--deals", "2", "--levels", "easy,easy,normal",
                 "--players", "6", "--tables", "1"]) == 0
    out = capsys.readouterr().out
    assert "| easy − easy | +0.000 ± 0.000" in out
    assert "| normal − easy |" in out
    with pytest.raises(ValueError, match="same deals"):
        paired([1.0, 2.0], [1.0])
    # Three to five seats: the same pairing at smaller tables, a line per deal.
    assert main(["--seeds", "1", "--deals", "2", "--levels", "easy,easy",
                 "--players", "3", "--tables", "1"]) == 0
    out = capsys.readouterr().out
    assert "at 3 seats" in out and "| easy − easy | +0.000 ± 0.000" in out
    assert len(tables("easy", [1, 2], 2, 3, "classic", "calm", players=4)) == 12
    with pytest.raises(ValueError, match="3 to 6"):
        tables("easy", [1], 1, 2, "classic", "calm", players=7)
    with pytest.raises(SystemExit):
        main(["--seeds", "5-2"])


def test_unbeaten_lists_the_configurations_whose_ci_reaches_zero_worst_first(
        capsys: pytest.CaptureFixture[str]) -> None:
    res = [(3, 0, Estimate(1.0, 0.5)), (3, 1, Estimate(0.4, 0.5)),
           (4, 7, Estimate(-0.2, 0.1)), (4, 8, Estimate(0.5, 0.5))]
    lost = unbeaten(res)
    assert [(u.seed, u.index) for u in lost] == [(4, 7), (3, 1), (4, 8)]
    assert [u.profile for u in lost] == [population(4)[7], population(3)[1], population(4)[8]]
    profs = population(3)
    aware = sum(1 for p in profs if p.size_slope > 0)
    assert kinds(profs).startswith(f"60: size-aware {aware / 60:.0%}, ")
    assert kinds([]) == "none"
    assert main(["--seeds", "11", "--deals", "2", "--levels", "easy",
                 "--report-unbeaten"]) == 0
    out = capsys.readouterr().out
    listed = [line for line in out.splitlines() if line.startswith("  11:")]
    head = next(line for line in out.splitlines() if line.startswith("easy: not beaten"))
    assert head.startswith(f"easy: not beaten {len(listed)}: ")
    means = [float(line.split()[1]) for line in listed]
    assert means == sorted(means)


def test_confirm_replays_the_unbeaten_on_fresh_deals(capsys: pytest.CaptureFixture[str]) -> None:
    """``--confirm``: every configuration a level did not beat is played again on deals of
    its own — not the first run's (the figures differ), as many as asked — and the line
    counts how many are still not beaten and how many the level beat in all."""
    res = heads_up("easy", [11], 3, "classic", "calm")
    lost = unbeaten(res)
    assert lost
    same_count = confirm("easy", lost, 3, "classic", "calm")  # as many deals as the first
    assert [u for u, _ in same_count] == lost
    assert any(e != u.result for u, e in same_count)  # so other cards: a key of its own
    again = confirm("easy", lost, 4, "classic", "calm")
    assert main(["--seeds", "11", "--deals", "3", "--levels", "easy", "--confirm", "4"]) == 0
    out = capsys.readouterr().out
    still = sum(1 for _, e in again if e.mean - e.half <= 0)
    assert (f"easy: the {len(lost)} not beaten, on 4 fresh deals each: "
            f"{len(lost) - still} beaten, {still} not") in out
    assert f"beaten in all {len(res) - still} / {len(res)}" in out
    for bad in (["--confirm", "1"], ["--confirm", "4", "--players", "3"]):
        with pytest.raises(SystemExit) as refused:
            main(["--seeds", "11", "--deals", "3", *bad])
        assert refused.value.code == 2
