"""The join screen's lobby note about the host's bots is drawn at its size, wrapped (a
playtest saw it on one line, shrunk far below the text around it)."""

from __future__ import annotations

from typing import Any

from lieng.ui.core.draw import text_surface
from lieng.ui.core.i18n import t
from lieng.ui.scenes import lan_join

from ..helpers import Cleanup, MakeApp, record_text, step, wait
from .test_lan import host_and_join


def test_the_bots_note_keeps_its_size(make_app: MakeApp, cleanup: Cleanup,
                                      monkeypatch: Any) -> None:
    app = make_app((960, 540), speed="instant")
    hosts, _clients = cleanup
    _host, scene = host_and_join(app, hosts, seats=3, bots=1)
    wait(app, lambda: scene.phase == "lobby")
    drawn = record_text(monkeypatch, lan_join)
    step(app)
    words = t("lan.bots_note").split()
    lines = [(s, r) for s, r in drawn if s and set(s.split()) <= set(words)]
    assert " ".join(s for s, _r in lines) == " ".join(words), lines
    small = app.type_scale.px("small")
    for s, r in lines:
        assert r.h >= text_surface(s, small).get_height() - 1, (s, r, small)
    scene.close_finder()
