"""What the hot-seat screen holds, read from its source without importing it (so without
pygame): the game's state — who has the screen, the hand-offs counted, the broke seats'
changes, the game's end and the hand-off's wait — lives in ``lieng.game`` (issue 21,
docs/ARCHITECTURE.md "What the screens still decide"); the screen keeps what it draws and
the window's handles. A forwarder kept only for tests is game state read through the
screen, so it is counted here too."""

from __future__ import annotations

import ast
from pathlib import Path

import lieng

SCENES = Path(lieng.__file__).parent / "ui" / "scenes"


def _class(module: str, name: str) -> ast.ClassDef:
    tree = ast.parse((SCENES / module).read_text(encoding="utf-8"))
    return next(node for node in tree.body if isinstance(node, ast.ClassDef)
                and node.name == name)


def _self_attributes(cls: ast.ClassDef) -> set[str]:
    """Every ``self.x = …`` (or annotated) the class's methods make."""
    out: set[str] = set()
    for node in ast.walk(cls):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                    and target.value.id == "self":
                out.add(target.attr)
    return out


def _properties(cls: ast.ClassDef) -> set[str]:
    return {node.name for node in cls.body if isinstance(node, ast.FunctionDef)
            and any(isinstance(d, ast.Name) and d.id == "property"
                    for d in node.decorator_list)}


def test_the_hotseat_screen_keeps_no_rebuy_setting_of_its_own() -> None:
    # The hand-off's flow decides what a broke seat does (Handoff.rebuy_allowed).
    assert "rebuy_allowed" not in _self_attributes(_class("hotseat.py", "HotseatScene"))


def test_the_hotseat_screen_forwards_no_hand_off_counts() -> None:
    # Tests and self-tests read the hand-off (scene.turns) and its flow directly.
    forwarders = {"handoffs", "confirmed", "handoff_timeouts", "events_log"}
    assert _properties(_class("hotseat.py", "HotseatScene")) & forwarders == set()


def test_the_hotseat_screen_keeps_no_final_standings() -> None:
    # The game's end is the game's (lieng.game.standings.GameEnd): made and written once.
    cls = _class("hotseat.py", "HotseatScene")
    methods = {node.name for node in cls.body if isinstance(node, ast.FunctionDef)}
    assert {"result", "wall_clock", "_history"} & _self_attributes(cls) == set()
    assert "_save_result" not in methods


def test_the_hand_off_panel_keeps_no_clock_of_its_own() -> None:
    # How long a person is waited for is the hand-off's (lieng.game.handoff.HandoffWait):
    # the panel passes it the seconds it is on top and draws what is left.
    panel = _self_attributes(_class("handoff.py", "HandoffScene"))
    assert {"waited", "limit"} & panel == set() and "wait" in panel
    assert "handoff_limit" not in _self_attributes(_class("hotseat.py", "HotseatScene"))


def _reads(module: str, receiver: str) -> set[str]:
    """The attributes ``module`` reads of ``receiver`` (e.g. ``self.table``)."""
    tree = ast.parse((SCENES / module).read_text(encoding="utf-8"))
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and ast.unparse(node.value) == receiver}


def test_the_table_screens_draw_the_session_s_top_line_and_leave_dialog() -> None:
    # The rules, the hand's number and whether a hand is on are the session's to say
    # (TableSession.header, in_hand): no table screen reads them off the live table.
    for module in ("table.py", "hotseat.py", "lan_table.py"):
        assert {"hand_no", "in_hand"} & _reads(module, "self.table") == set(), module
        assert {"hand_no", "in_hand"} & _reads(module, "self.remote") == set(), module


def test_the_table_screen_keeps_no_record_of_the_result_moved_on_from() -> None:
    # Which hand's result the player moved on from decides when the next hand is asked
    # for: the session's (TableSession.result_waiting), not the screen's.
    assert "continued" not in _self_attributes(_class("table.py", "TableScene"))


def test_the_final_scoreboard_draws_the_game_s_result_not_a_ranking_of_its_own() -> None:
    # The game's end made and saved the final standings (GameEnd.finish): the scoreboard
    # draws those; only the standings over a running table are made for it (placings).
    tree = ast.parse((SCENES / "scoreboard.py").read_text(encoding="utf-8"))
    called = {ast.unparse(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    assert {"ranked", "game_result"} & called == set()
    assert "champion(self.table)" not in ast.unparse(tree)


def test_the_table_screens_forward_no_session_state_only_tests_read() -> None:
    # Tests read the session's clock and flow (scene.session); the history is the game
    # end's (GameEnd.record_to); the spectator's view is the hand-off's to set.
    table = _class("table.py", "TableScene")
    assert _properties(table) & {"clock", "flow"} == set()
    assert "public_view" not in {target.id for node in table.body
                                 if isinstance(node, ast.Assign | ast.AnnAssign)
                                 for target in (node.targets if isinstance(node, ast.Assign)
                                                else [node.target])
                                 if isinstance(target, ast.Name)}
    assert "history" not in _properties(_class("hotseat.py", "HotseatScene"))


def test_me_has_one_writer_the_session_s_policy() -> None:
    # The hand-off makes the person who has the screen me (Handoff.confirm); the screens
    # turn the table to it and never write it themselves.
    table = _class("table.py", "TableScene")
    setters = {node.name for node in table.body if isinstance(node, ast.FunctionDef)
               and any(isinstance(d, ast.Attribute) and d.attr == "setter"
                       for d in node.decorator_list)}
    assert "me" not in setters
    assert "me" not in _self_attributes(_class("hotseat.py", "HotseatScene"))
