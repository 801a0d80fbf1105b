"""The hand's result panel holds everything it must, whatever the window (a real-window
playtest found it cutting pots short): every pot and note whole, a split pot's shares
wrapped as whole pieces, never a shrunken line; the footer wrapped at its own size; a
hot-seat table's results one cell per seat, inside the panel. Played through the window
(the player's seat pressing keys), the panel's text read as it is drawn. At the
"instant" speed: what is checked is the panel once it is up, not the chips' flight to it
(whose frames the choreography test checks against the panel at "fast")."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

import pygame
import pytest

from lieng.devtools.bots_selftest import ScriptedPlayer
from lieng.devtools.showdown_shots import ScriptedDeckTable, scripted_table
from lieng.engine import Action, PotAwarded, RuleSet
from lieng.table import PlayerSpec, Table
from lieng.ui.core import draw
from lieng.ui.core.assets import font
from lieng.ui.core.draw import CREAM, MUTED, Colour
from lieng.ui.core.i18n import t
from lieng.ui.core.typescale import px
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop import action_log as log_words
from lieng.ui.tabletop import summary
from lieng.ui.tabletop.frame_record import problems
from lieng.ui.tabletop.summary import hand_lines

from ..helpers import MakeApp, key, run_until, shot, step, top
from .test_hand_result import handoff_armed, hotseat_to_result

SEATS: Sequence[tuple[str, int, list[Action]]] = (
    ("Bạn", 2000, []),
    ("Hùng", 450, [Action.all_in()]),
    ("Nguyễn Thị Minh Khai", 2000, [Action.raise_(5)]),
    ("Lan", 130, [Action.all_in()]),
    ("Thảo", 2000, [Action.call()]),
    ("Quốc", 450, [Action.all_in()]),
)
NAMES = [name for name, _stack, _script in SEATS]
HANDS = ("4H 5S 8D", "4C 5D KD", "8S 9D AC", "2C 3S 10H", "QD JC 3H", "2D 7S QH")
"""7 points; Hùng 9; 8; 5; 3; Quốc 9: Hùng and Quốc tie (RULES.md "Tie-break presets",
classic: equal points split) and split the main pot and side pot 1; Nguyễn Thị Minh Khai's
8 takes side pot 2 from the player and Thảo."""
WINNERS = ((1, 5), (1, 5), (2,))


def split_table() -> ScriptedDeckTable:
    return scripted_table(SEATS, HANDS)


@dataclass(frozen=True)
class Drawn:
    words: str
    size: int
    colour: Colour
    bold: bool
    shadow: bool
    max_width: int | None
    rect: pygame.Rect

    def fits(self) -> bool:
        """Drawn at the size asked for: no shrinking, no "…"."""
        off = max(1, self.size // 14) if self.shadow else 0
        return self.max_width is None or \
            font(self.size, self.bold).size(self.words)[0] + off <= self.max_width


def _turn_or_result(scene: TableScene[Table]) -> Callable[[], bool]:
    """A condition: the player's turn has come, or the hand's result is showing."""
    return lambda: scene.my_legal() is not None or scene.summary_showing()


@pytest.fixture
def panel_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every line the result panel draws (the real ``text`` draws it; this notes it)."""
    calls: list[Drawn] = []
    real = draw.text

    def noted(target: pygame.Surface, s: str, pos: tuple[float, float], size: int,
              colour: Colour = CREAM, bold: bool = False, anchor: str = "center",
              shadow: bool = True, max_width: int | None = None) -> pygame.Rect:
        rect = real(target, s, pos, size, colour, bold, anchor, shadow, max_width)
        calls.append(Drawn(s, int(size), colour, bold, shadow, max_width, rect))
        return rect

    monkeypatch.setattr(summary, "text", noted)
    yield calls


def _frame(app: GameApp, calls: list[Drawn]) -> tuple[list[Drawn], pygame.Rect, list[str]]:
    """One frame: the panel's lines, the panel, and what broke the layout rule."""
    calls.clear()
    with top(app, TableScene).frame_record.capture() as frame:
        step(app)
    panels = [d.rect for d in frame if d.kind == "summary"]
    assert len(panels) == 1
    return list(calls), panels[0], problems(frame, app.size)


def _play_split(app: GameApp) -> TableScene[Table]:
    table = split_table()
    paid: list[PotAwarded] = []
    table.subscribe(lambda evs: paid.extend(e for e in evs if isinstance(e, PotAwarded)))
    app.push(MenuScene(app))
    scene: TableScene[Table] = TableScene(app, table)
    app.push(scene)
    turn: tuple[int, int] | None = None
    for _ in range(6000):
        hand = table.hand
        if hand is not None and scene.my_legal() is not None and \
                (table.hand_no, len(hand.actions)) != turn:
            turn = (table.hand_no, len(hand.actions))
            key(app, pygame.K_c)
        step(app)
        if scene.summary_showing() and scene.summary.shown_for > 0.6:
            break
    assert scene.summary_showing()
    assert tuple(p.winners for p in sorted(paid, key=lambda p: p.layer)) == WINNERS
    return scene


