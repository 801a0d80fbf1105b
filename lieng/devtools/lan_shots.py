"""Screenshots of the LAN screens for docs/UI.md: the host's setup and lobby,
the join list, and a LAN table showing the fair-deal check. Everything runs on 127.0.0.1 — the
hosts bind there and their beacons go there — like the tests.

``python -m lieng.devtools.lan_shots docs [--lang en] [--size 1280x720]``
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

LOOPBACK = "127.0.0.1"
EXAMPLE_ADDRESSES = ("may-cua-lan", "192.168.1.23", "127.0.0.1")
"""What the lobby lists for friends to type, in the pictures (``local_addresses`` would
give this machine's own)."""


def _wait(app: Any, cond: Callable[[], bool], seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the LAN screens did not get there")
        app.step(1 / 60)
        time.sleep(0.002)


def take(out: Path, size: tuple[int, int] = (1280, 720), lang: str = "vi",
         table_shot: bool = True) -> list[Path]:
    """The join list, the host's setup and lobby, and (``table_shot``) the LAN table."""
    import pygame

    from lieng.devtools.bots_selftest import ScriptedPlayer
    from lieng.devtools.driver import KeyAutopilot
    from lieng.net import HostConfig, LanClient, LanHost
    from lieng.storage.settings import Settings, language_of
    from lieng.ui.core.window import GameApp
    from lieng.ui.scenes.lan_host import LanHostScene
    from lieng.ui.scenes.lan_join import LanJoinScene
    from lieng.ui.scenes.lan_table import LanTableScene
    from lieng.ui.scenes.menu import MenuScene
    from lieng.ui.screens import SCREENS

    suffix = "" if lang == "vi" else f"-{lang}"
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    settings = Settings(language=language_of(lang), animation_speed="instant", sound_on=False)
    app = GameApp(size, settings, fps=0, screens=SCREENS)
    hosts: list[LanHost] = []
    clients: list[LanClient] = []
    try:
        app.push(MenuScene(app))
        # The join list: two tables beaconing to 127.0.0.1.
        join = LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)
        app.push(join)
        assert join.finder is not None
        fast: dict[str, Any] = dict(bind=LOOPBACK, port=0, beacon_target=LOOPBACK,
                                    beacon_port=join.finder.port, beacon_interval=0.2,
                                    bot_speed=0.0, hand_pause=0.0)
        hosts.append(LanHost(HostConfig(name="Bàn của Lan", seats=4, bots=1, table_bet=20,
                                        preset="classic", **fast)).start())
        hosts.append(LanHost(HostConfig(name="Minh", seats=6, bots=2, table_bet=50,
                                        preset="v8club", password="hoa sen", **fast)).start())
        clients.append(LanClient(LOOPBACK, hosts[0].port, name="Thảo").connect())
        _wait(app, lambda: len(join.row_buttons) == 2
              and any(t.ad.players == 1 for t in join.tables))
        join.entries["name"].set_text("Hùng")
        app.step(1 / 60)
        path = out / f"lan-join{suffix}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)
        join.close_finder()
        app.pop()
        # The host's lobby: the player hosts, a friend has joined, one seat waits.
        host_scene = LanHostScene(app, host_options=dict(bind=LOOPBACK, port=0,
                                                         beacon_target=None, bot_speed=0.0,
                                                         hand_pause=0.0))
        app.push(host_scene)
        host_scene.entries["name"].set_text("Lan")
        host_scene.entries["password"].set_text("hoa sen")
        app.step(1 / 60)
        path = out / f"lan-host-setup{suffix}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)
        host_scene.open_table()
        host = host_scene.host
        assert host is not None
        hosts.append(host)
        # The addresses a reader would see on their own machine, not this one's name and
        # network (which would also change the picture from one machine to the next).
        host_scene.addresses = list(EXAMPLE_ADDRESSES)
        friend = LanClient(LOOPBACK, host.port, name="Hùng", password="hoa sen",
                           autopilot=ScriptedPlayer()).connect()
        clients.append(friend)
        _wait(app, lambda: host_scene.roster is not None
              and "Hùng" in host_scene.roster.names)
        app.step(1 / 60)
        path = out / f"lan-host-lobby{suffix}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)
        if not table_shot:
            return saved
        # The table after a hand whose deal was checked: the "✓ … đạt" line. A hand in
        # which anyone folded cannot be checked (its cards stay hidden, PROTOCOL.md), and
        # the bots fold when they like: play on until a hand reached a full showdown.
        # The player and the friend never fold; the host pauses between hands long
        # enough for the picture to be taken inside the pause.
        host.config.hand_pause = 4.0
        host_scene.start_game()
        _wait(app, lambda: isinstance(app.stack.top, LanTableScene))
        table = app.stack.top
        assert isinstance(table, LanTableScene)
        table.autopilot = KeyAutopilot(random.Random(4), folds=False)
        def passed(after: int) -> Callable[[], bool]:
            """A later hand than ``after`` is over on screen and its deal check passed."""
            return lambda: (table.reports.last_check is not None
                            and table.reports.last_check.data.get("ok") is True
                            and table.table.hand_no != after
                            and table.board.hand_over and not table.board.busy)

        checked = -1
        for _attempt in range(30):
            _wait(app, passed(checked), 120)
            checked = table.table.hand_no
            for _ in range(40):  # the result panel's button comes up
                app.step(1 / 60)
            if table.table.hand_no == checked and table.board.hand_over:
                break  # still that hand's result (a slow machine may have missed the pause)
        path = out / f"lan-table-check{suffix}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)
        table.leave()
    finally:
        for c in clients:
            c.close()
        for h in hosts:
            h.stop()
        app.close()
    return saved


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    p = argparse.ArgumentParser(prog="python -m lieng.devtools.lan_shots")
    p.add_argument("out", type=Path)
    p.add_argument("--lang", choices=("vi", "en"), default="vi")
    p.add_argument("--size", default="1280x720")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    for path in take(args.out, (w, h), args.lang):
        print(f"saved {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
