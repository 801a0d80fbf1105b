"""What the window remembers about the player's preferences.

``lieng.ui.core.persist`` copies it to and from the saved settings
(``lieng.storage.settings``, which defines the choices). Only the window reads these:
none of them changes a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from lieng.storage.settings import Speed

SPEED_FACTOR: dict[Speed, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Multiplies every animation's duration and the bots' thinking pause."""


@dataclass
class UISettings:
    language: str = "vi"
    speed: Speed = "normal"
    muted: bool = False
    volume: int = 80
    """Master volume, percent 0–100."""
    four_colour_deck: bool = False
    """♦ blue and ♣ green, so the four suits never look alike."""
    reveal_own_cards: bool = False
    """Show the player's own cards face up at once instead of turning them by hand."""
    player_name: str = "Bạn"
    action_log_open: bool = False
    """The table's action log drawer is open (H, or its button): kept between games."""
    next_hand_delay: int = 5
    """Seconds the hand's result stays before the next deal; 0: until the player presses
    "Ván tiếp" (``lieng.storage.settings.NEXT_HAND_DELAYS``)."""
    """The table's action log drawer is open (H, or its button): kept between games."""

    @property
    def speed_factor(self) -> float:
        return SPEED_FACTOR[self.speed]
