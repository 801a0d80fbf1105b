"""The client's side of the fair deal (lieng/net/fairdeal.py): commit, reveal, check.

Answered on the client's network thread without the game's help. After each hand the
client checks the deal and reports a ``DealCheck`` — "check passed", what failed, or, for
a hand that ended with a hidden hand (whose proof the host never sends), "not checkable".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lieng.engine import HandView

from .fairdeal import DealCheck, commit, hidden_check, new_value, proof_allowed, verify_deal
from .messages import Commit, DealCommits, DealProof, DealStart, Reveal

MAX_KEPT_HANDS = 500
"""Hands whose check is remembered (a long evening's worth)."""


@dataclass
class _Deal:
    host_commit: bytes
    seats: tuple[int, ...]
    my_value: bytes | None = None
    commits: dict[int, bytes] | None = None


class ClientDeals:
    """Every deal this seat took part in. ``report`` receives each ``DealCheck``;
    ``final_view(hand)`` gives the seat's last view of a hand (None if not seen)."""

    def __init__(self, report: Callable[[DealCheck], None],
                 final_view: Callable[[int], HandView | None]) -> None:
        self._report_to = report
        self._final_view = final_view
        self._deals: dict[int, _Deal] = {}
        self._checked: set[int] = set()
        self.checks: list[DealCheck] = []

    def on_start(self, msg: DealStart, seat: int | None) -> Commit | None:
        """Remember the host's commit; the commit to send if ``seat`` is asked for one."""
        hand = msg.hand
        last = self._final_view(hand - 1)
        if hand - 1 in self._deals and hand - 1 not in self._checked and last is not None \
                and proof_allowed(last.dealt_in, last.shown):
            # The host sends a hand's proof before the next deal: holding it back after a
            # full showdown is what a host with a rigged deck would do.
            self._report(DealCheck(hand - 1, False,
                                   "the host sent no proof for a hand shown in full"))
        deal = _Deal(msg.host_commit, msg.seats)
        self._deals[hand] = deal
        for old in [h for h in self._deals if h < hand - 2]:
            del self._deals[old]
        if seat is not None and seat in msg.seats:
            deal.my_value = new_value()
            return Commit(hand, commit(deal.my_value))
        return None

    def on_commits(self, msg: DealCommits, seat: int | None) -> Reveal | None:
        """The published commits; our value to reveal if our commit is among them."""
        deal = self._deals.get(msg.hand)
        if deal is None:
            return None
        deal.commits = dict(msg.commits)
        if deal.my_value is not None and seat is not None \
                and deal.commits.get(seat) == commit(deal.my_value):
            return Reveal(msg.hand, deal.my_value)
        return None

    def on_hand_over(self, hand: int, view: HandView) -> None:
        """A hand that ended with a hand not shown gets no proof (the host keeps its value
        so that nobody can rebuild the folded cards, RULES.md step 8): report it as not
        checkable — neither passed nor failed."""
        if hand in self._checked or hand not in self._deals \
                or proof_allowed(view.dealt_in, view.shown):
            return
        self._report(hidden_check(hand))

    def on_proof(self, msg: DealProof) -> None:
        hand = msg.hand
        deal = self._deals.get(hand)
        view = self._final_view(hand)
        if deal is None or view is None or hand in self._checked:
            return  # joined after this deal began: nothing of ours to check
        commits = dict(msg.commits)
        if deal.commits is not None and commits != deal.commits:
            check = DealCheck(hand, False, "the commits changed after they were published")
        else:
            check = verify_deal(hand, deal.host_commit, msg.host_value, commits,
                                dict(msg.values), view.seat, deal.my_value, view.first,
                                view.dealt_in, view.my_cards, view.shown)
        self._report(check)

    def _report(self, check: DealCheck) -> None:
        self._checked.add(check.hand)
        if len(self._checked) > MAX_KEPT_HANDS:
            self._checked.discard(min(self._checked))
        self.checks.append(check)
        if len(self.checks) > MAX_KEPT_HANDS:
            del self.checks[0]
        self._report_to(check)
