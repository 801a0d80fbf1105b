"""``expert``'s heads-up counter-strategy (``lieng.bots.counter``, trained by
``lieng.bots.train_counter``): the gate that lets it play, shut for Local Best Response so
LBR's figures stand; the data-biased solver; the shipped files' check (docs/BOTS.md
"The counter-strategy"). Every preset that ships a counter (``COUNTER_PRESETS``) is
tested alike: each file is played, checked and falls back the same way."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lieng.bots import make_bot
from lieng.bots.abstraction import bucket_min_strengths, build_tree
from lieng.bots.counter import COUNTER_PRESETS, counter_file, decode, encode, load_counter
from lieng.bots.expert import (
    COUNTER_EVIDENCE,
    COUNTER_MAX_RAISE,
    LEAN_AGGRESSOR,
    ExpertBot,
    _counter_for,
)
from lieng.bots.expert_data import load_strategy
from lieng.bots.lbr import LocalBestResponse, play_hand
from lieng.bots.opponents import SeatStats
from lieng.engine import PRESETS, TIEBREAKS, Hand, shuffled_deck

np = pytest.importorskip("numpy")
train = pytest.importorskip("lieng.bots.train")
dcfr = pytest.importorskip("lieng.bots.dcfr")
train_counter = pytest.importorskip("lieng.bots.train_counter")

each_preset = pytest.mark.parametrize("preset", COUNTER_PRESETS)
"""Every preset that ships a counter-strategy."""


def _nb(preset: str) -> int:
    """The hand buckets of ``preset``'s shipped equilibrium (its counter's too)."""
    strat = load_strategy(preset)
    assert strat is not None
    return strat.nb


def _expert_vs_hard(preset: str, hands: int, counter: bool = True) -> tuple[list[int], int]:
    """``expert`` (seat 0) against ``hard`` heads-up at 100 × B on fixed deals: each
    hand's chips for seat 0, and how many hands were dealt with the gate open."""
    rules = PRESETS[preset]
    bots = [make_bot("expert", random.Random(7), "calm"),
            make_bot("hard", random.Random(8), "calm")]
    expert = bots[0]
    assert isinstance(expert, ExpertBot)
    expert.counter = counter
    stacks = [100 * rules.table_bet] * 2
    deal = random.Random(10)
    results = []
    opened = 0
    for d in range(hands):
        opened += _counter_for(expert.model.stats(1))
        hand = Hand(rules, stacks, d % 2, deck=shuffled_deck(deal))
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.act(seat, bots[seat].decide(hand.view_for(seat)))
        for s in (0, 1):
            for event in hand.events_for(s):
                bots[s].observe(event)
        results.append(hand.stacks[0] - stacks[0])
    return results, opened


def _stats(decisions: float, rate: float) -> SeatStats:
    """A player with ``decisions`` decisions whose raise rate (prior included) is ``rate``."""
    st = SeatStats(decisions=decisions)
    st.raises = rate * (decisions + 10.0) - 0.2 * 10.0
    assert st.raise_rate() == pytest.approx(rate)
    return st


def test_the_gate_is_the_band_hard_raises_in_after_enough_decisions() -> None:
    mid = (LEAN_AGGRESSOR + COUNTER_MAX_RAISE) / 2
    assert _counter_for(_stats(COUNTER_EVIDENCE, mid))
    assert _counter_for(_stats(500, 0.34))  # hard against expert: 0.33-0.36
    assert not _counter_for(_stats(COUNTER_EVIDENCE - 1, mid))
    assert not _counter_for(_stats(500, LEAN_AGGRESSOR - 0.01))  # the engine's side
    assert not _counter_for(_stats(500, COUNTER_MAX_RAISE))
    assert not _counter_for(_stats(500, 0.7))  # Local Best Response: 0.66-0.76


