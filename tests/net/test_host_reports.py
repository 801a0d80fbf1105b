"""What a LAN seat's table tells its player about the host (lieng.net.host_reports),
without a window: a failed deal check and a stopped deal are told, a passed or "not
checkable" one only changes the line, an impossible hand is told once per hand."""

from __future__ import annotations

from dataclasses import dataclass, field

from lieng.game.announcements import Announcements
from lieng.net.fairdeal import DealCheck
from lieng.net.host_reports import CheckLine, HostReports
from lieng.net.inbox import Message
from lieng.net.messages import error
from lieng.net.protocol import BAD_HOST_MESSAGE, HOST_MISBEHAVING


@dataclass
class Remote:
    """The remote table's reports (``Reported``)."""

    checks: list[Message] = field(default_factory=list)
    errors: list[Message] = field(default_factory=list)
    hand_no: int = 1


def test_checks_are_told_only_when_they_fail_or_stop_a_deal() -> None:
    remote, said = Remote(), Announcements()
    reports = HostReports(remote, said)
    remote.checks += [Message(DealCheck(1, True, "")), Message(DealCheck(2, None, "a fold"))]
    reports.take()
    assert len(said) == 0
    assert reports.last_check is not None and reports.last_check.data["hand"] == 2
    remote.checks += [Message(DealCheck(3, False, "the deck does not match")),
                      Message(DealCheck(4, False, "a bad shuffle", stopped_by=1))]
    reports.take()
    assert said.keys() == ["lan.check_failed_toast", "lan.deal_stopped_toast"]
    assert [dict(a.args) for a in said] == [{"hand": "3"}, {"hand": "4"}]
    reports.take()  # nothing new: nothing told again
    assert len(said) == 2


def test_an_impossible_hand_is_told_once_per_hand_and_a_bad_message_each_time() -> None:
    remote, said = Remote(hand_no=5), Announcements()
    reports = HostReports(remote, said)
    remote.errors += [Message(error(HOST_MISBEHAVING, "chips from nowhere", 6))] * 3
    remote.errors.append(Message(error(HOST_MISBEHAVING, "a card", None)))  # no id: now
    remote.errors += [Message(error(BAD_HOST_MESSAGE, "x"))] * 2
    reports.take()
    assert said.keys() == ["lan.host_misbehaving", "lan.host_misbehaving",
                           "lan.bad_host_message", "lan.bad_host_message"]
    assert reports.misbehaving_hand == 5


def test_the_line_under_the_table_info_says_the_latest_report() -> None:
    remote = Remote(hand_no=1)
    reports = HostReports(remote, Announcements())
    assert reports.line(3) is None  # nothing reported yet
    expected = [(DealCheck(1, True, ""), CheckLine("ok", "1")),
                (DealCheck(2, None, "a fold"), CheckLine("hidden", "2")),
                (DealCheck(3, False, "the deck does not match"), CheckLine("failed", "3")),
                (DealCheck(4, False, "a bad shuffle", stopped_by=1),
                 CheckLine("stopped", "4", 1)),
                (DealCheck(5, False, "a bad shuffle", stopped_by=3), CheckLine("stopped", "5"))]
    for check, line in expected:  # seat 3 of three is none: the host's own dealer
        remote.checks.append(Message(check))
        reports.take()
        assert reports.line(3) == line
    # An impossible hand 6 is the line until that hand's own check arrives.
    remote.errors.append(Message(error(HOST_MISBEHAVING, "chips from nowhere", 6)))
    reports.take()
    assert reports.line(3) == CheckLine("misbehaving", "6")
    remote.checks.append(Message(DealCheck(6, True, "")))
    reports.take()
    assert reports.line(3) == CheckLine("ok", "6")
