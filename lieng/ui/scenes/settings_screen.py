"""Settings (Cài đặt): every persisted setting (``lieng.ui.scenes.settings_rows`` lists them and
what each does), saved with ``lieng.storage`` when the player leaves the screen."""

from __future__ import annotations

import pygame
import pygame_gui

from lieng.ui.core.draw import GOLD, panel, shade, text
from lieng.ui.core.i18n import key, t
from lieng.ui.core.scene import Scene
from lieng.ui.scenes import settings_rows


class SettingsScene(Scene):
    def _rect(self) -> pygame.Rect:
        return self.centered(1060, 630)

    def build(self) -> None:
        s = self.app.scale
        r = self._rect()
        ui, c, ts = self.app.ui, self.container, self.app.type_scale
        lw, dw, rh = int(210 * s), int(250 * s), int(44 * s)
        self.menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        # Every persisted setting, in two columns: the window's, then the table's.
        for col, names in enumerate((settings_rows.LEFT, settings_rows.RIGHT)):
            x0 = r.x + int(36 * s) + col * int(520 * s)
            y = r.y + int(122 * s)
            for name in names:
                options, current = settings_rows.row(self.app, name)
                # The preset's options describe their rule: a wider picker, a short label
                # (ending where the others end, at the column's rule, not at the frame).
                lw, dw = (int(130 * s), int(330 * s)) if name == "preset" else \
                    (int(210 * s), int(250 * s))
                pygame_gui.elements.UILabel(pygame.Rect(x0, y, lw, rh),
                                            key(f"settings.{name}"), ui, c,
                                            object_id=ts.oid("#caption", "body"))
                start = next(o for o in options if o[1] == current)
                self.menus[name] = pygame_gui.elements.UIDropDownMenu(
                    list(options), start, pygame.Rect(x0 + lw, y, dw, rh), ui, c,
                    object_id=ts.oid(f"#set_{name}", "body"))
                y += rh + int(12 * s)
        bw, bh = int(200 * s), int(50 * s)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw // 2, r.bottom - bh - int(24 * s), bw, bh),
            key("common.back"), ui, c, object_id=ts.oid("#primary", "button"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, m in self.menus.items():
                if event.ui_element is m:
                    self.apply(name, m.selected_option[1])
                    return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.save_settings()
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.save_settings()
            self.app.pop()
            return True
        return False

    def apply(self, name: str, value: str) -> None:
        settings_rows.apply(self.app, name, value)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        if len(self.app.stack.scenes) == 1 or self.app.stack.scenes[0] is self:
            surface.fill((16, 22, 20))
        shade(surface, 150)
        r = self._rect()
        panel(surface, r, (14, 22, 19, 255), GOLD, radius=int(18 * s))
        text(surface, t("settings.title"), (r.centerx, r.y + 44 * s), ts.px("title"), GOLD,
             bold=True)
        for col, name in enumerate(("column_window", "column_table")):
            x = r.x + int(36 * s) + col * int(520 * s)
            text(surface, t(f"settings.{name}").upper(), (x, r.y + 98 * s), ts.px("small"), GOLD,
                 anchor="midleft", shadow=False)
            pygame.draw.line(surface, (90, 80, 44), (x, int(r.y + 110 * s)),
                             (x + int(460 * s), int(r.y + 110 * s)), max(1, int(s)))

    opaque = False
