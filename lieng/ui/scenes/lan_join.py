"""Vào bàn LAN — join a friend's table.

The left of the screen lists the tables heard on the network (``TableFinder``: the hosts'
UDP beacons), refreshed live: host name, players, table bet, preset, and whether a
password is needed. Clicking one joins it; the right side takes a name, a password and,
for a table the beacon does not reach, an address and port typed by hand. Joining runs on
a worker thread (``lieng.net.connecting``: an unreachable address must not freeze the
window); a refusal — wrong password, another game version, a full table, no answer — is
shown in the player's language. Once seated, the lobby shows who is there until the host
starts; then the table screen (``LanTableScene``) takes over. A player who joins mid-hand
watches it and plays from the next one (the host's rule).

The name, the port and the last address are remembered (``lan_common.remember``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from lieng.net.client import LanClient
from lieng.net.connecting import ConnectFailed, Connecting
from lieng.net.discovery import TableFinder, TableInfo
from lieng.net.protocol import DISCOVERY_PORT, MAX_NAME, MAX_PASSWORD, ProtocolError, clean_name
from lieng.net.remote_table import RemoteTable
from lieng.net.seat_tokens import SeatTokens
from lieng.storage.paths import data_dir
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.felt_cache import framed_screen
from lieng.ui.core.gui import kill, set_enabled
from lieng.ui.core.i18n import chips, key, t
from lieng.ui.core.names import shown_name
from lieng.ui.core.scene import Scene
from lieng.ui.scenes.lan_common import (
    draw_roster,
    error_key,
    lan_settings,
    parse_port,
    remember,
    valid_address,
)

from .dialog import balanced_wrap, wrap_lines

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp, StackedScene

MAX_ROWS = 6
REFRESH = 0.5
"""Seconds between looks at the finder's list."""
ERROR_RED = (240, 120, 100)


def table_label(info: TableInfo, name: str | None = None) -> str:
    """One row of the list: "Lan · 2/4 người · cược 10 · Cổ điển · có mật khẩu"."""
    ad = info.ad
    parts = [ad.name if name is None else name,
             t("lan.row_players", n=str(ad.players), seats=str(ad.seats)),
             t("lan.row_bet", bet=chips(ad.bet)), t(f"preset.{ad.preset}")
             if ad.preset in ("classic", "v8club", "split") else ad.preset]
    if ad.password:
        parts.append(t("lan.row_password"))
    if ad.started:
        parts.append(t("lan.row_started"))
    if not info.compatible:
        parts.append(t("lan.row_version", version=ad.game))
    return " · ".join(parts)


FIELD_ERRORS = ("lan.err_name", "lan.err_port", "lan.err_address")
"""What a typed field got wrong: the message goes as soon as the person edits a field (a
playtest saw "Hãy nhập địa chỉ…" stay after the address was typed)."""


