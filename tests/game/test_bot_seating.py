"""A bot table that stays alive (lieng.game.bot_seating; issue 22): broke bots leave and
newcomers sit down, each seat at its chosen level or a random one."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lieng.bots import PERSONALITIES, make_bot
from lieng.engine import HandStarted
from lieng.game import STARTING_BETS, build_table
from lieng.game.bot_seating import NEWCOMER_NAMES, RANDOM, BotSeating
from lieng.game.session import TableSession
from lieng.levels import BOT_LEVELS
from lieng.table import Table, Timing


def _six(choices: dict[int, str], seed: int = 3) -> tuple[Table, BotSeating]:
    seating = BotSeating(choices, random.Random(seed))
    table = build_table(seating.config(10, "Bạn", seed=seed), timing=Timing(scale=0.0))
    return table, seating


def test_each_seat_sits_down_at_its_own_level() -> None:
    table, _ = _six({1: "easy", 2: "normal", 3: "hard", 4: "expert", 5: "easy"})
    assert [s.spec.level for s in table.seats[1:]] == ["easy", "normal", "hard", "expert", "easy"]
    assert [s.kind for s in table.seats] == ["human"] + ["bot"] * 5
    assert all(s.stack == STARTING_BETS * 10 for s in table.seats)
    # The plates' level tags come from the bots the seats made: a mixed table really is.
    assert [getattr(s.player, "level", None) for s in table.seats[1:]] == \
        ["easy", "normal", "hard", "expert", "easy"]


def test_a_random_seat_draws_every_level_over_many_newcomers() -> None:
    table, seating = _six({1: RANDOM, 2: "hard"})
    seen: Counter[str] = Counter()
    for _ in range(60):
        table.seats[1].stack = 0
        table.seats[2].stack = 0
        came = seating.refill(table)
        assert [a.seat for a in came] == [1, 2]
        seen[table.seats[1].spec.level or ""] += 1
        assert table.seats[2].spec.level == "hard"  # a chosen level stays chosen
    assert set(seen) == set(BOT_LEVELS)


def test_a_broke_bot_leaves_and_a_new_name_and_personality_sit_down() -> None:
    table, seating = _six({i: "normal" for i in range(1, 6)})
    for _ in range(40):
        before = [(s.name, s.spec.personality) for s in table.seats]
        table.seats[3].stack = 5  # cannot pay the ante of 10 (RULES.md step 2)
        came = seating.refill(table)
        assert len(came) == 1 and came[0].seat == 3 and came[0].gone == before[3][0]
        new = table.seats[3]
        assert new.name not in {name for name, _ in before}
        assert new.name in NEWCOMER_NAMES
        assert new.spec.personality in PERSONALITIES
        assert new.spec.personality != before[3][1]
        assert new.stack == 1000 and new.net == 0 and new.buy_ins == 1
        assert getattr(new.player, "personality", None) == new.spec.personality
        # Nobody else moved.
        assert [(s.name, s.spec.personality) for i, s in enumerate(table.seats) if i != 3] \
            == [b for i, b in enumerate(before) if i != 3]


def test_nobody_changes_seats_mid_hand_and_bad_choices_are_refused() -> None:
    table, seating = _six({1: "easy"})
    table.start_hand(0.0)
    with pytest.raises(RuntimeError, match="between hands"):
        seating.refill(table)
    with pytest.raises(ValueError, match="unknown level choice 'wizard'"):
        BotSeating({1: "wizard"})


def test_a_six_seat_table_stays_six_over_many_hands() -> None:
    """Real hands, bots in every seat (the player's too): whoever goes broke is replaced,
    so every hand deals six in; chips only ever come in as newcomers' stacks."""
    table, seating = _six({1: "easy", 2: RANDOM, 3: "normal", 4: RANDOM, 5: "hard"}, seed=8)
    table.set_player(0, make_bot("easy", random.Random(1)))
    table.seats[0].stack = 10**7  # the player never goes broke here
    dealt_in: list[int] = []
    for hand_no in range(150):
        seating.refill(table)
        assert all(table.can_play(i) for i in range(6))
        start = sum(table.stacks)
        events = table.start_hand(float(hand_no))
        started = next(e for e in events if isinstance(e, HandStarted))
        dealt_in.append(sum(started.dealt_in))
        while table.in_hand:
            assert table.tick(float(hand_no)), "a bot whose pause is over must act"
        assert sum(table.stacks) == start
    assert seating.arrivals, "150 hands with 1.000-chip bots: somebody went broke"
    assert len(table.seats) == 6 and set(dealt_in) == {6}


def test_the_session_seats_the_newcomers_before_the_next_deal() -> None:
    """The bot table's newcomers are the session's to seat (issue 21: the game out of the
    screens): ``next_hand`` refills the broke bots' seats, tells whoever is welcoming
    them, and only then deals — so a screen has the new name on the plate before the
    hand's first event reaches its board."""
    table, seating = _six({i: "normal" for i in range(1, 6)})
    session = TableSession(table)
    session.seating = seating
    heard: list[str] = []
    session.welcomed_by(lambda came: heard.extend(f"came {a.seat}" for a in came))
    session.subscribe(lambda events: heard.extend(
        "dealt" for e in events if isinstance(e, HandStarted)))
    gone = table.seats[4].name
    table.seats[4].stack = 5  # cannot pay the ante of 10 (RULES.md step 2)
    assert session.next_hand() is None
    assert heard == ["came 4", "dealt"]
    assert table.seats[4].name != gone and seating.arrivals[-1].gone == gone
    assert table.hand is not None and table.hand.dealt_in[4]  # the newcomer plays it
    # Without seating (the hot-seat and LAN tables) nobody comes: the flow decides.
    lone, _ = _six({1: "normal"})
    quiet = TableSession(lone)
    quiet.welcomed_by(lambda came: heard.append("never"))
    lone.seats[1].stack = 5
    quiet.next_hand()
    assert "never" not in heard and lone.seats[1].stack == 5
