"""Storage messages shown to the player once, in their language.

``lieng.storage`` never raises for a bad file or a refusing disk: it returns a ``Notice``
with a Vietnamese and an English sentence. ``Profile.notify`` queues them; the frame hook
installed here puts them up in one dialog over whatever is on screen, as soon as nothing
else modal is, and the game goes on when the player clicks OK.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from lieng.storage.documents import Notice
from lieng.ui.core.draw import DIALOG_FILL, GOLD, panel, shade, text
from lieng.ui.core.i18n import language, t
from lieng.ui.scenes.dialog import Dialog, wrap_lines

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp


class NoticeDialog(Dialog):
    """One dialog for every message queued at that moment."""

    def __init__(self, app: GameApp, notices: list[Notice]) -> None:
        super().__init__(app, "notice.title", "notice.title", [("notice.ok", lambda: None)])
        self.notices = notices

    def lines(self) -> list[str]:
        s = self.app.scale
        out: list[str] = []
        for n in self.notices:
            out += wrap_lines(n.text(language()), self.app.type_scale.px("lead"), int(640 * s))
            out.append("")
        return out[:-1]

    def _rect(self) -> pygame.Rect:
        s = self.app.scale
        h = int((190 + 27 * len(self.lines())) * s)
        r = pygame.Rect(0, 0, int(720 * s), min(h, int(self.app.size[1] * 0.9)))
        r.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return r

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        shade(surface, 150)
        r = self._rect()
        panel(surface, r, DIALOG_FILL, GOLD, radius=int(18 * s), width=max(2, int(2 * s)))
        text(surface, t("notice.title"), (r.centerx, r.top + 40 * s), ts.px("title"), GOLD,
             bold=True)
        y = r.top + 88 * s
        for line in self.lines():
            if line:
                text(surface, line, (r.centerx, y), ts.px("lead"),
                     max_width=r.w - int(40 * s))
            y += 27 * s


def install(app: GameApp) -> None:
    """Show the profile's queued messages whenever no other dialog is up."""

    def hook(app: GameApp) -> None:
        profile = app.profile
        if profile is None or not profile.pending:
            return
        if isinstance(app.stack.top, Dialog) or not app.stack.scenes:
            return
        app.push(NoticeDialog(app, profile.take_notices()))

    app.frame_hooks.append(hook)
