"""The host's mental-deal round (lieng/net/mental_round.py) and the seats' side
(lieng/net/mental_player.py), wired in one process through their JSON wire form: a whole
hand on 2–6 seats dealt into a ``SealedHand`` and shown down with checked openings; a
slow, a vanished and a cheating player each named and the hand stopped; a false opening
folded; the host holding no person's card; a reconnect reading the same cards again."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from lieng.deal import shuffle
from lieng.deal.cards import point_of
from lieng.deal.mental import DEALER, ShuffleStep
from lieng.deal.wire import encode_shuffle
from lieng.engine import PRESETS, Action, SealedHand, Showdown
from lieng.net.mental_messages import MentalFault, MentalOpenRequest, MentalStart, MentalStep
from lieng.net.mental_player import MentalPlayer, SecretFile
from lieng.net.mental_round import MentalDealer, MentalOutcome, fault_line
from lieng.net.protocol import Fields, ProtocolError, WireMessage
from tests.deal.walk import cards_in

RULES = dataclasses.replace(PRESETS["classic"], table_bet=10)
Tamper = Callable[[MentalPlayer, MentalStep], MentalStep | None]


class Relay:
    """The host's transport in one process: every broadcast goes to each player as JSON
    text and is read back with the message's own strict reader; answers reach the host
    on the next turn of the event loop, as from a socket."""

    def __init__(self, persons: tuple[int, ...], timeout: float = 300.0,
                 tamper: dict[int, Tamper] | None = None) -> None:
        # A deadline no honest step reaches, however loaded the machine (5 s was passed
        # by a 4-seat step under a load of 9); the tests of lateness give their own.
        self.players = {s: MentalPlayer(s) for s in persons}
        self.gone: set[int] = set()
        self.tamper = tamper or {}
        self.received: dict[int, list[str]] = {s: [] for s in persons}
        self.log: list[str] = []
        self.dealer = MentalDealer(self.broadcast, lambda s: s not in self.gone, timeout)

    def broadcast(self, msg: WireMessage) -> None:
        text = json.dumps(msg.to_dict())
        self.log.append(text)
        for seat, player in self.players.items():
            if seat in self.gone:
                continue
            self.received[seat].append(text)
            for answer in deliver(player, text):
                self.send(player, answer)

    def send(self, player: MentalPlayer, msg: MentalStep) -> None:
        change = self.tamper.get(player.seat)
        sent = change(player, msg) if change is not None else msg
        if sent is not None:
            asyncio.get_running_loop().call_soon(self.dealer.on_step, player.seat, sent)


def deliver(player: MentalPlayer, text: str) -> list[MentalStep]:
    data = json.loads(text)
    if data["t"] == "mp_start":
        return player.on_start(MentalStart.read(Fields(data)))
    if data["t"] == "mp_step":
        return player.on_step(MentalStep.read(Fields(data)))
    if data["t"] == "mp_open":
        return player.on_open_request(MentalOpenRequest.read(Fields(data)))
    player.on_fault(MentalFault.read(Fields(data)))
    return []


def dealt_in(n: int) -> list[bool]:
    return [True] * n


async def play(relay: Relay, n: int, first: int = 0) -> tuple[MentalOutcome, SealedHand]:
    persons = tuple(relay.players)
    out = await relay.dealer.deal(1, first, dealt_in(n), persons)
    assert out.fault is None
    hand = SealedHand(RULES, [100] * n, first, out.known_cards(n))
    while hand.to_act is not None:
        hand.act(hand.to_act, Action.call())
    return out, hand


@pytest.mark.parametrize(("persons", "n"), [((0, 1), 2), ((0, 2), 3), ((0, 1, 2), 4),
                                            ((0, 1, 2, 3, 4, 5), 6)])
def test_a_hand_is_dealt_played_and_shown_down(persons: tuple[int, ...], n: int) -> None:
    async def main() -> None:
        relay = Relay(persons)
        _, hand = await play(relay, n)
        mine = {s: relay.players[s].cards() for s in persons}
        person_cards = {c for cs in mine.values() for c in cs}
        assert len(person_cards) == 3 * len(persons)
        # Before any opening: the host's objects hold no person's card, and no player
        # received the plain point of another person's card.
        assert not cards_in(relay.dealer) & person_cards
        assert not cards_in(hand) & person_cards
        for seat, texts in relay.received.items():
            data = b"".join(base64.b64decode(json.loads(t).get("data", "")) for t in texts)
            for other, cards in mine.items():
                if other != seat:
                    assert all(point_of(c) not in data for c in cards)
        assert set(hand.awaiting) == set(persons)
        opened = await relay.dealer.collect_openings(hand.awaiting)
        assert opened == {s: mine[s] for s in persons}
        for s, got in opened.items():
            assert got is not None
            hand.open(s, got)
        assert hand.is_over
        shown = next(e for e in hand.events if isinstance(e, Showdown))
        relay.dealer.relay_openings(h.seat for h in shown.hands)
        every = {h.seat: h.cards for h in shown.hands}
        for player in relay.players.values():
            assert player.fault is None and player.shown == every
    asyncio.run(main())


def test_a_false_opening_folds_that_player() -> None:
    async def main() -> None:
        relay = Relay((0, 1, 2))
        _, hand = await play(relay, 3)

        def lie(player: MentalPlayer, msg: MentalStep) -> MentalStep:
            """Seat 1 opens with seat 0's cards and proofs, as its own."""
            return dataclasses.replace(relay.players[0].open(), party=1) \
                if msg.kind == "open" else msg

        relay.tamper[1] = lie
        opened = await relay.dealer.collect_openings(hand.awaiting)
        assert opened[1] is None and opened[0] is not None and opened[2] is not None
        for s, cards in opened.items():
            if cards is None:
                hand.withhold(s, late=False)
            else:
                hand.open(s, cards)
        assert hand.is_over and hand.folded[1]
    asyncio.run(main())


