"""The history screen (Lịch sử): the hands the player played, newest first — when,
the result, the player's own hand, the pot — and a replay of any of them on the table.

The list is read from ``History`` each time the screen opens, so it always matches the
file; a skipped damaged line is reported once through the profile's notices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.engine import evaluate
from lieng.storage.documents import Notice
from lieng.storage.history import HandRecord, History, read_failed
from lieng.ui.core.background import Background
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.felt_cache import framed_screen
from lieng.ui.core.gui import set_enabled
from lieng.ui.core.i18n import chips, key, language, moment, t
from lieng.ui.core.scene import Scene

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

ROWS = 8
"""Hands per page."""
WIN = (120, 210, 120)
LOSS = (226, 110, 96)


def load_hands(history: History) -> tuple[list[HandRecord], list[Notice]]:
    """The player's recorded hands, newest first, and any message about skipped lines.

    Runs on a worker thread whose exception would be re-raised by ``Background.result``
    in the frame loop: any failure becomes an empty list and a message instead, so a
    history no check foresaw can't crash the app on every visit to this screen."""
    try:
        hands, notices = history.hands()
    except Exception as exc:  # see the docstring
        return [], [read_failed(exc, history.path)]
    return list(reversed(hands)), notices


def hand_text(record: HandRecord) -> str:
    cards = record.cards
    if len(cards) != 3:
        return "—"
    return evaluate(cards, record.rules).name(language())


