"""The self-test against bots and the screenshot maker (``lieng.devtools.bots_selftest``):
hands played through the window, every table frame checked against the layout rule, and a
screenshot taken mid-hand with a raise pending and side pots showing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from lieng.devtools.bots_selftest import run_selftest, screenshot_app, take_screenshot
from lieng.ui.tabletop.drawing import TableDrawer


def test_selftest_plays_hands_through_the_window(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_selftest(3, seed=4) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("selftest ok: 3/3 hands, 6 seats")
    assert "layout rule checked on" in out[0] and "BREACHES" not in out[0]


def test_a_frame_that_breaks_the_layout_rule_fails_the_selftest(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The self-test reads what every table frame drew (``TableScene.frame_record``): a
    plate drawn partly off the window fails the run, and the line says which frame."""
    real = TableDrawer.draw

    def draw(self: TableDrawer, surf: pygame.Surface, *args: Any, **kw: Any) -> None:
        real(self, surf, *args, **kw)
        self.record.mark("plate", 0, pygame.Rect(-6, 0, 12, 12))

    monkeypatch.setattr(TableDrawer, "draw", draw)
    assert run_selftest(1, seed=4) == 1
    out = capsys.readouterr().out
    assert "selftest FAILED" in out and "BREACHES" in out
    assert "plate[0] (-6, 0, 12, 12) leaves the window (1280, 720)" in out


def test_screenshot_is_mid_hand_with_a_raise_pending_and_side_pots(tmp_path: Path) -> None:
    app, scene = screenshot_app((1280, 720))
    legal = scene.my_legal()
    assert legal is not None and legal.owed > 0, "a raise is pending for the player"
    layers = [amt for amt, _ in scene.board.layers() if amt]
    assert len(layers) >= 2, "side pots are showing"
    assert sum(1 for s in scene.table.seats) == 6
    app.close()
    path = take_screenshot(tmp_path / "shot.png", (960, 540))
    img = pygame.image.load(str(path))
    assert img.get_size() == (960, 540)
