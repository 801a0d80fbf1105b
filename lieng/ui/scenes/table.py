"""The table: the board, the action bar, the turn timer, hand after hand against bots.

The game is the session's (``lieng.game.session.TableSession``): the table, the flow
between hands, the bankroll's rebuys, whose turn it is and the table's clock. This screen
draws it and forwards the player's intents; it holds the drawing's state only.

One truth: the board animates the session's events and says how many it has shown
(``Board.shown``); the session knows which one started the turn, so the player's turn is
live once the board shows it (``TableSession.shown_legal``) — after the deal has landed.
The scene moves the session's clock (the table never reads one): it stands still until
the board has shown and landed every event, so a bot "thinks" only once what it reacts to
is on the table, and the turn timer starts when the turn is visible.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic

import pygame
import pygame_gui

from lieng.engine import Action, Event, Legal
from lieng.game import AskRebuy, GameOver
from lieng.game.session import TableSession, TableT
from lieng.game.story import HandResult
from lieng.table import TableLike
from lieng.ui.core.canvas import Canvas
from lieng.ui.core.draw import CREAM, text
from lieng.ui.core.gui import drawn_rects, set_visible
from lieng.ui.core.heap import return_free_memory
from lieng.ui.core.i18n import chips, key, t
from lieng.ui.core.names import shown_name
from lieng.ui.core.scene import Scene
from lieng.ui.tabletop import layout as layout_mod
from lieng.ui.tabletop.action_bar import ActionBar
from lieng.ui.tabletop.board import Board
from lieng.ui.tabletop.coach import coach_line, draw_coach
from lieng.ui.tabletop.drawing import TableDrawer
from lieng.ui.tabletop.frame_record import FrameRecord
from lieng.ui.tabletop.hud import Toast, draw_timer_bar, draw_toasts, info_line, timer_rect
from lieng.ui.tabletop.log_panel import LogPanel
from lieng.ui.tabletop.newcomers import welcome
from lieng.ui.tabletop.own_cards import OwnCards
from lieng.ui.tabletop.summary import SummaryPanel, net_line

from .dialog import Dialog

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp


TRIM_AFTER = 0.2
"""Seconds the result panel is up before the heap gives its free pages back: past the
panel's first frames, and before the player can move on (``summary.ARM_SECONDS``)."""