def test_a_slow_player_is_named_and_the_deal_stopped() -> None:
    async def main() -> None:
        relay = Relay((0, 1, 2), timeout=0.05, tamper={1: lambda p, m: None})
        out = await relay.dealer.deal(4, 0, dealt_in(3), (0, 1, 2))
        assert out.fault is not None and out.fault.party == 1
        assert "sent no deal step within 0.05 s" in out.fault.reason
        fault = json.loads(relay.log[-1])
        assert fault["t"] == "mp_fault" and fault["party"] == 1
        for player in relay.players.values():
            assert player.fault is not None and player.fault.party == 1
            assert player.secret is None
            assert player.on_open_request(MentalOpenRequest(4, (0, 1, 2), 1.0)) == []
        line = fault_line(out.fault, lambda s: f"Player {s}")
        assert line.startswith("Player 1: sent no deal step") and "cancelled" in line
    asyncio.run(main())


def test_a_vanished_player_is_named_without_waiting_out_the_clock() -> None:
    async def main() -> None:
        relay = Relay((0, 1), timeout=600.0)
        relay.gone.add(1)
        out = await asyncio.wait_for(relay.dealer.deal(2, 0, dealt_in(3), (0, 1)), 30)
        assert out.fault is not None and out.fault.party == 1
        assert out.fault.reason == "left the table during the deal"
    asyncio.run(main())


def duplicating(player: MentalPlayer, msg: MentalStep) -> MentalStep:
    """Replace an honest shuffle by one that deals a card twice, proved as well as the
    cheat can."""
    state, secret = player.state, player.secret
    assert state is not None and secret is not None
    if msg.kind != "shuffle":
        return msg
    perm = list(secret.perm)
    perm[1] = perm[0]
    deck = shuffle.relock(state.decks[-2], secret.key, perm)
    ctx = state.setup.deal_id + secret.party.to_bytes(2, "big")
    proof = shuffle.prove(ctx, secret.key, secret.public_key, state.decks[-2], deck, perm)
    bad = ShuffleStep(secret.party, secret.public_key, tuple(deck), proof)
    return dataclasses.replace(msg, data=encode_shuffle(bad))


