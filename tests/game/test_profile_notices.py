"""The bankroll's messages are the player's to read once, not a list kept for a test.

Issue 21: "no test-only state in product code" names ``Profile.shown``, every message
ever shown, kept only so the bots' self-test could print their codes — a list that grew
all evening. The notice dialog holds what it shows (the self-test reads the codes there);
the profile holds only what waits to be shown.
"""

from __future__ import annotations

from pathlib import Path

from lieng.game.profile import Profile
from lieng.storage.documents import Notice


def _held_lists(profile: Profile) -> list[list[object]]:
    return [v for v in vars(profile).values() if isinstance(v, list)]


def test_a_message_taken_to_be_shown_is_let_go(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    profile.take_notices()  # whatever opening the fresh folder said
    first = Notice("disk_full", "Ổ đĩa đầy.", "The disk is full.")
    second = Notice("read_only", "Thư mục chỉ đọc.", "The folder is read-only.")
    profile.notify(first, None, second, first)  # the same message twice is queued once
    assert profile.pending == [first, second]
    assert profile.take_notices() == [first, second]
    assert profile.pending == [] and profile.take_notices() == []
    held = _held_lists(profile)
    assert not any(n in lst for lst in held for n in (first, second)), held