@each_preset
def test_local_best_response_never_opens_the_gate(preset: str) -> None:
    """LBR raises most of its decisions: from its first hands on, above the band."""
    rules = PRESETS[preset]
    stacks = [100 * rules.table_bet] * 2
    deal = random.Random(9)
    bot = make_bot("expert", random.Random(1), "calm")
    assert isinstance(bot, ExpertBot)
    lbr = LocalBestResponse(random.Random(2), particles=4)
    for d in range(40):
        play_hand(rules, stacks, d % 2, shuffled_deck(deal), lbr, [bot, bot])
        assert not _counter_for(bot.model.stats(0))
    assert bot.model.stats(0).decisions >= COUNTER_EVIDENCE


@each_preset
def test_against_local_best_response_expert_plays_as_without_the_counter(preset: str) -> None:
    """The same hands against LBR, with and without the counter-strategy: the same
    decisions, chip for chip (what keeps the LBR figures of docs/BOTS.md valid)."""
    rules = PRESETS[preset]

    def play(counter: bool) -> list[int]:
        bot = make_bot("expert", random.Random(4), "calm")
        assert isinstance(bot, ExpertBot)
        bot.counter = counter
        lbr = LocalBestResponse(random.Random(5), particles=4)
        deal = random.Random(6)
        stacks = [100 * rules.table_bet] * 2
        return [play_hand(rules, stacks, d % 2, shuffled_deck(deal), lbr, [bot, bot])
                for d in range(30)]

    assert play(True) == play(False)


@each_preset
def test_hard_opens_the_gate_and_the_counter_then_plays(preset: str) -> None:
    """Against ``hard`` the gate opens (its raise rate sits in the band), and then the
    counter-strategy's weights are what ``expert`` plays at 100 × B: the same deals are
    played differently from the plain equilibrium."""
    with_counter, opened = _expert_vs_hard(preset, 300)
    assert opened > 100
    without, _ = _expert_vs_hard(preset, 300, counter=False)
    assert with_counter != without
    nb = _nb(preset)
    strat = load_strategy(preset)
    assert strat is not None
    table = load_counter(preset, nb)
    assert table is not None
    # Somewhere the counter-strategy plays, it plays differently from the equilibrium.
    differs = sum(1 for node in range(len(table.nodes)) for b in range(nb)
                  if (w := table.probabilities(node, b)) is not None
                  and max(abs(x - y) for x, y in zip(w, strat.probabilities(5, node, b),
                                                     strict=True)) > 64)
    assert differs > 100


