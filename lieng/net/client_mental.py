"""The client's side of the mental-poker deal (docs/PROTOCOL.md 12): its seat's steps,
its own cards, and the check it reports after each hand.

Answered on the client's network thread without the game's help, like the fair deal
(client_deal.py). ``ClientMental`` holds the seat's ``MentalPlayer`` and

* answers each ``mp_*`` message with the seat's own steps (``on_message``);
* reads the seat's three cards once the unlock pass is complete, and puts them into the
  views and ``card_dealt`` events of that hand (``with_my_cards``): the host's view of a
  person's seat has no cards, since the host cannot read them;
* keeps the seat's secret for the hand in the player's data folder (``SecretFile``,
  written atomically) so that a restarted game reads the same cards when the host
  replays the deal (issue 24, item 6), and deletes it when the hand ends;
* reports a ``DealCheck`` per hand: passed (every step and every opening shown was
  checked here), failed (what, naming the party), or a deal stopped before the hand
  (``stopped_by``: the hand is not played, no chip moves).

Nothing the host sends here is trusted: every step is checked by ``MentalPlayer``; the
cards the host shows at a showdown must be those the relayed openings prove.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import logging
import time
from collections.abc import Callable
from pathlib import Path

from lieng.deal.mental import DEALER, DealFault
from lieng.engine import Card, CardDealt, Event, HandView

from .fairdeal import DealCheck
from .mental_messages import MentalFault, MentalOpenRequest, MentalStart, MentalStep
from .mental_player import MentalPlayer, SecretFile
from .messages import Roster, Snapshot, Update

log = logging.getLogger(__name__)

MentalMessage = MentalStart | MentalStep | MentalFault | MentalOpenRequest
SECRET_PREFIX = "lan_deal_"
SECRET_MAX_AGE = 24 * 3600.0
"""Seconds after which a left-over secret (a game that crashed and never came back) is
deleted: no host keeps a seat that long (lieng/net/seat_tokens.py)."""
KEPT_HANDS = 3
MAX_KEPT_CHECKS = 500
PASSED = "every deal step and every opening shown was checked"


def secret_path(folder: Path, token: str) -> Path:
    """Where a seat's deal secret is kept: one file per session token (hashed, so the
    file name does not give the token away)."""
    return folder / f"{SECRET_PREFIX}{hashlib.sha256(token.encode()).hexdigest()[:24]}.key"


def _kept(file: SecretFile) -> Callable[[bytes | None], None]:
    """``file`` as ``MentalPlayer``'s ``save``, never failing the deal: a secret that
    cannot be written (a full disk, a folder made read-only) only means a restarted game
    could not read this hand's cards again; the seat plays on from memory."""
    def save(secret: bytes | None) -> None:
        try:
            file(secret)
        except OSError as exc:
            log.warning("the deal secret could not be %s: %s",
                        "deleted" if secret is None else "kept on disk", exc)
    return save


def forget_old_secrets(folder: Path, now: float) -> None:
    """Delete secrets older than ``SECRET_MAX_AGE`` (their hands are long over)."""
    with contextlib.suppress(OSError):
        for path in folder.glob(f"{SECRET_PREFIX}*.key"):
            with contextlib.suppress(OSError):
                if now - path.stat().st_mtime > SECRET_MAX_AGE:
                    path.unlink()