CASES = [((960, 540), False), ((960, 540), True), ((1280, 720), False), ((1280, 720), True),
         ((1920, 1080), False), ((1920, 1080), True)]


@pytest.mark.parametrize(("size", "drawer"), CASES,
                         ids=[f"{w}x{h}{'-drawer' if d else ''}" for (w, h), d in CASES])
def test_every_pot_of_a_split_side_pot_hand_shows_whole(make_app: MakeApp, panel_text: list[Drawn],
                                                        size: tuple[int, int],
                                                        drawer: bool) -> None:
    app = make_app(size, speed="instant", reveal_own_cards=True, next_hand_delay=5,
                   action_log_open=drawer)
    scene = _play_split(app)
    drawn, panel, bad = _frame(app, panel_text)
    shot(app, f"result-split-{size[0]}{'-drawer' if drawer else ''}")
    assert bad == []
    lay = scene.layout
    assert lay.summary.contains(panel)  # in its place: on no seat
    pots = [log_words.text(line, NAMES) for line in hand_lines(scene.log) if line.kind != "show"]
    assert len(pots) == 3
    # A split pot says why it was split: the same hand (issue 22, defect 6).
    assert pots[0].startswith(t("log.pot_main_head") + " (780) chia đều, cùng ")
    assert pots[0].endswith(": Hùng 390 + Quốc 390")
    told = " ".join(d.words for d in drawn)
    for words in pots:  # every pot whole, in order, each share with its name
        assert words in told, (words, [d.words for d in drawn])
    s = lay.scale
    for d in drawn:
        assert d.fits(), d  # not shrunk, not cut short with "…"
        assert panel.contains(d.rect), d
        # A wrapped line breaks between whole shares: never after a "+", never an
        # amount on its own.
        assert not d.words.endswith("+") and not re.fullmatch(r"\+? ?[\d.]+", d.words), d
    body = [d for d in drawn if any(d.words in p for p in pots)]
    assert body and min(d.size for d in body) >= px(s, "fine")


def test_the_footer_wraps_at_its_size_and_keeps_off_the_edges(
        make_app: MakeApp, panel_text: list[Drawn]
                                                              ) -> None:
    """The playtest: six seats, one pot, the drawer open at 1280×720 (the footer was
    shrunk to ~9 px) and closed at 960×540 (it nearly touched the panel's sides)."""
    for size, drawer in (((1280, 720), True), ((960, 540), False)):
        app = make_app(size, speed="instant", next_hand_delay=5, action_log_open=drawer)
        players = [PlayerSpec(NAMES[0])] + [PlayerSpec(name, "bot") for name in NAMES[1:]]
        table = Table(RuleSet(table_bet=10), players, seed=4,
                      bot_factory=lambda spec, rng: ScriptedPlayer([]))  # they call
        app.push(MenuScene(app))
        scene: TableScene[Table] = TableScene(app, table)
        app.push(scene)
        for _ in range(table.rules.max_rounds + 1):
            run_until(app, _turn_or_result(scene))
            if scene.summary_showing():
                break
            key(app, pygame.K_c)
        run_until(app, scene.summary_showing)
        step(app, 10)
        drawn, panel, bad = _frame(app, panel_text)
        shot(app, f"result-footer-{size[0]}")
        assert bad == []
        s = scene.layout.scale
        fine = px(s, "fine")
        left = str(max(1, int(5 - scene.summary.shown_for + 0.999)))
        footer = [d for d in drawn if d.colour == MUTED and d.size == fine and not d.bold]
        said = " ".join(d.words for d in footer)
        # Its long form, or the short one where the six hands shown need the room (they
        # outrank the footer: issue 22) — never a shrunk one.
        assert said in (t("summary.auto", s=left), t("summary.auto_short", s=left)), drawn
        if said == t("summary.auto", s=left) and drawer:  # two lines, broken at the dash
            assert [d.words.endswith("—") for d in footer] == [True, False]
        pad = int(summary.PAD * s)
        for d in footer:
            assert d.fits(), d
            assert panel.inflate(-2 * pad, 0).contains(d.rect), (d, panel)


