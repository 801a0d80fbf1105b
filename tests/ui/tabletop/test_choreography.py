"""Chips and the layout across whole hands (docs/UI.md, "The layout rule"): bets sit in
front of each seat, are swept to the pot when a round closes, pot layers fly to their
winners — and in no frame does a chip, a label or a glow cover a seat's plate, name or
cards, the pot's figure or another label, or leave the window. At 960×540, 1280×720 and
1920×1080, 2 to 6 seats, with the action log's drawer closed and open.

The rectangles are the ones the drawing code blitted (``frame_record``), not guessed
from pixels. Each table plays two real hands through the window, the player's seat
pressing keys: one scripted so that short stacks go all in (side pots, or chips handed
back heads-up), played with the drawer closed and open; one against seeded bots, the
drawer opened with H mid-hand. Every frame of the deal, the betting, the sweeps, the
payout and the result is checked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

import pygame
import pytest

from lieng.devtools.bots_selftest import ScriptedPlayer
from lieng.devtools.driver import KeyAutopilot
from lieng.engine import Action, Event, PotAwarded, RuleSet
from lieng.game.setup import make_table
from lieng.table import PlayerSpec, Table, TableLike
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.frame_record import problems

from ..helpers import DT, MakeApp, brisk, key, shot, step

SIZES = [(960, 540), (1280, 720), (1920, 1080)]
NAMES = ["Bạn", "Hùng", "Nguyễn Thị Minh Khai", "Lan", "Thảo", "Quốc"]


def side_pot_table(n: int) -> Table:
    """Short stacks go all in at different levels while the others raise and call:
    a main pot and side pots (heads-up, a raise over an all-in comes back)."""
    stacks = [2000, 40, 2000, 150, 2000, 90][:n]
    scripts = {1: [Action.all_in()], 2: [Action.raise_(5)], 3: [Action.all_in()],
               4: [Action.call()], 5: [Action.all_in()]}
    if n == 2:  # the player calls a raise short, all in: the rest comes back
        stacks = [40, 2000]
        scripts = {1: [Action.raise_(5)]}
    players = [PlayerSpec(NAMES[i], "human" if i == 0 else "bot", stack=stacks[i])
               for i in range(n)]
    by_name = {NAMES[i]: scripts.get(i, []) for i in range(n)}

    def factory(spec: PlayerSpec, rng: random.Random) -> ScriptedPlayer:
        return ScriptedPlayer(list(by_name[spec.name]))

    return Table(RuleSet(table_bet=10), players, seed=7 + n, bot_factory=factory)


def _note_layers(layers: list[int], events: Sequence[Event]) -> None:
    """A table listener: the layer (main pot 0, side pots 1, 2, …) of each pot paid."""
    layers.extend(e.layer for e in events if isinstance(e, PotAwarded))


def play_one_hand(app: GameApp, scene: TableScene[TableLike], raises: bool,
                  seen: dict[str, int], open_drawer: bool = False) -> list[str]:
    """Play the table's current hand to its result, checking every frame; returns the
    first frames' problems (with a screenshot of the first). ``open_drawer``: press H
    once the betting has begun — the seats move aside mid-hand."""
    table = scene.table
    hand_no = table.hand_no
    pilot = KeyAutopilot(random.Random(hand_no), folds=False)
    bad: list[str] = []
    for _ in range(4000):
        if open_drawer and scene.board.round >= 1:
            open_drawer = False
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                                 unicode="h", scancode=0))
        if isinstance(app.stack.top, Dialog):
            break
        hand = table.hand
        if scene.my_legal() is not None and hand is not None:
            if raises:
                pilot(scene)  # presses a key; the next frame takes it
            else:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0,
                                                     unicode="", scancode=0))
        with scene.frame_record.capture() as frame:
            step(app, dt=DT)
        for d in frame:
            seen[d.kind] = seen.get(d.kind, 0) + 1
        found = problems(frame, app.size)
        if found and not bad:
            shot(app, "choreography_problem")
        bad += found
        if scene.summary_showing() and scene.summary.shown_for > 0.6:
            break
    assert table.hand_no == hand_no and table.hand is not None and table.hand.is_over
    assert scene.summary_showing()
    return bad[:8]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_chip_label_or_glow_covers_what_it_must_not(make_app: MakeApp, size: tuple[int, int]
                                                       ) -> None:
    app = make_app(size, speed="fast", reveal_own_cards=True, next_hand_delay=0)
    seen: dict[str, int] = {}
    for n in range(2, 7):
        for drawer in (False, True):
            app.change_settings(action_log_open=drawer)
            app.push(MenuScene(app))
            scene = TableScene(app, brisk(side_pot_table(n)))
            app.push(scene)
            assert scene.layout.drawer_open is drawer
            layers: list[int] = []
            scene.table.subscribe(partial(_note_layers, layers))
            bad = play_one_hand(app, scene, raises=False, seen=seen)
            assert not bad, (size, n, "side pots", drawer, bad)
            assert len(layers) >= 2, (n, drawer, layers)  # a side pot, or chips handed back
            app.stack.clear()
        # Real bots, seeded; the drawer opened mid-hand: the seats make room for it.
        app.change_settings(action_log_open=False)
        app.push(MenuScene(app))
        scene = TableScene(app, brisk(make_table(n - 1, "normal", 10, "classic", "Bạn",
                                                 seed=n)))
        app.push(scene)
        bad = play_one_hand(app, scene, raises=True, seen=seen, open_drawer=True)
        assert not bad, (size, n, "bots, drawer opened", bad)
        assert scene.layout.drawer_open
        app.stack.clear()
    # Every part of the choreography was drawn (and so checked) at this size.
    for kind in ("plate", "card", "deal", "status", "bet", "drop", "sweep", "payout", "pot",
                 "pot_label", "pot_total", "side_pot", "deck", "glow", "summary", "drawer"):
        assert seen.get(kind), (kind, seen)


def _a_toast_waits(app: GameApp, scene: TableScene[Table], waiting: Callable[[], bool],
                   fine: Callable[[set[str]], bool]) -> None:
    """Raise a rebuy's toast now; while ``waiting`` holds, every frame passes the layout
    rule and ``fine`` (what it drew); then the toast shows with none of its time spent."""
    scene.toast("msg.rebought", amount="200")
    while waiting():
        with scene.frame_record.capture() as frame:
            step(app)
        assert problems(frame, app.size) == []
        assert fine({d.kind for d in frame}), frame
    assert scene.toasts[0].left > 3.0  # none of its time went by while it waited
    with scene.frame_record.capture() as frame:
        step(app)
    assert any(d.kind == "toast" for d in frame)


def test_a_toast_waits_for_the_deal_to_land(make_app: MakeApp) -> None:
    """A toast shares the banner's box with the deck: one raised while cards are dealt
    (a rebuy's "Đã mua thêm") is shown once they have landed, for its full time."""
    app = make_app((960, 540), speed="normal")
    app.push(MenuScene(app))
    scene = TableScene(app, make_table(5, "normal", 10, "classic", "Bạn", seed=4))
    app.push(scene)
    for _ in range(200):
        step(app)
        if scene.board.dealing:
            break
    assert scene.board.dealing
    _a_toast_waits(app, scene, lambda: scene.board.dealing,
                   lambda kinds: not {"toast", "deck"} <= kinds)


def test_a_toast_waits_for_the_round_banner_to_go(make_app: MakeApp) -> None:
    """A toast and a round's banner share one box: a rebuy's "Đã mua thêm" raised as
    "Vòng 2" shows waits for the banner, for its full time (the bot-table self-test's
    layout check found the two drawn in one box)."""
    app = make_app((960, 540), speed="normal")
    players = [PlayerSpec("Bạn"), PlayerSpec("Minh", "bot", "normal")]
    table = Table(RuleSet(table_bet=10), players, seed=3,
                  bot_factory=lambda spec, rng: ScriptedPlayer([Action.raise_(1)] * 40))
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    for _ in range(2000):  # the bot raises, the player calls: the next round's banner
        if scene.board.banners:
            break
        if scene.my_legal() is not None:
            key(app, pygame.K_c)
        step(app)
    assert scene.board.banners and not scene.board.dealing
    # (On the frame the banner ends, the toast comes.)
    _a_toast_waits(app, scene, lambda: bool(scene.board.banners),
                   lambda kinds: not scene.board.banners
                   or ("toast" not in kinds and "banner" in kinds))


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_side_pot_labels_keep_their_size_in_narrow_boxes(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """With the drawer open the six-seat layout's side-pot boxes are narrow: the label
    goes on two lines (the pot's name over its amount) at the small size instead of one
    line shrunk to 9 px."""
    import lieng.ui.tabletop.drawing as drawing
    from lieng.devtools.showdown_shots import play_to
    from lieng.ui.core.draw import CREAM, text_surface
    from lieng.ui.core.i18n import t
    from lieng.ui.core.typescale import px

    from ..helpers import record_text

    app, scene, _pots = play_to(size, "vi", True, "pots")
    try:
        drawn = record_text(monkeypatch, drawing)
        with scene.frame_record.capture() as frame:
            app.step(1 / 60)
    finally:
        app.close()  # a window left open keeps its UI manager (tests/ui/core/test_memory.py)
    assert problems(frame, app.size) == []
    small = px(scene.layout.scale, "small")
    side = [(s, r) for s, r in drawn if s.startswith(t("table.side_pot", n="1", amount="")[:5])]
    assert len(side) >= 2
    for s, r in side:
        # At most a pixel below the small size (960×540's box is a hair narrow for
        # "Tẩy phụ 1:"); the one-line label used to drop to 9 px at 1280×720.
        full = text_surface(s, small, CREAM, bold=True)
        assert r.h >= full.get_height() - 1 and r.w >= 0.85 * full.get_width(), s
