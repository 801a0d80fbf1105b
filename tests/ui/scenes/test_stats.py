"""The statistics screen (``lieng.ui.scenes.stats``) through the real app: its figures
against the hands the table played, and the shared-screen games' final standings."""

from __future__ import annotations

from pathlib import Path

import pygame

from lieng.engine import ActionTaken, CardDealt, PotAwarded, evaluate
from lieng.storage.bankroll import STARTING_CHIPS
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.stats import StatsScene

from ..helpers import (
    RealApp,
    click,
    leave_table,
    my_net,
    play_hands,
    run_until_loaded,
    step,
    top,
)


def test_statistics_screen_figures(real_app: RealApp) -> None:
    app = real_app()
    scene, hands = play_hands(app, 4, seed=5, bots="3")
    leave_table(app, scene)
    click(app, top(app, MenuScene).extras.buttons["stats"])
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    run_until_loaded(app, stats)
    nets = [my_net(h) for h in hands]
    won = [any(isinstance(e, PotAwarded) and 0 in e.winners and not e.refund for e in h)
           for h in hands]
    pots = [sum(e.amount for e in h if isinstance(e, PotAwarded)) for h in hands]
    st = stats.stats
    assert st.hands_played == len(hands)
    assert st.hands_won == sum(won)
    assert app.profile is not None
    assert st.net_chips == sum(nets) == app.profile.bankroll.total - STARTING_CHIPS
    assert st.biggest_pot == max([p for p, w in zip(pots, won, strict=True) if w], default=0)
    # Best hand: the strongest of the player's dealt cards.
    mine = [tuple(e.card for e in h if isinstance(e, CardDealt) and e.seat == 0
                  and e.card is not None) for h in hands]
    assert all(len(cards) == 3 for cards in mine)  # the table's own record hides none
    best = max(mine, key=lambda cards: evaluate(cards, scene.table.rules).key)
    assert st.best_hand is not None and st.best_hand.cards == evaluate(best,
                                                                        scene.table.rules).cards
    # Every one of the player's actions counted once; all against "normal" bots.
    n_actions = sum(1 for h in hands for e in h
                    if isinstance(e, ActionTaken) and e.seat == 0)
    assert sum(st.actions.values()) == n_actions
    assert set(st.per_level) == {"normal"} and st.per_level["normal"].hands == len(hands)
    figures = dict(stats.figures())
    assert figures["stats.played"] == str(len(hands))
    click(app, stats.back)
    assert isinstance(app.stack.top, MenuScene)


def test_statistics_lists_shared_screen_game_results(real_app: RealApp, tmp_path: Path) -> None:
    """A hot-seat game's final standings are kept in the statistics."""
    from datetime import datetime

    from lieng.storage.history import GameResult, History, SeatRecord

    result = GameResult.build(datetime(2026, 11, 29, 20, 15), "hotseat", 12, [
        (SeatRecord("Lan"), 1350, 350), (SeatRecord("Minh"), 900, -100),
        (SeatRecord("Cô Sáu", "bot", "hard"), 750, -250)])
    History().append(result)
    app = real_app()
    click(app, top(app, MenuScene).extras.buttons["stats"])
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    run_until_loaded(app, stats)
    assert stats.page == "overview"
    click(app, stats.games_btn)
    assert stats.page == "games"
    step(app, 2)
    pygame.image.save(app.screen, str(tmp_path / "games.png"))  # drawn without error
    assert stats.game_lines() == [(
        "29/11 20:15 · Chơi chung một máy · 12 ván",
        "1. Lan +350 · 2. Minh −100 · 3. Cô Sáu (máy) −250")]
    click(app, stats.games_btn)
    assert stats.page == "overview"