@each_preset
@pytest.mark.parametrize("damage", ["missing", "not a counter file"])
def test_without_a_readable_counter_file_expert_plays_the_equilibrium(
        preset: str, damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing or unreadable file falls back to the equilibrium: against ``hard``, with
    the gate open, the same deals give the same chips as with the counter-strategy off."""
    from lieng.bots import counter

    path = tmp_path / f"expert_counter_{preset}.bin"
    if damage != "missing":
        path.write_bytes(b"not one")
    monkeypatch.setattr(counter, "counter_file", lambda p: path)
    load_counter.cache_clear()
    try:
        assert load_counter(preset, _nb(preset)) is None
        fallback, opened = _expert_vs_hard(preset, 120)
        assert opened > 0
        plain, _ = _expert_vs_hard(preset, 120, counter=False)
        assert fallback == plain
    finally:
        load_counter.cache_clear()


@each_preset
def test_a_stale_or_damaged_counter_file_is_never_played(preset: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    from lieng.bots import counter

    nb = _nb(preset)
    header, strategy = decode(counter_file(preset).read_bytes())
    path = tmp_path / f"expert_counter_{preset}.bin"
    monkeypatch.setattr(counter, "counter_file", lambda p: path)
    load_counter.cache_clear()
    try:
        cases = ((b"not one", False), (encode({**header, "nodes": 3}, strategy), False),
                 (encode(header, strategy[:-1]), False), (encode(header, strategy), True))
        for data, loads in cases:
            path.write_bytes(data)
            load_counter.cache_clear()
            assert (load_counter(preset, nb) is not None) is loads
        assert load_counter(preset, nb + 1) is None  # another bucketing's file
    finally:
        load_counter.cache_clear()


def test_fully_pinned_data_biased_solver_finds_the_best_response_on_kuhn() -> None:
    """With the modelled player pinned to a fixed strategy everywhere (w = 1), the
    response is a best response to it: its value equals the exact best response's."""
    tree = build_tree((1,))
    P = np.full((3, 3), 1.0 / 6.0)
    np.fill_diagonal(P, 0.0)
    M = P * np.sign(np.subtract.outer(np.arange(3), np.arange(3)))
    plain = dcfr.Solver(tree, P, M, [1.0, 1.0, 1.0])
    rng = np.random.default_rng(3)
    model = np.where(plain.mask, rng.random(plain.mask.shape), 0.0)
    model /= model.sum(1, keepdims=True)
    for me in (0, 1):
        solver = train_counter.DataBiasedSolver(tree, P, M, [1.0, 1.0, 1.0], 1 - me, model,
                                                np.ones((len(tree.nodes), 3)))
        solver.iterate(400)
        ours = np.array([nd.player == me for nd in tree.nodes])[:, None, None]
        value = plain.game_value(np.where(ours, solver.average(), model))[0]
        best = plain.best_response_values(model)[0][me]
        assert (value if me == 0 else -value) == pytest.approx(best, abs=2e-3)


def test_every_preset_with_an_expert_strategy_ships_a_counter() -> None:
    """What ``train_counter --preset`` offers is what is shipped and checked."""
    assert COUNTER_PRESETS == train_counter.expert_presets() == TIEBREAKS
    assert all(counter_file(p).is_file() for p in COUNTER_PRESETS)


@each_preset
def test_the_shipped_counter_passes_the_check(preset: str) -> None:
    assert train_counter.check(preset) == []


@each_preset
def test_the_check_catches_a_damaged_counter(preset: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    header, strategy = decode(counter_file(preset).read_bytes())
    damaged = bytearray(strategy)
    damaged[len(damaged) // 2] ^= 0xFF
    path = tmp_path / f"expert_counter_{preset}.bin"
    path.write_bytes(encode(header, bytes(damaged)))
    monkeypatch.setattr(train_counter, "counter_file", lambda p: path)
    assert any("hash" in p for p in train_counter.check(preset))
    path.write_bytes(b"not one")
    assert train_counter.check(preset) == [
        f"counter {preset}: {path.name} cannot be read "
        f"(not a Liêng expert counter-strategy; retrain it)"]


@each_preset
def test_the_check_names_a_missing_counter_and_how_to_train_it(
        preset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / f"expert_counter_{preset}.bin"
    monkeypatch.setattr(train_counter, "counter_file", lambda p: path)
    (problem,) = train_counter.check(preset)
    assert f"expert_counter_{preset}.bin is missing" in problem
    assert f"python -m lieng.bots.train_counter --preset {preset}" in problem


def test_train_check_covers_every_shipped_counter(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``train --check`` (CI) checks the counter of each preset it checks, and fails when
    one of them is gone."""
    assert train.check_counters(TIEBREAKS) == (list(COUNTER_PRESETS), [])
    assert train.check_counters(("split",)) == (["split"], [])
    gone = tmp_path / "gone.bin"
    real = train_counter.counter_file
    monkeypatch.setattr(train_counter, "counter_file",
                        lambda p: gone if p == "v8club" else real(p))
    checked, problems = train.check_counters(TIEBREAKS)
    assert checked == list(COUNTER_PRESETS)
    assert len(problems) == 1 and problems[0].startswith("counter v8club: gone.bin is missing")


@each_preset
def test_an_all_in_the_never_do_rule_forbids_gets_no_weight(preset: str) -> None:
    """Every counter-strategy weight on an abstract all-in is one the never-do rule
    allows for that bucket (``abstraction.shove_allowed``), as in the equilibrium."""
    nb = _nb(preset)
    table = load_counter(preset, nb)
    assert table is not None
    plain = dcfr.Solver(build_tree((100,)), np.eye(nb), np.zeros((nb, nb)),
                         bucket_min_strengths(PRESETS[preset]))
    for node in range(len(table.nodes)):
        for b in range(nb):
            w = table.probabilities(node, b)
            if w is not None:
                assert all(x == 0 or plain.mask[node, a, b] for a, x in enumerate(w))
