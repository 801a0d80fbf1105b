"""The table of a LAN game: the ordinary table screen over a ``RemoteTable``, plus
what only a network game has —

- the fair-deal check after every hand (each client verifies the deck
  it was shown) as a line under the table info: "Kiểm tra chia bài: đạt", or a red line and
  a message when it failed, or — for a hand that ended with a fold, whose proof the host
  never sends so the folded cards stay hidden (RULES.md step 8) — a neutral "not
  checkable" line;
- a message from the host the client could not use: a toast, and the game goes on;
- a hand no honest host could send — chips from nowhere, a showdown mid-hand, another
  seat's card (lieng/net/host_checks.py): not drawn; once per hand a short toast, and a
  red line in the deal check's place says the host sent an impossible hand;
- "watching": a player who joined mid-hand sees the hand without a seat in it and plays
  from the next one;
- the end of the table: when the host leaves, a clear message and back to the menu; when
  the connection drops, an offer to reconnect with the session token (same seat, full
  snapshot — ``lieng.net.connecting.Connecting``, whose worker thread connects so the
  window never freezes; this screen starts it, polls it and draws it).

The host decides everything (ARCHITECTURE.md: clients send only intentions), so this scene
adds no rule: it reads the client's state and shows it. When the player is also the host,
leaving the table stops the host, which tells everyone else the table closed.
"""

from __future__ import annotations

import atexit
from typing import TYPE_CHECKING

import pygame

from lieng.net.client import LanClient
from lieng.net.connecting import ConnectFailed, Connecting
from lieng.net.guest_session import guest_session
from lieng.net.host_reports import HostReports
from lieng.net.remote_table import RemoteTable
from lieng.ui.core.draw import MUTED, text
from lieng.ui.core.i18n import t
from lieng.ui.scenes.lan_common import CLOSED_KEYS, error_key
from lieng.ui.tabletop.board_state import SeatState, start_status

from .dialog import Dialog
from .table import TableScene

if TYPE_CHECKING:
    from lieng.net.host import LanHost
    from lieng.ui.core.window import GameApp

CHECK_OK = (120, 210, 130)
CHECK_BAD = (235, 95, 80)

FINAL_REFUSALS = frozenset({"bad_token", "version_mismatch", "wrong_password"})
"""A reconnect refused for one of these cannot succeed by trying again: the same token,
game version and password would be sent again (docs/PROTOCOL.md section 2). ``bad_token``
is a table that no longer knows the seat — its grace period ran out, or another table now
listens on that port; the protocol does not tell the two apart, and the words cover both.
Then only the menu is offered (a playtest kept being offered "Kết nối lại")."""


