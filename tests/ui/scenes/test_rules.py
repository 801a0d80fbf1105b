"""The rules screen (``lieng.ui.scenes.rules``): its text follows the table's settings."""

from __future__ import annotations

import dataclasses

from lieng.engine import RuleSet
from lieng.ui.scenes.menu import MenuScene

from ..helpers import MakeApp, step


def test_rules_text_follows_the_table_settings(make_app: MakeApp) -> None:
    from lieng.ui.scenes.rules import RulesScene, settings_lines

    app = make_app()
    r = RuleSet(table_bet=50, raise_max=10, max_rounds=2, turn_seconds=0, tiebreak="split")
    app.push(MenuScene(app))
    scene = RulesScene(app, r)
    app.push(scene)
    step(app)
    text = scene.box.html_text
    assert "1–10 lần" in text and "2 vòng" in text and "Không giới hạn" in text
    assert "Chia đều" in text and "<b>50</b>" in text
    lines = dict(settings_lines(r))
    assert len(lines) == len(dataclasses.fields(RuleSet))
    assert lines["Luật so bài"] == "Chia đều" and lines["Thời gian mỗi lượt"] == "Tắt"
