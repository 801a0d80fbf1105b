"""Settings: language, animation speed, sound, and how the player's own cards arrive.

Kept in ``UISettings`` in memory; issue 5's storage saves it."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..draw import GOLD, panel, text
from ..i18n import LANGUAGES, key, t
from ..scene import Scene
from ..settings import SPEEDS


class SettingsScene(Scene):
    def _rect(self) -> pygame.Rect:
        s = self.app.scale
        r = pygame.Rect(0, 0, int(640 * s), int(480 * s))
        r.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return r

    def build(self) -> None:
        s = self.app.scale
        st = self.app.settings
        r = self._rect()
        ui, c, tier = self.app.ui, self.container, self.app.tier
        lw, dw, rh = int(250 * s), int(300 * s), int(44 * s)
        x0 = r.x + int(40 * s)
        y = r.y + int(90 * s)
        rows: list[tuple[str, list[str | tuple[str, str]], str]] = [
            ("language", [(key(f"language.{lg}"), lg) for lg in LANGUAGES], st.language),
            ("speed", [(key(f"speed.{sp}"), sp) for sp in SPEEDS], st.speed),
            ("sound", [(key("settings.on"), "on"), (key("settings.off"), "off")],
             "off" if st.muted else "on"),
            ("own_cards", [(key("settings.peel"), "peel"), (key("settings.face_up"), "up")],
             "up" if st.reveal_own_cards else "peel"),
            ("deck", [(key("settings.two_colours"), "two"), (key("settings.four_colours"), "four")],
             "four" if st.four_colour_deck else "two"),
        ]
        self.menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        for name, options, current in rows:
            pygame_gui.elements.UILabel(pygame.Rect(x0, y, lw, rh), key(f"settings.{name}"),
                                        ui, c, object_id=ObjectID("#caption", tier))
            start = next(o for o in options if o[1] == current)
            self.menus[name] = pygame_gui.elements.UIDropDownMenu(
                options, start, pygame.Rect(x0 + lw, y, dw, rh), ui, c,
                object_id=ObjectID(f"#set_{name}", tier))
            y += rh + int(20 * s)
        bw, bh = int(200 * s), int(50 * s)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw // 2, r.bottom - bh - int(24 * s), bw, bh),
            key("common.back"), ui, c, object_id=ObjectID("#primary", f"{tier}_b"))

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
        st = self.app.settings
        if name == "language":
            self.app.set_language(value)
        elif name == "speed":
            st.speed = value  # type: ignore[assignment]
        elif name == "sound":
            self.app.set_muted(value == "off")
        elif name == "own_cards":
            st.reveal_own_cards = value == "up"
        elif name == "deck":
            st.four_colour_deck = value == "four"
            self.app.cards.four_colour = st.four_colour_deck

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        if len(self.app.stack.scenes) == 1 or self.app.stack.scenes[0] is self:
            surface.fill((16, 22, 20))
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        r = self._rect()
        panel(surface, r, (14, 22, 19, 255), GOLD, radius=int(18 * s))
        text(surface, t("settings.title"), (r.centerx, r.y + 44 * s), int(30 * s), GOLD,
             bold=True)

    opaque = False
