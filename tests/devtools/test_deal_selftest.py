"""``lieng --selftest --mode deal``, the built program's check of the mental-poker deal."""

from __future__ import annotations

import pytest

from lieng.deal.mental import DealState
from lieng.devtools import deal_selftest


def test_a_deal_with_every_proof_checked_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert deal_selftest.run_deal_selftest(persons=2, bots=0) == 0
    assert capsys.readouterr().out.startswith("selftest deal ok: 2 persons")


def test_a_check_that_lets_a_forged_shuffle_through_fails_the_selftest(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real = DealState.accept_shuffle
    calls = []

    def lenient(self: DealState, step: object) -> None:
        calls.append(step)
        if len(calls) > 2:  # the honest deal's two shuffles go through the real check
            return None
        return real(self, step)  # type: ignore[arg-type]

    monkeypatch.setattr(DealState, "accept_shuffle", lenient)
    assert deal_selftest.run_deal_selftest(persons=1, bots=0) == 1
    assert "forged shuffle was accepted" in capsys.readouterr().out
