"""Tweens (``lieng.ui.core.tween``): easing, delay, the start and finish callbacks, and
tweens with no duration."""

from __future__ import annotations

import pytest

from lieng.ui.core.tween import Tween, Tweener, ease_out_back, ease_out_cubic


def test_tweens_ease_delay_and_finish() -> None:
    done: list[str] = []
    tw = Tween(0.0, 10.0, 1.0, ease_out_cubic, delay=0.5, on_start=lambda: done.append("s"),
               on_done=lambda: done.append("d"))
    tg = Tweener()
    tg.add(tw)
    tg.update(0.25)
    assert tw.value == 0.0 and done == []
    tg.update(0.5)
    assert 0 < tw.value < 10 and done == ["s"]
    tg.update(1.0)
    assert tw.value == 10.0 and done == ["s", "d"] and not tg.busy
    instant = tg.add(Tween((0.0, 0.0), (4.0, 2.0), 0.0))
    assert instant.done and instant.value == (4.0, 2.0)
    assert ease_out_back(1.0) == pytest.approx(1.0) and max(
        ease_out_back(x / 20) for x in range(21)) > 1.0
