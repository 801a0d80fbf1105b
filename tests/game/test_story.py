"""The story of the hands (``lieng.game.story``), told from events without pygame: the
log's lines as facts, each numbered by the event it tells, and each hand's result — the
hands shown, the pots with the reason for a split, every seat's net."""

from __future__ import annotations

import subprocess
import sys

from lieng.engine import PRESETS, Action, Card, Hand, HandEnded, HandStarted, RuleSet
from lieng.game.session import TableSession
from lieng.game.story import ONLY_POT, ResultLine, Story, result_lines
from lieng.table import PlayerSpec, Table

SHOWDOWN_DECK = "AS 2C AH 5C AD 9C"
"""Seat 0 is dealt A♠ A♥ A♦ (Sáp A), seat 1 2♣ 5♣ 9♣ (6 points)."""


def _played(actions: list[tuple[int, Action]], stacks: tuple[int, ...] = (1000, 1000),
            deck: str = SHOWDOWN_DECK) -> Hand:
    hand = Hand(PRESETS["classic"], list(stacks), 0, deck=Card.parse_many(deck))
    for seat, action in actions:
        assert hand.to_act == seat
        hand.act(seat, action)
    assert hand.is_over
    return hand


def test_a_showdown_hand_is_told_as_facts_numbered_by_event() -> None:
    hand = _played([(0, Action.call()), (1, Action.raise_(5)), (0, Action.call())])
    story = Story(lambda: 7)
    story.feed(hand.events)
    kinds = [line.kind for line in story.lines]
    assert kinds[0] == "hand" and story.lines[0].n == 7
    assert kinds.count("ante") == 1 and story.lines[1].n == 2  # both antes, one line
    assert [(line.key, line.seats, line.amounts, line.n) for line in story.lines
            if line.kind == "action"] == [("log.check", (0,), (), 0),
                                          ("log.raise", (1,), (50,), 5),
                                          ("log.call", (0,), (50,), 0)]
    shows = [line for line in story.lines if line.kind == "show"]
    assert [line.seats for line in shows] == [(0,), (1,)]
    assert shows[0].value is not None and shows[0].value.category.name == "SAP"
    pots = [line for line in story.lines if line.kind == "pot"]
    assert [(p.key, p.seats, p.amounts, p.n) for p in pots] == [
        ("log.won", (0,), (120,), ONLY_POT)]
    # Each line keeps the number of the event it tells, in order.
    numbers = [line.event for line in story.lines]
    assert numbers == sorted(numbers) and numbers[-1] < len(hand.events)
    assert isinstance(hand.events[story.lines[0].event], HandStarted)
    assert story.events == len(hand.events)


def test_the_lines_shown_follow_the_events_a_board_has_shown() -> None:
    hand = _played([(0, Action.raise_(2)), (1, Action.fold())])
    story = Story()
    story.feed(hand.events)
    assert story.lines_shown(0) == []
    assert [line.kind for line in story.lines_shown(1)] == ["hand"]
    assert story.lines_shown(len(hand.events)) == story.lines
    for shown in range(len(hand.events) + 1):
        assert all(line.event < shown for line in story.lines_shown(shown))


def test_the_result_waits_for_the_hands_end_to_be_shown() -> None:
    hand = _played([(0, Action.call()), (1, Action.raise_(5)), (0, Action.call())])
    story = Story(lambda: 3)
    story.feed(hand.events)
    end = len(hand.events) - 1
    assert isinstance(hand.events[end], HandEnded)
    assert story.result_shown(end) is None  # the board is not there yet
    result = story.result_shown(end + 1)
    assert result is not None and result.hand_no == 3 and result.event == end
    assert result.net == (60, -60) and result.net_of(0) == 60 and result.net_of(1) == -60
    assert [line.kind for line in result.lines] == ["show", "show", "pot"]
    assert result.winners_first() == [(0, 60), (1, -60)]
    # The next hand has started: the last one's result is no longer the table's.
    story.add(HandStarted(RuleSet(table_bet=10), (1060, 940), 1, (True, True)))
    assert story.result_shown(story.events) is None


def test_a_split_pot_keeps_its_reason_and_a_sitting_out_seat_has_no_result() -> None:
    # Lan 2♣ 2♥ 5♠ and Minh 4♣ 5♦ K♦ both 9 points (classic: a tie), Hùng 1 point.
    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0,
                deck=Card.parse_many("2C 4C 2D 2H 5D 3S 5S KD 6H"))
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, Action.call())
    story = Story()
    story.feed(hand.events)
    result = story.result
    assert result is not None
    split = [line for line in result.lines if line.kind == "pot"]
    assert [(p.key, p.seats, p.amounts) for p in split] == [("log.split", (0, 1), (30, 15, 15))]
    reason = split[0].value  # why they share it: the hand both showed
    assert reason is not None and reason.name("vi") == "9 điểm"
    # Three seats, one sitting out (its stack below the table bet): no result of its own.
    rules = PRESETS["classic"]
    short = Hand(rules, [1000, 1000, rules.table_bet - 1], 0, deck=Card.parse_many(SHOWDOWN_DECK))
    short.act(0, Action.raise_(2))
    short.act(1, Action.fold())
    told = Story()
    told.feed(short.events)
    assert told.result is not None and told.result.net_of(2) is None
    assert told.result.uncontested and told.result.lines[-1].key == "log.uncontested"


