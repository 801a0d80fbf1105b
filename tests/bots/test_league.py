"""The duplicate league: deals, rotation, statistics, the CLI."""

from __future__ import annotations

import random

import pytest

from lieng.bots import league
from lieng.engine import PRESETS, Hand, shuffled_deck
from lieng.levels import BotKind


def test_deck_for_gives_each_seat_its_cards_from_any_first_player() -> None:
    deck = shuffled_deck(random.Random(5))
    hands = [deck[3 * s:3 * s + 3] for s in range(4)]
    for first in range(4):
        hand = Hand(PRESETS["classic"], [1000] * 4, first, deck=league._deck_for(hands, first))
        assert [list(hand.cards_of(s)) for s in range(4)] == hands


@pytest.mark.parametrize("n", [2, 3, 6])
def test_duplicate_rotation_cancels_the_cards_between_identical_players(n: int) -> None:
    # Always-call bots play every hand to a showdown with no choices: over the rotations
    # of a deal each seat holds every hand from every position, so each nets exactly 0.
    call: BotKind = "call"
    calls = (call,) * n
    task = league.Task(calls, 0, 30, 3, "classic", None)
    for totals in league.play_task(task):
        assert totals == [0] * n


def test_play_task_is_zero_sum_and_reproducible() -> None:
    task = league.Task(("hard", "normal", "easy", "random"), 1, 40, 9, "split", "calm")
    rows = league.play_task(task)
    assert len(rows) == 40
    assert all(sum(r) == 0 for r in rows)
    assert league.play_task(task) == rows
    assert any(any(r) for r in rows)


def test_estimate_mean_and_interval() -> None:
    est = league.estimate([1.0, 2.0, 3.0, 4.0])
    assert est.mean == pytest.approx(2.5)
    # sd = 1.29099; 1.96 * sd / 2
    assert est.half == pytest.approx(1.96 * 1.2909944 / 2)
    assert est.excludes_zero
    assert not league.estimate([-1.0, 1.0, -1.0, 1.0]).excludes_zero
    with pytest.raises(ValueError):
        league.estimate([1.0])


def test_cli_prints_the_ladder_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert league.main(["--hands", "30", "--players", "2", "--workers", "1",
                        "--bots", "normal,easy,call"]) == 0
    out = capsys.readouterr().out
    assert "| normal vs easy |" in out and "| easy − call |" in out
    assert "180 hands" in out
    assert league.main(["--hands", "20", "--players", "6", "--workers", "1",
                        "--bots", "hard,easy,raise"]) == 0
    out = capsys.readouterr().out
    assert "| hard − easy |" in out and "| easy − raise |" in out
    with pytest.raises(SystemExit):
        league.main(["--bots", "hard,wizard", "--workers", "1"])
