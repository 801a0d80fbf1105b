"""A seat that is online but stalled no longer holds every deal for the full commit
timeout (issue #23, item 10): once it missed a commit, the next deal waits for it only the
short ``late_timeout``; a commit in time gives it the full wait again."""

from __future__ import annotations

import asyncio

from lieng.net.fairdeal import FairDealer, commit, new_value
from lieng.net.messages import Commit, DealCommits, DealStart, Reveal
from lieng.net.protocol import WireMessage


def test_a_seat_that_missed_its_commit_is_waited_for_briefly() -> None:
    stalled = {1}
    ends: list[str] = []

    async def play() -> list[str]:
        values = {0: new_value(), 1: new_value()}
        dealer: FairDealer

        def broadcast(msg: WireMessage) -> None:
            # The seats answer as the messages go out; a stalled seat answers nothing.
            for seat in (0, 1):
                if seat in stalled:
                    continue
                if isinstance(msg, DealStart):
                    dealer.on_commit(seat, Commit(msg.hand, commit(values[seat])))
                elif isinstance(msg, DealCommits):
                    dealer.on_reveal(seat, Reveal(msg.hand, values[seat]))

        dealer = FairDealer(broadcast, lambda seat: True, timeout=0.3)
        assert dealer.late_timeout < dealer.timeout
        for hand, stall in enumerate([{1}, {1}, set(), {1}], start=1):
            stalled.clear()
            stalled.update(stall)
            _deck, deal = await dealer.deal(hand, (0, 1))
            ends.append(deal.commit_end)
            assert set(deal.values) == {0, 1} - stall  # the deal went on without it
        return ends

    assert asyncio.run(play()) == ["timeout", "late", "done", "timeout"]
