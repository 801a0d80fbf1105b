"""A recorded hand played again on the table, step by step: previous / next /
auto-play, with the table scene's board, drawing and animations
(``lieng.ui.tabletop.replay_feed``). At the hand's end the same result panel as the live
table's (``summary.draw_result``: the player's net, the hands shown, each pot), in the
same place of the layout, which makes room for the action log's drawer when it is open."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.game.story import result_lines
from lieng.storage.history import HandRecord
from lieng.ui.core.draw import CREAM, GOLD, panel, text
from lieng.ui.core.gui import set_enabled
from lieng.ui.core.i18n import chips, key, moment, t
from lieng.ui.core.names import shown_name
from lieng.ui.core.scene import Scene
from lieng.ui.tabletop import layout as layout_mod
from lieng.ui.tabletop.drawing import TableDrawer
from lieng.ui.tabletop.frame_record import FrameRecord
from lieng.ui.tabletop.log_panel import LogPanel
from lieng.ui.tabletop.replay_feed import Replay
from lieng.ui.tabletop.summary import draw_result, net_line

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

AUTO_PAUSE = 0.9
"""Seconds (at normal speed) between auto-play steps, once the animations have landed."""


class ReplayScene(Scene):
    def __init__(self, app: GameApp, record: HandRecord) -> None:
        super().__init__(app)
        self.record = record
        self.replay = Replay(record, lambda: app.settings.speed_factor, app.sounds.play, chips)
        n = len(record.seats)
        me = self.replay.me
        self.order = [(me + i) % n for i in range(n)]
        self.frame_record = FrameRecord()
        """What this screen's frames draw, while someone records them (``frame_record``:
        the layout tests check the replay's frames as the table's)."""
        self.drawer = TableDrawer(app.cards, chips, self.frame_record)
        self.layout = layout_mod.compute(app.size, n, drawer=app.settings.action_log_open)
        self.playing = False
        self.wait = 0.0
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.log_panel = LogPanel(app, self.replay.log,
                                  lambda: [shown_name(n) for n in self.replay.names],
                                  lambda: self.replay.board.shown, self.frame_record)
        self.replay.next()  # the deal starts at once

    def build(self) -> None:
        app = self.app
        assert self.container is not None
        s = app.scale
        ts = app.type_scale
        self.layout = self.compute_layout()
        bar = self.layout.bar
        bh = int(48 * s)
        y = bar.y + (bar.h - bh) // 2
        widths = {"back": 170, "prev": 170, "play": 190, "next": 170}
        total = sum(widths.values()) * s + 3 * 12 * s
        x = bar.centerx - total / 2
        for name, w in widths.items():
            label = "replay.pause" if name == "play" and self.playing else f"replay.{name}"
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(int(x), y, int(w * s), bh), key(label), app.ui, self.container,
                object_id=ts.oid("#primary" if name == "play" else "#plain", "button"))
            x += w * s + 12 * s
        # Left of the step tag (drawn at the top right, 250 wide).
        self.buttons["log"] = self.log_panel.make_button(
            self.container, self.layout.size[0] - int(12 * s) - int(250 * s) - int(8 * s))
        self._sync()

    def compute_layout(self) -> layout_mod.TableLayout:
        return layout_mod.compute(self.app.size, len(self.record.seats),
                                  drawer=self.log_panel.is_open)

    def _sync(self) -> None:
        r = self.replay
        set_enabled(self.buttons["prev"], r.pos > 1)
        set_enabled(self.buttons["next"], not r.at_end)
        self.buttons["play"].set_text(key("replay.pause" if self.playing else "replay.play"))

    def step_next(self) -> None:
        self.replay.next()
        if self.replay.at_end:
            self.playing = False
        self._sync()

    def step_back(self) -> None:
        self.playing = False
        self.replay.previous()
        self._sync()

    def toggle(self) -> None:
        if self.replay.at_end:
            self.replay.seek(1)  # play again from the deal
        self.playing = not self.playing
        self.wait = 0.0
        self._sync()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.log_panel.handle_event(event, self.layout):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.buttons.get("back"):
                self.app.pop()
            elif el is self.buttons.get("next"):
                self.step_next()
            elif el is self.buttons.get("prev"):
                self.step_back()
            elif el is self.buttons.get("play"):
                self.toggle()
            elif el is self.buttons.get("log"):
                self.log_panel.toggle()
            else:
                return False
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_RIGHT:
                self.step_next()
            elif event.key == pygame.K_LEFT:
                self.step_back()
            elif event.key == pygame.K_SPACE:
                self.toggle()
            else:
                return False
            return True
        return False

    def update(self, dt: float) -> None:
        if self.layout.drawer_open != self.log_panel.is_open:
            self.layout = self.compute_layout()  # the seats make room for the drawer
        board = self.replay.board
        board.update(dt)
        if self.playing and not board.busy:
            self.wait += dt
            if self.wait >= AUTO_PAUSE * max(self.app.settings.speed_factor, 0.25):
                self.wait = 0.0
                self.step_next()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        s = lay.scale
        ts = self.app.type_scale
        board = self.replay.board
        self.drawer.draw(surface, board, lay, self.order, None, 0.0)
        rules = self.record.rules
        info = t("replay.info", when=moment(self.record.when), bet=chips(rules.table_bet),
                 preset=t(f"preset.{rules.tiebreak}"))
        text(surface, info, (12 * s, 23 * s), ts.px("body"), CREAM, anchor="midleft",
             max_width=max(40, self.buttons["log"].rect.x - int(24 * s))
             if "log" in self.buttons else None)
        self.log_panel.draw(surface, lay)
        r = self.replay
        label = t("replay.step", i=str(r.pos), n=str(len(r.steps)))
        tag = pygame.Rect(0, 0, int(250 * s), int(34 * s))
        tag.topright = (lay.size[0] - int(12 * s), int(6 * s))
        panel(surface, tag, (40, 14, 14, 230), GOLD, radius=int(10 * s))
        text(surface, label, tag.center, ts.px("body"), GOLD, bold=True)
        if r.at_end and not board.busy and (board.hand_over or self.record.left is not None):
            self.draw_summary(surface)
        self.drawer.draw_celebrations(surface, board, lay, self.order)  # over it all

    def result_lines(self) -> list[tuple[str, bool]]:
        """The panel's big line in words (``lieng.game.story.result_lines``): the chips
        left behind when the player left mid-hand, or their net for the hand (nothing
        for a hand they sat out)."""
        record = self.record
        result = self.replay.log.result_shown(self.replay.board.shown)
        return [(t("replay.left", amount=chips(line.amount)) if line.kind == "left"
                 else net_line(line.amount), line.good)
                for line in result_lines(result, record.viewer, left=record.left)]

    def draw_summary(self, surface: pygame.Surface) -> None:
        # No number: the history keeps the bankroll's running count of hands, not the
        # table's "Ván 2" the live panel showed — two numbers for one hand confused a
        # playtester. The replay's top line says when the hand was played.
        title = t("summary.title", n="").strip()
        names = [shown_name(n) for n in self.replay.names]
        draw_result(surface, self.layout, title, self.result_lines(),
                    self.replay.log.hand_lines(), names, None, button=False,
                    record=self.frame_record)
