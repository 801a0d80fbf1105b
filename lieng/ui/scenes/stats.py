"""The statistics screen (Thống kê): hands played and won, net chips, biggest pot
and win, best hand, how often the player folds / checks / calls / raises, and results per
level of opponent — all computed from the hand history (``lieng.storage.stats``). A second
page lists the final standings of recent shared-screen games (hot-seat results
are kept in the statistics)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.storage.documents import Notice
from lieng.storage.history import History, read_failed
from lieng.storage.stats import ACTION_KINDS, Stats, compute_stats
from lieng.ui.core.background import Background
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.felt_cache import framed_screen
from lieng.ui.core.i18n import chips, key, language, t
from lieng.ui.core.scene import Scene

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

BAR_COLOURS = {"fold": (196, 70, 60), "check": (110, 150, 200), "call": (70, 170, 100),
               "raise": (222, 178, 64)}
LEVEL_ORDER = ("easy", "normal", "hard", "expert", "human")
GAMES_SHOWN = 6
"""Recent shared-screen games listed on the second page."""


def load_stats(history: History) -> tuple[Stats, list[Notice]]:
    """The figures and any message about skipped lines. Runs on a worker thread: any
    failure (reading or computing) becomes empty figures and a message rather than an
    exception re-raised in the frame loop on every visit (see ``history.load_hands``)."""
    try:
        records, notices = history.read()
        return compute_stats(records), notices
    except Exception as exc:  # see the docstring
        return Stats(), [read_failed(exc, history.path)]


def signed(n: int) -> str:
    return f"+{chips(n)}" if n > 0 else f"−{chips(-n)}" if n < 0 else "0"


def pct(x: float) -> str:
    return f"{round(100 * x)}%"


class StatsScene(Scene):
    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        history = app.profile.history if app.profile is not None else History()
        self.loader = Background(lambda: load_stats(history))
        self.stats = Stats()
        self.loaded = False
        self.page = "overview"
        """"overview" or "games" (the shared-screen games' standings)."""

    def update(self, dt: float) -> None:
        if not self.loaded and self.loader.done:
            self.stats, notices = self.loader.result
            self.loaded = True
            self._label_page_button()
            if self.app.profile is not None:
                self.app.profile.notify(*notices)

    def _rect(self) -> pygame.Rect:
        return self.centered(1040, 640)

    def build(self) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        r = self._rect()
        bw, bh = int(200 * s), int(48 * s)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw // 2, r.bottom - bh - int(22 * s), bw, bh),
            key("common.back"), self.app.ui, self.container,
            object_id=ts.oid("#primary", "button"))
        self.games_btn = pygame_gui.elements.UIButton(
            pygame.Rect(r.right - int(330 * s), r.bottom - bh - int(22 * s), int(300 * s), bh),
            key("stats.games_button"), self.app.ui, self.container,
            object_id=ts.oid("#plain", "button"))
        self._label_page_button()

    def _label_page_button(self) -> None:
        if self.page == "games":
            self.games_btn.set_text(key("stats.overview_button"))
        else:
            self.games_btn.set_text(key("stats.games_button"),
                                    text_kwargs={"n": str(len(self.stats.games))})

    def toggle_page(self) -> None:
        self.page = "games" if self.page == "overview" else "overview"
        self._label_page_button()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or \
                (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.games_btn:
            self.toggle_page()
            return True
        return False

    def figures(self) -> list[tuple[str, str]]:
        """The headline figures as (label key, value) — what the left column shows."""
        st = self.stats
        return [
            ("stats.played", chips(st.hands_played)),
            ("stats.won", f"{chips(st.hands_won)} ({pct(st.win_rate)})"),
            ("stats.net", signed(st.net_chips)),
            ("stats.biggest_pot", chips(st.biggest_pot)),
            ("stats.biggest_win", signed(st.biggest_win)),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        r = self._rect()
        framed_screen(surface, self.app.size, s, r, t("stats.title"), 42, fill=(14, 22, 19, 245))
        st = self.stats
        if not self.loaded:
            text(surface, t("history.loading"), (r.centerx, r.centery), ts.px("lead"), CREAM)
            return
        if self.page == "games":
            self.draw_games(surface, r)
            return
        if st.hands_played == 0:
            text(surface, t("stats.empty"), (r.centerx, r.centery), ts.px("lead"), CREAM)
            return
        # Left: the headline figures and the best hand.
        left = pygame.Rect(r.x + int(30 * s), r.y + int(84 * s), int(470 * s), int(300 * s))
        panel(surface, left, (22, 34, 29, 220), (70, 80, 66), radius=int(12 * s))
        y = left.y + 30 * s
        for label, value in self.figures():
            text(surface, t(label), (left.x + 20 * s, y), ts.px("heading"), CREAM, anchor="midleft",
                 shadow=False)
            text(surface, value, (left.right - 20 * s, y), ts.px("lead"), GOLD, bold=True,
                 anchor="midright", shadow=False)
            y += 40 * s
        best = st.best_hand
        text(surface, t("stats.best_hand"), (left.x + 20 * s, y + 14 * s), ts.px("heading"), CREAM,
             anchor="midleft", shadow=False)
        if best is not None:
            cw = int(40 * s)
            for k, card in enumerate(best.cards):
                self.app.cards.draw(surface, card, (left.x + 200 * s + k * (cw + 6 * s),
                                                    y + 14 * s), cw, True)
            text(surface, best.name(language()), (left.right - 20 * s, y + 14 * s), ts.px("body"),
                 GOLD, bold=True, anchor="midright", shadow=False, max_width=int(120 * s))
        # Right: how the player acts.
        right = pygame.Rect(left.right + int(20 * s), left.y, r.right - left.right - int(50 * s),
                            left.h)
        panel(surface, right, (22, 34, 29, 220), (70, 80, 66), radius=int(12 * s))
        text(surface, t("stats.actions_title"), (right.x + 20 * s, right.y + 28 * s),
             ts.px("heading"), GOLD, bold=True, anchor="midleft", shadow=False)
        total = sum(st.actions.values())
        y = right.y + 74 * s
        bar_w = right.w - int(250 * s)
        for kind in ACTION_KINDS:
            share = st.rate(kind)
            text(surface, t(f"stats.{kind}"), (right.x + 20 * s, y), ts.px("body"), CREAM,
                 anchor="midleft", shadow=False)
            track = pygame.Rect(int(right.x + 130 * s), int(y - 9 * s), bar_w, int(18 * s))
            pygame.draw.rect(surface, (40, 50, 44), track, border_radius=int(6 * s))
            fill = track.copy()
            fill.w = int(track.w * share)
            if fill.w:
                pygame.draw.rect(surface, BAR_COLOURS[kind], fill, border_radius=int(6 * s))
            text(surface, f"{pct(share)} · {st.actions[kind]}", (right.right - 20 * s, y),
                 ts.px("body"), CREAM, anchor="midright", shadow=False)
            y += 50 * s
        text(surface, t("stats.actions_total", n=chips(total)),
             (right.centerx, right.bottom - 24 * s), ts.px("small"), MUTED, shadow=False)
        # Bottom: per level of opponent.
        table = pygame.Rect(left.x, left.bottom + int(16 * s), r.w - int(60 * s), int(150 * s))
        panel(surface, table, (22, 34, 29, 220), (70, 80, 66), radius=int(12 * s))
        cols = [table.x + 24 * s, table.x + 390 * s, table.x + 560 * s, table.x + 730 * s,
                table.right - 24 * s]
        heads = ["stats.col_level", "stats.col_hands", "stats.col_won", "stats.col_rate",
                 "stats.col_net"]
        y = table.y + 24 * s
        for i, (x, h) in enumerate(zip(cols, heads, strict=True)):
            text(surface, t(h), (x, y), ts.px("small"), MUTED, shadow=False,
                 anchor="midleft" if i == 0 else "midright")
        y += 30 * s
        rows = [lv for lv in LEVEL_ORDER if lv in st.per_level]
        # Five rows (every bot level and people) must fit the panel as four used to.
        pitch = min(28 * s, (table.bottom - 12 * s - y) / max(1, len(rows)))
        for lv in rows:
            row = st.per_level[lv]
            values = [t(f"stats.level_{lv}"), chips(row.hands), chips(row.won),
                      pct(row.win_rate), signed(row.net)]
            for i, (x, v) in enumerate(zip(cols, values, strict=True)):
                text(surface, v, (x, y), ts.px("body"), GOLD if i == 4 else CREAM, shadow=False,
                     anchor="midleft" if i == 0 else "midright")
            y += pitch

    def game_lines(self) -> list[tuple[str, str]]:
        """Recent games, newest first: (heading, standings) — what the games page shows."""
        out = []
        for g in reversed(self.stats.games[-GAMES_SHOWN:]):
            heading = t("stats.game_line", when=g.when.strftime("%d/%m %H:%M"),
                        mode=t(f"stats.mode_{g.mode}"), hands=str(g.hands))
            parts = []
            for st in g.standings:
                who = st.name if st.kind == "human" else f"{st.name} ({t('stats.bot_tag')})"
                parts.append(f"{st.place}. {who} {signed(st.net)}")
            out.append((heading, " · ".join(parts)))
        return out

    def draw_games(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        box = pygame.Rect(r.x + int(30 * s), r.y + int(84 * s), r.w - int(60 * s),
                          r.h - int(180 * s))
        panel(surface, box, (22, 34, 29, 220), (70, 80, 66), radius=int(12 * s))
        text(surface, t("stats.games_title"), (box.x + 20 * s, box.y + 26 * s), ts.px("heading"),
             GOLD, bold=True, anchor="midleft", shadow=False)
        lines = self.game_lines()
        if not lines:
            text(surface, t("stats.games_empty"), box.center, ts.px("heading"), CREAM, shadow=False)
            return
        y = box.y + 66 * s
        for heading, standings in lines:
            text(surface, heading, (box.x + 20 * s, y), ts.px("body"), MUTED, anchor="midleft",
                 shadow=False)
            text(surface, standings, (box.x + 20 * s, y + 24 * s), ts.px("body"), CREAM,
                 anchor="midleft", shadow=False, max_width=box.w - int(40 * s))
            y += 62 * s
