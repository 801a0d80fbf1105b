"""Hot-seat setup (menu: Chơi chung một máy): 2–6 seats, each a named person or a
bot of a level with its own starting stack (the "all seats" choice sets every row, a click
on a row's stack cycles it — friends often spot a weaker player a bigger stack); the table
bet, the tie-break preset (RULES.md "Tie-break presets"), the turn timer (RULES.md step 6)
and whether broke players may buy chips again. The people's names are kept for next time
(``Settings.hotseat_names``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.engine import TIEBREAKS
from lieng.game import BOT_NAMES, TABLE_BETS
from lieng.game.setup import SeatChoice, make_hotseat_table
from lieng.levels import BOT_LEVELS
from lieng.names import display_name
from lieng.storage.history import History
from lieng.storage.settings import MAX_NAME, TURN_TIMERS
from lieng.ui.core.draw import MUTED, text
from lieng.ui.core.felt_cache import framed_screen
from lieng.ui.core.gui import set_visible
from lieng.ui.core.i18n import chips, key, t
from lieng.ui.core.names import DEFAULT_NAMES, PLAYER_WORD, shown_name
from lieng.ui.core.scene import Scene

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp, StackedScene

MAX_SEATS = 6
STACK_BETS = (20, 50, 100, 200)
"""Starting stack choices, in table bets."""
KINDS = ("human", *BOT_LEVELS)
"""A seat is a person or a bot of one of the levels."""


def rename_clashing_bots(seats: list[SeatChoice]) -> list[int]:
    """Give a bot whose name is a person's (or an earlier seat's) an unused bot name, so a
    person who types "Minh" just gets the seat's name and the bot Minh becomes someone
    else — a bot has no say in its name. Returns the seats renamed. People clashing with
    each other are left for ``validate`` to refuse: only they can choose."""
    people = {c.name.strip().casefold() for c in seats if c.kind == "human"}
    taken = set(people)
    renamed: list[int] = []
    for i, c in enumerate(seats):
        if c.kind == "human":
            continue
        name = c.name.strip()
        if name and name.casefold() not in taken:
            taken.add(name.casefold())
            continue
        free = [n for n in BOT_NAMES if n.casefold() not in taken]
        if free:
            c.name = free[-1]  # the least-used names first, as the defaults are chosen
        else:  # every bot name is taken: number one
            k = 2
            while f"{BOT_NAMES[0]} {k}".casefold() in taken:
                k += 1
            c.name = f"{BOT_NAMES[0]} {k}"
        taken.add(c.name.casefold())
        renamed.append(i)
    return renamed


def is_placeholder(name: str) -> bool:
    """A seat's name nobody chose: empty, or "Người chơi N" / "Player N"."""
    n = name.strip()
    words = "|".join(re.escape(w) for w in PLAYER_WORD.values())
    return not n or n in DEFAULT_NAMES.values() or re.fullmatch(rf"({words})( \d+)?", n) is not None


def validate(seats: list[SeatChoice]) -> str | None:
    """The i18n key of what is wrong with the seats, or None."""
    if not any(c.kind == "human" for c in seats):
        return "hotseat.need_person"
    names = [c.name.strip() for c in seats]
    if any(not n for n in names):
        return "hotseat.need_names"
    if len({n.casefold() for n in names}) != len(names):
        return "hotseat.same_names"
    return None


