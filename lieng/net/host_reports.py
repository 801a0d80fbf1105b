"""What a LAN seat's table tells its player about the host: the deal checks after each
hand and what the host sent that could not be used, or that no honest host sends.

The remote table collects them (``RemoteTable.checks``, ``RemoteTable.errors``); this
says them once each, through the session (``TableSession.said``, the toasts a screen
draws), and keeps what the line under the table info shows — the last deal check, and
the last hand in which the host sent an impossible hand (lieng/net/host_checks.py). The
decisions are the game's, so they are here, without pygame
(tests/net/test_host_reports.py): a failed check or a deal stopped is told; a passed or
"not checkable" check only changes the line (a hand with a fold keeps its cards hidden,
docs/RULES.md step 8, so its proof is never sent: neither pass nor fail); an impossible
hand is told once per hand however often the host tries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from lieng.game.announcements import Announcements

from .inbox import Message
from .protocol import BAD_HOST_MESSAGE, HOST_MISBEHAVING


class Reported(Protocol):
    """What the reports are read from: a ``RemoteTable``."""

    @property
    def checks(self) -> Sequence[Message]: ...

    @property
    def errors(self) -> Sequence[Message]: ...

    @property
    def hand_no(self) -> int: ...


CheckKind = Literal["misbehaving", "stopped", "ok", "hidden", "failed"]


@dataclass(frozen=True)
class CheckLine:
    """The line under the table info, as facts: ``kind`` — the host sent an impossible
    hand (``misbehaving``), a party stopped the mental deal (``stopped``: ``party`` is its
    seat, or None for the host's own dealer), the deal check passed (``ok``), could not be
    made (``hidden``: a hand with a fold, docs/RULES.md step 8) or failed (``failed``) —
    and the ``hand`` it is about."""

    kind: CheckKind
    hand: str
    party: int | None = None


class HostReports:
    """The host's reports at ``remote``'s seat, told to ``said`` as they arrive (``take``)."""

    def __init__(self, remote: Reported, said: Announcements) -> None:
        self.remote = remote
        self.said = said
        self.last_check: Message | None = None
        """The last deal check (the line under the table info)."""
        self.misbehaving_hand: int | None = None
        """The last hand in which the host sent what no honest host sends (shown in the
        deal check's line until that hand's check arrives)."""
        self._checks_seen = 0
        self._errors_seen = 0

    def take(self) -> None:
        """Tell what arrived since the last call."""
        remote = self.remote
        while self._checks_seen < len(remote.checks):
            check = remote.checks[self._checks_seen]
            self._checks_seen += 1
            self.last_check = check
            ok = check.data.get("ok")
            hand = str(check.data.get("hand"))
            if check.data.get("stopped_by") is not None:  # a mental deal stopped: no hand
                self.said.say("lan.deal_stopped_toast", hand=hand)
            elif ok is not True and ok is not None:  # hidden (None) is no failure
                self.said.say("lan.check_failed_toast", hand=hand)
        while self._errors_seen < len(remote.errors):
            err = remote.errors[self._errors_seen]
            self._errors_seen += 1
            code = err.data.get("code")
            if code == BAD_HOST_MESSAGE:
                self.said.say("lan.bad_host_message")
            elif code == HOST_MISBEHAVING:
                # The refused message's hand (its ``id``): a refused first update of a
                # hand never became ``remote.hand_no``.
                named = err.data.get("id")
                bad_hand = named if isinstance(named, int) else remote.hand_no
                if self.misbehaving_hand != bad_hand:
                    self.misbehaving_hand = bad_hand
                    self.said.say("lan.host_misbehaving")

    def line(self, n_seats: int) -> CheckLine | None:
        """What the line under the table info says now (None: nothing yet). An impossible
        hand is shown until a later hand's deal check arrives; a party of the deal that is
        not one of the ``n_seats`` seats is the host's dealer."""
        check, bad = self.last_check, self.misbehaving_hand
        if bad is not None and (check is None or _hand_of(check) < bad):
            return CheckLine("misbehaving", str(bad))
        if check is None:
            return None
        hand = str(check.data.get("hand"))
        ok, party = check.data.get("ok"), check.data.get("stopped_by")
        if isinstance(party, int) and not isinstance(party, bool):
            return CheckLine("stopped", hand, party if 0 <= party < n_seats else None)
        if ok is True:
            return CheckLine("ok", hand)
        return CheckLine("hidden" if ok is None else "failed", hand)


def _hand_of(check: Message) -> int:
    named = check.data.get("hand")
    return named if isinstance(named, int) and not isinstance(named, bool) else 0