class TableScene(Scene, Generic[TableT]):
    timers_wait_when_covered = True
    """Under a dialog, the rules or the settings the whole table stands still — the
    player's turn timer, the bots (a hand played out unseen behind the settings, and a
    turn timed out there, is what a playtest found) and the result's delay; what was
    already moving lands. ``LanTableScene`` turns it off: the host keeps that table's
    time and a client can't stop it."""

    def __init__(self, app: GameApp, table: TableT, me: int = 0,
                 on_leave: Callable[[], None] | None = None, rebuy: int | None = None,
                 session: TableSession[TableT] | None = None) -> None:
        super().__init__(app)
        self.table = table
        """The session's table (``session.table``), which the drawing reads."""
        self.session: TableSession[TableT] = session if session is not None \
            else TableSession(table, me, rebuy)
        """The game this screen draws: the bot table's own by default; the LAN screen's
        is the net layer's (``lieng.net.guest_session``)."""
        me = self.session.me
        self.on_leave = on_leave
        n = table.n_seats
        self.order = [(me + i) % n for i in range(n)]
        self.board = Board([s.name for s in table.seats], me, lambda: app.settings.speed_factor,
                           app.sounds.play, chips, lambda: app.settings.show_cards_at_once)
        for plate, seat in zip(self.board.seats, table.seats, strict=True):
            plate.bot = seat.kind == "bot"  # the plate says "Máy · Khó"
            plate.level = seat.spec.level if plate.bot else None
        self.frame_record = FrameRecord()
        """What this screen's frames draw, rectangle by rectangle, while someone records
        them (``frame_record``: the self-test checks the layout rule on every frame)."""
        self.drawer = TableDrawer(app.cards, chips, self.frame_record)
        self.canvas: Canvas | None = None
        """The retained frame (``draw``): made at the first frame, anew when the window
        changes size."""
        self._shown: tuple[pygame.Surface, int, list[pygame.Rect]] | None = None
        """The surface the canvas last went onto, the frame number, and where the window's
        controls are drawn over it (``draw``); None when something else may be drawn over
        it (another scene, a screen that draws after the table)."""
        self._trimmed: int | None = None
        """The hand after whose result the heap last gave its free pages back
        (``_give_back_pages``)."""
        self.toasts: list[Toast] = []
        self._toasted = 0
        """The number of the next announcement (``session.said``) to draw as a toast."""
        self._panel_up = False
        """The result panel was up last frame (``update``: toasts and the panel)."""
        self.own = OwnCards(self.board, self.drawer, lambda: self.layout,
                            lambda: self.table.rules, lambda: app.settings.speed_factor)
        """The player's own cards: turned, peeled, named (``ui.tabletop.own_cards``)."""
        self._legal_shown: Legal | bool | None = False
        self.autopilot: Callable[[TableScene[TableLike]], None] | None = None
        self.bar: ActionBar | None = None
        self.top_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.reveal_button: pygame_gui.elements.UIButton | None = None
        self.layout = layout_mod.compute(app.size, n, drawer=app.settings.action_log_open)
        self._layout_for = (app.size, n, app.settings.action_log_open)
        """What ``layout`` was computed for: ``build`` reuses it (a frozen value, ~3 ms to
        compute) when the window, the seats and the drawer are the same."""
        self.ended = False
        self.log = self.session.story
        """The hand told line by line and its result, from public events only (the
        session's ``lieng.game.story``); shown as far as the board has shown the events."""
        # Names as the plates show them ("Bạn" reads "You" in English).
        self.log_panel = LogPanel(app, self.log, self.seat_names, lambda: self.board.shown,
                                  self.frame_record)
        self.summary = SummaryPanel(app, self.shown_result, self.seat_names,
                                    self.result_lines, self.frame_record)
        self.session.subscribe(self._on_events)
        self.session.drawn_by(lambda: self.board.shown)
        self.session.welcomed_by(lambda came: welcome(self.board, came, self.toast))
        self.session.paced_by(lambda: app.settings.speed_factor)

    # ----------------------------------------------------------------- building

    def build(self) -> None:
        app = self.app
        assert self.container is not None
        s = app.scale
        ts = app.type_scale
        wanted = (app.size, self.table.n_seats, self.log_panel.is_open)
        if wanted != self._layout_for:
            self.layout = layout_mod.compute(*wanted[:2], drawer=wanted[2])
            self._layout_for = wanted
        self.bar = ActionBar(app.ui, self.container, self.layout.bar, s, ts,
                             self.session.pot, lambda: timer_rect(self.layout))
        self._legal_shown = False
        self._sync_bar()  # a new bar shows the session's turn from its first event on
        bw, bh = int(128 * s), int(34 * s)
        x = app.size[0] - int(10 * s)
        self.top_buttons = {}
        for name in ("leave", "settings", "rules", "mute"):
            w = bw if name != "mute" else int(100 * s)
            x -= w
            label = name if name != "mute" else ("mute" if app.settings.sound_on else "unmute")
            self.top_buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(x, int(6 * s), w, bh), key(f"table.{label}"), app.ui,
                self.container, object_id=ts.oid("#plain", "body"))
            x -= int(8 * s)
        self.top_buttons["log"] = self.log_panel.make_button(self.container, x)
        self.reveal_button = pygame_gui.elements.UIButton(
            self.layout.reveal, key("table.reveal"), app.ui, self.container,
            object_id=ts.oid("#plain", "body"))
        set_visible(self.reveal_button, False)
        self.summary.build(self.container, self.layout)

    def relayout(self) -> None:
        """The drawer opened or closed: the seats move into the room left, and the
        buttons placed by the layout with them."""
        self.layout = lay = layout_mod.compute(self.app.size, self.table.n_seats,
                                               drawer=self.log_panel.is_open)
        self._layout_for = (self.app.size, self.table.n_seats, self.log_panel.is_open)
        if self.reveal_button is not None:
            self.reveal_button.set_relative_position(lay.reveal.topleft)
        self.summary.relayout(lay)

    def enter(self) -> None:
        super().enter()
        if self.table.hand is None:
            self.start_next_hand()

    def resume(self) -> None:
        """A covering scene left: the container shows every child again, the hidden
        ones too. It may leave after the table's ``update`` this frame (the hot-seat
        hand-off closes there), so the buttons shown only at times are put back as they
        were now, before the frame is drawn (``SummaryPanel.show_button``): "Ván tiếp"
        stood on the felt after a hand-off (a playtest, docs/UI.md)."""
        super().resume()
        self.summary.show_button()
        self._update_reveal_button()

    # ----------------------------------------------------------------- the session

    @property
    def me(self) -> int:
        """The seat at the bottom, whose cards and turn this screen shows."""
        return self.session.me

    def _on_events(self, events: Sequence[Event]) -> None:
        """The session's events (already redacted for this screen) onto the board; the
        bar follows at once (at instant speed the board shows them as they come, and
        the next key or click is mapped against what the bar shows: ``_sync_bar``)."""
        self.board.feed(events)
        self._sync_bar()

    def start_next_hand(self) -> None:
        """Deal on, or present what the flow decided instead (a rebuy, the end)."""
        # The player moves on from the result; newcomers sit down first (the session's).
        decision = self.session.next_hand()
        if decision is None:
            self.own.let_go()
            return
        self.present(decision)

    def present(self, decision: AskRebuy | GameOver) -> None:
        app = self.app  # a decision the flow left to the player, or the end of the table
        if isinstance(decision, AskRebuy):
            offer = self.session.rebuy_offer(decision)  # from the bankroll, or the buy-in
            app.push(Dialog(app, "msg.broke_title",
                            "msg.broke_bank" if offer.bank else "msg.broke",
                            [("msg.rebuy", self._rebuy), ("msg.to_menu", self.leave)],
                            {"amount": chips(offer.amount), "bank": chips(offer.bank or 0),
                             "after": chips(offer.after)}))
        elif decision.reason == "bank_empty":
            app.push(Dialog(app, "msg.broke_title", "msg.bank_empty",
                            [("msg.to_menu", self.leave)]))
        else:
            app.push(Dialog(app, "msg.table_won_title", "msg.table_won",
                            [("msg.to_menu", self.leave)]))

    def _rebuy(self) -> None:
        amount = self.session.rebuy()
        self.toast("msg.rebought", amount=chips(amount))
        self.start_next_hand()

    def leave(self) -> None:
        self.ended = True
        if self.on_leave is not None:
            self.on_leave()
        else:
            self.app.pop()

    def act(self, action: Action) -> bool:
        """The player's action, from a button, a key or the autopilot; the session checks
        the turn (once: ``TableSession.act``)."""
        if not self.session.act(action):
            return False
        # The bar goes off now, so the player's next turn is a new one (fresh raise k),
        # and its buttons grey out before pygame_gui's update of this frame (a click's).
        self._sync_bar()
        if self.bar is not None:
            self.bar.flush()
        return True

    def toast(self, msg: str, **args: str) -> None:
        """Tell the player ``msg`` (the session keeps what was said; ``update`` draws it
        for a few seconds)."""
        self.session.said.say(msg, **args)

    def my_legal(self) -> Legal | None:
        """What the bar offers: the session's legal actions, on a turn the board shows."""
        return self.session.shown_legal()

    def _update_reveal_button(self) -> None:
        """"Nặn bài" while a card is face down — only on the table itself: a scene
        covering it hid the container, and it stays hidden."""
        b = self.reveal_button
        want = self.app.stack.top is self and self.own.reveal_wanted()
        if b is not None and want != bool(b.visible):
            set_visible(b, want)

    def turn_shown(self) -> bool:
        """The player's turn as the table shows it: the timer bar and "Đến lượt bạn"
        appear only with live buttons."""
        return self.my_legal() is not None

    # ----------------------------------------------------------------- events

    def _sync_bar(self) -> Legal | None:
        """Make the bar show what the session shows me allowed now (``shown_legal``;
        cheap when unchanged). Called wherever that can change — the session's events
        reaching the board, the board's frame (``update``), a new bar (``build``), my
        action, the hot-seat's hand-off confirmed — so a click or key is mapped against
        what the bar shows (``ActionBar.action_for_button``), with no second read of the
        turn on the way (docs/ARCHITECTURE.md, the click's path)."""
        legal = self.my_legal()
        if self.bar is not None and legal != self._legal_shown:
            self.bar.set_legal(legal)
            self._legal_shown = legal
        return legal

    def handle_event(self, event: pygame.event.Event) -> bool:
        bar = self.bar
        if event.type == pygame_gui.UI_BUTTON_PRESSED and bar is not None:
            # An action button first: the click's path is the bar, the session, the table
            # (docs/ARCHITECTURE.md); the drawer and the result take no button of the bar's.
            action = bar.action_for_button(event.ui_element)
            if action is not None:
                return self.act(action)
            if bar.press_quick(event.ui_element):  # a quick bet sets the slider only
                return True
        if self.log_panel.handle_event(event, self.layout):
            return True
        if self.summary.wants_continue(event):
            self.start_next_hand()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.reveal_button:
                self.own.reveal_all()
                return True
            for name, b in self.top_buttons.items():
                if el is b:
                    self._top(name)
                    return True
            return False
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and bar is not None \
                and event.ui_element is bar.slider:
            bar.slider_moved()
            return True
        if event.type == pygame.KEYDOWN:
            if bar is not None:
                if event.key == pygame.K_LEFT:
                    bar.nudge(-1)
                    return True
                if event.key == pygame.K_RIGHT:
                    bar.nudge(1)
                    return True
                action = bar.action_for_key(event.key)
                if action is not None:
                    return self.act(action)
            if event.key == pygame.K_l:
                self.own.reveal_all()
                return True
            if event.key == pygame.K_m:
                self._top("mute")
                return True
            if event.key == pygame.K_F1:
                self._top("rules")
                return True
            if event.key == pygame.K_ESCAPE:
                self._top("leave")
                return True
            return False
        return self.own.handle(event)

    def _top(self, name: str) -> None:
        app = self.app
        if name == "log":
            self.log_panel.toggle()
        elif name == "rules":
            app.open("rules", self.table.rules)
        elif name == "settings":
            app.open("settings")
        elif name == "mute":
            app.set_muted(app.settings.sound_on)
            b = self.top_buttons.get("mute")
            if b is not None:
                b.set_text(key("table.mute" if app.settings.sound_on else "table.unmute"))
        elif name == "leave":
            app.push(Dialog(app, "msg.leave_title",
                            "msg.leave_in_hand" if self.session.in_hand else "msg.leave",
                            [("msg.leave_yes", self.leave), ("msg.stay", lambda: None)]))

    # ----------------------------------------------------------------- per frame

    def update(self, dt: float) -> None:
        app = self.app
        if self.layout.drawer_open != self.log_panel.is_open:
            self.relayout()
        self.board.update(dt)
        if self.session.closed:
            self.board.no_turn()  # no seat acts on a closed table (the session says so)
        covered = self.covered
        waits = covered and self.timers_wait_when_covered
        # The table's clock stands still until the board has shown every event and
        # landed it, and while a scene covers the table (``timers_wait_when_covered``;
        # the result's delay waits under any cover, below).
        if self.session.caught_up and not self.board.busy and not waits:
            self.session.advance(dt)
        if not waits:
            self.session.tick()
        # Buttons follow legal() — not the animation.
        legal = self._sync_bar()
        if self.bar is not None:
            self.bar.set_hand_name(self.own.hand_name())
        if app.settings.show_cards_at_once and any(
                c.flip_now < 1.0 and c.flip_tween is None for c in self.own.cards()):
            self.own.reveal_all()  # the setting was switched on mid-hand
        self._update_reveal_button()
        self._timer_warning()
        # The result panel and a toast share the middle of the felt: no toast is drawn
        # under it (one showed through it: a playtest). A toast said before the panel came
        # up is about the hand it ends ("Hết giờ! Bạn bị úp bỏ."): the panel takes over,
        # and the seat's label and the log still say it. One said while the panel is up
        # (a LAN deal check) waits, its seconds unspent, until the panel is gone.
        panel_up = self.summary_showing()
        if panel_up and not self._panel_up:
            self.toasts = []
        self._panel_up = panel_up
        said = self.session.said
        for announced in said.since(self._toasted):
            args = {k: chips(v) if isinstance(v, int) else v
                    for k, v in announced.args.items()}  # an amount, the language's way
            self.toasts.append(Toast(announced.key, args, 3.2))
        self._toasted = said.count
        # A toast shares the banner's box with the deck: it waits for the deal to land
        # (a rebuy's "Đã mua thêm" used to cover the deck and the cards leaving it).
        for toast in self.toasts if not self._toasts_wait() and not panel_up else ():
            toast.left -= dt
        self.toasts = [x for x in self.toasts if x.left > 0]
        if self.summary.update(dt, panel_up, active=not covered):
            self.start_next_hand()
            # The next hand is on its way: the button goes on this frame, not the next
            # (it stood alone on the felt as the deal began: a playtest, docs/UI.md).
            self.summary.update(0.0, self.summary_showing(), active=not covered)
        elif panel_up:
            self._give_back_pages()
        if legal is not None and self.autopilot is not None and not covered:
            self.autopilot(self)
        if self.bar is not None:
            self.bar.flush()  # the buttons show this frame's turn, relabelled once

    def _give_back_pages(self) -> None:
        """Once a hand, collect the cycles the hand left and hand the heap's free pages
        back (``ui.core.heap``: a long evening stays at its memory) — on a frame of the
        result panel once it has been up a moment and the celebration is over, when the
        frame has little else to do, not on the busy frame that deals the next hand. If a
        celebration still runs when the player moves on, the next hand's panel does it.
        The collection walks only what the window made (the rest is frozen as it opens:
        ``heap.freeze_what_lasts``): 4–10 ms here, against 30–40 ms for everything."""
        result = self.shown_result()
        if (result is not None and result.hand_no != self._trimmed
                and self.summary.shown_for >= TRIM_AFTER
                and not self.board.celebrations.bursts):
            self._trimmed = result.hand_no
            return_free_memory()

    def summary_showing(self) -> bool:
        """The hand is over and shown to its end, and the player has not moved on (the
        session's ``result_waiting``) — once the board is still, on a table not left."""
        return self.session.result_waiting() and not self.board.busy and not self.ended

    def remaining(self) -> float | None:
        return self.session.remaining()

    def _timer_warning(self) -> None:
        if self.session.turn_warning():
            self.app.sounds.play("timer")

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The frame (``draw_frame``) through the scene's retained canvas, which repaints
        only what changed since the last frame (``ui.core.canvas``)."""
        if self.bar is not None:
            # The bar names the cards the frame shows: a key or a scene's update after the
            # table's may have taken them away (the hot-seat viewer's, once they acted).
            self.bar.set_hand_name(self.own.hand_name())
        c = self.canvas
        if c is None or c.get_size() != surface.get_size():
            c = self.canvas = Canvas(surface.get_size(), surface)
            self._shown = None
        app = self.app
        last = self._shown
        # The window still shows the last frame but where its controls were drawn over
        # it: then only those and what changed go onto it (the last frame was this scene's
        # alone, on this surface, one frame ago).
        over = last[2] if last is not None and last[0] is surface \
            and last[1] + 1 == app.frames else None
        c.paint(surface, self.draw_frame, over)
        alone = type(self).draw is TableScene.draw and app.stack.visible() == [self]
        self._shown = (surface, app.frames, drawn_rects(app.ui)) if alone else None

    def draw_frame(self, surface: pygame.Surface) -> None:
        lay = self.layout
        s = lay.scale
        ts = self.app.type_scale
        rem = self.remaining()
        total = float(self.table.rules.turn_seconds)
        # The acting seat's ring: the player's real deadline, or the bot's (pulsing) turn.
        self.drawer.draw(surface, self.board, lay, self.order, rem, total, self.own.peel)
        self.app.cards.frame = self.app.frames
        if self.app.settings.coach_hints:
            draw_coach(surface, lay, ts, coach_line(self.board, self.me, self.table.rules),
                       self.frame_record)
        info = info_line(self.session.header(), self.board.round)
        text(surface, info, (12 * s, 23 * s), ts.px("body"), CREAM, anchor="midleft",
             max_width=max(40, self.top_left() - int(24 * s)))
        if rem is not None and total > 0 and self.turn_shown():
            draw_timer_bar(surface, lay, rem / total, self.turn_label(str(int(rem + 0.999))),
                           self.frame_record)
        self.log_panel.draw(surface, lay)
        if not self._toasts_wait() and not self.summary_showing():
            # One list in one box: a standing notice over the toasts, never two stacks
            # drawn over each other.
            draw_toasts(surface, lay, self.notices() + [t(x.key, **x.args) for x in self.toasts],
                        self.frame_record)
        self.summary.draw(surface, lay)  # between hands: the result, until "Ván tiếp"
        self.drawer.draw_celebrations(surface, self.board, lay, self.order)  # over it all

    def notices(self) -> list[str]:
        """Lines that stand in the toasts' box for as long as their state lasts (a LAN
        seat watching or reconnecting), drawn with the toasts and waiting as they do;
        none at a local table."""
        return []

    def _toasts_wait(self) -> bool:
        """A toast is drawn in the round banner's box, where the deck also stands: it
        waits, its time stopped, while cards are dealt and while a round's banner shows
        ("Vòng 2" under a rebuy's "Đã mua thêm": the bot-table self-test's layout check
        caught the two in one box)."""
        return self.board.dealing or bool(self.board.banners)

    def seat_names(self) -> list[str]:
        return [shown_name(x.name) for x in self.board.seats]

    def top_left(self) -> int:
        """The left edge of the top bar's buttons: the info line stops short of it."""
        return min((b.rect.x for b in self.top_buttons.values()), default=self.layout.size[0])

    def turn_label(self, seconds: str) -> str:
        """Above the timer bar (the hot-seat table names the person instead of "you")."""
        return t("table.your_turn", s=seconds)

    def shown_result(self) -> HandResult | None:
        """The last hand's result once the board has shown its end (the session's)."""
        return self.session.result_shown()

    def result_lines(self) -> list[tuple[str, bool]]:
        """The summary's big lines in words: the session's (the player's net; at the
        hot-seat table everyone's, by the names on the plates)."""
        seats = self.board.seats
        return [(net_line(line.amount, seats[line.seat].name if line.named else None),
                 line.good) for line in self.session.result_lines()]
