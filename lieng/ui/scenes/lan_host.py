"""Mở bàn LAN — host a table for friends on the same network.

Two steps on one screen. First the table: seats (2–6, the host is seat 0 — RULES.md),
how many of them are bots and their level, the table bet, the tie-break preset (RULES.md
"Tie-break presets"), the turn timer (a LAN table always has one: RULES.md "Table
settings"), an optional password, the port and the player's name. "Mở bàn" starts a
``LanHost`` on a background thread and seats the player through ``connect_local``. Then
the lobby: the addresses friends type, who has joined (live, from the host's roster), and
"Bắt đầu" — empty seats get bots and the deal begins; the table screen takes over when the
host says the game started (also when every seat filled up by itself).

The port, the player's name and the discovery address are remembered
(``lan_common.remember``). Discovery beacons go to ``Settings.lan_discovery_address``
(the broadcast address by default); tests override ``host_options`` so that everything
stays on 127.0.0.1.
"""

from __future__ import annotations

import atexit
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from lieng.engine import TIEBREAKS
from lieng.game import TABLE_BETS
from lieng.levels import BOT_LEVELS, as_level
from lieng.net.client import LanClient, LanError
from lieng.net.host import HostConfig, LanHost, connect_local
from lieng.net.messages import Roster
from lieng.net.protocol import MAX_NAME, MAX_PASSWORD, ProtocolError, clean_name
from lieng.net.remote_table import RemoteTable
from lieng.storage.paths import data_dir
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.felt_cache import framed_screen
from lieng.ui.core.i18n import chips, key, t
from lieng.ui.core.names import shown_name
from lieng.ui.core.scene import Scene
from lieng.ui.scenes.lan_common import (
    draw_roster,
    error_key,
    lan_settings,
    local_addresses,
    parse_port,
    remember,
    valid_address,
)

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp, StackedScene

TIMERS = (10, 20, 30, 60)
"""Turn timer choices in seconds; a LAN table always runs one."""
ERROR_RED = (240, 120, 100)


