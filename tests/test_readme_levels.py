"""The README names every bot level, in the game's words and in English (issue 22: "the
README lists every level, 'Cao thủ' too" — it had lost the expert level)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lieng.game.bot_seating import SEAT_CHOICES

REPO = Path(__file__).resolve().parents[1]


def _words(lang: str) -> dict[str, str]:
    path = REPO / "assets" / "translations" / f"lieng.{lang}.json"
    levels: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))[lang]["level"]
    return levels


def test_the_readme_names_every_level_a_seat_can_be_set_to() -> None:
    # Markdown's emphasis and line breaks out: "**Cao\n  thủ**" reads "Cao thủ".
    text = re.sub(r"\s+", " ", (REPO / "README.md").read_text(encoding="utf-8").replace("*", ""))
    vi, en = _words("vi"), _words("en")
    for choice in SEAT_CHOICES:
        said = f"{vi[choice]} ({en[choice].lower()}"
        assert said in text, f"README: no {said!r}…)"