class LanTableScene(TableScene[RemoteTable]):
    def __init__(self, app: GameApp, remote: RemoteTable, host: LanHost | None = None) -> None:
        # TableScene draws any ``TableLike`` (lieng/table.py); RemoteTable is one.
        # The session is the net layer's: nothing settled between hands here (the host
        # does), the hands recorded as LAN ones (``lieng.net.guest_session``).
        super().__init__(app, remote, session=guest_session(remote, app.profile))
        self.remote = remote
        self.host = host
        self.reports = HostReports(remote, self.session.said)
        """The deal checks and the host's faults, told and kept for the line under the
        table info (``lieng.net.host_reports``)."""
        self.rejoin: Connecting[LanClient] = Connecting()
        """Joining again after a lost connection (``lieng.net.connecting``): the screen
        starts it, takes its outcome each frame and draws it."""
        self._closed_shown: tuple[str, str] | None = None
        self.left_table = False
        if host is not None:
            atexit.register(host.stop)  # closing the window still tells the others

    timers_wait_when_covered = False
    """The host is authoritative: its turn timer runs on whatever this window shows, and
    a client can't pause it — a dialog here (leaving, the rules) stops nothing at the
    host. So the local clock runs on under a dialog too, and the messages from the host
    are still taken every frame: when the dialog closes, the countdown is the host's,
    not seconds the host never granted (a frozen local clock would show 15 s left just
    as the host folds the seat)."""

    # ----------------------------------------------------------------- the seat

    def _top(self, name: str) -> None:
        if name != "leave":
            super()._top(name)
            return
        # Leaving a LAN table is not leaving a bot table: say what it does to the others.
        body = "lan.leave_host" if self.host is not None else "lan.leave_client"
        self.app.push(Dialog(self.app, "msg.leave_title", body,
                             [("msg.leave_yes", self.leave), ("msg.stay", lambda: None)]))

    # ----------------------------------------------------------------- per frame

    def update(self, dt: float) -> None:
        remote = self.remote
        closed = remote.closed
        if closed is not None and closed != self._closed_shown and not self.left_table:
            # Stop the table screen from dealing on (or announcing a winner) first.
            self.ended = True
            if closed[0] != "finished" or not self.board.busy:
                self._closed_shown = closed
                self._on_closed(closed)
        super().update(dt)
        for i, seat in enumerate(remote.seats[:len(self.board.seats)]):
            if self.board.seats[i].name != seat.name and seat.name != "…":
                self.board.seats[i].name = seat.name  # a late joiner took over a bot's seat
            plate = self.board.seats[i]
            plate.bot = seat.kind == "bot"
            plate.level = seat.spec.level if plate.bot else None  # "Máy · Khó", the host's word
            plate.away = seat.kind != "bot" and not seat.connected
            if not plate.dealt_in:
                self._sitting_out(plate, seat.stack)
        self.reports.take()  # the host's deal checks and faults, told once each
        self._take_reconnect()

    def _sitting_out(self, plate: SeatState, stack: int) -> None:
        """A seat not dealt into this hand shows the chips the roster says it has. An
        away seat's chips are set aside, not gone (RULES.md "A player who is away"): the
        hand holds 0 for it, so the hand's start says 0 and "Hết chip" — and once its
        player was back mid-hand, the plate said so until the next hand."""
        plate.stack = stack
        if plate.status in ("status.broke", "status.sitting_out"):
            plate.status = start_status(False, stack, self.table.rules.table_bet)

    def _on_closed(self, closed: tuple[str, str]) -> None:
        reason = closed[0]
        app = self.app
        if reason == "disconnected":
            app.push(Dialog(app, "lan.lost_title", "lan.lost_body",
                            [("lan.reconnect", self.reconnect), ("msg.to_menu", self.leave)]))
            return
        body = CLOSED_KEYS.get(reason, "lan.closed_other")
        app.push(Dialog(app, "lan.closed_title", body, [("msg.to_menu", self.leave)]))

    @property
    def reconnecting(self) -> bool:
        """Joining again is under way (the line under the table says so)."""
        return self.rejoin.running

    def reconnect(self) -> None:
        """Join again with the session token: the same seat and a snapshot of the hand
        (``RemoteTable.connect_again`` on the worker; a click while an attempt runs starts
        none: ``Connecting.start``)."""
        self.rejoin.start(self.remote.connect_again)

    def _take_reconnect(self) -> None:
        """The attempt's outcome, on the window's thread: the lost-connection dialog again
        with why, or the table playing on through the new connection, with a toast."""
        outcome = self.rejoin.take()
        if outcome is None:
            return
        if isinstance(outcome, ConnectFailed):
            code = outcome.error.code
            again = [] if code in FINAL_REFUSALS else [("lan.reconnect", self.reconnect)]
            self.app.push(Dialog(self.app, "lan.lost_title", error_key(code),
                                 [*again, ("msg.to_menu", self.leave)]))
            return
        self.remote.adopt(outcome.client)  # its snapshot arrives with the next tick
        self._closed_shown = None
        self.ended = False
        self.toast("lan.reconnected")

    def leave(self) -> None:
        """Back to the menu; the seat is given up (kept by the host for its grace period),
        and a hosting player's table closes for everyone."""
        if self.left_table:
            return
        self._let_go()
        super().leave()

    def window_closing(self) -> None:
        """Closing the window leaves the table as "Rời bàn" does: the host hears the
        goodbye (the others do not wait out a lost connection), a hosting player's table
        closes for everyone, and the connection's thread ends before the game does
        (left running, its reader was torn down at exit: "Task was destroyed but it is
        pending")."""
        if not self.left_table:
            self._let_go()

    def exit(self) -> None:
        """Leaving the stack in any way lets the connection go (``Scene.exit``): a window
        closed without ``window_closing`` — a test's, or a crash's ``finally`` — left the
        connection's thread running, and the host kept the seat as taken."""
        if not self.left_table:
            self._let_go()
        super().exit()

    def _let_go(self) -> None:
        """Give up the seat, any reconnect under way and a hosted table."""
        self.left_table = True
        self.ended = True
        self.rejoin.close()
        self.remote.close()
        if self.host is not None:
            self.host.stop()
            atexit.unregister(self.host.stop)

    # ----------------------------------------------------------------- drawing

    def notices(self) -> list[str]:
        """Reconnecting or watching, in the banner's box under the pot, which the layout
        keeps clear of every seat (docs/UI.md "The layout rule"; it once sat over the top
        seat). Drawn with the toasts, so it too waits for a round's banner, the deal and
        the result panel (it used to be drawn over all three)."""
        if self.reconnecting:
            return [t("lan.reconnecting")]
        if self.remote.watching and not self.session.closed:
            return [t("lan.watching")]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.layout.scale
        ts = self.app.type_scale
        line = self.reports.line(len(self.remote.seats))
        if line is not None:
            # The host's reports decide what it says (``HostReports.line``); here, words.
            if line.kind == "misbehaving":
                label, colour = t("lan.host_misbehaving_line", hand=line.hand), CHECK_BAD
            elif line.kind == "stopped":
                who = self.remote.seats[line.party].name if line.party is not None \
                    else t("lan.host_dealer")
                label, colour = t("lan.deal_stopped", hand=line.hand, who=who), CHECK_BAD
            elif line.kind == "ok":
                label, colour = t("lan.check_ok", hand=line.hand), CHECK_OK
            elif line.kind == "hidden":
                label, colour = t("lan.check_hidden", hand=line.hand), MUTED
            else:
                label, colour = t("lan.check_failed", hand=line.hand), CHECK_BAD
            text(surface, label, (12 * s, 48 * s), ts.px("small"), colour, bold=True,
                 anchor="midleft", max_width=max(40, self.top_left() - int(24 * s)))
