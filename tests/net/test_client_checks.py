"""The client's after-hand deal check when the proof is withheld (lieng/net/client.py):
"not checkable" after a hand with a fold, a failure after a full showdown."""

from __future__ import annotations

from lieng.engine import PRESETS, Action, Hand
from lieng.engine.views import view_to_dict
from lieng.net import LanClient
from lieng.net.fairdeal import HIDDEN_REASON, commit, new_value
from lieng.net.protocol import encode


def _client_that_saw(hand: Hand) -> LanClient:
    """A client (never connected: it only reads messages) that took part in hand 1's deal
    and received its final view."""
    client = LanClient("127.0.0.1", 1, name="Ana")
    client.seat = 0
    client.rules = hand.rules
    _feed(client, {"t": "deal_start", "hand": 1, "host_commit": commit(new_value()).hex(),
                   "seats": [0, 1, 2]})
    _feed(client, {"t": "update", "hand": 1, "events": [],
                   "view": view_to_dict(hand.view_for(0))})
    return client


def _feed(client: LanClient, message: dict[str, object]) -> None:
    """``message`` as if it arrived from the host: encoded, then received."""
    client._receive(encode(message)[4:])


def _next_deal(client: LanClient) -> None:
    _feed(client, {"t": "deal_start", "hand": 2, "host_commit": commit(new_value()).hex(),
                   "seats": [0, 1, 2]})


def test_a_missing_proof_after_a_full_showdown_fails_the_check() -> None:
    hand = Hand(PRESETS["classic"], [1000] * 3, 0)
    while not hand.is_over:
        hand.act(hand.legal().seat, Action.call())
    assert set(hand.view_for(None).shown) == {0, 1, 2}
    client = _client_that_saw(hand)
    assert client.checks == []  # the proof may still come ...
    _next_deal(client)          # ... but not after the next deal began
    assert [(k.hand, k.ok) for k in client.checks] == [(1, False)]
    assert "no proof" in client.checks[0].reason


def test_a_hand_with_a_fold_is_not_checkable_and_not_a_failure() -> None:
    hand = Hand(PRESETS["classic"], [1000] * 3, 0)
    hand.act(hand.legal().seat, Action.fold())
    while not hand.is_over:
        hand.act(hand.legal().seat, Action.call())
    client = _client_that_saw(hand)
    _next_deal(client)
    assert [(k.hand, k.ok, k.reason) for k in client.checks] == [(1, None, HIDDEN_REASON)]
    kinds = [m.type for m in client.poll()]
    assert kinds.count("deal_check") == 1
