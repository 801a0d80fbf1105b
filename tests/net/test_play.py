"""LAN play end to end: a host and 3 clients play 20 hands with bots on loopback."""

from __future__ import annotations

import json
from collections.abc import Callable

from lieng.engine import FULL_DECK, Hand
from lieng.net import LanClient, LanHost
from lieng.net.fairdeal import (
    HIDDEN_REASON,
    cards_by_seat,
    deck_from_seed,
    derive_seed,
    proof_allowed,
)

QUOTED = {c: f'"{c.code}"'.encode() for c in FULL_DECK}


def closed(client: LanClient) -> Callable[[], bool]:
    """A condition for ``wait_until``: ``client``'s connection has ended."""
    return lambda: client.closed is not None


def _play(make_host: Callable[..., LanHost], make_client: Callable[..., LanClient],
          hands: int) -> tuple[LanHost, list[LanClient]]:
    host = make_host(seats=5, bots=2, max_hands=hands)
    clients = [make_client(host, name, pilot=i, record_raw=True)
               for i, name in enumerate(["Ana", "Bảo", "Chi"])]
    for c in clients:
        assert c.wait_until(closed(c), 60), "the game did not finish"
    host.stop()
    return host, clients


def test_three_clients_and_bots_play_twenty_hands(make_host: Callable[..., LanHost],
                                                  make_client: Callable[..., LanClient]
                                                  ) -> None:
    host, clients = _play(make_host, make_client, 20)
    assert host.errors == []
    assert [r.hand for r in host.history] == list(range(1, 21))
    assert sorted(c.seat for c in clients if c.seat is not None) == [0, 1, 2]
    table = host.table
    assert table is not None
    assert [table.seats[s].kind for s in range(5)] == ["remote"] * 3 + ["bot"] * 2
    for c in clients:
        assert c.closed is not None and c.closed[0] == "finished"
        assert c.errors == []
        # Every client's state is the host's: the final view of each hand, seat by seat.
        assert sorted(c.hand_views) == list(range(1, 21))
        for rec in host.history:
            assert c.seat is not None
            assert c.hand_views[rec.hand] == rec.views[c.seat]
        # The fair deal was checked after every hand whose every dealt hand was shown, with
        # this client's value in the seed; a hand with a fold is not checkable, by design.
        assert [(k.hand, k.ok, k.reason) for k in c.checks] == [
            (rec.hand, True, "check passed") if proof_allowed(rec.dealt_in, rec.shown)
            else (rec.hand, None, HIDDEN_REASON) for rec in host.history]
    for rec in host.history:
        assert set(rec.contributors) == {0, 1, 2}
        # Chips are conserved, and the hand replays from its deck and actions.
        assert sum(rec.stacks) == sum(rec.start_stacks)
        again = Hand.replay(host.rules, rec.start_stacks, rec.first, rec.deck, rec.actions)
        assert again.stacks == rec.stacks
    assert sum(table.stacks) == host.chips_in
    assert any(rec.shown for rec in host.history), "20 hands without one showdown"
    folded = [s for rec in host.history for s in rec.cards if s not in rec.shown]
    assert folded, "20 hands without a folded hand: the hidden-card check would be idle"


def test_raw_bytes_never_hold_another_seats_hidden_card(make_host: Callable[..., LanHost],
                                                       make_client: Callable[..., LanClient]
                                                       ) -> None:
    """Checked on the bytes each client received, frame by frame: a card of another seat
    appears only in frames of its hand from the showdown on, and only if that seat showed.
    Folded and uncontested hands never appear at all."""
    host, clients = _play(make_host, make_client, 20)
    records = {r.hand: r for r in host.history}
    for c in clients:
        assert c.raw_frames
        showdown_seen: set[int] = set()
        for body in c.raw_frames:
            msg = json.loads(body)
            rec = records.get(msg.get("hand"))
            if rec is None:
                for card, code in QUOTED.items():
                    assert code not in body, (card, msg["t"])
                continue
            if msg["t"] in ("update", "snapshot") and any(
                    e["type"] == "showdown" for e in msg["events"]):
                showdown_seen.add(rec.hand)
            for seat, cards in rec.cards.items():
                if seat == c.seat:
                    continue
                allowed = rec.hand in showdown_seen and seat in rec.shown
                for card in cards:
                    if not allowed:
                        assert QUOTED[card] not in body, (rec.hand, seat, card, msg["t"])
        # And the check is not vacuous: shown cards did arrive.
        assert any(QUOTED[card] in body for body in c.raw_frames
                   for rec in host.history for s in rec.shown if s != c.seat
                   for card in rec.cards[s])


def test_no_deal_proof_lets_a_client_rebuild_a_hidden_hand(
        make_host: Callable[..., LanHost], make_client: Callable[..., LanClient]) -> None:
    """RULES.md step 8: a folded or uncontested hand stays hidden "from anything the others
    can see later" — the after-hand proof would let anyone rebuild the deck, so the host
    sends it only for hands whose every dealt hand was shown."""
    host, clients = _play(make_host, make_client, 20)
    records = {r.hand: r for r in host.history}
    hidden_hands = {r.hand for r in host.history if not proof_allowed(r.dealt_in, r.shown)}
    assert hidden_hands, "20 hands without a fold: the test would be idle"
    for c in clients:
        proofs = [m for m in map(json.loads, c.raw_frames) if m["t"] == "deal_proof"]
        assert {m["hand"] for m in proofs} == set(records) - hidden_hands
        for m in proofs:
            rec = records[m["hand"]]
            values = {int(s): bytes.fromhex(v) for s, v in m["values"]}
            deck = deck_from_seed(derive_seed(rec.hand, bytes.fromhex(m["host_value"]), values))
            rebuilt = cards_by_seat(deck, rec.first, rec.dealt_in)
            assert rebuilt == rec.cards  # the proof is real ...
            assert set(rebuilt) == set(rec.shown)  # ... and holds only shown hands
        hidden_checks = [k for k in c.checks if k.ok is None]
        assert {k.hand for k in hidden_checks} == hidden_hands
        assert all(k.reason == HIDDEN_REASON for k in hidden_checks)
