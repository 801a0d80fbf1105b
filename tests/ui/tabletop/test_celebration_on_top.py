"""A sáp's or a liêng's celebration is drawn over the whole table — the plates, the
status lines and the result panel that comes up while it runs — never under them: at a
side seat, beside the panel, a playtest saw only "IÊNG!" of "LIÊNG!" and the sparks under
the panel; at a corner seat, the word's "L" under the winner's plate.

The order is read from what the frame drew (``frame_record``), and the word's place from
its mark: it runs into the panel's rectangle at the seat beside it."""

from __future__ import annotations

import pygame

from lieng.game.setup import make_table
from lieng.ui.tabletop.celebration import Burst

from ..helpers import MakeApp, key, open_table, run_until, step

COVERING = ("summary", "plate", "status", "glow", "card", "toast", "timer")


def test_the_celebration_is_drawn_over_the_result_panel_and_the_plates(
        make_app: MakeApp) -> None:
    app = make_app(speed="fast")
    table = make_table(5, "normal", 10, "classic", "Bạn", seed=4)
    scene = open_table(app, table)

    def turn_or_result() -> bool:
        return scene.summary_showing() or (scene.my_legal() is not None
                                           and scene.turn_shown())

    for _ in range(40):
        run_until(app, turn_or_result, limit=6000)
        if scene.summary_showing():
            break
        key(app, pygame.K_c)
    assert scene.summary_showing()
    beside_panel = 0
    for seat in range(table.n_seats):
        # The word as it stands a moment after its pop, at each seat in turn.
        scene.board.celebrations.bursts[:] = [Burst(seat, "celebrate.lieng", age=0.55)]
        with scene.frame_record.capture() as frame:
            step(app)
        kinds = [d.kind for d in frame]
        assert "summary" in kinds and "celebration" in kinds
        first = kinds.index("celebration")
        assert all(k == "celebration" for k in kinds[first:]), (seat, kinds[first:])
        assert any(k in COVERING for k in kinds[:first])
        panel = next(d.rect for d in frame if d.kind == "summary")
        if any(d.kind == "celebration" and d.rect.colliderect(panel) for d in frame):
            beside_panel += 1
    assert beside_panel >= 2  # the side seats' words run into the panel: now over it
