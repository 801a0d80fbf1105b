"""The client's side of the mental deal without a network (lieng/net/client_mental.py):
a secret that cannot be kept on disk never stops the seat's deal; one that was kept is
deleted when no deal needs it, and never reused for another hand."""

from __future__ import annotations

import dataclasses
import secrets
from pathlib import Path

import pytest

from lieng.deal.mental import DEALER, DealState, PartySecret, deal_positions
from lieng.deal.wire import decode_shuffle, decode_unlock, encode_shuffle, encode_unlock
from lieng.engine import FULL_DECK, PRESETS, Action, SealedHand
from lieng.net.client_mental import SECRET_PREFIX, ClientMental, secret_path
from lieng.net.fairdeal import DealCheck
from lieng.net.mental_messages import MentalStart, MentalStep
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


def test_other_cards_for_my_seat_fail_the_hands_check() -> None:
    """The host's view of a sealed seat has no cards; a host that sends some anyway —
    other than those the seat read — fails the hand's check, and the seat's own are
    drawn."""
    checks: list[DealCheck] = []
    mental = ClientMental(checks.append, lambda: None, None)
    mental.join(0, TOKEN)
    # The host's side, in this test's hands: relay each step and answer as the dealer.
    mine = mental.on_message(start())
    player = mental.player
    assert player is not None and player.state is not None
    state = DealState(player.state.setup)
    dealer = PartySecret(DEALER)
    state.accept_shuffle(decode_shuffle(0, mine[0].data))
    lock = dealer.shuffle(state)
    state.accept_shuffle(lock)
    mental.on_message(mine[0])
    mine = mental.on_message(MentalStep(1, DEALER, "shuffle", encode_shuffle(lock)))
    assert [s.kind for s in mine] == ["unlock"]
    state.accept_unlock(decode_unlock(0, mine[0].data))
    mental.on_message(mine[0])
    mental.on_message(MentalStep(1, DEALER, "unlock", encode_unlock(dealer.unlock(state))))
    cards = mental.cards[1]
    wrong = tuple(c for c in FULL_DECK if c not in cards)[:3]
    hand = SealedHand(PRESETS["classic"], [100, 100], 0, [None, None])
    view = dataclasses.replace(hand.view_for(0), my_cards=wrong)
    drawn, _ = mental.with_my_cards(1, view, ())
    assert drawn is not None and drawn.my_cards == cards
    assert player.fault is not None and "other cards" in player.fault.reason
    right, _ = mental.with_my_cards(1, dataclasses.replace(view, my_cards=cards), ())
    assert right is not None and right.my_cards == cards
    to_act = hand.to_act
    assert to_act is not None
    hand.act(to_act, Action.fold())
    mental.on_hand_over(1, hand.view_for(0))
    assert [(k.hand, k.ok) for k in checks] == [(1, False)]
    assert "other cards" in checks[0].reason