def test_no_dealt_card_reaches_the_story_even_from_the_engines_own_log() -> None:
    hand = _played([(0, Action.raise_(2)), (1, Action.fold())])
    story = Story()
    story.feed(hand.events)  # every card in it
    assert all(line.cards == () and line.value is None for line in story.lines)


def test_a_side_pot_names_the_main_pot_and_a_returned_layer_is_told() -> None:
    hand = Hand(PRESETS["classic"], [300, 60, 200], 0,
                deck=Card.parse_many("2C AS 3D 4C AH 5D 7C AD 9D"))
    hand.act(0, Action.raise_(10))
    hand.act(1, Action.all_in())
    hand.act(2, Action.fold())
    assert hand.is_over
    story = Story()
    story.feed(hand.events)
    pots = [(line.key, line.seats, line.n) for line in story.lines if line.kind == "pot"]
    assert ("log.won", (1,), ONLY_POT) in pots and ("log.returned", (0,), 1) in pots
    calls = [line.key for line in story.lines if line.kind == "action"]
    assert "log.call_all_in" in calls  # all in without lifting the bet is a call


def test_clearing_starts_the_numbering_again() -> None:
    hand = _played([(0, Action.raise_(2)), (1, Action.fold())])
    story = Story()
    story.feed(hand.events)
    story.clear()
    assert story.lines == [] and story.result is None and story.events == 0
    story.feed(hand.events[:1])
    assert story.lines[0].event == 0


def test_the_session_tells_its_tables_story() -> None:
    table = Table(RuleSet(table_bet=10), [PlayerSpec("Bạn"), PlayerSpec("Minh")], seed=2)
    session = TableSession(table)
    assert session.next_hand() is None
    while table.hand is not None and not table.hand.is_over:
        seat = table.hand.to_act
        assert seat is not None
        table.act(seat, Action.fold(), session.clock)
    story = session.story
    assert story.lines[0].kind == "hand" and story.lines[0].n == 1
    assert story.result is not None and story.result.hand_no == 1
    assert table.hand is not None and story.events == len(table.hand.events)


def test_the_story_needs_no_pygame() -> None:
    code = ("import sys, lieng.game.story, lieng.game.session; "
            "assert not [m for m in sys.modules if m.startswith(('pygame', 'lieng.ui'))]")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_result_panel_s_lines_are_the_player_s_or_at_a_shared_table_everyone_s() -> None:
    # Three seats: seat 0 wins 60 at the showdown, seat 1 loses it, seat 2 sits out.
    rules = PRESETS["classic"]
    hand = Hand(rules, [1000, 1000, rules.table_bet - 1], 0,
                deck=Card.parse_many(SHOWDOWN_DECK))
    for seat, action in [(0, Action.call()), (1, Action.raise_(5)), (0, Action.call())]:
        hand.act(seat, action)
    assert hand.is_over
    story = Story()
    story.feed(hand.events)
    result = story.result
    assert result is not None
    won, lost = ResultLine(0, 60), ResultLine(1, -60)
    assert result_lines(result, 0) == [won] and won.good
    assert result_lines(result, 1) == [lost] and not lost.good
    assert result_lines(result, 2) == []     # sat it out: no result of their own
    assert result_lines(result, None) == []  # nobody is me (a hot-seat hand replayed)
    assert result_lines(None, 0) == []       # the hand's end is not shown yet
    # A shared table has no "you": every seat that moved chips, by name, winners first.
    assert result_lines(result, 1, everyone=True) == [
        ResultLine(0, 60, named=True), ResultLine(1, -60, named=True)]
    # The player left mid-hand (a replay of it): the chips taken away are the line.
    left = result_lines(None, 0, left=340)
    assert left == [ResultLine(0, 340, "left")] and not left[0].good


def test_the_session_shows_the_result_once_the_board_shows_the_hand_s_end() -> None:
    board = [0]  # what the board has shown: moved by hand here
    for spectator in (False, True):
        board[0] = 0
        table = Table(PRESETS["classic"], [PlayerSpec("An", "human", stack=1000),
                                           PlayerSpec("Bảo", "human", stack=1000)], seed=3)
        session = TableSession(table, spectator=spectator)
        session.drawn_by(lambda: board[0])
        session.next_hand()
        table.act(0, Action.fold(), 0.0)
        assert session.result_lines() == []  # the board has shown nothing yet
        board[0] = session.events
        lines = session.result_lines()
        assert [(line.seat, line.named) for line in lines] == (
            [(1, True), (0, True)] if spectator else [(0, False)])
        assert lines[-1].amount < 0
