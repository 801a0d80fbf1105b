"""The rules screen: the hand ranking with drawn example hands, the betting rules, the
active preset's tie-break and every ``RuleSet`` setting (RULES.md "Hands", "Tie-break
presets", "Table settings"). Reachable from the menu and from the table."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from lieng.engine import Card, RuleSet, evaluate
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.i18n import chips, key, language, t
from lieng.ui.core.scene import Scene

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

EXAMPLES = ("AH AD AS", "QH KS AD", "AC 2D 3S", "JH JS QD", "4H 5S KD", "10H KC QS")
"""Best to worst: Sáp A, the top and bottom Liêng, an Ảnh, 9 points, 0 points."""
EXAMPLE_KEYS = ("sap", "lieng", "lieng_low", "anh", "nine", "zero")


def settings_lines(rules: RuleSet) -> list[tuple[str, str]]:
    """(label, value) for every RuleSet field, translated."""
    out = []
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if f.name == "tiebreak":
            shown = t(f"preset.{value}")
        elif f.name == "timeout_action":
            shown = t("rules.setting_value.fold")
        elif f.name == "turn_seconds":
            shown = t("rules.setting_value.seconds", n=str(value)) if value else \
                t("rules.setting_value.off")
        elif f.name == "table_bet":
            shown = chips(value)
        else:
            shown = str(value)
        out.append((t(f"rules.setting.{f.name}"), shown))
    return out


class RulesScene(Scene):
    def __init__(self, app: GameApp, rules: RuleSet) -> None:
        super().__init__(app)
        self.rules = rules

    def build(self) -> None:
        s = self.app.scale
        w, h = self.app.size
        tier = self.app.tier
        box = pygame.Rect(int(w * 0.48), int(86 * s), int(w * 0.5), h - int(170 * s))
        settings = "".join(f"• {label}: <b>{value}</b><br>"
                           for label, value in settings_lines(self.rules))
        r = self.rules
        timer = t("rules.timer", n=str(r.turn_seconds)) if r.turn_seconds else t("rules.no_timer")
        betting = t("rules.betting", lo=str(r.raise_min), hi=str(r.raise_max),
                    rounds=str(r.max_rounds), timer=timer)
        html = (f"<b>{t('rules.betting_title')}</b><br>{betting}<br><br>"
                f"<b>{t('rules.tiebreak_title', preset=t(f'preset.{self.rules.tiebreak}'))}"
                f"</b><br>{t(f'rules.tiebreak.{self.rules.tiebreak}')}<br><br>"
                f"<b>{t('rules.settings_title')}</b><br>{settings}")
        self.box = pygame_gui.elements.UITextBox(
            html, box, self.app.ui, container=self.container,
            object_id=ObjectID(object_id="#rules_text", class_id=tier))
        bw, bh = int(200 * s), int(48 * s)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w - bw - int(24 * s), h - bh - int(18 * s), bw, bh), key("common.back"),
            self.app.ui, self.container, object_id=ObjectID("#primary", f"{tier}_b"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.app.pop()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        w, h = self.app.size
        surface.fill((16, 22, 20))
        text(surface, t("rules.title"), (w / 2, 40 * s), int(32 * s), GOLD, bold=True)
        left = pygame.Rect(int(w * 0.02), int(86 * s), int(w * 0.44), h - int(170 * s))
        panel(surface, left, (12, 30, 22, 255), (142, 122, 60), radius=int(14 * s))
        text(surface, t("rules.ranking_title"), (left.centerx, left.y + 22 * s), int(18 * s),
             GOLD, bold=True)
        row_h = (left.h - 50 * s) / len(EXAMPLES)
        cw = int(min(40 * s, row_h / 1.4 * 0.86))
        for i, (codes, k) in enumerate(zip(EXAMPLES, EXAMPLE_KEYS, strict=True)):
            cards = Card.parse_many(codes)
            y = left.y + 50 * s + row_h * (i + 0.5)
            for j, card in enumerate(cards):
                self.app.cards.draw(surface, card, (left.x + 36 * s + j * cw * 0.8, y), cw, True)
            value = evaluate(cards, self.rules)
            tx = left.x + 36 * s + 3 * cw * 0.8 + 18 * s
            text(surface, f"{i + 1}. {value.name(language())}", (tx, y - 10 * s), int(17 * s),
                 CREAM, bold=True, anchor="midleft", max_width=int(left.right - tx - 8))
            text(surface, t(f"rules.example.{k}"), (tx, y + 12 * s), int(13 * s), MUTED,
                 anchor="midleft", max_width=int(left.right - tx - 8))
