"""The player's settings: a typed dataclass, saved as JSON.

``load_settings`` never fails: a bad file falls back to ``settings.json.bak`` or the
defaults (``atomic.load_document``), and a good file with some bad values keeps the good
ones and replaces each bad one by its default, with one message naming the fields. That
way a hand-edited typo in the volume doesn't cost the player their LAN name.

Format history (``SCHEMA.migrations``):

* v1 — the first format: ``lang``, ``sound`` (bool), ``volume`` (0.0–1.0 float),
  ``speed``, ``timer``, ``bots``, ``level``, ``bet``, ``tiebreak``, ``four_colour``,
  ``fullscreen``, ``coach``.
* v2 — the current one: the names of the ``Settings`` fields, volume as a whole
  percentage 0–100, plus the face-up, player name, hot-seat and LAN fields; later
  fields (the action log drawer, the next-hand delay) were added with defaults, so a v2
  file without them still loads as v2.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Literal, Protocol

from lieng.levels import BOT_LEVELS, BotLevel
from lieng.names import MAX_NAME as NAME_LIMIT
from lieng.names import display_name

from .atomic import keep_aside
from .documents import Loaded, Notice, Schema, load_document, save_document
from .paths import resolve_root

FILE_NAME = "settings.json"

Language = Literal["vi", "en"]
Speed = Literal["slow", "normal", "fast", "instant"]
TieBreakName = Literal["classic", "v8club", "split"]

LANGUAGES: tuple[Language, ...] = ("vi", "en")
SPEEDS: tuple[Speed, ...] = ("slow", "normal", "fast", "instant")
TIEBREAK_NAMES: tuple[TieBreakName, ...] = ("classic", "v8club", "split")
NEXT_HAND_DELAYS: tuple[int, ...] = (0, 3, 5, 10)
"""How long a hand's result stays before the next deal, in seconds; 0 waits for the
player's "Ván tiếp"."""
TURN_TIMERS: tuple[int, ...] = (0, 10, 20, 30)
"""Offline turn timer choices in seconds; 0 is off (RULES.md "Table settings")."""
MAX_BOTS = 5
MAX_TABLE_BET = 1_000_000
MAX_NAME = NAME_LIMIT
"""Longest player name kept (characters); longer names are cut, not refused."""
MAX_HOTSEAT_NAMES = 6
SPEED_FACTOR: dict[Speed, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""What each animation speed means: it multiplies every animation's duration and the
bots' thinking pause."""


def language_of(code: str) -> Language:
    """A language code as one of ``LANGUAGES`` ("en", else Vietnamese, the game's own)."""
    return "en" if code == "en" else "vi"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player chooses, and the one settings object of a window
    (``GameApp.settings``): the Settings screen (Cài đặt) edits it, the new-game, hot-seat
    and LAN forms remember their last choices in it. Defaults are a first run's. A new
    setting is a field here, its validator and its name in the file's messages (this
    module), and its row on the settings screen if the player picks it there."""

    language: Language = "vi"
    sound_on: bool = True
    volume: int = 80
    """Master volume, percent 0–100."""
    animation_speed: Speed = "normal"
    turn_timer: int = 20
    """Offline turn timer in seconds, one of ``TURN_TIMERS`` (0 = off)."""
    bots: int = 3
    """Default number of bot opponents, 1–5 (a table has at most six seats)."""
    bot_level: BotLevel = "normal"
    table_bet: int = 10
    """The table bet *B* (RULES.md step 2), 1–1,000,000."""
    tiebreak: TieBreakName = "classic"
    """Tie-break preset (RULES.md "Tie-break presets")."""
    four_colour_deck: bool = False
    fullscreen: bool = False
    coach_hints: bool = False
    """Off by default: the coach shows the hand's name and its chance to win."""
    show_cards_at_once: bool = False
    """Off by default: players "nặn bài" — squeeze their cards open one by one."""
    hotseat_names: tuple[str, ...] = ()
    """Names last used for a hot-seat game, in seat order (a tuple: a frozen settings
    object cannot be changed in place, only replaced — ``GameApp.change_settings``)."""
    player_name: str = "Bạn"
    """The local player's name at an offline table."""
    lan_port: int = 47_123
    """TCP port a LAN host listens on (1024–65535); ``lieng.net.DEFAULT_PORT``."""
    lan_discovery_address: str = "255.255.255.255"
    """Where LAN discovery broadcasts are sent."""
    lan_last_host: str = ""
    """Address of the last host joined (empty: none yet)."""
    lan_player_name: str = "Người chơi"
    action_log_open: bool = False
    """The table's action log drawer was left open. Closed on a first run, so the table
    is seen whole before anyone asks for its story; files from before this field read as
    closed (a missing field takes its default)."""
    next_hand_delay: int = 5
    """Seconds a hand's result stays before the next deal, one of ``NEXT_HAND_DELAYS``
    (0: until the player presses "Ván tiếp"). 5 s reads a summary without waiting on
    bots; files from before this field get it."""

    @property
    def speed_factor(self) -> float:
        """The animation speed as a factor on every duration (``SPEED_FACTOR``)."""
        return SPEED_FACTOR[self.animation_speed]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a v2 ``data`` dict, and the names of the fields that were invalid
        (and so got their default). Missing fields get their default silently (a file
        from an older game that didn't have them); unknown keys are ignored."""
        values: dict[str, Any] = {}
        bad: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            fixed = _VALIDATORS[f.name](data[f.name])
            if fixed is _INVALID:
                bad.append(f.name)
            else:
                values[f.name] = fixed
        return cls(**values), bad  # an invalid field is left out: it takes its default

    def validated(self) -> tuple[Settings, list[str]]:
        """A copy with every invalid field replaced by its default, and their names —
        for a settings object changed in memory before it is saved."""
        return Settings.from_dict(self.to_dict())


class _Invalid:
    pass


_INVALID: Any = _Invalid()


def _choice(options: tuple[Any, ...]) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        return v if isinstance(v, str) and v in options else _INVALID
    return check


def _boolean(v: Any) -> Any:
    return v if isinstance(v, bool) else _INVALID


def _int_range(lo: int, hi: int) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi:
            return v
        return _INVALID
    return check


def _int_choice(options: tuple[int, ...]) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        return v if isinstance(v, int) and not isinstance(v, bool) and v in options else _INVALID
    return check


def _name(v: Any) -> Any:
    """A saved name as ``lieng.names.display_name`` makes it safe to show."""
    cleaned = display_name(v, MAX_NAME)
    return cleaned if cleaned is not None else _INVALID


def _names(v: Any) -> Any:
    """A list of names (the file's JSON array, or the tuple of a settings object being
    checked before it is saved) as a tuple of safe names."""
    if not isinstance(v, (list, tuple)) or len(v) > MAX_HOTSEAT_NAMES:
        return _INVALID
    out = tuple(_name(x) for x in v)
    return _INVALID if any(x is _INVALID for x in out) else out


_HOST_RE = re.compile(r"^[A-Za-z0-9.\-:\[\]]{0,253}$")


def _address(allow_empty: bool) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if not isinstance(v, str) or not _HOST_RE.match(v):
            return _INVALID
        if not v and not allow_empty:
            return _INVALID
        return v
    return check


_VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "language": _choice(LANGUAGES),
    "sound_on": _boolean,
    "volume": _int_range(0, 100),
    "animation_speed": _choice(SPEEDS),
    "turn_timer": _int_choice(TURN_TIMERS),
    "bots": _int_range(1, MAX_BOTS),
    "bot_level": _choice(BOT_LEVELS),
    "table_bet": _int_range(1, MAX_TABLE_BET),
    "tiebreak": _choice(TIEBREAK_NAMES),
    "four_colour_deck": _boolean,
    "fullscreen": _boolean,
    "coach_hints": _boolean,
    "show_cards_at_once": _boolean,
    "hotseat_names": _names,
    "player_name": _name,
    "lan_port": _int_range(1024, 65535),
    "lan_discovery_address": _address(allow_empty=False),
    "lan_last_host": _address(allow_empty=True),
    "lan_player_name": _name,
    "action_log_open": _boolean,
    "next_hand_delay": _int_choice(NEXT_HAND_DELAYS),
}
assert set(_VALIDATORS) == {f.name for f in fields(Settings)}


