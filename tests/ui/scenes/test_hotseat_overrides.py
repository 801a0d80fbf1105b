"""The hot-seat screen overrides only drawing and the window of the table screen's
methods: its rules of play — who is me, the hand-off, the broke seats' flow, what the
table is told — are the session's hot-seat policy (lieng.game.handoff; issue 21,
docs/ARCHITECTURE.md "The hot-seat screen overrides 10")."""

from __future__ import annotations

from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.lan_table import LanTableScene
from lieng.ui.scenes.table import TableScene

HOTSEAT_OVERRIDES = [
    "__init__", "_top", "build", "handle_event", "leave", "present",
    "top_left", "turn_label", "update", "window_closing"]
"""16 before the policy: ``act``, ``my_legal``, ``make_flow``, ``_on_events`` and
``start_next_hand`` went to it; ``result_lines`` (who won what) to the story."""


def _overridden(cls: type) -> list[str]:
    """The methods and properties of ``TableScene`` (and its bases) ``cls`` defines again."""
    defined = {name for base in TableScene.__mro__ if base is not object
               for name, value in vars(base).items()
               if callable(value) or isinstance(value, property)}
    return sorted(name for name in vars(cls) if name in defined)


def test_the_hotseat_screen_overrides_ten_methods_none_of_them_a_rule() -> None:
    assert _overridden(HotseatScene) == sorted(HOTSEAT_OVERRIDES)
    for rule in ("act", "my_legal", "make_flow", "_on_events", "start_next_hand",
                 "result_lines"):
        assert rule not in vars(HotseatScene), rule


def test_the_lan_screen_overrides_eight() -> None:
    """``notices`` is drawing: the watching and reconnecting lines for the toasts' box."""
    assert _overridden(LanTableScene) == sorted(
        ["__init__", "_top", "draw", "exit", "leave", "notices", "update", "window_closing"])
