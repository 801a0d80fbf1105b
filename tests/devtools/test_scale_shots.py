"""``python -m lieng.devtools.scale_shots``: the type-scale screens are saved, at the size
asked for, the hand-off both alone and under the end-the-game question."""

from __future__ import annotations

from pathlib import Path

import pygame

from lieng.devtools.scale_shots import take


def test_the_screens_are_saved_at_the_size_asked_for(tmp_path: Path) -> None:
    saved = take(tmp_path, (960, 600), "en")
    names = [p.name for p in saved]
    assert names == [f"scale-{n}-en-960x600.png" for n in (
        "menu", "new-game", "settings", "hotseat-setup", "handoff", "handoff-dialog",
        "table-dialog")]
    for path in saved:
        assert pygame.image.load(str(path)).get_size() == (960, 600)
    alone, covered = (pygame.image.load(str(tmp_path / f"scale-{n}-en-960x600.png"))
                      for n in ("handoff", "handoff-dialog"))
    assert pygame.image.tobytes(alone, "RGB") != pygame.image.tobytes(covered, "RGB")
