"""What a table tells its player in words (lieng.game.announcements), on the session
without a window: the screen draws each new announcement once, as a toast."""

from __future__ import annotations

from lieng.game import TableConfig, build_table
from lieng.game.announcements import KEPT, Announcements
from lieng.game.session import TableSession
from lieng.table import Table, Timing


def _session(spectator: bool = False) -> TableSession[Table]:
    config = TableConfig.for_bots(2, "easy", 10, "Bạn", turn_seconds=20, seed=3)
    return TableSession(build_table(config, timing=Timing(scale=0.0)), spectator=spectator)


def _time_out_me(session: TableSession[Table]) -> None:
    assert session.next_hand() is None
    for _ in range(200):
        if session.my_turn():
            break
        session.tick()
    assert session.my_turn()
    session.advance(21)  # past the 20-second turn (docs/RULES.md step 6)
    session.tick()
    assert not session.my_turn()


def test_my_timed_out_turn_is_told_once() -> None:
    session = _session()
    _time_out_me(session)
    assert session.said.keys() == ["msg.timeout"]
    assert "msg.timeout" in session.said and "msg.rebought" not in session.said


def test_a_spectator_board_is_not_told_that_me_timed_out() -> None:
    """The hot-seat's board is the spectator's: its screen says whose turn it was."""
    session = _session(spectator=True)
    _time_out_me(session)
    assert len(session.said) == 0


def test_only_the_latest_are_kept_and_each_is_taken_once() -> None:
    said = Announcements()
    for i in range(KEPT + 5):
        said.say("msg.rebought", amount=str(i))
    assert len(said) == KEPT and said.count == KEPT + 5
    new = said.since(KEPT + 3)
    assert [a.args["amount"] for a in new] == [str(KEPT + 3), str(KEPT + 4)]
    assert said.since(said.count) == []
    assert next(iter(said)).n == 5  # the five oldest went
