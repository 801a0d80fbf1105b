"""Bridge between the window's ``UISettings`` and the saved ``lieng.storage`` settings.

Only the real game (``lieng.app.main``) loads from the player's file; a window saves
through its store (``GameApp.store``), which for the self-test, the screenshots and the
tests is a ``NullStore``: they never touch the player's files.
"""

from __future__ import annotations

import dataclasses

from lieng.storage.documents import Notice
from lieng.storage.settings import Language, Settings, load_settings
from lieng.ui.core.preferences import UISettings


def load() -> tuple[UISettings, Settings, list[Notice]]:
    """The saved settings as the window uses them, the full stored object, and any
    messages (a damaged file replaced by its backup, say) to show once."""
    stored, notices = load_settings()
    ui = UISettings(language=stored.language, speed=stored.animation_speed,
                    muted=not stored.sound_on, reveal_own_cards=stored.show_cards_at_once,
                    four_colour_deck=stored.four_colour_deck, volume=stored.volume,
                    player_name=stored.player_name or "Bạn",
                    action_log_open=stored.action_log_open,
                    next_hand_delay=stored.next_hand_delay)
    return ui, stored, notices


def merge(ui: UISettings, stored: Settings, keep_language: bool = False) -> Settings:
    """``stored`` with the window's choices written into it; with ``keep_language`` the
    saved language stays (the window's came from ``--lang``, for one run only)."""
    language: Language = "en" if ui.language == "en" else "vi"
    if keep_language:
        language = stored.language
    return dataclasses.replace(stored, language=language, animation_speed=ui.speed,
                               sound_on=not ui.muted, show_cards_at_once=ui.reveal_own_cards,
                               four_colour_deck=ui.four_colour_deck, volume=ui.volume,
                               action_log_open=ui.action_log_open,
                               next_hand_delay=ui.next_hand_delay)

