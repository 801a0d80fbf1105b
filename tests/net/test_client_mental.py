"""The client's side of the mental deal without a network (lieng/net/client_mental.py):
a secret that cannot be kept on disk never stops the seat's deal; one that was kept is
deleted when no deal needs it, and never reused for another hand."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from lieng.deal.mental import DEALER, deal_positions
from lieng.net.client_mental import SECRET_PREFIX, ClientMental, secret_path
from lieng.net.fairdeal import DealCheck
from lieng.net.mental_messages import MentalStart
from lieng.net.messages import Snapshot

TOKEN = "ab" * 16


def start(hand: int = 1) -> MentalStart:
    return MentalStart(hand, secrets.token_bytes(32), (0, DEALER),
                       deal_positions(0, [True, True]), 10.0)


def test_a_secret_that_cannot_be_written_does_not_stop_the_deal(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_bytes(b"x")
    checks: list[DealCheck] = []
    mental = ClientMental(checks.append, lambda: None, not_a_folder)
    mental.join(0, TOKEN)
    steps = mental.on_message(start())
    assert [(s.party, s.kind) for s in steps] == [(0, "shuffle")]  # played from memory
    assert "could not be kept on disk" in caplog.text
    assert checks == []


def test_a_left_over_secret_is_deleted_not_reused(tmp_path: Path) -> None:
    path = secret_path(tmp_path, TOKEN)
    first = ClientMental(lambda check: None, lambda: None, tmp_path)
    first.join(0, TOKEN)
    first.on_message(start(1))
    saved = path.read_bytes()  # kept while its hand lasts
    assert path.name.startswith(SECRET_PREFIX) and TOKEN not in path.name
    # The game was killed; started again, it joins when no hand is being dealt.
    again = ClientMental(lambda check: None, lambda: None, tmp_path)
    again.join(0, TOKEN)
    assert again.player is not None and again.player.resuming
    again.on_view(Snapshot(1, 0, None, ()))
    assert not path.exists() and again.player.secret is None
    again.on_message(start(2))
    assert path.read_bytes() != saved  # a fresh key and permutation for the new hand
