"""Mental-poker deal: exact LAN frame bytes per hand (docs/PERFORMANCE.md).

Runs the host's round (lieng/net/mental_round.py) and each seat's side
(lieng/net/mental_player.py) in one process, through the LAN framing
(``lieng.net.protocol.encode``: header + compact JSON) — the bytes a socket would carry —
for a hand dealt, called round and shown down with every opening. Prints, per table, the
bytes one seat receives, the bytes the host sends (to every seat) and receives, and the
round's time with every party in this one process.

    python bench/mental_frames.py
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lieng.engine import PRESETS, Action, SealedHand, Showdown
from lieng.net.mental_messages import MentalFault, MentalOpenRequest, MentalStart, MentalStep
from lieng.net.mental_player import MentalPlayer
from lieng.net.mental_round import MentalDealer
from lieng.net.protocol import HEADER, Fields, WireMessage, encode

RULES = dataclasses.replace(PRESETS["classic"], table_bet=10)


class Counted:
    def __init__(self, persons: tuple[int, ...]) -> None:
        self.players = {s: MentalPlayer(s) for s in persons}
        self.received = dict.fromkeys(persons, 0)
        self.host_sent = 0
        self.host_received = 0
        self.dealer = MentalDealer(self.broadcast, lambda s: True, 60.0)

    def broadcast(self, msg: WireMessage) -> None:
        frame = encode(msg.to_dict())
        data = json.loads(frame[HEADER.size:])
        for seat, player in self.players.items():
            self.received[seat] += len(frame)
            self.host_sent += len(frame)
            for answer in self.answer(player, data):
                out = encode(answer.to_dict())
                self.host_received += len(out)
                step = MentalStep.read(Fields(json.loads(out[HEADER.size:])))
                asyncio.get_running_loop().call_soon(self.dealer.on_step, seat, step)

    @staticmethod
    def answer(player: MentalPlayer, data: dict[str, object]) -> list[MentalStep]:
        r = Fields(data)
        if data["t"] == "mp_start":
            return player.on_start(MentalStart.read(r))
        if data["t"] == "mp_step":
            return player.on_step(MentalStep.read(r))
        if data["t"] == "mp_open":
            return player.on_open_request(MentalOpenRequest.read(r))
        player.on_fault(MentalFault.read(r))
        return []


async def one_hand(persons: tuple[int, ...], n: int) -> tuple[Counted, float]:
    c = Counted(persons)
    start = time.perf_counter()
    out = await c.dealer.deal(1, 0, [True] * n, persons)
    assert out.fault is None, out.fault
    hand = SealedHand(RULES, [100] * n, 0, out.known_cards(n))
    while hand.to_act is not None:
        hand.act(hand.to_act, Action.call())
    for seat, cards in (await c.dealer.collect_openings(hand.awaiting)).items():
        assert cards is not None
        hand.open(seat, cards)
    shown = next(e for e in hand.events if isinstance(e, Showdown))
    c.dealer.relay_openings(h.seat for h in shown.hands)
    return c, time.perf_counter() - start


def main() -> None:
    print("| persons | bots | a seat receives | the host sends | the host receives "
          "| round, all in one process |")
    print("|---|---|---|---|---|---|")
    for persons, n in (((0, 1), 2), ((0, 1, 2), 3), ((0, 1, 2, 3), 6),
                       ((0, 1, 2, 3, 4, 5), 6)):
        c, took = asyncio.run(one_hand(persons, n))
        seat = max(c.received.values())
        print(f"| {len(persons)} | {n - len(persons)} | {seat / 1000:.1f} kB "
              f"| {c.host_sent / 1000:.1f} kB | {c.host_received / 1000:.1f} kB "
              f"| {took:.2f} s |")


if __name__ == "__main__":
    main()
