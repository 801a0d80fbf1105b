"""The drawer's round markers wrap whole (a playtest at 1280×720 saw "— Hết vòng tố: chỉ
Theo hoặc Úp bỏ" with its closing "—" alone on the next row)."""

from __future__ import annotations

from lieng.game.story import Story, StoryLine
from lieng.ui.core.assets import font
from lieng.ui.core.i18n import t
from lieng.ui.tabletop.log_panel import LogPanel

from ..helpers import MakeApp


def test_a_round_marker_never_leaves_its_dash_alone(make_app: MakeApp) -> None:
    app = make_app((1280, 720))
    log = Story()
    log.lines.append(StoryLine("round", "log.calls_only", n=4))
    log.version += 1
    panel = LogPanel(app, log, lambda: ["Bạn"], lambda: 1)
    words = f"— {t('log.calls_only')} —"
    size = 15
    full = font(size, False).size(words)[0]
    for width in range(full - 60, full):  # every width that makes it wrap near the end
        rows = [text for _kind, text in panel.rows(size, width)]
        assert len(rows) >= 2
        assert all(row.strip("\u00a0 ") != "—" for row in rows), (width, rows)
