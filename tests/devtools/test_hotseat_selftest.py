"""The hot-seat self-test (``lieng.devtools.hotseat_selftest``): hands played through the
window with no privacy violation."""

from __future__ import annotations

import pytest

from lieng.devtools.hotseat_selftest import run_hotseat_selftest


def test_hotseat_selftest_plays_through_the_window(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_hotseat_selftest(2, seed=3) == 0
    out = capsys.readouterr().out
    assert out.startswith("selftest ok: hotseat, 2/2 hands") and "0 privacy violations" in out
