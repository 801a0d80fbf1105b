"""The window's screens by name: how one screen opens another without importing it.

A scene asks for ``app.open("history")``; this registry (Tuxemon's states by name, but
written out here rather than found by scanning files, which breaks when frozen) says
which class that is. So no screen module imports another to navigate, the scene modules
form no import cycle (tests/test_import_graph.py), and a screen can be swapped for a test's
without touching its callers. Each factory imports its module when first called, so a
start-up loads only the menu.

It sits at the root of ``ui`` — above ``scenes`` — and every window is built with it
(``session.open_app``, the tests' ``make_app``, the self-tests and benchmarks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from lieng.engine import RuleSet
    from lieng.game.bot_seating import BotSeating
    from lieng.game.handoff import HandoffWait
    from lieng.game.profile import Profile
    from lieng.game.standings import GameEnd
    from lieng.net.host import LanHost
    from lieng.net.remote_table import RemoteTable
    from lieng.storage.history import HandRecord, History
    from lieng.table import Table
    from lieng.ui.core.scene import Scene
    from lieng.ui.core.window import GameApp, ScreenFactory


def _menu(app: GameApp) -> Scene:
    from lieng.ui.scenes.menu import MenuScene

    return MenuScene(app)


def _new_game(app: GameApp) -> Scene:
    from lieng.ui.scenes.new_game import NewGameScene

    return NewGameScene(app)


def _hotseat_setup(app: GameApp) -> Scene:
    from lieng.ui.scenes.hotseat_setup import HotseatSetupScene

    return HotseatSetupScene(app)


def _table(app: GameApp, table: Table, seating: BotSeating | None = None,
           profile: Profile | None = None, buy_in: int | None = None) -> Scene:
    """A table against bots, as the new-game dialog set it up: broke bots' seats taken
    by newcomers (``seating``), and played for real — ``buy_in`` chips from the
    ``profile``'s bankroll — when both are given."""
    from lieng.game.session import bot_session
    from lieng.ui.scenes.table import TableScene

    session = bot_session(table, seating, profile, buy_in)
    if profile is None or session.bank is None:
        return TableScene(app, table, session=session)
    player = profile

    def leave() -> None:
        """The bankroll takes back the chips on the table (``Profile.stand_up``)."""
        player.stand_up()
        app.pop()

    return TableScene(app, table, on_leave=leave, session=session)


def _hotseat(app: GameApp, table: Table, rebuy_allowed: bool,
             history: History | None) -> Scene:
    """The hot-seat table, as its setup made it (the hands and the standings go to
    ``history``: the real game's, or None)."""
    from lieng.ui.scenes.hotseat import HotseatScene

    return HotseatScene(app, table, rebuy_allowed=rebuy_allowed, history=history)


def _lan_table(app: GameApp, remote: RemoteTable, host: LanHost | None = None) -> Scene:
    """A LAN table, once its game has started (``host``: the player hosts it)."""
    from lieng.ui.scenes.lan_table import LanTableScene

    return LanTableScene(app, remote, host=host)


def _rules(app: GameApp, rules: RuleSet | None = None) -> Scene:
    """The rules of ``rules`` (a table's), or of the table the saved settings would set up."""
    from lieng.ui.scenes.rules import RulesScene, saved_rules

    return RulesScene(app, rules if rules is not None else saved_rules(app))


def _settings(app: GameApp) -> Scene:
    from lieng.ui.scenes.settings_screen import SettingsScene

    return SettingsScene(app)


def _lan_host(app: GameApp) -> Scene:
    from lieng.ui.scenes.lan_host import LanHostScene

    return LanHostScene(app)


def _lan_join(app: GameApp) -> Scene:
    from lieng.ui.scenes.lan_join import LanJoinScene

    return LanJoinScene(app)


def _history(app: GameApp) -> Scene:
    from lieng.ui.scenes.history import HistoryScene

    return HistoryScene(app)


def _stats(app: GameApp) -> Scene:
    from lieng.ui.scenes.stats import StatsScene

    return StatsScene(app)


def _replay(app: GameApp, record: HandRecord) -> Scene:
    from lieng.ui.scenes.replay import ReplayScene

    return ReplayScene(app, record)


def _scoreboard(app: GameApp, table: Table, end: GameEnd | None = None) -> Scene:
    """The hot-seat's standings: over the table, or (``end``) the game's final ones."""
    from lieng.ui.scenes.scoreboard import ScoreboardScene

    return ScoreboardScene(app, table, end)


def _handoff(app: GameApp, name: str, handing: bool, wait: HandoffWait,
             on_confirm: Callable[[], None], on_timeout: Callable[[], None],
             on_escape: Callable[[], None] | None = None) -> Scene:
    """The hot-seat's hand-off panel: "Đưa máy cho Lan"."""
    from lieng.ui.scenes.handoff import HandoffScene

    return HandoffScene(app, name, handing, wait, on_confirm, on_timeout, on_escape)


SCREENS: Mapping[str, ScreenFactory] = {
    "menu": _menu,
    "new_game": _new_game,
    "hotseat_setup": _hotseat_setup,
    "table": _table,
    "hotseat": _hotseat,
    "lan_table": _lan_table,
    "rules": _rules,
    "settings": _settings,
    "lan_host": _lan_host,
    "lan_join": _lan_join,
    "history": _history,
    "stats": _stats,
    "replay": _replay,
    "scoreboard": _scoreboard,
    "handoff": _handoff,
}
"""Every screen another screen opens, by the name it opens it with."""
