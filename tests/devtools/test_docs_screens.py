"""``python -m lieng.devtools.docs_screens docs`` regenerates every screenshot the docs
show: its list of files is exactly the pictures ``docs/*.md`` and the README embed (so a
picture can neither go stale unnoticed nor be made for nobody), ``docs/`` holds no other
picture, and a run writes those files, at the sizes their names say."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from lieng.devtools import docs_screens, showdown_shots
from lieng.devtools.docs_screens import GROUPS, NOT_SCREENSHOTS, Group, all_files, main, run
from lieng.engine import Card

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+\.png)\)")
"""A Markdown image: ``![caption](file.png)``."""


def shown_pictures() -> dict[str, list[str]]:
    """Every PNG the docs and the README embed, as a path relative to ``docs/`` (or
    ``../…`` when it is outside), with the files that show it."""
    found: dict[str, list[str]] = {}
    for md in [*sorted(DOCS.glob("*.md")), REPO / "README.md"]:
        for ref in IMAGE.findall(md.read_text(encoding="utf-8")):
            rel = os.path.relpath((md.parent / ref).resolve(), DOCS)
            found.setdefault(Path(rel).as_posix(), []).append(md.name)
    return found


def test_the_module_makes_exactly_the_screenshots_the_docs_show() -> None:
    shown = shown_pictures()
    assert shown, "the pattern found no picture at all"
    outside = {p: by for p, by in shown.items() if "/" in p}
    assert not outside, f"pictures outside docs/ that nothing regenerates: {outside}"
    made = all_files()
    assert len(made) == len(set(made)), "a file name is made twice"
    screenshots = set(shown) - NOT_SCREENSHOTS
    not_made = sorted(screenshots - set(made))
    assert not not_made, f"shown in the docs but not made by docs_screens: {not_made}"
    not_shown = sorted(set(made) - screenshots)
    assert not not_shown, f"made by docs_screens but shown nowhere: {not_shown}"


def test_docs_holds_only_pictures_the_docs_show() -> None:
    shown = set(shown_pictures())
    on_disk = {p.name for p in DOCS.glob("*.png")}
    assert sorted(on_disk - shown) == [], "a picture in docs/ that no page shows"
    assert sorted(shown - on_disk) == [], "a page shows a picture that is not in docs/"


def test_the_showdown_group_lists_what_showdown_shots_saves() -> None:
    group = next(g for g in GROUPS if g.name == "showdown")
    assert group.files == tuple(name for name, *_rest in showdown_shots.SHOTS)


def test_the_scripted_side_pot_deck_deals_the_documented_hands() -> None:
    deck = showdown_shots.scripted_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    n = len(showdown_shots.SEATS)
    hands = [" ".join(str(deck[p * n + seat]) for p in range(3)) for seat in range(n)]
    assert hands == [" ".join(str(c) for c in Card.parse_many(h))
                     for h in showdown_shots.HANDS]


def _size_in_name(name: str) -> tuple[int, int]:
    m = re.search(r"(\d+)x(\d+)\.png$", name)
    return (int(m.group(1)), int(m.group(2))) if m else (1280, 720)


def test_a_run_writes_its_groups_files_at_their_sizes(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    # The quick ones; the full list is checked above. The showdown group's hand is played
    # by tests/ui/tabletop/test_choreography.py (``play_to``) and its files are listed
    # by test_the_showdown_group_lists_what_showdown_shots_saves.
    groups = ["table", "lan-en"]
    assert main([str(tmp_path), "--only", *groups]) == 0
    expected = {name for g in GROUPS if g.name in groups for name in g.files}
    assert {p.name for p in tmp_path.iterdir()} == expected
    for name in expected:
        size = pygame.image.load(str(tmp_path / name)).get_size()
        # lan-*-en.png are the English LAN screens at 960×540 (docs/LAN.md says so).
        wanted = (960, 540) if name.startswith("lan-") else _size_in_name(name)
        assert size == wanted, (name, size)
    assert f"saved {len(expected)} screenshots" in capsys.readouterr().out


def test_unknown_group_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "out"), "--only", "menus"]) == 1
    assert "unknown group" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_list_names_every_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list"]) == 0
    listed = [line.split("\t")[1] for line in capsys.readouterr().out.splitlines()]
    assert listed == all_files()


def test_each_group_runs_in_a_fresh_data_folder_and_a_missing_file_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outer = os.environ["LIENG_DATA_DIR"]
    seen: list[str] = []

    def fine(folder: Path) -> None:
        data = os.environ["LIENG_DATA_DIR"]
        seen.append(data)
        assert data != outer and not any(Path(data).iterdir())
        (folder / "a.png").write_bytes(b"a")
        (folder / "extra.png").write_bytes(b"x")  # made, but not the group's: not copied

    def half(folder: Path) -> None:
        (folder / "b.png").write_bytes(b"b")

    monkeypatch.setattr(docs_screens, "GROUPS", (Group("fine", ("a.png",), fine),
                                                 Group("half", ("b.png", "c.png"), half)))
    out = tmp_path / "out"
    with pytest.raises(RuntimeError, match=r"c\.png"):
        run(out, log=lambda _line: None)
    # The whole group failed: none of its files was copied, not even the one it made.
    assert sorted(p.name for p in out.iterdir()) == ["a.png"]
    assert len(seen) == 1 and os.environ["LIENG_DATA_DIR"] == outer
    assert not Path(seen[0]).exists()
