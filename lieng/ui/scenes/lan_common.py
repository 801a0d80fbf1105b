"""What the LAN screens (Mở bàn LAN, Vào bàn LAN, the LAN table) share: the saved
LAN settings, the host's addresses to tell friends, a join error in the player's language,
and the lobby list of who sits where.

The settings are ``lieng.storage.settings.Settings`` fields (``lan_port``,
``lan_discovery_address``, ``lan_last_host``, ``lan_player_name``): read from
``GameApp.settings``, kept through the window's store (``GameApp.save_settings``: the
player's file when the app runs for real, nowhere in the tests and self-tests).
"""

from __future__ import annotations

import dataclasses
import re
import socket
import sys
from typing import TYPE_CHECKING, Any

import pygame

from lieng.net.messages import Roster
from lieng.storage.settings import Settings
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.i18n import t
from lieng.ui.core.typescale import TypeScale
from lieng.ui.tabletop.drawing import bot_tag

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

ERROR_KEYS = {
    "wrong_password": "lan.err_password",
    "version_mismatch": "lan.err_version",
    "table_full": "lan.err_full",
    "connect": "lan.err_connect",
    "timeout": "lan.err_timeout",
    "bad_token": "lan.err_token",
    "bad_name": "lan.err_name",
    "bad_port": "lan.err_port",
    "bad_address": "lan.err_address",
    "port_busy": "lan.err_port_busy",
    "busy": "lan.err_busy",
    "locked_out": "lan.err_locked_out",
    "bad_host_message": "lan.err_bad_host",
}
"""A ``LanError`` code (docs/PROTOCOL.md "Errors") → the message key shown to the player."""

CLOSED_KEYS = {
    "host_left": "lan.closed_host_left",
    "finished": "lan.closed_finished",
    "host_error": "lan.closed_host_error",
    "dropped": "lan.closed_dropped",
    "replaced": "lan.closed_replaced",
}
"""Why a table closed (``LanClient.closed[0]``) → the message key."""

_HOST_RE = re.compile(r"^[A-Za-z0-9.\-:]{1,253}$")


def error_key(code: str) -> str:
    return ERROR_KEYS.get(code, "lan.err_other")


def lan_settings(app: GameApp) -> Settings:
    return app.settings


def remember(app: GameApp, **changes: Any) -> None:
    """Keep LAN choices (port, name, last host, discovery address) for next time; saved
    to disk when the app runs for real. Invalid values are simply not kept."""
    new, bad = dataclasses.replace(app.settings, **changes).validated()
    if bad:
        new = dataclasses.replace(new, **{k: getattr(app.settings, k) for k in bad})
    app.change_settings(new)
    app.save_settings()


def parse_port(raw: str) -> int | None:
    """A TCP port typed by the player (1024–65535, as ``Settings.lan_port``), or None."""
    raw = raw.strip()
    if not raw.isdigit():
        return None
    port = int(raw)
    return port if 1024 <= port <= 65535 else None


def valid_address(raw: str) -> bool:
    return bool(_HOST_RE.match(raw.strip()))


def _interface_addresses() -> list[str]:
    """IPv4 addresses of this machine's network interfaces, asked of the kernel (Linux:
    ``SIOCGIFADDR`` per interface; no packet is sent). On Linux the machine's name often
    resolves only to 127.0.1.1, which is no use to a friend on the home network."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl
    import struct

    out: list[str] = []
    try:
        names = [name for _i, name in socket.if_nameindex()]
    except OSError:
        return out
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for name in names:
            try:
                packed = fcntl.ioctl(sock.fileno(), 0x8915,  # SIOCGIFADDR
                                     struct.pack("256s", name[:15].encode()))
            except OSError:
                continue  # no IPv4 address on this interface
            out.append(socket.inet_ntoa(packed[20:24]))
    return out


def local_addresses() -> list[str]:
    """Addresses friends can type to reach this machine: its name, its IPv4 addresses as
    the system resolves them and as its interfaces have them (no packet is sent), and
    127.0.0.1 for this machine itself."""
    out: list[str] = []
    try:
        name = socket.gethostname()
    except OSError:
        name = ""
    if name:
        out.append(name)
        try:
            for ip in socket.gethostbyname_ex(name)[2]:
                if ip not in out and not ip.startswith("127."):
                    out.append(ip)
        except OSError:
            pass
    for ip in _interface_addresses():
        if ip not in out and not ip.startswith("127."):
            out.append(ip)
    out.append("127.0.0.1")
    return out


def draw_roster(surface: pygame.Surface, rect: pygame.Rect, roster: Roster | None,
                me: int | None, scale: float) -> None:
    """The lobby: one row per seat — who sits there, a bot, or a free seat."""
    s = scale
    ts = TypeScale(s)
    panel(surface, rect, (10, 18, 15, 225), GOLD, radius=int(12 * s))
    text(surface, t("lan.lobby"), (rect.x + 18 * s, rect.y + 22 * s), ts.px("heading"), GOLD,
         bold=True, anchor="midleft")
    if roster is None:
        text(surface, t("lan.connecting"), rect.center, ts.px("body"), MUTED)
        return
    names, kinds, connected = roster.names, roster.kinds, roster.connected
    row = min(int(40 * s), (rect.h - int(50 * s)) // max(1, len(names)))
    y = rect.y + int(46 * s)
    for i, name in enumerate(names):
        kind = kinds[i] if i < len(kinds) else "open"
        r = pygame.Rect(rect.x + int(12 * s), y + i * row, rect.w - int(24 * s), row - 4)
        fill = (40, 62, 50, 230) if i == me else (22, 32, 28, 200)
        panel(surface, r, fill, None, radius=int(8 * s))
        text(surface, t("lan.seat", n=str(i + 1)), (r.x + 12 * s, r.centery), ts.px("small"),
             MUTED, anchor="midleft", shadow=False)
        if kind == "bot" and not (i < len(connected) and connected[i]):
            # "Máy · Khó", as the bot's plate will say it at the table.
            level = roster.levels[i] if roster.levels is not None else None
            who, colour = bot_tag(level) if level is not None else t("lan.seat_bot"), MUTED
        elif name:
            who, colour = str(name), CREAM
        else:
            who, colour = t("lan.seat_open"), MUTED
        if i == me:
            who = t("lan.seat_you", who=who)
        text(surface, who, (r.x + 90 * s, r.centery), ts.px("body"), colour, bold=bool(name),
             anchor="midleft", shadow=False, max_width=r.w - int(220 * s))
        if kind == "human":
            on = i < len(connected) and bool(connected[i])
            state = t("lan.online") if on else t("lan.offline")
            text(surface, state, (r.right - 12 * s, r.centery), ts.px("small"),
                 (120, 210, 130) if on else (220, 120, 100), anchor="midright", shadow=False)
