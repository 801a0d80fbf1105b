"""Every persisted setting as a row of the settings screen (Cài đặt): its choices,
its current value and what choosing a value does.

Every setting lives in one object, ``app.settings`` (``lieng.storage.settings.Settings``,
frozen): a choice replaces it (``GameApp.change_settings``) and takes effect at once — the
window's sound, volume and deck follow, the table reads the rest when it needs it. The
screen saves them when the player leaves it (``GameApp.save_settings``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lieng.engine import TIEBREAKS
from lieng.game import TABLE_BETS
from lieng.levels import BOT_LEVELS
from lieng.storage.settings import (
    LANGUAGES,
    MAX_BOTS,
    NEXT_HAND_DELAYS,
    SPEEDS,
    TURN_TIMERS,
)
from lieng.ui.core.i18n import chips, key, t

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

Option = tuple[str, str]
"""(label — an i18n key or a literal, value)."""


VOLUMES = tuple(range(0, 101, 10))

LEFT = ("language", "sound", "volume", "speed", "own_cards", "deck", "fullscreen")
RIGHT = ("timer", "next_hand", "bots", "level", "bet", "preset", "coach")
"""The two columns of the screen, top to bottom."""


def _on_off() -> list[Option]:
    return [(key("settings.on"), "on"), (key("settings.off"), "off")]


def _flag(v: bool) -> str:
    return "on" if v else "off"


def row(app: GameApp, name: str) -> tuple[list[Option], str]:
    """The options of setting ``name`` and the value it has now."""
    st = app.settings
    if name == "language":
        return [(key(f"language.{lg}"), lg) for lg in LANGUAGES], st.language
    if name == "sound":
        return _on_off(), _flag(st.sound_on)
    if name == "volume":
        vols = sorted({*VOLUMES, st.volume})
        return [(f"{v}%", str(v)) for v in vols], str(st.volume)
    if name == "speed":
        return [(key(f"speed.{sp}"), sp) for sp in SPEEDS], st.animation_speed
    if name == "own_cards":
        return ([(key("settings.peel"), "peel"), (key("settings.face_up"), "up")],
                "up" if st.show_cards_at_once else "peel")
    if name == "deck":
        return ([(key("settings.two_colours"), "two"), (key("settings.four_colours"), "four")],
                "four" if st.four_colour_deck else "two")
    if name == "fullscreen":
        return _on_off(), _flag(app.fullscreen)
    if name == "timer":
        opts = [(key("settings.timer_off") if s == 0 else t("settings.seconds", n=str(s)),
                 str(s)) for s in TURN_TIMERS]
        return opts, str(st.turn_timer)
    if name == "next_hand":
        opts = [(key("settings.next_manual") if s == 0 else t("settings.seconds", n=str(s)),
                 str(s)) for s in NEXT_HAND_DELAYS]
        return opts, str(st.next_hand_delay)
    if name == "bots":
        return [(str(n), str(n)) for n in range(1, MAX_BOTS + 1)], str(st.bots)
    if name == "level":
        return [(key(f"level.{lv}"), lv) for lv in BOT_LEVELS], st.bot_level
    if name == "bet":
        bets = sorted({*TABLE_BETS, st.table_bet})
        return [(chips(b), str(b)) for b in bets], str(st.table_bet)
    if name == "preset":
        return [(key(f"preset_pick.{p}"), p) for p in TIEBREAKS], st.tiebreak
    if name == "coach":
        return _on_off(), _flag(st.coach_hints)
    raise KeyError(name)


def apply(app: GameApp, name: str, value: str) -> None:
    """Choose ``value`` for setting ``name``; it takes effect at once."""
    changes: dict[str, Any] = {}
    if name == "language":
        app.set_language(value)
    elif name == "sound":
        changes["sound_on"] = value == "on"
    elif name == "volume":
        changes["volume"] = int(value)
    elif name == "speed":
        changes["animation_speed"] = value
    elif name == "own_cards":
        changes["show_cards_at_once"] = value == "up"
    elif name == "deck":
        changes["four_colour_deck"] = value == "four"
    elif name == "fullscreen":
        changes["fullscreen"] = value == "on"
        app.set_fullscreen(value == "on")
    elif name == "timer":
        changes["turn_timer"] = int(value)
    elif name == "next_hand":
        changes["next_hand_delay"] = int(value)
    elif name == "bots":
        changes["bots"] = int(value)
    elif name == "level":
        changes["bot_level"] = value
    elif name == "bet":
        changes["table_bet"] = int(value)
    elif name == "preset":
        changes["tiebreak"] = value
    elif name == "coach":
        changes["coach_hints"] = value == "on"
    else:
        raise KeyError(name)
    if changes:
        app.change_settings(**changes)