class HistoryScene(Scene):
    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        history = app.profile.history if app.profile is not None else History()
        self.loader = Background(lambda: load_hands(history))
        self.hands: list[HandRecord] = []
        self.loaded = False
        self.page = 0
        self.selected: int | None = None
        """Index into ``hands`` of the highlighted row."""

    @property
    def pages(self) -> int:
        return max(1, (len(self.hands) + ROWS - 1) // ROWS)

    def _rect(self) -> pygame.Rect:
        return self.centered(1040, 640)

    def row_rect(self, i: int) -> pygame.Rect:
        """Screen rect of row ``i`` (0..ROWS-1) of the current page."""
        s = self.app.scale
        r = self._rect()
        return pygame.Rect(r.x + int(30 * s), r.y + int(128 * s) + i * int(54 * s),
                           r.w - int(60 * s), int(48 * s))

    def build(self) -> None:
        s = self.app.scale
        r = self._rect()
        ui, c, ts = self.app.ui, self.container, self.app.type_scale
        bh = int(48 * s)
        y = r.bottom - bh - int(22 * s)

        def button(x: int, w: int, label: str, primary: bool = False
                   ) -> pygame_gui.elements.UIButton:
            return pygame_gui.elements.UIButton(
                pygame.Rect(x, y, w, bh), key(label), ui, c,
                object_id=ts.oid("#primary" if primary else "#plain", "button"))

        self.back = button(r.x + int(30 * s), int(180 * s), "common.back")
        self.prev_page = button(r.centerx - int(200 * s), int(120 * s), "history.prev_page")
        self.next_page = button(r.centerx + int(80 * s), int(120 * s), "history.next_page")
        self.replay = button(r.right - int(250 * s), int(220 * s), "history.replay", True)
        self._sync()

    def update(self, dt: float) -> None:
        if not self.loaded and self.loader.done:
            self.hands, notices = self.loader.result
            self.loaded = True
            if self.app.profile is not None:
                self.app.profile.notify(*notices)
            self.selected = 0 if self.hands else None
            self._sync()

    def _sync(self) -> None:
        set_enabled(self.prev_page, self.page > 0)
        set_enabled(self.next_page, self.page < self.pages - 1)
        set_enabled(self.replay, self.selected is not None)

    def visible(self) -> list[tuple[int, HandRecord]]:
        start = self.page * ROWS
        return list(enumerate(self.hands))[start:start + ROWS]

    def open_replay(self, index: int) -> None:
        self.app.open("replay", self.hands[index])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back:
                self.app.pop()
            elif el is self.prev_page and self.page > 0:
                self.page -= 1
                self.selected = self.page * ROWS
            elif el is self.next_page and self.page < self.pages - 1:
                self.page += 1
                self.selected = self.page * ROWS
            elif el is self.replay and self.selected is not None:
                self.open_replay(self.selected)
            else:
                return False
            self._sync()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for slot, (i, _rec) in enumerate(self.visible()):
                if self.row_rect(slot).collidepoint(event.pos):
                    if self.selected == i:
                        self.open_replay(i)  # a second click on the row replays it
                    self.selected = i
                    self._sync()
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
                self.open_replay(self.selected)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP) and self.hands:
                d = 1 if event.key == pygame.K_DOWN else -1
                cur = self.selected if self.selected is not None else 0
                self.selected = max(0, min(len(self.hands) - 1, cur + d))
                self.page = self.selected // ROWS
                self._sync()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        r = self._rect()
        framed_screen(surface, self.app.size, s, r, t("history.title"), 42, fill=(14, 22, 19, 245))
        cols = self._columns()
        hy = r.y + 100 * s
        for name, (x, anchor) in cols.items():
            text(surface, t(f"history.col_{name}"), (x, hy), ts.px("small"), MUTED,
                 anchor=anchor, shadow=False)
        if not self.loaded:
            text(surface, t("history.loading"), (r.centerx, r.centery), ts.px("lead"), CREAM)
        elif not self.hands:
            text(surface, t("history.empty"), (r.centerx, r.centery), ts.px("lead"), CREAM)
        for slot, (i, rec) in enumerate(self.visible()):
            self._draw_row(surface, self.row_rect(slot), rec, i == self.selected, cols)
        if self.hands:
            text(surface, t("history.page", page=str(self.page + 1), pages=str(self.pages),
                            n=str(len(self.hands))),
                 (r.centerx, r.bottom - 46 * s), ts.px("small"), CREAM)

    def _columns(self) -> dict[str, tuple[float, str]]:
        s = self.app.scale
        r = self.row_rect(0)
        return {"when": (r.x + 16 * s, "midleft"), "result": (r.x + 330 * s, "midright"),
                "cards": (r.x + 360 * s, "midleft"), "hand": (r.x + 560 * s, "midleft"),
                "pot": (r.right - 20 * s, "midright")}

    def _draw_row(self, surface: pygame.Surface, rr: pygame.Rect, rec: HandRecord,
                  selected: bool, cols: dict[str, tuple[float, str]]) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        fill = (60, 52, 24, 235) if selected else (22, 34, 29, 220)
        panel(surface, rr, fill, GOLD if selected else (60, 70, 60), radius=int(10 * s))
        y = rr.centery
        if rec.mode != "bots" and rec.viewer is not None:
            # A hot-seat or LAN hand: its chips were the table's, not the bankroll's, so
            # the row says where it was played, under its time (a playtest read a LAN
            # "−10" as chips lost from the bank, which LAN play never touches).
            text(surface, moment(rec.when), (cols["when"][0], y - 8 * s), ts.px("body"),
                 CREAM, anchor="midleft", shadow=False)
            text(surface, t(f"history.mode_{rec.mode}"), (cols["when"][0], y + 11 * s),
                 ts.px("fine"), MUTED, anchor="midleft", shadow=False)
        else:
            text(surface, moment(rec.when), (cols["when"][0], y), ts.px("body"), CREAM,
                 anchor="midleft", shadow=False)
        net = rec.net
        if rec.viewer is None:
            res, colour = t(f"history.mode_{rec.mode}"), MUTED  # nobody's own hand
        elif net is None or not rec.dealt_in:
            res, colour = t("history.sat_out"), MUTED
        elif net > 0:
            res, colour = f"+{chips(net)}", WIN
        elif net < 0:
            res, colour = f"−{chips(-net)}", LOSS
        else:
            res, colour = "0", CREAM
        text(surface, res, (cols["result"][0], y), ts.px("heading"), colour, bold=True,
             anchor="midright", shadow=False)
        x = cols["cards"][0]
        cw = int(30 * s)
        for k, card in enumerate(rec.cards):
            self.app.cards.draw(surface, card, (x + cw / 2 + k * (cw + 4 * s), y), cw, True)
        mine = [a.kind.name for a in rec.actions if a.seat == rec.viewer]
        # A fold the clock made says so, as the table did ("Hết giờ · Úp bỏ", RULES.md
        # step 6): the player did not choose it.
        ending = "history.timed_out" if "TIMEOUT" in mine else \
            "history.folded" if "FOLD" in mine else None
        name = hand_text(rec) + (f" · {t(ending)}" if ending else "")
        if not rec.complete:
            name = f"{hand_text(rec)} · {t('history.left')}"
        text(surface, name, (cols["hand"][0], y), ts.px("body"), CREAM, anchor="midleft",
             shadow=False, max_width=int(290 * s))
        text(surface, chips(rec.pot), (cols["pot"][0], y), ts.px("body"), GOLD,
             anchor="midright", shadow=False)
