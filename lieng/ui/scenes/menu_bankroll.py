"""What the main menu shows of the player's own things: the bankroll, the daily
refill with the time until the next one, and the way to the history (Lịch sử) and the
statistics (Thống kê) screens.

Shown only when the game runs for real (``app.profile`` set by ``session.open_app``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.ui.core.draw import CREAM, GOLD, MUTED, chip_pile, panel, text, text_surface
from lieng.ui.core.gui import set_visible
from lieng.ui.core.i18n import chips, key, t

if TYPE_CHECKING:
    from lieng.ui.core.scene import Scene


def wait_text(wait: timedelta) -> str:
    """"3 giờ 05 phút" / "3 h 05 min" until the next refill."""
    minutes = max(1, int(wait.total_seconds() + 59) // 60)
    return t("bank.wait", h=str(minutes // 60), m=f"{minutes % 60:02d}")


class MenuExtras:
    def __init__(self, scene: Scene, button_h: int) -> None:
        """The panel on ``scene`` (the menu), its buttons ``button_h`` tall as the menu's."""
        self.scene = scene
        app = scene.app
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.claimed = 0
        if app.profile is None:
            return
        s = app.scale
        ts = app.type_scale
        r = self.rect()
        bw, bh = r.w, button_h
        y = r.bottom + int(16 * s)
        for i, name in enumerate(("history", "stats")):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(r.x, y + i * (bh + int(12 * s)), bw, bh), key(f"menu.{name}"),
                app.ui, scene.container, object_id=ts.oid("#plain", "button"))
        self.buttons["refill"] = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + int(16 * s), r.bottom - int(50 * s), r.w - int(32 * s),
                        int(40 * s)), key("bank.claim"), app.ui, scene.container,
            object_id=ts.oid("#primary", "button"))
        self.sync()

    def rect(self) -> pygame.Rect:
        s = self.scene.app.scale
        h = self.scene.app.size[1]
        return pygame.Rect(int(48 * s), int(h * 0.47), int(290 * s), int(170 * s))

    def sync(self) -> None:
        profile = self.scene.app.profile
        b = self.buttons.get("refill")
        if profile is None or b is None:
            return
        want = profile.refill_status().available
        if bool(b.visible) != want:
            set_visible(b, want)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        app = self.scene.app
        for name in ("history", "stats"):
            if event.ui_element is self.buttons.get(name):
                app.open(name)
                return True
        if event.ui_element is self.buttons.get("refill") and app.profile is not None:
            self.claimed = app.profile.claim_refill()
            self.sync()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        profile = self.scene.app.profile
        if profile is None:
            return
        self.sync()
        s = self.scene.app.scale
        ts = self.scene.app.type_scale
        r = self.rect()
        panel(surface, r, (12, 20, 17, 225), GOLD, radius=int(14 * s))
        text(surface, t("bank.title"), (r.x + 18 * s, r.y + 24 * s), ts.px("body"), MUTED,
             anchor="midleft")
        bank = profile.bankroll
        chip_pile(surface, max(1, bank.total), (r.x + 34 * s, r.y + 66 * s), int(14 * s), 5)
        text(surface, chips(bank.total), (r.x + 60 * s, r.y + 62 * s), ts.px("title"), GOLD,
             bold=True, anchor="midleft", max_width=r.w - int(70 * s))
        text(surface, t("bank.hands", n=chips(bank.hands)), (r.x + 62 * s, r.y + 92 * s),
             ts.px("fine"), MUTED, anchor="midleft", shadow=False)
        status = profile.refill_status()
        if status.available:
            line = t("bank.refill_ready", amount=chips(status.amount))
        elif status.broke:
            line = t("bank.refill_next", wait=wait_text(status.wait))
        elif self.claimed:
            line = t("bank.refilled", amount=chips(self.claimed))
        else:
            line = t("bank.chips_note")
        room = r.w - int(24 * s)
        if not status.available:
            text(surface, line, (r.centerx, r.bottom - 30 * s), ts.px("small"),
                 GOLD if status.broke else CREAM, max_width=room)
        else:
            # A narrow window (960×540) has no room for the whole line at its size: the
            # short one ("Nhận ngay 2.000 chip"), never the long one shrunk to 8 px.
            size = ts.px("fine")
            if text_surface(line, size).get_width() > room:
                line = t("bank.refill_ready_short", amount=chips(status.amount))
            text(surface, line, (r.centerx, r.y + 108 * s), size, CREAM, max_width=room,
                 shadow=size >= 14)