class LanJoinScene(Scene):
    def __init__(self, app: GameApp, finder_bind: str = "",
                 finder_port: int = DISCOVERY_PORT) -> None:
        super().__init__(app)
        st = lan_settings(app)
        self.fields = {"name": shown_name(st.lan_player_name), "password": "",
                       "address": st.lan_last_host, "port": str(st.lan_port)}
        self.finder: TableFinder | None = None
        try:
            self.finder = TableFinder(finder_bind, finder_port)
        except OSError:
            self.finder = None  # the port is taken: typing the address still works
        self.tables: list[TableInfo] = []
        self._signature: tuple[Any, ...] = ()
        self._since_refresh = REFRESH
        self.phase = "choose"
        self.error: str | None = None
        self.status: str | None = None
        self.client: LanClient | None = None
        self.connecting: Connecting[LanClient] = Connecting()
        """The join under way (``lieng.net.connecting``): connected on a worker thread,
        handed over in ``update``."""
        self._password_typed = False
        """The join under way was sent with a password (a refusal then says "wrong")."""
        self.started: StackedScene | None = None
        """The LAN table this screen opened (``lieng.ui.screens``: by name)."""
        self.row_buttons: list[pygame_gui.elements.UIButton] = []

    def _rect(self) -> pygame.Rect:
        return self.centered(1040, 640)

    def _list_rect(self) -> pygame.Rect:
        s = self.app.scale
        r = self._rect()
        return pygame.Rect(r.x + int(30 * s), r.y + int(80 * s), int(560 * s), int(440 * s))

    # ----------------------------------------------------------------- building

    def build(self) -> None:
        s = self.app.scale
        r = self._rect()
        ui, c, ts = self.app.ui, self.container, self.app.type_scale
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.row_buttons = []
        self._signature = ()
        bw, bh = int(220 * s), int(52 * s)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + int(30 * s), r.bottom - bh - int(22 * s), bw, bh),
            key("common.back" if self.phase == "choose" else "lan.leave_lobby"), ui, c,
            object_id=ts.oid("#plain", "button"))
        self.join: pygame_gui.elements.UIButton | None = None
        if self.phase != "choose":
            return
        x = self._list_rect().right + int(24 * s)
        w = r.right - int(30 * s) - x
        rh = int(40 * s)
        y = r.y + int(80 * s)
        fields = [("name", MAX_NAME), ("password", MAX_PASSWORD), ("address", 253),
                  ("port", 5)]
        for name, limit in fields:
            pygame_gui.elements.UILabel(pygame.Rect(x, y, w, int(26 * s)),
                                        key(f"lan.field_{name}"), ui, c,
                                        object_id=ts.oid("#caption", "body"))
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x, y + int(28 * s), w, rh), ui, c,
                object_id=ts.oid(f"#lan_{name}", "body"), initial_text=self.fields[name])
            entry.set_text_length_limit(limit)
            if name == "port":
                entry.set_allowed_characters("numbers")
            self.entries[name] = entry
            y += int(78 * s)
        self.join = pygame_gui.elements.UIButton(
            pygame.Rect(x, y + int(6 * s), w, bh), key("lan.join_address"), ui, c,
            object_id=ts.oid("#primary", "button"))
        self.refresh(force=True)

    def refresh(self, force: bool = False) -> None:
        """Rebuild the rows when the list of tables changed."""
        if self.phase != "choose":
            return
        tables = self.finder.tables() if self.finder is not None else []
        sig = tuple((i.address, i.ad) for i in tables[:MAX_ROWS])
        if sig == self._signature and not force:
            return
        self._signature = sig
        self.tables = tables[:MAX_ROWS]
        for b in self.row_buttons:
            kill(b)
        self.row_buttons = []
        s = self.app.scale
        ts = self.app.type_scale
        lr = self._list_rect()
        row = int(58 * s)
        for i, info in enumerate(self.tables):
            rect = pygame.Rect(lr.x + int(14 * s), lr.y + int(48 * s) + i * row,
                               lr.w - int(28 * s), row - int(8 * s))
            button = pygame_gui.elements.UIButton(
                rect, table_label(info), self.app.ui, self.container,
                object_id=ts.oid("#plain", "body"))
            self._fit_row(button, info)
            self.row_buttons.append(button)

    @staticmethod
    def _fit_row(button: pygame_gui.elements.UIButton, info: TableInfo) -> None:
        """Shorten a long table name ("Bàn của…") so the whole row shows: a button cuts
        its text at the edge, and the end of the row says whether a password is needed."""
        font = button.font
        if font is None:
            return
        room = button.rect.w - 16
        name = info.ad.name
        label = table_label(info)
        while font.size(label)[0] > room and len(name) > 1:
            name = name[:-1]
            label = table_label(info, name.rstrip() + "…")
        if label != button.text:
            button.set_text(label)

    def _read_fields(self) -> None:
        for name, entry in self.entries.items():
            self.fields[name] = entry.get_text().strip()

    # ----------------------------------------------------------------- input

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back:
                self.go_back()
                return True
            if el is self.join and self.join is not None:
                self.join_typed()
                return True
            if el in self.row_buttons:
                self.join_listed(self.tables[self.row_buttons.index(el)])
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.phase == "choose":
            self.join_typed()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.error in FIELD_ERRORS:
            self.error = None  # it said what to fix, and the person is fixing it
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        return False

    def go_back(self) -> None:
        if self.phase == "lobby":
            if self.client is not None:
                self.client.close()
                self.client = None
            self.phase = "choose"
            self.resize()
            return
        self.cancel_pending()
        self.close_finder()
        self.app.pop()

    def exit(self) -> None:
        """Leaving the screen by any way — Back, a table opened over it, the window
        closed (a rebuild, ``Scene.resize``, is not a leave) — stops the table finder's
        threads and any connect still running (they would look for tables, and hold the
        screen, until the game ends), and leaves a lobby still waiting (a table that
        started took its client already)."""
        self.cancel_pending()
        self.close_finder()
        if self.client is not None:
            self.client.close()
            self.client = None
        super().exit()

    def cancel_pending(self) -> None:
        """Give up a connect still running: its client is closed as soon as the worker
        has it (or now, if it just connected) so it keeps no seat at the host."""
        self.connecting.cancel()

    def close_finder(self) -> None:
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def join_listed(self, info: TableInfo) -> None:
        """A table from the list: its address goes into the fields, then join."""
        for name, value in (("address", info.address), ("port", str(info.ad.port))):
            self.fields[name] = value
            entry = self.entries.get(name)
            if entry is not None:
                entry.set_text(value)
        self.join_typed()

    def join_typed(self) -> None:
        if self.connecting.running:
            return  # already connecting
        self._read_fields()
        f = self.fields
        self.error = None
        try:
            name = clean_name(f["name"])
        except ProtocolError:
            self.error = "lan.err_name"
            return
        port = parse_port(f["port"])
        if port is None:
            self.error = "lan.err_port"
            return
        if not valid_address(f["address"]):
            self.error = "lan.err_address"
            return
        remember(self.app, lan_player_name=name, lan_port=port, lan_last_host=f["address"])
        # The seat's token is kept on disk: after a crash this join takes the old seat back
        # (lieng/net/seat_tokens.py).
        client = LanClient(f["address"], port, name=name, password=f["password"] or None,
                           tokens=SeatTokens(), deal_secrets=data_dir())
        self._password_typed = bool(f["password"])
        self.connecting.start(client.connect)
        self.status = t("lan.connecting_to", address=f["address"], port=str(port))
        if self.join is not None:
            set_enabled(self.join, False)

    # ----------------------------------------------------------------- per frame

    def update(self, dt: float) -> None:
        self._since_refresh += dt
        if self._since_refresh >= REFRESH:
            self._since_refresh = 0.0
            self.refresh()
        outcome = self.connecting.take()
        if outcome is not None:
            self.status = None
            if self.join is not None:
                set_enabled(self.join, True)
            if isinstance(outcome, ConnectFailed):
                err = outcome.error
                self.error = error_key(err.code)
                if err.code == "wrong_password" and not self._password_typed:
                    self.error = "lan.err_password_needed"  # none typed: not a wrong one
            else:
                self.client = outcome.client
                self.phase = "lobby"
                self.resize()
        client = self.client
        if self.phase == "lobby" and client is not None:
            if client.closed is not None:
                self.client = None
                self.error = "lan.closed_host_left" if client.closed[0] == "host_left" \
                    else "lan.closed_other"
                client.close()
                self.phase = "choose"
                self.resize()
                return
            roster = client.roster
            if roster is not None and roster.started and self.app.stack.top is self:
                self.close_finder()
                self.client = None
                self.started = self.app.open("lan_table", RemoteTable(client), replace=True)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        r = self._rect()
        framed_screen(surface, self.app.size, s, r, t("lan.join_title"))
        lr = self._list_rect()
        if self.phase == "lobby":
            client = self.client
            me = client.seat if client is not None else None
            draw_roster(surface, lr, client.roster if client is not None else None, me, s)
            x = lr.right + int(24 * s)
            name = client.table_name if client is not None else ""
            text(surface, t("lan.joined", who=name), (x, lr.y + 30 * s), ts.px("lead"), GOLD,
                 bold=True, anchor="midleft", max_width=r.right - x - int(30 * s))
            text(surface, t("lan.waiting_start"), (x, lr.y + 70 * s), ts.px("body"), CREAM,
                 anchor="midleft", max_width=r.right - x - int(30 * s))
            # Wrapped at its size: on one line it shrank to a few pixels (a playtest).
            small = ts.px("small")
            room = r.right - x - int(30 * s)
            for k, line in enumerate(wrap_lines(t("lan.bots_note"), small, room)):
                text(surface, line, (x, lr.y + 104 * s + k * int(small * 1.35)), small, MUTED,
                     anchor="midleft", max_width=room)
            return
        panel(surface, lr, (10, 18, 15, 225), GOLD, radius=int(12 * s))
        text(surface, t("lan.found"), (lr.x + 18 * s, lr.y + 24 * s), ts.px("heading"), GOLD,
             bold=True, anchor="midleft")
        if not self.tables:
            msg = t("lan.searching") if self.finder is not None else t("lan.finder_off")
            text(surface, msg, (lr.centerx, lr.centery), ts.px("body"), MUTED,
                 max_width=lr.w - int(40 * s))
        text(surface, t("lan.manual_note"), (lr.centerx, lr.bottom - 22 * s), ts.px("small"),
             MUTED, max_width=lr.w - int(30 * s))
        # Beside the Back button, where a line has the panel's whole width: inside the
        # list it had to shrink to 7–9 px.
        back = self.back.relative_rect
        left = back.right + int(24 * s)
        width = int(r.right - int(30 * s) - left)
        lines = balanced_wrap(t("lan.chips_note"), ts.px("small"), width)
        step_y = ts.px("small") * 1.45
        y = back.centery - step_y * (len(lines) - 1) / 2
        for line in lines:
            text(surface, line, (left, y), ts.px("small"), MUTED, anchor="midleft",
                 max_width=width)
            y += step_y
        # Under the Join button: what is happening, or why joining failed, wrapped.
        x = lr.right + int(24 * s)
        width = r.right - int(30 * s) - x
        y = r.y + int(80 * s) + 4 * int(78 * s) + int(58 * s) + 28 * s
        if self.status is not None:
            message, colour = self.status, CREAM
        elif self.error is not None:
            message, colour = t(self.error), ERROR_RED
        else:
            return
        for line in wrap_lines(message, ts.px("body"), width):
            text(surface, line, (x + width / 2, y), ts.px("body"), colour, bold=True,
                 max_width=width)
            y += 25 * s