class LanHostScene(Scene):
    def __init__(self, app: GameApp, host_options: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        st = lan_settings(app)
        self.host_options: dict[str, Any] = dict(host_options or {})
        """Extra ``HostConfig`` fields (tests: bind and beacon on 127.0.0.1, fast bots)."""
        bet = st.table_bet if st.table_bet in TABLE_BETS else 10
        self.choice = {
            "seats": "4", "bots": "1", "level": st.bot_level, "bet": str(bet),
            "preset": st.tiebreak, "timer": str(st.turn_timer if st.turn_timer in TIMERS
                                                 else 20),
        }
        self.fields = {"name": shown_name(st.lan_player_name), "port": str(st.lan_port),
                       "password": "", "discovery": st.lan_discovery_address}
        self.phase = "setup"
        self.error: str | None = None
        self.host: LanHost | None = None
        self.client: LanClient | None = None
        self.addresses: list[str] = []
        self.started: StackedScene | None = None
        """The LAN table this screen opened (``lieng.ui.screens``: by name)."""

    def _rect(self) -> pygame.Rect:
        return self.centered(1000, 520 if self.phase == "setup" else 640)

    # ----------------------------------------------------------------- building

    def build(self) -> None:
        self.menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        if self.phase == "setup":
            self._build_setup()
        else:
            self._build_lobby()

    def _build_setup(self) -> None:
        s = self.app.scale
        r = self._rect()
        ui, c, ts = self.app.ui, self.container, self.app.type_scale
        rh = int(40 * s)
        options: list[tuple[str, list[str | tuple[str, str]]]] = [
            ("seats", [(str(n), str(n)) for n in range(2, 7)]),
            ("bots", [(str(n), str(n)) for n in range(0, 6)]),
            ("level", [(key(f"level.{lv}"), lv) for lv in BOT_LEVELS]),
            ("bet", [(chips(b), str(b)) for b in TABLE_BETS]),
            ("preset", [(key(f"preset.{p}"), p) for p in TIEBREAKS]),
            ("timer", [(t("lan.seconds", n=str(n)), str(n)) for n in TIMERS]),
        ]
        col_w = (r.w - int(60 * s)) // 3
        lw, dw = int(130 * s), col_w - int(140 * s)
        for i, (name, opts) in enumerate(options):
            x = r.x + int(30 * s) + (i % 3) * col_w
            y = r.y + int(84 * s) + (i // 3) * (rh + int(16 * s))
            pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, rh), key(f"lan.opt_{name}"),
                                        ui, c, object_id=ts.oid("#caption", "body"))
            start = next((o for o in opts if isinstance(o, tuple) and o[1] == self.choice[name]),
                         opts[0])
            self.menus[name] = pygame_gui.elements.UIDropDownMenu(
                opts, start, pygame.Rect(x + lw, y, dw, rh), ui, c,
                object_id=ts.oid(f"#lan_{name}", "body"))
        # Text fields, two columns.
        ew = (r.w - int(60 * s)) // 2
        fields = [("name", MAX_NAME), ("password", MAX_PASSWORD), ("port", 5),
                  ("discovery", 253)]
        for i, (name, limit) in enumerate(fields):
            x = r.x + int(30 * s) + (i % 2) * ew
            y = r.y + int(214 * s) + (i // 2) * (rh + int(16 * s))
            pygame_gui.elements.UILabel(pygame.Rect(x, y, int(185 * s), rh),
                                        key(f"lan.field_{name}"), ui, c,
                                        object_id=ts.oid("#caption", "body"))
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x + int(190 * s), y, ew - int(210 * s), rh), ui, c,
                object_id=ts.oid(f"#lan_{name}", "body"), initial_text=self.fields[name])
            entry.set_text_length_limit(limit)
            if name == "port":
                entry.set_allowed_characters("numbers")
            self.entries[name] = entry
        bw, bh = int(220 * s), int(52 * s)
        self.primary = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx + int(10 * s), r.bottom - bh - int(22 * s), bw, bh),
            key("lan.open"), ui, c, object_id=ts.oid("#primary", "button"))
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw - int(10 * s), r.bottom - bh - int(22 * s), bw, bh),
            key("common.back"), ui, c, object_id=ts.oid("#plain", "button"))

    def _build_lobby(self) -> None:
        s = self.app.scale
        r = self._rect()
        ui, c, ts = self.app.ui, self.container, self.app.type_scale
        bw, bh = int(220 * s), int(52 * s)
        self.primary = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx + int(10 * s), r.bottom - bh - int(22 * s), bw, bh),
            key("lan.start"), ui, c, object_id=ts.oid("#primary", "button"))
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw - int(10 * s), r.bottom - bh - int(22 * s), bw, bh),
            key("lan.close_table"), ui, c, object_id=ts.oid("#plain", "button"))

    def _read_fields(self) -> None:
        for name, entry in self.entries.items():
            self.fields[name] = entry.get_text().strip()

    # ----------------------------------------------------------------- input

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, m in self.menus.items():
                if event.ui_element is m:
                    self.choice[name] = m.selected_option[1]
                    return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.primary:
                if self.phase == "setup":
                    self.open_table()
                else:
                    self.start_game()
                return True
            if event.ui_element is self.back:
                self.go_back()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        return False

    def go_back(self) -> None:
        if self.phase == "lobby":
            self.close_table()
            self.phase = "setup"
            self.resize()
        else:
            self.app.pop()

    def config(self) -> HostConfig | None:
        """The table as chosen, or None with ``self.error`` set."""
        self._read_fields()
        ch, f = self.choice, self.fields
        try:
            name = clean_name(f["name"])
        except ProtocolError:
            self.error = "lan.err_name"
            return None
        port = parse_port(f["port"])
        if port is None:
            self.error = "lan.err_port"
            return None
        if not valid_address(f["discovery"]):
            self.error = "lan.err_discovery"
            return None
        seats, bots = int(ch["seats"]), int(ch["bots"])
        if bots > seats - 1:
            self.error = "lan.err_bots"
            return None
        remember(self.app, lan_port=port, lan_player_name=name,
                 lan_discovery_address=f["discovery"])
        options: dict[str, Any] = dict(
            name=name, bind="0.0.0.0", port=port, seats=seats, bots=bots,
            table_bet=int(ch["bet"]), preset=ch["preset"], turn_seconds=float(ch["timer"]),
            password=f["password"] or None, bot_level=as_level(ch["level"]),
            stack=100 * int(ch["bet"]),
            local_player=name, beacon_target=f["discovery"])
        options.update(self.host_options)
        return HostConfig(**options)

    def open_table(self) -> None:
        self.error = None
        cfg = self.config()
        if cfg is None:
            return
        host = LanHost(cfg)
        try:
            host.start()
        except OSError:
            self.error = "lan.err_port_busy"
            return
        try:
            self.client = connect_local(host, deal_secrets=data_dir())
        except LanError as exc:
            host.stop()
            self.error = error_key(exc.code)
            return
        self.host = host
        atexit.register(host.stop)
        self.addresses = local_addresses()
        self.phase = "lobby"
        self.resize()

    def close_table(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.host is not None:
            self.host.stop()
            atexit.unregister(self.host.stop)
            self.host = None

    def start_game(self) -> None:
        """Deal now: empty seats get bots (late friends take them over between hands)."""
        if self.host is not None:
            self.host.start_game()

    # ----------------------------------------------------------------- per frame

    @property
    def roster(self) -> Roster | None:
        return self.client.roster if self.client is not None else None

    def update(self, dt: float) -> None:
        client, host = self.client, self.host
        if self.phase != "lobby" or client is None or host is None:
            return
        if client.closed is not None:
            self.close_table()
            self.error = "lan.closed_host_error"
            self.phase = "setup"
            self.resize()
            return
        roster = client.roster
        if roster is not None and roster.started and self.app.stack.top is self:
            atexit.unregister(host.stop)  # the table scene owns the host from now on
            self.client = self.host = None
            self.started = self.app.open("lan_table", RemoteTable(client), host,
                                         replace=True)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        r = self._rect()
        title = "lan.host_title" if self.phase == "setup" else "lan.lobby_title"
        framed_screen(surface, self.app.size, s, r, t(title))
        if self.phase == "setup":
            y = r.y + 334.0 * s
            for line in ("lan.host_note", "lan.host_note2", "lan.chips_note"):
                text(surface, t(line), (r.centerx, y), ts.px("body"), MUTED)
                y += 26 * s
            # The picker is narrow: the chosen preset's rule is spelled out here.
            rule = f"{t('lan.opt_preset')}: {t('preset_pick.' + self.choice['preset'])}"
            text(surface, rule, (r.centerx, y), ts.px("body"), GOLD)
        else:
            self._draw_lobby(surface, r)
        if self.error is not None:
            ey = r.y + (418 if self.phase == "setup" else 550) * s
            text(surface, t(self.error), (r.centerx, ey), ts.px("heading"),
                 ERROR_RED, bold=True, max_width=r.w - int(40 * s))

    def _draw_lobby(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        host = self.host
        left = pygame.Rect(r.x + int(30 * s), r.y + int(80 * s), int(430 * s), int(420 * s))
        panel(surface, left, (10, 18, 15, 225), GOLD, radius=int(12 * s))
        text(surface, t("lan.tell_friends"), (left.x + 18 * s, left.y + 22 * s), ts.px("heading"),
             GOLD, bold=True, anchor="midleft")
        port = host.port if host is not None else 0
        y = left.y + 62 * s
        for addr in self.addresses[:5]:
            text(surface, t("lan.address_line", address=addr, port=str(port)),
                 (left.x + 24 * s, y), ts.px("lead"), CREAM, bold=True, anchor="midleft",
                 max_width=left.w - int(40 * s))
            y += 34 * s
        cfg = host.config if host is not None else None
        if cfg is not None:
            y = left.bottom - 110.0 * s
            lines = [
                t("lan.info_bet", bet=chips(cfg.table_bet),
                  preset=t(f"preset.{cfg.preset}")),
                t("lan.info_timer", n=str(int(cfg.turn_seconds)),
                  level=t(f"level.{cfg.bot_level}")),
                t("lan.info_password") if cfg.password else t("lan.info_no_password"),
            ]
            for line in lines:
                text(surface, line, (left.x + 24 * s, y), ts.px("body"), MUTED,
                     anchor="midleft", max_width=left.w - int(40 * s))
                y += 28 * s
        right = pygame.Rect(left.right + int(20 * s), left.y, r.right - int(30 * s)
                            - left.right - int(20 * s), left.h)
        draw_roster(surface, right, self.roster, 0, s)
        if self.error is None:
            text(surface, t("lan.start_note"), (r.centerx, r.bottom - 100 * s), ts.px("small"),
                 MUTED, max_width=r.w - int(40 * s))
            if cfg is not None and cfg.mental_deal:  # nobody reads a person's cards, but
                text(surface, t("lan.bots_note"), (r.centerx, r.bottom - 121 * s),  # bots'
                     ts.px("small"), MUTED, max_width=r.w - int(40 * s))