class HotseatSetupScene(Scene):
    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        stored = app.settings
        people = list(stored.hotseat_names)
        if len(people) < 2:
            people = [t("hotseat.default_name", n=str(i + 1)) for i in range(3)]
        # A placeholder saved in the other language ("Player 3") reads in this one.
        people = [shown_name(p) for p in people[:MAX_SEATS]]
        # Bots take the names the bot table uses least often, so they rarely clash with
        # the people's own names.
        bots = [n for n in reversed(BOT_NAMES)
                if n.casefold() not in {p.casefold() for p in people}]
        self.seats = [SeatChoice(p, stack_bets=100) for p in people]
        self.seats += [SeatChoice(bots[i], "normal", 100)
                       for i in range(MAX_SEATS - len(people))]
        self.count = min(MAX_SEATS, max(len(people) + 2, 3)) if len(people) < MAX_SEATS \
            else MAX_SEATS
        bet = stored.table_bet if stored is not None and stored.table_bet in TABLE_BETS else 10
        self.choice = {
            "bet": str(bet),
            "preset": stored.tiebreak if stored is not None else "classic",
            "stack": "100",
            "timer": str(stored.turn_timer if stored is not None else 20),
            "rebuy": "yes",
            "count": str(self.count),
        }
        self._auto_named: dict[int, str] = {}
        """Seats that got a bot name by becoming a bot: they get the placeholder back
        when they become a person again (a name someone typed is kept)."""
        self.seed: int | None = None
        """Set by the self-test for a reproducible run; real games shuffle securely."""
        self.error: str | None = None
        self.started: StackedScene | None = None
        """The hot-seat table this setup opened (``lieng.ui.screens``: by name)."""

    def _rect(self) -> pygame.Rect:
        # Wide enough that each option's drop-down shows its longest value ("100 × cược")
        # at 960×540.
        return self.centered(1160, 660)

    def build(self) -> None:
        s = self.app.scale
        r = self._rect()
        ui, c, ts = self.app.ui, self.container, self.app.type_scale
        rh = int(40 * s)
        options: list[tuple[str, list[str | tuple[str, str]]]] = [
            ("count", [(str(n), str(n)) for n in range(2, MAX_SEATS + 1)]),
            ("bet", [(chips(b), str(b)) for b in TABLE_BETS]),
            ("preset", [(key(f"preset.{p}"), p) for p in TIEBREAKS]),
            ("stack", [(t("hotseat.stack_value", n=str(n)), str(n)) for n in STACK_BETS]),
            ("timer", [(t("hotseat.timer_off") if n == 0 else t("hotseat.seconds", n=str(n)),
                        str(n)) for n in TURN_TIMERS]),
            ("rebuy", [(key("settings.on"), "yes"), (key("settings.off"), "no")]),
        ]
        self.menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        col_w = (r.w - int(60 * s)) // 3
        lw, dw = int(140 * s), col_w - int(150 * s)
        for i, (name, opts) in enumerate(options):
            x = r.x + int(30 * s) + (i % 3) * col_w
            y = r.y + int(78 * s) + (i // 3) * (rh + int(14 * s))
            pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, rh), key(f"hotseat.opt_{name}"),
                                        ui, c, object_id=ts.oid("#caption", "body"))
            start = next(o for o in opts if isinstance(o, tuple) and o[1] == self.choice[name])
            menu = pygame_gui.elements.UIDropDownMenu(
                opts, start, pygame.Rect(x + lw, y, dw, rh), ui, c,
                object_id=ts.oid(f"#hs_{name}", "body"))
            self.menus[name] = menu
        # Seat rows.
        self.names: list[pygame_gui.elements.UITextEntryLine] = []
        self.kinds: list[pygame_gui.elements.UIButton] = []
        self.stacks: list[pygame_gui.elements.UIButton] = []
        self.seat_labels: list[pygame_gui.elements.UILabel] = []
        y0 = r.y + int(200 * s)
        row = int(48 * s)
        x0 = r.centerx - int(430 * s)  # the seat rows span 860 × scale
        for i in range(MAX_SEATS):
            y = y0 + i * row
            self.seat_labels.append(pygame_gui.elements.UILabel(
                pygame.Rect(x0, y, int(110 * s), rh), key("hotseat.seat"), ui, c,
                object_id=ts.oid("#caption", "body")))
            self.seat_labels[-1].set_text(key("hotseat.seat"), text_kwargs={"n": str(i + 1)})
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x0 + int(120 * s), y, int(300 * s), rh), ui, c,
                object_id=ts.oid("#hs_name", "body"), initial_text=self.seats[i].name)
            entry.set_text_length_limit(MAX_NAME)
            self.names.append(entry)
            self.kinds.append(pygame_gui.elements.UIButton(
                pygame.Rect(x0 + int(440 * s), y, int(230 * s), rh), key("hotseat.kind_human"),
                ui, c, object_id=ts.oid("#plain", "body")))
            self._label_kind(i)
            self.stacks.append(pygame_gui.elements.UIButton(
                pygame.Rect(x0 + int(690 * s), y, int(170 * s), rh), "", ui, c,
                object_id=ts.oid("#plain", "body")))
            self._label_stack(i)
        self._show_rows()
        bw, bh = int(220 * s), int(52 * s)
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx + int(10 * s), r.bottom - bh - int(22 * s), bw, bh),
            key("new_game.start"), ui, c, object_id=ts.oid("#primary", "button"))
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw - int(10 * s), r.bottom - bh - int(22 * s), bw, bh),
            key("common.back"), ui, c, object_id=ts.oid("#plain", "button"))

    def _label_kind(self, i: int) -> None:
        kind = self.seats[i].kind
        b = self.kinds[i]
        if kind == "human":
            b.set_text(key("hotseat.kind_human"))
        else:
            b.set_text(key("hotseat.kind_bot"), text_kwargs={"level": t(f"level.{kind}")})

    def _label_stack(self, i: int) -> None:
        n = self.seats[i].stack_bets or int(self.choice["stack"])
        self.stacks[i].set_text(key("hotseat.stack_value"), text_kwargs={"n": str(n)})

    def cycle_stack(self, i: int) -> None:
        """Next starting stack for one seat (STACK_BETS, wrapping round)."""
        now = self.seats[i].stack_bets or int(self.choice["stack"])
        nxt = [b for b in STACK_BETS if b > now]
        self.seats[i].stack_bets = nxt[0] if nxt else STACK_BETS[0]
        self._label_stack(i)

    def _show_rows(self) -> None:
        for i in range(MAX_SEATS):
            on = i < self.count
            for el in (self.names[i], self.kinds[i], self.stacks[i], self.seat_labels[i]):
                set_visible(el, on)

    # ----------------------------------------------------------------- input

    def _read_names(self) -> None:
        for i, entry in enumerate(self.names):
            # Typed text is a stranger's: only what can be shown is kept (lieng.names).
            self.seats[i].name = display_name(entry.get_text()) or ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, m in self.menus.items():
                if event.ui_element is m:
                    self.choice[name] = m.selected_option[1]
                    if name == "count":
                        self.count = int(self.choice["count"])
                        self._show_rows()
                    if name == "stack":  # "all seats": every row takes the new stack
                        for i, seat in enumerate(self.seats):
                            seat.stack_bets = int(self.choice["stack"])
                            self._label_stack(i)
                    return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.kinds:
                self.cycle_kind(self.kinds.index(event.ui_element))
                return True
            if event.ui_element in self.stacks:
                self.cycle_stack(self.stacks.index(event.ui_element))
                return True
            if event.ui_element is self.start:
                self.start_game()
                return True
            if event.ui_element is self.back:
                self.app.pop()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def cycle_kind(self, i: int) -> None:
        """Person → bot levels → person. A seat becoming a bot while it still has a
        placeholder name ("Người chơi 3") takes a free bot name, and a bot becoming a
        person gets the placeholder back: a bot called "Người chơi 3" reads like a
        person at the table."""
        self._read_names()
        kinds = list(KINDS)
        seat = self.seats[i]
        was_human = seat.kind == "human"
        seat.kind = kinds[(kinds.index(seat.kind) + 1) % len(kinds)]
        if was_human and seat.kind != "human" and is_placeholder(seat.name):
            taken = {c.name.strip().casefold() for j, c in enumerate(self.seats) if j != i}
            free = [n for n in reversed(BOT_NAMES) if n.casefold() not in taken]
            if free:
                seat.name = free[0]
                self.names[i].set_text(seat.name)
                self._auto_named[i] = seat.name
        elif not was_human and seat.kind == "human" and self._auto_named.pop(i, None) \
                == seat.name:
            seat.name = t("hotseat.default_name", n=str(i + 1))
            self.names[i].set_text(seat.name)
        self._label_kind(i)

    def start_game(self) -> None:


        self._read_names()
        seats = self.seats[:self.count]
        for i in rename_clashing_bots(seats):
            self.names[i].set_text(seats[i].name)  # the player sees the bot's new name
        self.error = validate(seats)
        if self.error is not None:
            return
        ch = self.choice
        table = make_hotseat_table(seats, int(ch["bet"]), ch["preset"], int(ch["stack"]),
                                   int(ch["timer"]), seed=self.seed)
        people = [c.name for c in seats if c.kind == "human"]
        self.app.change_settings(hotseat_names=tuple(people))
        self.app.save_settings()
        # Only the real game (its profile) writes the history.
        profile = self.app.profile
        history: History | None = profile.history if profile is not None else None
        self.started = self.app.open("hotseat", table, ch["rebuy"] == "yes", history,
                                     replace=True)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        r = self._rect()
        framed_screen(surface, self.app.size, s, r, t("hotseat.setup_title"), 38)
        note = t("hotseat.stack_note", amount=chips(int(self.choice["bet"])))
        y = r.y + int(200 * s) + MAX_SEATS * int(48 * s) + 6 * s
        text(surface, note, (r.centerx, y), ts.px("small"))
        # The picker is narrow: the chosen preset's rule is spelled out here.
        rule = f"{t('hotseat.opt_preset')}: {t('preset_pick.' + self.choice['preset'])}"
        text(surface, rule, (r.centerx, y + 22 * s), ts.px("small"), MUTED)
        if self.error is not None:
            text(surface, t(self.error), (r.centerx, y + 46 * s), ts.px("body"), (240, 120, 100),
                 bold=True)
