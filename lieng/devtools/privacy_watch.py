"""Checks, frame by frame, which card faces a hot-seat window really drew.

``PrivacyWatch`` is a frame hook: it reads the card renderer's ``face_log`` (every face
blit of the frame) and compares it with what the rules let the screen show at that
moment — while a hand-off panel is up, no face at all; otherwise only the confirmed
viewer's own cards and the hands the showdown revealed (RULES.md step 8). It is what the
hot-seat self-test and the GUI tests assert on: what was drawn, not a flag.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lieng.engine import Card
from lieng.ui.scenes.handoff import HandoffScene
from lieng.ui.scenes.hotseat import HotseatScene

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp


@dataclass
class PrivacyWatch:
    violations: list[str] = field(default_factory=list)
    frames: int = 0
    panel_frames: int = 0
    """Frames drawn with a hand-off panel on top (each must show no face)."""
    seen_by: Counter[int] = field(default_factory=Counter)
    """Frames on which each confirmed seat's own cards were face up."""
    shown_faces: int = 0
    """Faces of showdown hands drawn (proof the check saw showdowns)."""
    last_faces: set[Card] = field(default_factory=set)
    """The faces drawn on the last frame."""

    def install(self, app: GameApp) -> None:
        app.cards.face_log = []
        app.frame_hooks.append(self)

    def __call__(self, app: GameApp) -> None:
        log = app.cards.face_log
        if log is None:
            return
        faces = {fd.card for fd in log}
        self.last_faces = faces
        log.clear()
        scene = next((s for s in app.stack.scenes if isinstance(s, HotseatScene)), None)
        if scene is None:
            return
        self.frames += 1
        hand = scene.table.hand
        where = f"hand {scene.table.hand_no}, frame {app.frames}"
        if isinstance(app.stack.top, HandoffScene):
            self.panel_frames += 1
            if faces:
                self.violations.append(f"{where}: {_names(faces)} face up under the hand-off panel")
            return
        if hand is None:
            if faces:
                self.violations.append(f"{where}: {_names(faces)} face up between games")
            return
        shown: set[Card] = set()
        for cards in hand.view_for(None).shown.values():
            shown.update(cards)
        own: set[Card] = set()
        if scene.viewer is not None:
            own = set(hand.cards_of(scene.viewer))
        bad = faces - own - shown
        if bad:
            self.violations.append(f"{where}: {_names(bad)} face up (viewer {scene.viewer})")
        if faces & own and scene.viewer is not None:
            self.seen_by[scene.viewer] += 1
        self.shown_faces += len(faces & shown)


def _names(cards: set[Card]) -> str:
    return " ".join(sorted(str(c) for c in cards))