def test_a_player_whose_shuffle_deals_a_card_twice_is_named_by_everyone() -> None:
    async def main() -> None:
        relay = Relay((0, 1, 2), tamper={1: duplicating})
        out = await relay.dealer.deal(3, 0, dealt_in(3), (0, 1, 2))
        assert out.fault is not None and out.fault.party == 1
        for seat in (0, 2):
            fault = relay.players[seat].fault
            assert fault is not None and fault.party == 1
    asyncio.run(main())


def test_steps_out_of_turn_are_refused_and_change_nothing() -> None:
    async def main() -> None:
        relay = Relay((0, 1), tamper={0: lambda p, m: None, 1: lambda p, m: None})
        task = asyncio.create_task(relay.dealer.deal(5, 0, dealt_in(2), (0, 1)))
        await asyncio.sleep(0)
        out = relay.dealer.outcome
        assert out is not None
        wrong = MentalStep(5, 1, "shuffle", "AAAA")
        with pytest.raises(ProtocolError, match="not your deal step"):
            relay.dealer.on_step(1, wrong)
        with pytest.raises(ProtocolError, match="no deal step is expected"):
            relay.dealer.on_step(0, dataclasses.replace(wrong, party=1))
        with pytest.raises(ProtocolError, match="no opening"):
            relay.dealer.on_step(0, MentalStep(5, 0, "open", "AAAA"))
        assert out.fault is None and len(out.state.decks) == 1
        relay.dealer.on_step(0, MentalStep(5, 0, "shuffle", "AAAA"))  # its turn, unreadable
        result = await task
        assert result.fault is not None and result.fault.party == 0
        assert "cannot be read" in result.fault.reason
    asyncio.run(main())


def test_a_reconnected_player_reads_the_same_cards_from_its_saved_secret(
        tmp_path: Path) -> None:
    async def main() -> None:
        relay = Relay((0, 1))
        secret_file = SecretFile(tmp_path / "deal-secret.bin")
        relay.players[1].save = secret_file
        await play(relay, 3)
        cards = relay.players[1].cards()
        assert (tmp_path / "deal-secret.bin").is_file()
        # The client restarts: its secret from disk, the hand's record replayed to it.
        back = MentalPlayer(1, secret=secret_file.load())
        for text in relay.log:
            assert deliver(back, text) == []
        assert back.resumed() == [] and back.fault is None and back.cards() == cards
        relay.players[1].forget()
        assert not (tmp_path / "deal-secret.bin").exists()
        assert secret_file.load() is None
        (tmp_path / "deal-secret.bin").write_bytes(b"not a secret")
        assert secret_file.load() is None
    asyncio.run(main())


def test_the_messages_read_strictly() -> None:
    start = MentalStart(1, bytes(32), (0, 2, DEALER), (0, 2, 1) * 3, 5.0)
    assert MentalStart.read(Fields(json.loads(json.dumps(start.to_dict())))) == start
    ask = MentalOpenRequest(1, (2, 0), 20.0)
    assert MentalOpenRequest.read(Fields(json.loads(json.dumps(ask.to_dict())))) == ask
    with pytest.raises(ProtocolError, match="seats"):
        MentalOpenRequest.read(Fields({**ask.to_dict(), "seats": [0, 0]}))
    bad = {**start.to_dict(), "parties": [0, 7]}
    with pytest.raises(ProtocolError, match="parties"):
        MentalStart.read(Fields(bad))
    with pytest.raises(ProtocolError, match="kind"):
        MentalStep.read(Fields({"t": "mp_step", "hand": 1, "party": 0, "kind": "peek",
                                "data": ""}))
    with pytest.raises(ProtocolError, match="data"):
        MentalStep.read(Fields({"t": "mp_step", "hand": 1, "party": 0, "kind": "open",
                                "data": 3}))


def test_a_deal_is_among_dealt_in_persons_only() -> None:
    async def main() -> None:
        relay = Relay((0, 1))
        with pytest.raises(ValueError, match="dealt-in seats"):
            await relay.dealer.deal(1, 0, [True, False, True], (0, 1))
        with pytest.raises(ValueError, match="dealt-in seats"):
            await relay.dealer.deal(1, 0, [True, True], ())
        assert relay.log == []
    asyncio.run(main())
