"""The self-test against bots and the screenshot maker (``lieng.devtools.bots_selftest``):
hands played through the window, and a screenshot taken mid-hand with a raise pending and
side pots showing."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from lieng.devtools.bots_selftest import run_selftest, screenshot_app, take_screenshot


def test_selftest_plays_hands_through_the_window(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_selftest(3, seed=4) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("selftest ok: 3/3 hands, 6 seats")


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
