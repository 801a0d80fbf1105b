"""Once a hand the table collects the cycles the hand left and gives the heap's free pages
back (``lieng.ui.core.heap``: a long evening stays at its memory), on a still frame of the
result panel — not on the frame that deals the next hand, the busiest of a table's frames
(docs/PERFORMANCE.md, "Game window" and "A long session")."""

from __future__ import annotations

import gc
import weakref
from functools import partial

import pygame
import pytest

from lieng.devtools.bots_selftest import ScriptedPlayer
from lieng.engine import Action, RuleSet
from lieng.table import PlayerSpec, Table
from lieng.ui.core import heap
from lieng.ui.core.heap import return_free_memory
from lieng.ui.core.window import GameApp
from lieng.ui.scenes import table as table_module
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TRIM_AFTER, TableScene

from ..helpers import MakeApp, key, run_until, step


def _dealt(table: Table, hand_no: int) -> bool:
    return table.hand_no == hand_no


def _calling_table(app: GameApp) -> TableScene[Table]:
    """A heads-up table over the menu, its bot calling everything."""
    players = [PlayerSpec("Bạn"), PlayerSpec("Minh", "bot", "normal")]
    table = Table(RuleSet(table_bet=10), players, seed=3,
                  bot_factory=lambda spec, rng: ScriptedPlayer([Action.call()] * 40))
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    return scene


def test_one_trim_a_hand_on_a_still_result_frame(make_app: MakeApp,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((960, 540), speed="fast", next_hand_delay=2)
    scene = _calling_table(app)
    table = scene.table
    trims: list[tuple[int, bool, float, bool]] = []

    def trim() -> None:
        result = scene.shown_result()
        trims.append((result.hand_no if result is not None else -1, scene.summary_showing(),
                      scene.summary.shown_for, scene.board.dealing))

    monkeypatch.setattr(table_module, "return_free_memory", trim)
    for hand in (1, 2, 3):
        run_until(app, lambda: scene.my_legal() is not None, limit=1200)
        assert table.hand_no == hand
        key(app, pygame.K_c)
        run_until(app, scene.summary_showing, limit=1200)
        step(app, 1)
        assert [tr[0] for tr in trims] == list(range(1, hand))  # not as the panel rises
        # The delay (2 s) runs out and the next hand is dealt on its own.
        run_until(app, partial(_dealt, table, hand + 1), limit=1200)
    assert [tr[0] for tr in trims] == [1, 2, 3]  # once a hand, each after its own result
    for _hand, showing, shown_for, dealing in trims:
        assert showing and shown_for >= TRIM_AFTER and not dealing


class _Knot:
    """An object in a cycle with itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_what_a_hand_leaves_in_cycles_is_freed_on_its_result_panel(make_app: MakeApp) -> None:
    """The once-a-hand pass is a real collection, not a trim alone: pygame_gui's text
    layouts, dropped when a label is relabelled, sit in cycles with their surfaces."""
    app = make_app((960, 540), speed="instant", next_hand_delay=30)
    scene = _calling_table(app)
    run_until(app, lambda: scene.my_legal() is not None, limit=1200)
    knot = _Knot()
    gone = weakref.ref(knot)
    del knot
    gc.disable()  # no automatic pass may do it instead
    try:
        key(app, pygame.K_c)
        run_until(app, scene.summary_showing, limit=1200)
        assert gone() is not None
        run_until(app, lambda: gone() is None, limit=120)
        assert scene.summary_showing()  # still the result panel, not the next deal
    finally:
        gc.enable()


def test_the_first_window_freezes_what_was_alive_before_it_and_not_its_own_cycles(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """``freeze_what_lasts`` runs as the process's first window opens: what lived before
    is out of the collector's sight (the once-a-hand pass stays a few milliseconds), what
    the window makes is not — its close still frees its cycles. A second window freezes
    nothing: it would take in the first one's cycles, kept after that one's close."""
    monkeypatch.setattr(heap, "_frozen", False)  # as in a new process
    before = _Knot()
    frozen = gc.get_freeze_count()
    app = make_app((960, 540))
    assert gc.get_freeze_count() > frozen
    knot = _Knot()
    in_sight = {id(o) for o in gc.get_objects()}  # the frozen are in no generation
    assert id(before) not in in_sight and id(knot) in in_sight
    gone = weakref.ref(knot)
    del knot, in_sight
    frozen = gc.get_freeze_count()
    second = make_app((960, 540))
    assert gc.get_freeze_count() == frozen
    return_free_memory()
    assert gone() is None
    assert app.size == second.size == (960, 540)