def _v1_to_v2(old: dict[str, Any]) -> dict[str, Any]:
    """v1 used short names and a 0.0–1.0 volume. Values are carried over as they are
    (bad ones are repaired field by field afterwards); only the volume is converted."""
    renames = {"lang": "language", "sound": "sound_on", "speed": "animation_speed",
               "timer": "turn_timer", "bots": "bots", "level": "bot_level",
               "bet": "table_bet", "tiebreak": "tiebreak", "four_colour": "four_colour_deck",
               "fullscreen": "fullscreen", "coach": "coach_hints"}
    new: dict[str, Any] = {new_name: old[k] for k, new_name in renames.items() if k in old}
    if "volume" in old:
        new["volume"] = _v1_volume(old["volume"])
    return new


def _v1_volume(vol: Any) -> Any:
    """A v1 volume (0.0–1.0) as a v2 percentage; None — which the field check then
    replaces by the default, naming the volume in the message — for anything that is not
    a finite number in 0..1. ``1e308`` or ``Infinity`` used to raise ``OverflowError``
    here and stop every start of the game; ``50`` (already a
    percentage?) is as unclear as it is out of range, so it is not guessed at either."""
    if isinstance(vol, bool) or not isinstance(vol, (int, float)):
        return vol  # a string or a list: the field check names it
    try:
        fraction = float(vol)
    except OverflowError:  # an int too large for a float
        return None
    if not math.isfinite(fraction) or not 0.0 <= fraction <= 1.0:
        return None
    return round(fraction * 100)


