"""Names from strangers (lieng.names): whatever a settings file, a hot-seat player or a LAN
peer sends, what is shown is short, visible and normalised, and drawing it never raises."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given

from lieng.names import MAX_NAME, avatar_letter, display_name, unique_names

from .text_strategy import utf8_text

REPO = Path(__file__).resolve().parents[1]


def test_invisible_and_bidi_characters_are_dropped() -> None:
    assert display_name("\ufe0fAn") == "An"
    assert display_name("\u034fAn") == "An"
    assert display_name("\u202eAn") == "An"
    assert display_name("A\u200bn") == "An"
    assert display_name("\x00") is None
    assert display_name("\ud800Lan") == "Lan"
    assert display_name("   ") is None
    assert display_name(42) is None


def test_vietnamese_names_survive_whole_and_in_nfc() -> None:
    decomposed = unicodedata.normalize("NFD", "Nguyễn Thị Hồng")
    assert display_name(decomposed) == "Nguyễn Thị Hồng"
    assert display_name("  Cô   Sáu ") == "Cô Sáu"


def test_long_names_are_cut() -> None:
    assert display_name("x" * 500) == "x" * MAX_NAME


def test_the_avatar_shows_the_given_name_which_comes_last() -> None:
    assert [avatar_letter(n) for n in ("Chị Tư", "Cậu Út", "Cô Sáu", "Chú Năm")] == \
        ["T", "Ú", "S", "N"]
    assert avatar_letter("\ufe0f") == "?"


def test_names_are_unique_at_a_table_whatever_the_case() -> None:
    assert unique_names(["Ana", "ANA", "Bo"]) == ["Ana", "ANA (2)", "Bo"]


@given(utf8_text(max_size=300))
def test_any_text_becomes_a_visible_name_or_none(raw: str) -> None:
    name = display_name(raw)
    if name is None:
        return
    assert 0 < len(name) <= MAX_NAME
    assert name == name.strip() and "  " not in name
    assert not unicodedata.category(name[0]).startswith(("C", "M", "Z"))
    assert all(not unicodedata.category(ch).startswith("C") for ch in name)
    assert avatar_letter(name)


def _selftest_with_name(tmp_path: Path, name: str) -> subprocess.CompletedProcess[str]:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps(
        {"schema": "settings", "version": 2, "data": {"player_name": name}}), encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(REPO / "main.py"), "--selftest", "--hands", "1",
                           "--seed", "3", "--data-dir", str(data)], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", ["\ufe0fAn", "\u202eAn", "\u0000", "\u034f"])
def test_a_hostile_saved_name_never_stops_the_game(tmp_path: Path, name: str) -> None:
    """The real window plays a hand with the name the settings file holds (or the default,
    when nothing visible is left of it)."""
    proc = _selftest_with_name(tmp_path, name)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "selftest ok" in proc.stdout


def test_drawing_any_string_never_raises() -> None:
    import pygame

    from lieng.ui.core.draw import text

    pygame.init()
    surface = pygame.Surface((200, 60))
    for s in ["\ufe0f", "\u034f", "\x00", "A\x00B", "\ud800", "", " ", "\u202e", "♥♦♣♠",
              "Nguyễn", "\U0001f600" * 40]:
        rect = text(surface, s, (100, 30), 20, max_width=190)
        assert rect.height > 0


def test_a_lan_name_starting_with_a_zero_width_mark_is_cleaned_at_the_door() -> None:
    """The reported crash: "\\ufe0fAn" survived the LAN's name check, and every other
    window drew its avatar from the mark alone."""
    from lieng.net.protocol import ProtocolError, clean_name

    assert clean_name("\ufe0fAn") == "An"
    assert clean_name("\u034fAn") == "An"
    with pytest.raises(ProtocolError):
        clean_name("\ufe0f\u200b")
