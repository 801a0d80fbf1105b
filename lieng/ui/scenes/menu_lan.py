"""The main menu's LAN corner: **Mở bàn LAN** (host a table) and **Vào bàn LAN**
(join one), under a small "Chơi qua mạng LAN" caption on the right of the menu, the
mirror of the bankroll panel on the left — so the main column keeps its five entries and
still fits a 960×540 window."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.ui.core.draw import GOLD, MUTED, panel, text
from lieng.ui.core.i18n import key, t

if TYPE_CHECKING:
    from lieng.ui.core.scene import Scene

LAN_ITEMS = ("lan_host", "lan_join")


class LanMenu:
    def __init__(self, scene: Scene, button_h: int) -> None:
        """The panel on ``scene`` (the menu), its buttons ``button_h`` tall as the menu's."""
        self.scene = scene
        app = scene.app
        s = app.scale
        r = self.rect()
        bh, gap = button_h, int(12 * s)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        y = r.y + int(56 * s)
        for i, name in enumerate(LAN_ITEMS):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(r.x + int(16 * s), y + i * (bh + gap), r.w - int(32 * s), bh),
                key(f"menu.{name}"), app.ui, scene.container,
                object_id=app.type_scale.oid("#plain", "button"))

    def rect(self) -> pygame.Rect:
        s = self.scene.app.scale
        w, h = self.scene.app.size
        return pygame.Rect(w - int(48 * s) - int(290 * s), int(h * 0.47), int(290 * s),
                           int(212 * s))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for name, b in self.buttons.items():
            if event.ui_element is b:
                self.choose(name)
                return True
        return False

    def choose(self, name: str) -> None:
        app = self.scene.app
        if name in ("lan_host", "lan_join"):
            app.open(name)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene.app.scale
        ts = self.scene.app.type_scale
        r = self.rect()
        panel(surface, r, (10, 18, 15, 200), (142, 122, 60), radius=int(14 * s))
        text(surface, t("menu.lan_caption").upper(), (r.x + 18 * s, r.y + 26 * s),
             ts.px("body"), GOLD, anchor="midleft", shadow=False)
        text(surface, t("menu.lan_note"), (r.centerx, r.bottom - 20 * s), ts.px("fine"), MUTED,
             shadow=False, max_width=r.w - int(24 * s))
