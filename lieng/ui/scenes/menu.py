"""The main menu: Chơi với máy · Luật chơi · Cài đặt · Thoát (more modes slot in here);
the LAN entries sit in their own panel on the right (``lan_menu``)."""

from __future__ import annotations

import math

import pygame
import pygame_gui

from lieng import __version__
from lieng.engine import Card
from lieng.ui.core.draw import GOLD, MUTED, shade, text
from lieng.ui.core.felt_cache import felt_for
from lieng.ui.core.i18n import key, t
from lieng.ui.core.scene import Scene
from lieng.ui.scenes.menu_bankroll import MenuExtras
from lieng.ui.scenes.menu_lan import LanMenu
from lieng.ui.tabletop.layout import backdrop

from .dialog import Dialog

MENU_ITEMS = ("play_bots", "hotseat", "rules", "settings", "quit")

MENU_FAN = Card.parse_many("AH AD AS")
"""The best hand in the game, fanned above the title."""

BUTTON_H = 56
"""Every menu button's height (design pixels): the centre column's and the side panels'
alike, so no entry looks less important than another."""


class MenuScene(Scene):
    def build(self) -> None:
        s = self.app.scale
        w, h = self.app.size
        bw, bh, gap = int(320 * s), int(BUTTON_H * s), int(14 * s)
        self.button_h = bh
        """The side panels' buttons are as tall (``LanMenu``, ``MenuExtras``)."""
        y = int(h * 0.47)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for i, name in enumerate(MENU_ITEMS):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - bw // 2, y + i * (bh + gap), bw, bh), key(f"menu.{name}"),
                self.app.ui, self.container,
                object_id=self.app.type_scale.oid("#primary" if i == 0 else "#plain", "button"))
        self.extras = MenuExtras(self, bh)  # bankroll, refill, history, statistics
        self.lan = LanMenu(self, bh)  # Mở bàn LAN · Vào bàn LAN

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.extras.handle(event) or self.lan.handle(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, b in self.buttons.items():
                if event.ui_element is b:
                    self.choose(name)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_quit()
            return True
        return False

    def ask_quit(self) -> None:
        """Esc asks before leaving the game (a stray Esc from a screen just closed must
        not end it): Esc again or Enter leaves, "Ở lại" stays."""

        app = self.app
        app.push(Dialog(app, "menu.quit_title", "menu.quit_body",
                        [("menu.quit", app.quit), ("msg.stay", lambda: None)], esc_choice=0))

    def choose(self, name: str) -> None:
        app = self.app
        if name == "play_bots":
            app.open("new_game")
        elif name == "hotseat":
            app.open("hotseat_setup")
        elif name in ("rules", "settings"):
            app.open(name)
        elif name == "quit":
            app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        w, h = self.app.size
        surface.blit(felt_for(backdrop(self.app.size)), (0, 0))
        shade(surface, 110)
        # A fan of the best hand in the game above the title.
        fan = MENU_FAN
        for i, card in enumerate(fan):
            a = (i - 1) * 14
            cx = w / 2 + (i - 1) * 58 * s
            cy = h * 0.17 + abs(i - 1) * 8 * s
            self.app.cards.draw(surface, card, (cx, cy), int(78 * s), True,
                                angle=-a + 2 * math.sin(i))
        text(surface, "LIÊNG", (w / 2, h * 0.345), ts.px("display"), GOLD, bold=True)
        text(surface, t("menu.tagline"), (w / 2, h * 0.415), ts.px("lead"))
        text(surface, f"v{__version__}", (w - 12 * s, h - 14 * s), ts.px("fine"), MUTED,
             anchor="midright", shadow=False)
        self.extras.draw(surface)
        self.lan.draw(surface)
