"""What a table tells its player in words, beside the story of the hands.

A turn timed out, a rebuy was made, a bot left and a newcomer sat down, the host's deal
check came back, the line to the host was found again: each is a fact of the game, said
once, that the screen draws for a few seconds (a toast over the table). The session
keeps them (``TableSession.said``), so what the player was told is a property of the
game — tested without pygame, and read the same way by the real-window tests — and the
screen only draws the new ones (``Announcements.since``).

Like the story's lines (``lieng.game.story``), an announcement is facts, not a sentence:
a key naming its words and what fills them (names and other text as text, amounts of
chips as whole numbers), made into words when drawn, so a language switch reads right at
once and an amount is written the language's way. A name is text
from a stranger: it is an argument, never part of a key.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

KEPT = 64
"""Announcements kept: a long evening's record stays small, and a screen takes each new
one within a frame of its being said."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """One thing said: ``key`` names its words (``lieng/ui/core/i18n``'s tables), ``args``
    fill them (a whole number is an amount of chips); ``n`` counts every announcement of
    the session from 0."""

    key: str
    args: Mapping[str, str | int] = field(default_factory=dict)
    n: int = 0


class Announcements:
    """The latest ``KEPT`` announcements, oldest first, and how many were ever said."""

    def __init__(self) -> None:
        self._kept: deque[Announcement] = deque(maxlen=KEPT)
        self.count = 0
        """Announcements said so far; the next one's ``n``."""

    def say(self, key: str, **args: str | int) -> Announcement:
        said = Announcement(key, dict(args), self.count)
        self.count += 1
        self._kept.append(said)
        return said

    def since(self, count: int) -> list[Announcement]:
        """The announcements numbered ``count`` and after that are still kept."""
        return [a for a in self._kept if a.n >= count]

    def keys(self) -> list[str]:
        """The kept announcements' keys, oldest first."""
        return [a.key for a in self._kept]

    def __contains__(self, key: object) -> bool:
        """Whether an announcement with this key is among those kept."""
        return any(a.key == key for a in self._kept)

    def __iter__(self) -> Iterator[Announcement]:
        return iter(tuple(self._kept))

    def __len__(self) -> int:
        return len(self._kept)