class ClientMental:
    """The seat's part in every mental deal. ``report`` receives each ``DealCheck``;
    ``roster()`` the last ``table`` message (names for a stopped deal's line); ``folder``
    (the player's data folder) keeps the secret for a restart (None: in memory only)."""

    def __init__(self, report: Callable[[DealCheck], None],
                 roster: Callable[[], Roster | None], folder: Path | None) -> None:
        self._report = report
        self._roster = roster
        self.folder = folder
        self.player: MentalPlayer | None = None
        self.cards: dict[int, tuple[Card, ...]] = {}
        """This seat's cards, by hand (the last ``KEPT_HANDS``)."""
        self._pending: tuple[int, HandView] | None = None
        """A hand over whose shown cards still await the relayed openings."""
        self._reported: set[int] = set()
        self.checks: list[DealCheck] = []
        """Every check reported (the last ``MAX_KEPT_CHECKS``)."""

    def join(self, seat: int, token: str) -> None:
        """Welcomed at ``seat``: a secret saved for this session is loaded (the host then
        replays the hand's deal, if one is being played)."""
        if self.player is not None and self.player.seat == seat:
            return
        save: Callable[[bytes | None], None] | None = None
        secret = None
        if self.folder is not None:
            forget_old_secrets(self.folder, time.time())
            file = SecretFile(secret_path(self.folder, token))
            try:
                secret = file.load()
            except (OSError, ValueError) as exc:  # not a file, unreadable: none to resume
                log.warning("the saved deal secret cannot be read: %s", exc)
            save = _kept(file)
        self.player = MentalPlayer(seat, save, secret)

    # ----------------------------------------------------------------- messages

    def on_message(self, msg: MentalMessage) -> list[MentalStep]:
        """One ``mp_*`` message from the host; this seat's steps to send."""
        p = self.player
        if p is None:
            return []
        out: list[MentalStep] = []
        match msg:
            case MentalStart():
                self._overdue(msg.hand)
                out = p.on_start(msg)
            case MentalStep():
                out = p.on_step(msg)
            case MentalOpenRequest():
                out = p.on_open_request(msg)
            case MentalFault():
                self._stopped(p, msg)
                return []
        self._read_cards(p)
        self._check_pending()
        return out

    def resumed(self) -> list[MentalStep]:
        """The snapshot after ``welcome``: any replayed deal is in. A saved secret that
        no deal being played needed is forgotten (never reused for another hand)."""
        p = self.player
        if p is None or not p.resuming:
            return []
        out = p.resumed()
        if p.state is None:
            p.forget()
        self._read_cards(p)
        return out

    def _read_cards(self, p: MentalPlayer) -> None:
        state = p.state
        if state is None or p.fault is not None or not p.is_party or p.secret is None \
                or not state.unlocked or state.setup.hand in self.cards:
            return
        try:
            self.cards[state.setup.hand] = p.cards()
        except DealFault as exc:
            p.fault = exc
            return
        for old in sorted(self.cards)[:-KEPT_HANDS]:
            del self.cards[old]

    def _stopped(self, p: MentalPlayer, msg: MentalFault) -> None:
        """The host stopped the deal: no hand. If this seat found the fault itself, its
        own finding is what it reports (the host may blame the one who stopped)."""
        state = p.state
        if state is None or state.setup.hand != msg.hand:
            return
        mine = p.fault
        party, reason = (mine.party, mine.reason) if mine is not None \
            else (msg.party, msg.reason[:200])
        p.on_fault(msg)
        self._send_check(DealCheck(msg.hand, False, f"{self._who(party)}: {reason}",
                                   stopped_by=party))

    def _who(self, party: int) -> str:
        """A party's name for the line of a failed or stopped deal."""
        roster = self._roster()
        name = roster.names[party] if roster is not None and party < len(roster.names) \
            else None
        return "the host's dealer" if party == DEALER else name or f"seat {party + 1}"

    # ----------------------------------------------------------------- the views

    def on_view(self, msg: Snapshot | Update) -> tuple[Snapshot | Update, list[MentalStep]]:
        """A view from the host: the same with this seat's own cards, which the host's
        view of a sealed seat lacks, and — after a ``snapshot``, which ends any replayed
        deal — this seat's steps to send."""
        steps = self.resumed() if isinstance(msg, Snapshot) else []
        view, events = self.with_my_cards(msg.hand, msg.view, msg.events)
        if isinstance(msg, Snapshot):
            return Snapshot(msg.hand, msg.seat, view, events), steps
        return Update(msg.hand, events, view if view is not None else msg.view), steps

    def with_my_cards(self, hand: int, view: HandView | None,
                      events: tuple[Event, ...]) -> tuple[HandView | None, tuple[Event, ...]]:
        """``view`` and ``events`` of hand ``hand`` with this seat's own cards."""
        p = self.player
        mine = self.cards.get(hand)
        if p is None or mine is None:
            return view, events
        if view is not None and view.seat == p.seat and view.dealt_in[p.seat] \
                and view.my_cards != mine:
            if view.my_cards and p.fault is None:  # the host cannot know them but shown
                p.fault = DealFault(DEALER, "sent my seat other cards than those I read")
            view = dataclasses.replace(view, my_cards=mine)
        events = tuple(CardDealt(e.seat, mine[e.index], e.index)
                       if isinstance(e, CardDealt) and e.seat == p.seat and e.card is None
                       and 0 <= e.index < len(mine) else e for e in events)
        return view, events

    # ----------------------------------------------------------------- the check

    def on_hand_over(self, hand: int, view: HandView) -> None:
        """Hand ``hand`` is over: the secret goes; its check is reported now, or once the
        openings of the cards shown have arrived."""
        p = self.player
        if p is None or p.state is None or p.state.setup.hand != hand or not p.is_party:
            return
        p.forget()
        self._pending = (hand, view)
        self._check_pending()

    def _check_pending(self) -> None:
        p, pending = self.player, self._pending
        if p is None or pending is None:
            return
        hand, view = pending
        if p.fault is not None:
            self._pending = None
            f = p.fault
            self._send_check(DealCheck(hand, False, f"{self._who(f.party)}: {f.reason}"))
            return
        if any(s in p.shown and p.shown[s] != tuple(c) for s, c in view.shown.items()):
            self._pending = None
            self._send_check(DealCheck(hand, False, "the host showed cards other than "
                                       "those their openings prove"))
        elif all(s in p.shown for s in view.shown):
            self._pending = None
            self._send_check(DealCheck(hand, True, PASSED))

    def _overdue(self, next_hand: int) -> None:
        """A new deal begins: openings still missing for the last hand never come."""
        self._check_pending()
        pending = self._pending
        if pending is not None and pending[0] < next_hand:
            self._pending = None
            self._send_check(DealCheck(pending[0], False, "the host showed cards without "
                                       "the openings that prove them"))

    def _send_check(self, check: DealCheck) -> None:
        """Report ``check``: once per hand played (a stopped deal, which plays no hand,
        may precede the hand of the same number)."""
        if check.stopped_by is None:
            if check.hand in self._reported:
                return
            self._reported.add(check.hand)
            for old in sorted(self._reported)[:-MAX_KEPT_CHECKS]:
                self._reported.discard(old)
        self.checks.append(check)
        del self.checks[:-MAX_KEPT_CHECKS]
        self._report(check)
