"""Bot levels in the roster (the ``table`` message, docs/PROTOCOL.md section 4): before,
the roster had no levels and a LAN plate said "Máy" where a bot table's says "Máy · Khó".
A level from the wire is checked at the boundary like every other roster field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from lieng.net import LanClient, LanHost
from lieng.net.messages import Roster, decode_host
from lieng.net.protocol import BAD_HOST_MESSAGE, ProtocolError, encode
from lieng.net.remote_table import RemoteTable

from .test_remote_table import _fake_host

ROSTER: dict[str, Any] = {
    "t": "table", "names": ["Ana", "Bảo", "Cô Sáu"], "kinds": ["human", "human", "bot"],
    "connected": [True, True, False], "stacks": [1000, 990, 1010], "buy_ins": [1, 1, 1],
    "hand": 3, "started": True, "host_seat": None}


def _read(data: dict[str, Any]) -> Roster:
    msg = decode_host(encode(data)[4:])
    assert isinstance(msg, Roster)
    return msg


def test_the_host_names_each_bot_seats_level(make_host: Callable[..., LanHost],
                                             make_client: Callable[..., LanClient]) -> None:
    host = make_host(seats=3, bots=1, bot_level="hard", start_when=99)
    ana = make_client(host, "Ana")
    assert ana.wait_until(lambda: ana.roster is not None, 10)
    assert ana.roster is not None and not ana.roster.started
    assert (ana.roster.kinds, ana.roster.levels) == (("human", "open", "bot"),
                                                     (None, None, "hard"))
    make_client(host, "Bảo")  # every person's seat is taken: the game starts
    assert ana.wait_until(lambda: ana.roster is not None and ana.roster.started, 10)
    assert ana.roster.levels == (None, None, "hard")
    table = RemoteTable(ana)
    assert [(s.kind, s.spec.level) for s in table.seats] == [
        ("remote", None), ("remote", None), ("bot", "hard")]
    assert host.errors == []


def test_levels_round_trip_and_a_roster_without_them_reads_as_none() -> None:
    roster = _read({**ROSTER, "levels": [None, None, "expert"]})
    assert roster.levels == (None, None, "expert")
    assert _read(roster.to_dict()) == roster
    older = _read(ROSTER)  # an older host's roster: no levels, the plates say "Máy"
    assert older.levels is None and "levels" not in older.to_dict()
    assert _read({**ROSTER, "levels": None}).levels is None


@pytest.mark.parametrize("levels", [
    "hard", [None, None], [None, None, "hard", None], [None, None, "godlike"],
    [None, None, "Hard"], [None, None, 3], [None, None, True], [None, None, ["hard"]],
    [None, None, "hard" * 5_000], ["easy", None, "hard"]])
def test_a_garbage_level_makes_the_roster_malformed(levels: object) -> None:
    with pytest.raises(ProtocolError) as exc:
        _read({**ROSTER, "levels": levels})
    assert "'levels'" in exc.value.message and len(exc.value.message) < 120


def test_a_roster_with_a_garbage_level_is_reported_and_the_seats_stay_as_they_were() -> None:
    """The client refuses the bad roster with a reason (a bad host message, which the
    table screen shows as a toast) and keeps drawing the last good one."""
    good = {**ROSTER, "names": ["Ana", "Cô Sáu"], "kinds": ["human", "bot"],
            "connected": [True, False], "stacks": [990, 1010], "buy_ins": [1, 1],
            "levels": [None, "normal"]}
    bad = {**good, "names": ["Ana", "Ông Trùm"], "levels": [None, "cheater"]}
    port, done, connected = _fake_host([good, bad, {"t": "closed", "reason": "finished",
                                                     "message": "bye"}])
    client = LanClient("127.0.0.1", port, name="A").connect()
    connected.set()
    try:
        table = RemoteTable(client)
        # "closed" comes last: once it is in, the two rosters before it have been read.
        assert client.wait_until(lambda: client.closed is not None, 5)
        table.tick(0.0)
        errors = [m.data["message"] for m in table.errors]
        assert [m.data["code"] for m in table.errors] == [BAD_HOST_MESSAGE], errors
        assert "'levels'" in errors[0]
        assert [(s.name, s.spec.level) for s in table.seats] == [("Ana", None),
                                                                 ("Cô Sáu", "normal")]
    finally:
        done.set()
        client.close()
