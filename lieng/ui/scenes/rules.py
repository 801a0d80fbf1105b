"""The rules screen: the four kinds of hand, best first, each with two drawn examples
(its best and its lowest, or two equal ones), the betting rules, who goes first (the "1"
badge), what an uncontested win and "Trả lại" mean, the active preset's tie-break and
every ``RuleSet`` setting (RULES.md "Hands", steps 3, 8, 9, "Tie-break presets", "Table
settings"). Reachable from the menu (the saved table settings) and from the table (the
table's own)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.engine import PRESETS, Card, RuleSet, evaluate
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.i18n import chips, key, language, t
from lieng.ui.core.scene import Scene
from lieng.ui.tabletop.log_panel import wrap

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

KINDS: tuple[tuple[str, tuple[str, str]], ...] = (
    ("sap", ("AH AD AS", "2C 2D 2S")),
    ("lieng", ("QH KS AD", "AC 2D 3S")),
    ("anh", ("JH JS QD", "KD KC QS")),
    ("diem", ("4H 5S KD", "10H JC KS")),
)
"""The four kinds, best first, each with two example hands: the best and the lowest of
the kind (two equal-ranking ảnh, since every ảnh is worth the same)."""


def saved_rules(app: GameApp) -> RuleSet:
    """The rules a new table would have: the saved preset, table bet and turn timer (the
    menu's rules screen shows these, not always the classic defaults)."""

    st = app.settings
    return dataclasses.replace(PRESETS[st.tiebreak], table_bet=st.table_bet,
                               turn_seconds=st.turn_timer)


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
        ts = self.app.type_scale
        box = pygame.Rect(int(w * 0.48), int(86 * s), int(w * 0.5), h - int(170 * s))
        settings = "".join(f"• {label}: <b>{value}</b><br>"
                           for label, value in settings_lines(self.rules))
        r = self.rules
        timer = t("rules.timer", n=str(r.turn_seconds)) if r.turn_seconds else t("rules.no_timer")
        betting = t("rules.betting", lo=str(r.raise_min), hi=str(r.raise_max),
                    rounds=str(r.max_rounds), timer=timer)
        html = (f"<b>{t('rules.betting_title')}</b><br>{betting}<br><br>"
                f"<b>{t('rules.first_title')}</b><br>{t('rules.first')}<br><br>"
                f"<b>{t('rules.after_title')}</b><br>{t('rules.uncontested')} "
                f"{t('rules.returned')}<br><br>"
                f"<b>{t('rules.tiebreak_title', preset=t(f'preset.{self.rules.tiebreak}'))}"
                f"</b><br>{t(f'rules.tiebreak.{self.rules.tiebreak}')}<br><br>"
                f"<b>{t('rules.settings_title')}</b><br>{settings}")
        self.box = pygame_gui.elements.UITextBox(
            html, box, self.app.ui, container=self.container,
            object_id=ts.oid("#rules_text", "body"))
        bw, bh = int(200 * s), int(48 * s)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w - bw - int(24 * s), h - bh - int(18 * s), bw, bh), key("common.back"),
            self.app.ui, self.container, object_id=ts.oid("#primary", "button"))

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
        ts = self.app.type_scale
        w, h = self.app.size
        surface.fill((16, 22, 20))
        # The text box's frame is drawn here, under it: pygame_gui's own rounded shape
        # for a box this size costs ≈ 450 MiB while it is built at 2560×1440 (its states
        # are drawn at several times the size, then scaled), a plain one ≈ 40
        # (docs/PERFORMANCE.md, "The test suite"); the theme's text box is transparent.
        panel(surface, self.box.rect, (14, 22, 19, 255), (142, 122, 60),
              radius=int(8 * s), width=max(1, int(s)))
        text(surface, t("rules.title"), (w / 2, 40 * s), ts.px("title"), GOLD, bold=True)
        left = pygame.Rect(int(w * 0.02), int(86 * s), int(w * 0.44), h - int(170 * s))
        panel(surface, left, (12, 30, 22, 255), (142, 122, 60), radius=int(14 * s))
        text(surface, t("rules.ranking_title"), (left.centerx, left.y + 22 * s), ts.px("heading"),
             GOLD, bold=True)
        row_h = (left.h - 50 * s) / len(KINDS)
        cw = int(min(34 * s, row_h * 0.36))
        group_w = cw * 0.8 * 2 + cw
        text_w = int(left.w - 2 * group_w - 64 * s)
        for i, (kind, hands) in enumerate(KINDS):
            top = left.y + 44 * s + row_h * i
            tx = left.x + 18 * s
            text(surface, f"{i + 1}. {t(f'rules.kind.{kind}')}", (tx, top + 16 * s),
                 ts.px("body"), CREAM, bold=True, anchor="midleft", max_width=text_w)
            size = ts.px("fine")
            for j, line in enumerate(wrap(t(f"rules.kind_note.{kind}"), size, False,
                                          text_w)[:3]):
                text(surface, line, (tx, top + 38 * s + size * 1.3 * j), size, MUTED,
                     anchor="midleft", shadow=False)
            for k, codes in enumerate(hands):
                cards = Card.parse_many(codes)
                gx = left.right - (2 - k) * (group_w + 14 * s) - 6 * s
                cy = top + row_h * 0.42
                for j, card in enumerate(cards):
                    self.app.cards.draw(surface, card, (gx + cw / 2 + j * cw * 0.8, cy), cw,
                                        True)
                value = evaluate(cards, self.rules)
                text(surface, value.name(language()), (gx + group_w / 2, cy + cw * 0.95),
                     ts.px("fine"), GOLD, anchor="center", shadow=False,
                     max_width=int(group_w + 12 * s))
