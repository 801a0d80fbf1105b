"""Hot-seat: two to six people, with bots if they like, taking turns at one window.

Privacy is a property of what the board *knows*, not of what it chooses to draw. The board
is fed the spectator's events (``redact(e, None)``): nobody's dealt cards ever reach it.
Exactly one person's cards are put into it — the seat whose hand-off was confirmed
(``viewer``), as the hand-off gives them (``Handoff.confirm``: ``hand.view_for(viewer)``;
the screen never reads the hand) — and they are taken out again the moment that person
has acted, timed out or the hand ended. Between hands, during the deal and at
the showdown ``viewer`` is None, so the only faces the board can hold are the hands the
showdown reveals (RULES.md step 8: folded and uncontested hands stay hidden).

Who the turn waits for, whose screen it is and the clock meanwhile are the game's
(``lieng.game.handoff``, without pygame): whenever the turn comes to a person who is not
the confirmed viewer, the table's timer is paused and, once the board has caught up with
the bots' moves, a full-screen hand-off panel (``HandoffScene``) covers the table: "Đưa
máy cho Lan". The turn timer (RULES.md step 6) starts only when Lan confirms;
the hand-off waits longer (its own limit, timed by the game: ``HandoffWait``) before the
absent player is folded, which the whole table is told. Broke players rebuy (when the
setup allows it) or leave; the scoreboard (``ScoreboardScene``) is one key away and
closes the game, whose standings go to the history (``GameResult``, mode "hotseat")
with every hand (``viewer=None``), once: the game's end is the game's
(``lieng.game.standings.GameEnd``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.game import AskRebuy, GameOver
from lieng.game.handoff import HANDOFF_LIMIT
from lieng.game.hotseat_game import hotseat_game
from lieng.storage.documents import Notice
from lieng.storage.history import History
from lieng.table import Table
from lieng.ui.core.i18n import chips, key, t

from .dialog import Dialog
from .table import TableScene

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp, StackedScene

class HotseatScene(TableScene[Table]):
    def __init__(self, app: GameApp, table: Table, rebuy_allowed: bool = True,
                 handoff_limit: float | None = HANDOFF_LIMIT,
                 history: History | None = None,
                 clock: Callable[[], datetime] = datetime.now) -> None:
        # The game is assembled by the game (raises for a table of bots alone).
        game = hotseat_game(table, rebuy_allowed, handoff_limit, history, self._notify, clock)
        self.handoff: StackedScene | None = None
        """The hand-off panel on the stack ("handoff", opened by name), if any."""
        super().__init__(app, table, session=game.session)
        self.end = game.end
        """The game's record and its end: the hands and final standings to the history,
        written once (``lieng.game.standings``)."""
        self.turns = game.turns
        """Who the turn waits for and whose screen it is, the broke seats' flow and what
        the table is told: the session's hot-seat policy (``lieng.game.handoff``)."""
        self.turns.on_viewer_gone = self._take_cards
        self.score_button: pygame_gui.elements.UIButton | None = None

    @property
    def viewer(self) -> int | None:
        """The person whose hand-off was confirmed: the only seat whose cards the board
        holds (``Handoff.viewer``)."""
        return self.turns.viewer

    @property
    def pending(self) -> int | None:
        """The person the turn has come to, waiting for the hand-off."""
        return self.turns.pending

    # ----------------------------------------------------------------- who is who

    def is_human(self, seat: int) -> bool:
        return self.table.seats[seat].kind == "human"

    def name(self, seat: int) -> str:
        return self.table.seats[seat].name

    def set_bottom(self) -> None:
        """Turn the table so me (the session's: the hand-off made the person who has the
        screen me, ``Handoff.confirm``) sits at the bottom, with the big cards."""
        n = self.table.n_seats
        seat = self.session.me
        self.board.me = seat
        self.order = [(seat + i) % n for i in range(n)]
        self._legal_shown = False

    # ----------------------------------------------------------------- building

    def build(self) -> None:
        super().build()
        app = self.app
        s = app.scale
        ts = app.type_scale
        left = min(b.rect.x for b in self.top_buttons.values())
        w, h = int(214 * s), int(34 * s)  # "Bảng xếp hạng (Tab)" whole at 960×540
        self.score_button = pygame_gui.elements.UIButton(
            pygame.Rect(left - int(8 * s) - w, int(6 * s), w, h), key("hotseat.scores"),
            app.ui, self.container, object_id=ts.oid("#plain", "body"))

    # ----------------------------------------------------------------- privacy
    # The session hands this board the spectator's events (``redact(e, None)``: the
    # hand-off policy makes it so); the viewer's cards are put in on confirming and taken
    # out by the policy as the turn leaves them — before the events that ended it reach
    # the board, since feeding may run beats at once (instant speed) and a showdown beat
    # puts the shown hands, the viewer's too if shown, back into it.

    def hide(self) -> None:
        """Take the viewer's cards out of the board (face down, unknown to it again)."""
        self.turns.close_view()

    def _take_cards(self, seat: int) -> None:
        for cs in self.board.seats[seat].cards:
            cs.card = None
            cs.flip = 0.0
            cs.flip_tween = None
        self.own.let_go()

    def confirm(self, seat: int) -> None:
        """The named person pressed "Tôi là …": their cards, and only theirs, face up."""
        cards = self.turns.confirm(seat)  # theirs alone, from the game (Handoff.confirm)
        if cards is None:
            return
        self.set_bottom()
        for cs, card in zip(self.board.seats[seat].cards, cards, strict=False):
            cs.card = card
            cs.flip = 0.0
            cs.flip_tween = None
        self.own.reveal_all(animate=True)
        self._sync_bar()  # the turn is theirs now: the bar says so before the next key

    def _close_handoff(self) -> None:
        panel = self.handoff
        self.handoff = None
        if panel is not None and panel in self.app.stack.scenes:
            if self.app.stack.top is panel:
                self.app.pop()
            else:
                self.app.stack.scenes.remove(panel)
                panel.exit()

    # ----------------------------------------------------------------- hands
    # Only the confirmed viewer acts, broke people are asked and bots rebuy: the
    # session's hand-off policy (``Handoff.may_act``, its flow).

    def present(self, decision: AskRebuy | GameOver) -> None:
        if isinstance(decision, GameOver):
            self.finish()
            return
        seat = decision.seat
        self.app.push(Dialog(self.app, "hotseat.broke_title", "hotseat.broke",
                             [("msg.rebuy", self._choice(self.turns.rebuy, seat)),
                              ("hotseat.leave_seat", self._choice(self.turns.leave, seat))],
                             {"who": self.name(seat), "amount": chips(decision.amount)}))

    def _choice(self, choice: Callable[[int], None], seat: int) -> Callable[[], None]:
        """A broke player's button: rebuy or leave, then deal on."""
        def chosen() -> None:
            choice(seat)
            self.start_next_hand()
        return chosen


    def _notify(self, *notices: Notice | None) -> None:
        """A storage problem (disk full...) is shown once by the app's notice hook."""
        profile = self.app.profile
        if profile is not None:
            profile.notify(*notices)

    # ----------------------------------------------------------------- the end

    def finish(self) -> None:
        """The game is over (no two players can pay, or the players stopped): the game
        writes its final standings (``GameEnd.finish``, once) and the scoreboard says who
        won."""
        if self.end.finish() is None:
            return
        self.ended = True
        self._close_handoff()
        self.hide()
        self.app.open("scoreboard", self.table, self.end, replace=True)

    def window_closing(self) -> None:
        """Closing the window ends the game as the leave dialog does: the standings of the
        completed hands are saved (once: ``GameEnd.finish``)."""
        self.end.finish()
        self.ended = True

    def leave(self) -> None:
        self.finish()

    # ----------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.score_button:
            self.show_scores()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_s):
            self.show_scores()
            return True
        return super().handle_event(event)

    def _top(self, name: str) -> None:
        if name != "leave":
            super()._top(name)
            return
        # Leaving a shared table ends the game for everyone: say so, and that a hand in
        # play is not counted (the standings are those before it).
        body = "hotseat.end_in_hand" if self.session.in_hand else "hotseat.end_body"
        self.app.push(Dialog(self.app, "hotseat.end_title", body,
                             [("hotseat.end_yes", self.leave), ("msg.stay", lambda: None)]))

    def top_left(self) -> int:
        left = super().top_left()
        return min(left, self.score_button.rect.x) if self.score_button is not None else left

    def show_scores(self) -> None:
        self.app.open("scoreboard", self.table)

    # ----------------------------------------------------------------- per frame

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.pending is None and self.handoff is not None:
            self._close_handoff()
        wait = self.turns.wait
        if self.pending is not None and wait is not None and self.handoff is None \
                and not self.ended and self.app.stack.top is self and not self.board.busy:
            seat = self.pending
            self.handoff = self.app.open(
                "handoff", self.name(seat), self.turns.hands_over(seat), wait,
                lambda: self._handoff_done(seat, confirmed=True),
                lambda: self._handoff_done(seat, confirmed=False),
                lambda: self._top("leave"))

    def _handoff_done(self, seat: int, confirmed: bool) -> None:
        self._close_handoff()
        if confirmed:
            self.confirm(seat)
        else:
            self.turns.time_out(seat)  # the table is told, once

    # ----------------------------------------------------------------- drawing

    def turn_label(self, seconds: str) -> str:
        return t("hotseat.turn_label", who=self.name(self.me), s=seconds)
