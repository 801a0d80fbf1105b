"""The new-game dialog: how many bots (1–5), their levels — all at once, or seat by seat
("Từng máy", "Ngẫu nhiên" included: ``lieng.game.bot_seating``) —, the table bet and the
tie-break preset (RULES.md "Tie-break presets"); then the table scene takes over."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.engine import TIEBREAKS
from lieng.game import BOT_NAMES, STARTING_BETS, TABLE_BETS
from lieng.game.bot_seating import SEAT_CHOICES, make_mixed_table, seating_for
from lieng.game.buy_ins import follow_bet
from lieng.levels import BOT_LEVELS
from lieng.ui.core.draw import text
from lieng.ui.core.felt_cache import framed_screen
from lieng.ui.core.gui import set_enabled
from lieng.ui.core.i18n import chips, key, t
from lieng.ui.core.names import shown_name
from lieng.ui.core.scene import Scene
from lieng.ui.scenes.buy_in import buy_in_row, draw_note

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

MAX_BOTS = 5
MIXED = "mixed"
"""The level drop-down's word when the seats' levels differ ("Mỗi máy một khác")."""


class NewGameScene(Scene):
    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        stored = app.settings  # start from the player's last choices
        self.choice = {"bots": str(stored.bots), "level": stored.bot_level,
                       "bet": str(stored.table_bet) if stored.table_bet in TABLE_BETS
                       else "10", "preset": stored.tiebreak}
        self.choice["buy_in"] = ""
        first = self.choice["level"] if self.choice["level"] in SEAT_CHOICES else "normal"
        self.seat_levels = [first] * MAX_BOTS
        """Each bot seat's level choice (seat 1 first); the first ``bots`` are used."""
        self.seat_buttons: list[pygame_gui.elements.UIButton] = []
        self.seed: int | None = None
        """Set by the self-test for a reproducible run; real games shuffle securely."""

    def _rect(self) -> pygame.Rect:
        return self.centered(840, 606 if self.app.profile else 536)

    def levels(self) -> list[str]:
        """The level choices of the seats in play."""
        return self.seat_levels[:int(self.choice["bots"])]

    def _level_row(self) -> tuple[list[str | tuple[str, str]], str]:
        """The drop-down that sets every seat at once; "Mỗi máy một khác" while they differ."""
        options: list[str | tuple[str, str]] = [(key(f"level.{lv}"), lv)
                                                for lv in SEAT_CHOICES]
        chosen = set(self.levels())
        if len(chosen) == 1:
            return options, chosen.pop()
        return [*options, (key(f"level.{MIXED}"), MIXED)], MIXED

    def build(self) -> None:
        s = self.app.scale
        r = self._rect()
        ui, c, ts = self.app.ui, self.container, self.app.type_scale
        # The drop-downs are wide enough for the longest buy-in, "50.000 (500 mức cược)",
        # and the row of seats for five "Ngẫu nhiên" buttons.
        lw, dw, rh = int(160 * s), int(600 * s), int(44 * s)
        x0 = r.x + int(40 * s)
        y = r.y + int(90 * s)
        self.labels = []
        self.menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        rows: list[tuple[str, list[str | tuple[str, str]]]] = [
            ("bots", [(str(n), str(n)) for n in range(1, 6)]),
            ("level", self._level_row()[0]),
            ("seats", []),
            ("bet", [(chips(b), str(b)) for b in TABLE_BETS]),
            ("preset", [(key(f"preset_pick.{p}"), p) for p in TIEBREAKS]),
        ]
        if self.app.profile is not None:
            rows.append(buy_in_row(self.app.profile, self.choice))
        self.choice["level"] = self._level_row()[1]
        self.seat_buttons = []
        for name, options in rows:
            self.labels.append(pygame_gui.elements.UILabel(
                pygame.Rect(x0, y, lw, rh), key(f"new_game.{name}"), ui, c,
                object_id=ts.oid("#caption", "body")))
            if name == "seats":
                self._seat_row(pygame.Rect(x0 + lw, y, dw, rh))
                y += rh + int(22 * s)
                continue
            start = next(o for o in options if o[1] == self.choice[name])
            self.menus[name] = pygame_gui.elements.UIDropDownMenu(
                options, start, pygame.Rect(x0 + lw, y, dw, rh), ui, c,
                object_id=ts.oid(f"#ng_{name}", "body"))
            y += rh + int(22 * s)
        bw, bh = int(220 * s), int(52 * s)
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx + int(10 * s), r.bottom - bh - int(26 * s), bw, bh),
            key("new_game.start"), ui, c, object_id=ts.oid("#primary", "button"))
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw - int(10 * s), r.bottom - bh - int(26 * s), bw, bh),
            key("common.back"), ui, c, object_id=ts.oid("#plain", "button"))
        # "Vào bàn" with no chips to bring would look live and do nothing: it is off, and
        # the note under the rows says why and where the free chips are.
        set_enabled(self.start, self.can_start())

    def _seat_row(self, row: pygame.Rect) -> None:
        """One button per bot seat, named by its bot; a click steps through the levels."""

        gap = int(6 * self.app.scale)
        w = (row.w - (MAX_BOTS - 1) * gap) // MAX_BOTS
        for i, level in enumerate(self.levels()):
            self.seat_buttons.append(pygame_gui.elements.UIButton(
                pygame.Rect(row.x + i * (w + gap), row.y, w, row.h), key(f"level.{level}"),
                self.app.ui, self.container, tool_tip_text=key("new_game.seat_tip"),
                tool_tip_text_kwargs={"who": BOT_NAMES[i]},
                object_id=self.app.type_scale.oid("#plain", "body")))

    def step_seat(self, seat: int) -> None:
        """Bot seat ``seat`` (0: the first bot) takes the next level choice."""
        now = SEAT_CHOICES.index(self.seat_levels[seat])
        self.seat_levels[seat] = SEAT_CHOICES[(now + 1) % len(SEAT_CHOICES)]
        self.resize()

    def can_start(self) -> bool:
        return self.app.profile is None or bool(self.choice.get("buy_in"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, m in self.menus.items():
                if event.ui_element is m:
                    old = self.choice[name]
                    self.choice[name] = m.selected_option[1]
                    if name == "level" and self.choice[name] in SEAT_CHOICES:
                        self.seat_levels = [self.choice[name]] * MAX_BOTS
                    if name in ("level", "bots"):
                        self.resize()  # the seats' buttons follow
                    if name == "bet" and self.app.profile is not None:
                        # The buy-in stays the same number of table bets.
                        self.choice["buy_in"] = follow_bet(
                            self.choice["buy_in"], int(old), int(self.choice["bet"]),
                            self.app.profile.max_buy_in())
                        self.resize()  # the buy-in choices follow the table bet
                    return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.seat_buttons:
                self.step_seat(self.seat_buttons.index(event.ui_element))
                return True
            if event.ui_element is self.start:
                self.start_game()
                return True
            if event.ui_element is self.back:
                self.app.pop()
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start_game()
                return True
        return False

    def start_game(self) -> None:
        ch = self.choice
        stored = self.app.settings
        timer = stored.turn_timer
        profile = self.app.profile
        buy_in = int(ch["buy_in"]) if profile is not None and ch["buy_in"] else None
        if profile is not None and buy_in is None:
            return  # not enough chips in the bank for this table bet
        seating = seating_for(self.levels(), self.seed)
        table = make_mixed_table(seating, int(ch["bet"]), ch["preset"],
                                 shown_name(self.app.settings.player_name), seed=self.seed,
                                 turn_seconds=timer, player_stack=buy_in)
        # The saved default level is one level; a mixed or random table keeps it.
        level = ch["level"] if ch["level"] in BOT_LEVELS else stored.bot_level
        self.app.change_settings(
            stored, bots=int(ch["bots"]), bot_level=level,
            table_bet=int(ch["bet"]), tiebreak=ch["preset"])
        self.app.save_settings()
        # Broke bots leave and newcomers sit down (``seating``); the real game plays
        # from the bankroll (the table screen, by name: ``lieng.ui.screens``).
        self.app.open("table", table, seating, profile, buy_in, replace=True)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        r = self._rect()
        framed_screen(surface, self.app.size, s, r, t("new_game.title"), 44)
        if self.app.profile is not None:
            draw_note(surface, self.app, self.app.profile, self.choice, r)
            return
        text(surface, t("new_game.stack_note", amount=chips(STARTING_BETS *
                                                            int(self.choice["bet"]))),
             (r.centerx, r.bottom - 104 * s), self.app.type_scale.px("small"))
