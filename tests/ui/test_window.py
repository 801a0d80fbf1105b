"""The window's parts: fonts, translations, layout, scene stack, tweens, resizing, and the
self-test and screenshot entry points."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pygame
import pytest

from lieng.app import parse_args
from lieng.devtools.bots_selftest import run_selftest, screenshot_app, take_screenshot
from lieng.engine import RuleSet
from lieng.resources import asset
from lieng.ui.core import i18n
from lieng.ui.core.assets import font, theme_dict
from lieng.ui.core.scene import Scene, SceneStack
from lieng.ui.core.tween import Tween, Tweener, ease_out_back, ease_out_cubic
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import make_table
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.layout import compute

from .helpers import step

VIETNAMESE = ("aàáảãạăằắẳẵặâầấẩẫậbcdđeèéẻẽẹêềếểễệghiìíỉĩịklmnoòóỏõọôồốổỗộơờớởỡợpqrstu"
              "ùúủũụưừứửữựvxyỳýỷỹỵ")
GLYPHS = VIETNAMESE + VIETNAMESE.upper() + "♥♦♣♠×·—…"


@pytest.mark.parametrize("bold", [False, True])
def test_font_has_every_vietnamese_letter_and_suit(bold: bool) -> None:
    pygame.font.init()
    f = font(24, bold)
    missing = [ch for ch, m in zip(GLYPHS, f.metrics(GLYPHS), strict=True) if m is None]
    assert missing == []


def test_theme_uses_our_font_everywhere() -> None:
    theme = theme_dict()
    fonts = [el["font"] for el in theme.values() if isinstance(el, dict) and "font" in el]
    assert fonts and all(f["name"] == "dejavu" for f in fonts)
    assert asset("fonts", "LICENSE-DejaVu.txt").is_file()


def _flat(d: dict, prefix: str = "") -> set[str]:  # type: ignore[type-arg]
    out: set[str] = set()
    for k, v in d.items():
        out |= _flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {prefix + k}
    return out


def test_both_languages_have_the_same_strings_and_every_used_key_exists() -> None:
    vi = _flat(json.loads(asset("translations", "lieng.vi.json").read_text("utf-8"))["vi"])
    en = _flat(json.loads(asset("translations", "lieng.en.json").read_text("utf-8"))["en"])
    assert vi == en
    src = "\n".join(p.read_text("utf-8") for p in Path(i18n.__file__).parents[1].rglob("*.py"))
    used = set(re.findall(r'\b(?:t|key)\("([a-z_]+\.[a-z_.]+)"', src))
    used |= {f"rules.setting.{f.name}" for f in dataclasses.fields(RuleSet)}
    used |= {f"preset.{p}" for p in ("classic", "v8club", "split")}
    used |= {f"speed.{s}" for s in ("slow", "normal", "fast", "instant")}
    assert len(used) > 40
    assert used - vi == set()


def test_translation_switch_and_chip_format() -> None:
    i18n.configure("vi")
    assert i18n.t("bar.fold") == "Úp bỏ"
    assert i18n.chips(12500) == "12.500"
    i18n.set_language("en")
    assert i18n.t("bar.fold") == "Fold"
    assert i18n.t("bar.call", amount="20") == "Call 20"
    assert i18n.chips(12500) == "12,500"
    i18n.set_language("vi")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_layout_fits_and_nothing_overlaps(size: tuple[int, int], n: int) -> None:
    lay = compute(size, n)
    screen = pygame.Rect(0, 0, *size)
    plates = [s.panel for s in lay.seats]
    for i, p in enumerate(plates):
        assert screen.contains(p), (i, p)
        assert not p.colliderect(lay.bar), (i, p)
        for q in plates[i + 1:]:
            assert not p.colliderect(q)
    # Turn order runs counter-clockwise: right side of the table first, player at the bottom.
    assert lay.seats[0].panel.centery > lay.table.centery
    if n >= 3:
        assert lay.seats[1].panel.centerx > lay.table.centerx
        assert lay.seats[-1].panel.centerx < lay.table.centerx


def test_scene_stack_push_pop_replace() -> None:
    calls: list[str] = []

    class S(Scene):
        def __init__(self, name: str) -> None:
            self.name = name
            self.container = None

        def enter(self) -> None:
            calls.append(f"enter {self.name}")

        def exit(self) -> None:
            calls.append(f"exit {self.name}")

        def pause(self) -> None:
            calls.append(f"pause {self.name}")

        def resume(self) -> None:
            calls.append(f"resume {self.name}")

    st = SceneStack()
    a, b, c = S("a"), S("b"), S("c")
    st.push(a)
    st.push(b)
    st.replace(c)
    assert st.top is c
    st.pop()
    assert st.top is a
    assert calls == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a"]


def test_tweens_ease_delay_and_finish() -> None:
    done: list[str] = []
    tw = Tween(0.0, 10.0, 1.0, ease_out_cubic, delay=0.5, on_start=lambda: done.append("s"),
               on_done=lambda: done.append("d"))
    tg = Tweener()
    tg.add(tw)
    tg.update(0.25)
    assert tw.value == 0.0 and done == []
    tg.update(0.5)
    assert 0 < tw.value < 10 and done == ["s"]
    tg.update(1.0)
    assert tw.value == 10.0 and done == ["s", "d"] and not tg.busy
    instant = tg.add(Tween((0.0, 0.0), (4.0, 2.0), 0.0))
    assert instant.done and instant.value == (4.0, 2.0)
    assert ease_out_back(1.0) == pytest.approx(1.0) and max(
        ease_out_back(x / 20) for x in range(21)) > 1.0


def test_resize_rebuilds_and_no_elements_are_created_per_frame(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(speed="normal")
    table = make_table(5, "normal", 10, "classic", "Bạn", seed=1)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app, 5)
    count = len(app.ui.get_sprite_group().sprites())
    step(app, 120)
    assert len(app.ui.get_sprite_group().sprites()) == count
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=540, size=(960, 540)))
    step(app, 3)
    assert app.size == (960, 540)
    assert scene.layout.size == (960, 540)
    bar = scene.bar
    assert bar is not None
    rects = [b.rect for b in bar.buttons().values()] + [bar.slider.rect]  # type: ignore[union-attr]
    screen = pygame.Rect(0, 0, 960, 540)
    for i, r in enumerate(rects):
        assert screen.contains(r)
        for q in rects[i + 1:]:
            assert not r.colliderect(q)
    step(app, 60)
    after = len(app.ui.get_sprite_group().sprites())
    step(app, 60)
    assert len(app.ui.get_sprite_group().sprites()) == after
    # Too small a window is held at the minimum.
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=400, h=300, size=(400, 300)))
    step(app, 2)
    assert app.size == (960, 540)


def test_language_switch_relabels_the_bar(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    table = make_table(2, "normal", 10, "classic", "Bạn", seed=1)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app, 2)
    assert scene.bar is not None
    import i18n as pyi18n

    assert pyi18n.t(scene.bar.fold.text) == "Úp bỏ"
    app.set_language("en")
    step(app, 2)
    assert pyi18n.t(scene.bar.fold.text) == "Fold"
    app.set_language("vi")


def test_selftest_plays_hands_through_the_window(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_selftest(3, seed=4) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("selftest ok: 3/3 hands, 6 seats")


def test_screenshot_is_mid_hand_with_a_raise_pending_and_side_pots(tmp_path: Path) -> None:
    app, scene = screenshot_app((1280, 720))
    legal = scene.my_legal()
    assert legal is not None and legal.owed > 0, "a raise is pending for the player"
    layers = [amt for amt, _ in scene.board.layers() if amt]
    assert len(layers) >= 2, "side pots are showing"
    assert sum(1 for s in scene.table.seats) == 6
    app.close()
    path = take_screenshot(tmp_path / "shot.png", (960, 540))
    img = pygame.image.load(str(path))
    assert img.get_size() == (960, 540)


def test_command_line() -> None:
    args = parse_args(["--selftest", "--hands", "5", "--size", "960x540"])
    assert args.selftest and args.hands == 5 and args.size == (960, 540)
    with pytest.raises(SystemExit):
        parse_args(["--version"])


def test_settings_are_saved_only_for_the_real_game(make_app) -> None:  # type: ignore[no-untyped-def]
    from lieng.ui.player import persist
    from lieng.ui.scenes.settings_screen import SettingsScene

    ui, stored, _ = persist.load()
    assert ui.language == "vi" and ui.speed == "normal"
    app = make_app()
    app.stored = stored
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    step(app, 2)
    scene.apply("speed", "fast")
    scene.apply("own_cards", "up")
    from .helpers import click

    click(app, scene.back)
    assert isinstance(app.stack.top, MenuScene)
    again, _stored, _ = persist.load()
    assert again.speed == "fast" and again.reveal_own_cards


def test_menu_new_game_table_and_back_by_clicks(make_app) -> None:  # type: ignore[no-untyped-def]
    from lieng.ui.scenes.dialog import Dialog
    from lieng.ui.scenes.new_game import NewGameScene
    from lieng.ui.scenes.rules import RulesScene

    from .helpers import click

    app = make_app(speed="instant")
    menu = MenuScene(app)
    app.push(menu)
    step(app, 2)
    click(app, menu.buttons["rules"])
    assert isinstance(app.stack.top, RulesScene)
    click(app, app.stack.top.back)
    assert app.stack.top is menu
    click(app, menu.buttons["play_bots"])
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    ng.seed = 3
    click(app, ng.start)
    table_scene = app.stack.top
    assert isinstance(table_scene, TableScene)
    assert table_scene.table.n_seats == 4  # the player and 3 bots by default
    click(app, table_scene.top_buttons["rules"])
    assert isinstance(app.stack.top, RulesScene)
    click(app, app.stack.top.back)
    click(app, table_scene.top_buttons["leave"])
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    click(app, dialog.buttons[0])
    assert app.stack.top is menu
    click(app, menu.buttons["quit"])
    assert not app.running


def test_sounds_are_the_generator_s_output(tmp_path: Path) -> None:
    from lieng.devtools import sound_synth

    for path in sound_synth.write_sounds(tmp_path):
        assert path.read_bytes() == asset("sounds", path.name).read_bytes(), path.name


def test_mute_silences_but_still_counts(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(speed="instant")
    app.set_muted(False)
    app.sounds.play("chip")
    app.set_muted(True)
    app.sounds.play("win")
    assert app.sounds.played[-2:] == ["chip", "win"] and app.sounds.muted


def test_four_colour_deck_paints_diamonds_blue(make_app) -> None:  # type: ignore[no-untyped-def]
    from lieng.engine import Card

    app = make_app()
    card = Card.parse("AD")

    def bluish(surf: pygame.Surface) -> int:
        w, h = surf.get_size()
        return sum(1 for x in range(0, w, 2) for y in range(0, h, 2)
                   if (c := surf.get_at((x, y))).b > c.r + 60 and c.a > 200)

    assert bluish(app.cards.face(card, 60)) == 0
    app.cards.four_colour = True
    assert bluish(app.cards.face(card, 60)) > 20


def test_rules_text_follows_the_table_settings(make_app) -> None:  # type: ignore[no-untyped-def]
    from lieng.ui.scenes.rules import RulesScene, settings_lines

    app = make_app()
    r = RuleSet(table_bet=50, raise_max=10, max_rounds=2, turn_seconds=0, tiebreak="split")
    app.push(MenuScene(app))
    scene = RulesScene(app, r)
    app.push(scene)
    step(app)
    text = scene.box.html_text
    assert "1–10 lần" in text and "2 vòng" in text and "Không giới hạn" in text
    assert "Chia đều" in text and "<b>50</b>" in text
    lines = dict(settings_lines(r))
    assert len(lines) == len(dataclasses.fields(RuleSet))
    assert lines["Luật so bài"] == "Chia đều" and lines["Thời gian mỗi lượt"] == "Tắt"
