"""Mental-poker deal at a LAN table: a privacy capture over many hands, with its figures
(docs/PERFORMANCE.md, "The mental deal at a LAN table"; issue 24, item 7).

A ``LanHost`` on 127.0.0.1 and ``--persons`` autopilot ``LanClient``s (and ``--bots``
bots) play ``--hands`` hands with the mental deal (docs/PROTOCOL.md 12). Captured:

* every frame each client receives (``record_raw``), and every frame the host's process
  receives (its decoder is wrapped);
* the host's objects of the hand — its ``SealedHand`` and its mental dealer's round —
  walked for ``Card`` objects once in every hand, on the host's own thread, while the
  hand is played (the test suite walks the whole host after a one-hand game).

Checked: no person's card appears — as a card code, or as its plain group point inside a
deal step — in a frame of its hand that another process received, nor among the host's
objects, before the hand is shown at the showdown; a folded hand's never. The figures:
the deal's time on the host (``mp_start`` to the last unlock checked, every party's work
in this one process on a shared machine), and the bytes per hand each way.

    nice -n 15 python bench/mental_privacy.py [--hands 300] [--persons 3] [--bots 1]
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lieng.bots import make_bot
from lieng.deal.cards import point_of
from lieng.engine import FULL_DECK, Card
from lieng.net import HostConfig, LanClient, LanHost
from lieng.net import transport as transport_module
from lieng.net.mental_round import MentalOutcome
from lieng.net.messages import ClientMessage, decode_client
from tests.deal.walk import cards_in

QUOTED = {c: f'"{c.code}"'.encode() for c in FULL_DECK}


def leaks(cards: set[Card], body: bytes) -> set[Card]:
    """Which of ``cards`` one frame body holds: a code, or a plain point in its data."""
    if not cards:
        return set()
    msg = json.loads(body)
    data = base64.b64decode(msg["data"]) if isinstance(msg.get("data"), str) else b""
    return {c for c in cards if QUOTED[c] in body or (data and point_of(c) in data)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--persons", type=int, default=3)
    p.add_argument("--bots", type=int, default=1)
    args = p.parse_args(argv)
    lock = threading.Lock()
    received: list[bytes] = []

    def spy(body: bytes) -> ClientMessage:
        with lock:
            received.append(body)
        return decode_client(body)

    # The capture: patched where the host reads and writes frames (pytest's MonkeyPatch,
    # as in the suite's version of this check, tests/net/test_lan_mental.py).
    patch = pytest.MonkeyPatch()
    patch.setattr(transport_module, "decode_client", spy)
    sent = [0]
    send_frame = transport_module.Conn.send_frame

    def counting(conn: transport_module.Conn, frame: bytes) -> None:
        sent[0] += len(frame) + 4
        send_frame(conn, frame)

    patch.setattr(transport_module.Conn, "send_frame", counting)
    seats = args.persons + args.bots
    host = LanHost(HostConfig(bind="127.0.0.1", port=0, seats=seats, bots=args.bots,
                              max_hands=args.hands, bot_speed=0.0, hand_pause=0.0,
                              turn_seconds=20.0, mental_timeout=30.0)).start()
    assert host.sealed is not None
    dealer = host.sealed.dealer
    deal_times: list[float] = []
    deal = dealer.deal

    async def timed_deal(*a: Any) -> MentalOutcome:
        t = time.perf_counter()
        out = await deal(*a)
        deal_times.append(time.perf_counter() - t)
        return out

    patch.setattr(dealer, "deal", timed_deal)
    clients = [LanClient("127.0.0.1", host.port, name=f"P{i + 1}", record_raw=True,
                         autopilot=make_bot("normal", rng=random.Random(i))).connect()
               for i in range(args.persons)]
    walks: list[tuple[int, set[Card], set[int]]] = []
    started = time.perf_counter()

    def walk() -> tuple[int, set[Card], set[int]]:
        table = host.table
        if table is None or table.hand is None or table.hand.is_over:
            return (-1, set(), set())
        # The hand's own objects: the table's hand and the dealer's round (a bot may
        # remember a card shown in an earlier hand, which a person may hold now).
        found = cards_in([table.hand, host.sealed])
        # Shown: at the showdown, and the openings the host has received and checked but
        # not yet given to the table (an opening is the person showing its cards).
        out = dealer.outcome
        opened = {s for s, cards in out.opened.items() if cards is not None} \
            if out is not None and out.setup.hand == table.hand_no else set()
        return (table.hand_no, found, set(table.hand.view_for(None).shown) | opened)

    walked: set[int] = set()
    c0 = clients[0]

    def new_hand() -> bool:
        view = c0.view
        return c0.closed is not None or (c0.hand_no not in walked and view is not None
                                         and not view.is_over)

    while not all(c.closed for c in clients):
        c0.wait_until(new_hand, 5.0)
        h = c0.hand_no
        if h in walked or c0.closed:
            continue
        walked.add(h)
        walks.append(host.call(walk))
    elapsed = time.perf_counter() - started
    host.stop()
    for c in clients:
        c.close()
    hands = len(host.history)
    mine: dict[int, dict[int, tuple[Card, ...]]] = {}
    for c in clients:
        assert c.seat is not None
        for h, view in c.hand_views.items():
            mine.setdefault(h, {})[c.seat] = view.my_cards
    shown = {r.hand: set(r.shown) for r in host.history}
    problems: list[str] = []
    # 1. What each client received: no other person's card of that hand before it is shown.
    for c in clients:
        seen_showdown: set[int] = set()
        for body in c.raw_frames:
            msg = json.loads(body)
            h = msg.get("hand")
            if not isinstance(h, int) or h not in mine:
                continue
            if msg["t"] in ("update", "snapshot") and any(
                    e["type"] == "showdown" for e in msg.get("events", ())):
                seen_showdown.add(h)
            secret = {card for s, cards in mine[h].items() if s != c.seat
                      and not (h in seen_showdown and s in shown[h]) for card in cards}
            for card in leaks(secret, body):
                problems.append(f"client {c.seat} received {card.code} of hand {h} "
                                f"in {msg['t']}")
    # 2. What the host's process received: never a person's card but in an opening.
    for body in received:
        msg = json.loads(body)
        h = msg.get("hand")
        if msg.get("t") == "mp_step" and msg.get("kind") != "open" and h in mine:
            for card in leaks({x for cards in mine[h].values() for x in cards}, body):
                problems.append(f"the host received {card.code} of hand {h}")
    # 3. The host's objects during each hand: no person's card not yet shown.
    during_showdown = 0
    for h, found, shown_now in walks:
        during_showdown += bool(shown_now)
        if h not in mine:
            continue
        secret = {card for s, cards in mine[h].items() if s not in shown_now
                  for card in cards}
        for card in found & secret:
            problems.append(f"the host's objects held {card.code} of hand {h}")
    folded = sum(1 for r in host.history for s in mine.get(r.hand, {}) if s not in r.shown)
    client_bytes = [sum(len(b) + 4 for b in c.raw_frames) / max(1, hands) for c in clients]
    mental_bytes = [sum(len(b) + 4 for b in c.raw_frames if b.startswith(b'{"t":"mp_'))
                    / max(1, hands) for c in clients]
    summary = {
        "hands": hands, "persons": args.persons, "bots": args.bots,
        "seconds": round(elapsed, 1),
        "deal_s_median": round(statistics.median(deal_times), 3) if deal_times else None,
        "deal_s_p90": round(sorted(deal_times)[int(0.9 * (len(deal_times) - 1))], 3)
        if deal_times else None,
        "deals_stopped": host.sealed.faults,
        "host_sends_kB_per_hand": round(sent[0] / max(1, hands) / 1000, 1),
        "host_receives_kB_per_hand": round(sum(len(b) + 4 for b in received)
                                           / max(1, hands) / 1000, 1),
        "client_receives_kB_per_hand": round(statistics.mean(client_bytes) / 1000, 1),
        "of_which_deal_kB": round(statistics.mean(mental_bytes) / 1000, 1),
        "person_hands_folded_unseen": folded,
        "host_walks": len(walks), "walks_during_a_showdown": during_showdown,
        "client_checks_failed": [k.hand for c in clients for k in c.checks if k.ok is False],
        "host_errors": host.errors,
        "problems": problems[:20], "ok": not problems and not host.errors,
    }
    print(json.dumps(summary, ensure_ascii=False), flush=True)
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