def test_hot_seat_results_are_one_cell_per_seat_inside_the_panel(make_app: MakeApp,
                                                                 panel_text: list[Drawn]
                                                                 ) -> None:
    """The playtest: 960×540, three people and a bot; the first raises, the rest fold."""
    app = make_app((960, 540), speed="instant", next_hand_delay=5)
    people = ["Người chơi 1", "Người chơi 2", "Người chơi 3"]
    players = [PlayerSpec(name) for name in people] + [PlayerSpec("Phương", "bot", "normal")]
    table = Table(RuleSet(table_bet=10), players, seed=9,
                  bot_factory=lambda spec, rng: ScriptedPlayer([Action.fold()]))
    app.push(MenuScene(app))
    scene = HotseatScene(app, table)
    app.push(scene)
    hotseat_to_result(app, scene, 3)
    step(app, 10)
    winner = [line for line, good in scene.result_lines() if good]
    losers = [line for line, good in scene.result_lines() if not good]
    assert winner == ["Người chơi 1 thắng 30"]
    assert losers == ["Người chơi 2 thua 10", "Người chơi 3 thua 10", "Phương thua 10"]
    drawn, panel, bad = _frame(app, panel_text)
    shot(app, "result-hotseat-960")
    assert bad == []
    cells = [d for d in drawn if d.words in winner + losers]
    assert sorted(d.words for d in cells) == sorted(winner + losers)
    boxes = [b for spot in scene.layout.seats for b in (spot.plate, spot.cards_box,
                                                        spot.status_box)]
    for d in drawn:
        assert d.fits(), d
        assert panel.contains(d.rect), (d, panel)
        assert not any(d.rect.colliderect(b) for b in boxes), d
    assert min(d.size for d in cells) >= px(scene.layout.scale, "small")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_three_hands_shown_stay_in_the_panel(make_app: MakeApp, panel_text: list[Drawn],
                                             size: tuple[int, int]) -> None:
    """Six seats, three hands shown (issue 22, defect 6: at 1280×720 the panel dropped
    them): the hands stay — with their cards, or by name — as the reason for the pot."""
    seats = [("Bạn", 1000, ()), ("Hùng", 1000, (Action.fold(),)),
             ("Lan", 1000, (Action.fold(),)), ("Thảo", 1000, (Action.fold(),)),
             ("Quốc", 200, (Action.all_in(),)), ("Minh", 1000, ())]  # a side pot too
    app = make_app(size, speed="instant", reveal_own_cards=True, next_hand_delay=5,
                   action_log_open=True)
    table = scripted_table(seats, HANDS)
    app.push(MenuScene(app))
    scene: TableScene[Table] = TableScene(app, table)
    app.push(scene)
    for _ in range(table.rules.max_rounds + 1):
        run_until(app, lambda: scene.my_legal() is not None or scene.summary_showing())
        if scene.summary_showing():
            break
        key(app, pygame.K_c)
    run_until(app, scene.summary_showing)
    step(app, 10)
    drawn, _panel, bad = _frame(app, panel_text)
    assert bad == []
    names = [s.name for s in table.seats]
    told = " ".join(d.words for d in drawn)
    shows = [line for line in hand_lines(scene.log) if line.kind == "show"]
    assert len(shows) == 3
    for line in shows:
        value = line.value
        assert value is not None
        assert log_words.text(line, names) in told or t(
            "summary.shown_short", who=names[line.seats[0]], hand=value.name("vi")) in told, (
            log_words.text(line, names), [d.words for d in drawn])


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_hot_seat_four_shown_hands_stay_two_to_a_row(make_app: MakeApp, panel_text: list[Drawn],
                                                     size: tuple[int, int]) -> None:
    """Issue 22, defect 6: in hot-seat with four, the panel dropped the shown hands — a
    split pot then had no visible reason. Four people check it down: all four shown."""
    from lieng.ui.scenes.handoff import HandoffScene

    app = make_app(size, speed="instant", next_hand_delay=5)
    people = ["Lan", "Minh", "Thảo", "Quốc"]
    table = Table(RuleSet(table_bet=10), [PlayerSpec(name) for name in people], seed=4)
    app.push(MenuScene(app))
    scene = HotseatScene(app, table)
    app.push(scene)
    for _ in range(40):
        run_until(app, lambda: isinstance(app.stack.top, HandoffScene)
                  or scene.summary_showing(), limit=900)
        if scene.summary_showing():
            break
        run_until(app, partial(handoff_armed, app))
        key(app, pygame.K_RETURN)
        run_until(app, lambda: scene.my_legal() is not None or scene.summary_showing(),
                  limit=900)
        if scene.my_legal() is not None:
            key(app, pygame.K_c)
    run_until(app, scene.summary_showing, limit=900)
    step(app, 10)
    drawn, panel, bad = _frame(app, panel_text)
    shot(app, f"result-hotseat-four-{size[0]}")
    assert bad == []
    shows = [line for line in hand_lines(scene.log) if line.kind == "show"]
    assert len(shows) == 4
    told = [d for d in drawn if any(
        d.words == log_words.text(line, people) or d.words == t(
            "summary.shown_short", who=people[line.seats[0]],
            hand=line.value.name("vi") if line.value else "") for line in shows)]
    assert len(told) == 4, [d.words for d in drawn]
    rows = sorted({d.rect.centery for d in told})
    assert len(rows) <= 2  # two to a row
    for d in told:
        assert panel.contains(d.rect), (d, panel)