SCHEMA = Schema(name="settings", version=2, title_vi="cài đặt", title_en="settings",
                migrations={1: _v1_to_v2})


def settings_path(root: Path | None = None) -> Path:
    return resolve_root(root) / FILE_NAME


def load_settings(root: Path | None = None) -> tuple[Settings, list[Notice]]:
    """The saved settings (or the defaults) and the messages to show the player once.

    A file migrated from an older format is saved back in the new one at once.
    """
    path = settings_path(root)
    loaded: Loaded = load_document(path, SCHEMA)
    notices = list(loaded.notices)
    if loaded.data is None:
        return Settings(), notices
    settings, bad = Settings.from_dict(loaded.data)
    if bad:
        # The file as it was is kept aside before the repaired one replaces it: the bad
        # values are lost to the game, never to the player (or a bug report).
        aside = keep_aside(path) if loaded.source == "file" else None
        notices.append(_invalid_notice(bad, path, aside))
    if loaded.migrated or bad:
        failed = save_document(path, SCHEMA, settings.to_dict())
        if failed is not None:
            notices.append(failed)
    return settings, notices


def save_settings(settings: Settings, root: Path | None = None) -> Notice | None:
    """Save atomically; a ``Notice`` (not an exception) if the disk refuses. Invalid
    fields are saved as their defaults."""
    clean, _bad = settings.validated()
    return save_document(settings_path(root), SCHEMA, clean.to_dict())


class SettingsStore(Protocol):
    """Where a window's settings go when they change: the player's file (``FileStore``)
    or nowhere (``NullStore``). The window is given one, so no code asks "is this the
    real game?" before saving, and nothing keeps settings aside in a module."""

    def save(self, settings: Settings) -> Notice | None:
        """Keep ``settings``; a ``Notice`` when the disk refuses."""


@dataclass(frozen=True)
class FileStore:
    """The settings file in the user data folder (``root``; None: the platform's)."""

    root: Path | None = None

    def save(self, settings: Settings) -> Notice | None:
        return save_settings(settings, self.root)


class NullStore:
    """Saves nothing: the tests', self-tests' and screenshots' windows, which must never
    touch a player's files. The last settings given are kept (``saved``) for a test to
    read what would have been written."""

    def __init__(self) -> None:
        self.saved: Settings | None = None

    def save(self, settings: Settings) -> Notice | None:
        self.saved = settings
        return None


_FIELD_NAMES_VI = {
    "language": "ngôn ngữ", "sound_on": "âm thanh", "volume": "âm lượng",
    "animation_speed": "tốc độ hiệu ứng", "turn_timer": "đồng hồ lượt", "bots": "số máy",
    "bot_level": "cấp độ máy", "table_bet": "mức cược bàn", "tiebreak": "luật so bài",
    "four_colour_deck": "bộ bài bốn màu", "fullscreen": "toàn màn hình",
    "coach_hints": "gợi ý", "show_cards_at_once": "lật bài ngay",
    "hotseat_names": "tên người chơi chung máy", "player_name": "tên người chơi",
    "lan_port": "cổng LAN",
    "lan_discovery_address": "địa chỉ dò tìm LAN", "lan_last_host": "máy chủ gần nhất",
    "lan_player_name": "tên người chơi LAN",
    "action_log_open": "bảng diễn biến",
    "next_hand_delay": "chờ sang ván mới",
}

assert set(_FIELD_NAMES_VI) == set(_VALIDATORS)


def _invalid_notice(bad: list[str], path: Path, aside: Path | None = None) -> Notice:
    vi = ", ".join(_FIELD_NAMES_VI[n] for n in bad)
    en = ", ".join(n.replace("_", " ") for n in bad)
    kept_vi = f" Tệp cũ được giữ lại với tên {aside.name}." if aside is not None else ""
    kept_en = f" The file as it was is kept as {aside.name}." if aside is not None else ""
    return Notice("invalid_fields",
                  f"Một số cài đặt không hợp lệ nên đã đặt lại mặc định: {vi}.{kept_vi}",
                  f"Some settings were invalid and were reset to their defaults: {en}."
                  f"{kept_en}", str(path))


__all__ = ["LANGUAGES", "NEXT_HAND_DELAYS", "SCHEMA", "SPEEDS", "TIEBREAK_NAMES",
           "TURN_TIMERS", "FileStore", "NullStore", "Settings", "SettingsStore", "load_settings",
           "save_settings", "settings_path"]
