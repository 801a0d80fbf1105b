"""The bot table's and the hot-seat's flow on the session, without a window
(lieng.game.session; docs/RULES.md steps 2, 6 and 8).

These are the table screens' rules of play — whose turn, what may be done, the turn
timer, a rebuy from the bankroll, the end of the table — checked in milliseconds; the
screens' tests keep driving the real window for what is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from lieng.engine import (
    Action,
    ActionKind,
    ActionTaken,
    AntePosted,
    CardDealt,
    Event,
    HandEnded,
    Showdown,
)
from lieng.game import AskRebuy, BetweenHands, GameOver, TableConfig, build_table
from lieng.game.bot_seating import seating_for
from lieng.game.profile import Profile
from lieng.game.session import RebuyOffer, TableHeader, TableSession, bot_session
from lieng.table import PlayerSpec, Table, Timing


def _bots(n: int = 2, stack: int | None = None, seed: int = 3, turn_seconds: int = 20) -> Table:
    config = TableConfig.for_bots(n, "easy", 10, "Bạn", turn_seconds=turn_seconds,
                                  player_stack=stack, seed=seed)
    return build_table(config, timing=Timing(scale=0.0))  # bots answer at once


class Bank:
    """A bankroll that holds ``balance`` chips (``ChipSource``)."""

    def __init__(self, balance: int) -> None:
        self.balance = balance

    def max_buy_in(self) -> int:
        return self.balance

    def rebuy(self, wanted: int) -> int:
        got = min(wanted, self.balance)
        self.balance -= got
        return got


def _play_to_my_turn(session: TableSession[Table]) -> None:
    """Tick at the session's clock until the hand waits for me (or is over)."""
    for _ in range(200):
        hand = session.table.hand
        if hand is None or hand.is_over or session.my_turn():
            return
        session.tick()
    raise AssertionError("the bots never handed the turn on")


def test_only_me_may_act_and_only_on_my_turn() -> None:
    table = _bots()
    session = TableSession(table)
    assert session.next_hand() is None and table.hand_no == 1
    hand = table.hand
    assert hand is not None
    if hand.to_act != 0:
        assert session.legal() is None
        assert not session.act(Action.call())  # not my turn: nothing reaches the table
        assert list(hand.actions) == []
        _play_to_my_turn(session)
    if hand.is_over:
        pytest.skip("the bots folded before my turn at this seed")
    assert session.my_turn()
    legal = session.legal()
    assert legal is not None and legal == hand.legal()
    assert legal.raise_k
    too_much = Action.raise_(legal.raise_k.stop)
    before = len(hand.actions)
    assert not session.act(too_much)  # the session's one check: not allowed, not sent
    assert len(hand.actions) == before and session.my_turn()
    assert session.act(Action.fold())
    assert hand.actions[-1] == (0, Action.fold())
    assert not session.act(Action.fold())


def test_listeners_get_my_view_only_and_the_hot_seat_the_spectator_s() -> None:
    for spectator in (False, True):
        table = _bots(3, seed=5)
        session = TableSession(table, spectator=spectator)
        seen: list[Event] = []

        def got(events: Sequence[Event], seen: list[Event] = seen) -> None:
            seen.extend(events)

        session.subscribe(got)
        session.next_hand()
        for _ in range(50):
            _play_to_my_turn(session)
            if session.my_turn():
                session.act(Action.call())
            hand = table.hand
            if hand is None or hand.is_over:
                break
        dealt = [e for e in seen if isinstance(e, CardDealt)]
        assert len(dealt) == 3 * table.n_seats
        for e in dealt:
            # Nobody else's card, ever; my own only when the session shows me.
            assert (e.card is not None) == (e.seat == 0 and not spectator)
        assert any(isinstance(e, HandEnded) for e in seen)
        shown = [e for e in seen if isinstance(e, Showdown)]
        if shown:  # the showdown shows the hands still in (RULES.md step 8), to everyone
            assert all(h.cards for h in shown[0].hands)


def test_my_turn_times_out_on_the_session_s_clock() -> None:
    table = _bots(seed=11)
    session = TableSession(table)
    session.next_hand()
    _play_to_my_turn(session)
    hand = table.hand
    assert hand is not None
    if hand.is_over:
        pytest.skip("the bots folded before my turn at this seed")
    assert session.remaining() == pytest.approx(20.0)
    session.advance(19.5)
    session.tick()
    assert session.my_turn() and session.remaining() == pytest.approx(0.5)
    session.advance(0.5)
    session.tick()
    me_acted = [a for s, a in hand.actions if s == 0]
    assert me_acted[-1].kind is ActionKind.TIMEOUT  # RULES.md step 6
    assert not session.my_turn()


def test_a_broke_player_rebuys_from_the_bankroll_and_it_runs_dry() -> None:
    table = _bots(2, stack=500)
    session = TableSession(table, rebuy=500)
    bank = Bank(700)
    session.bank = bank
    table.seats[0].stack = 5  # cannot pay the ante (RULES.md step 2)
    asked = session.next_hand()
    assert isinstance(asked, AskRebuy) and asked == AskRebuy(0, 500)
    offer = session.rebuy_offer(asked)  # what the dialog says: 500 of the bank's 700
    assert (offer.amount, offer.bank, offer.after) == (500, 700, 200)
    assert session.rebuy() == 500 and bank.balance == 200
    assert table.seats[0].stack == 505
    table.seats[0].stack = 0  # broke again before the deal
    assert session.next_hand() == AskRebuy(0, 200)  # what the bank still has
    assert session.rebuy() == 200 and bank.balance == 0
    assert session.next_hand() is None and table.hand is not None  # dealt
    table.seats[0].stack = 0
    assert session.next_hand() == GameOver("bank_empty", 0)
    free = TableSession(_bots(2, stack=500))  # not for real: the buy-in again
    assert free.rebuy_offer(AskRebuy(0, 500)) == RebuyOffer(500, None)


def test_beating_every_bot_wins_the_table() -> None:
    table = _bots(2)
    session = TableSession(table)
    table.seats[1].stack = table.seats[2].stack = 0
    assert session.next_hand() == GameOver("table_won", 0)
    assert table.hand is None and table.hand_no == 0


def test_the_hot_seat_passes_its_own_flow_and_moves_me() -> None:
    players = (PlayerSpec("Lan"), PlayerSpec("Minh"), PlayerSpec("Máy", "bot", level="easy"))
    table = build_table(TableConfig(players, table_bet=10, seed=2), timing=Timing(scale=0.0))
    flow = BetweenHands(table, lambda seat: "leave", needs_people=True)
    session = TableSession(table, me=0, flow=flow, spectator=True)
    table.seats[0].stack = 0
    assert session.next_hand() is None  # Lan left; Minh and the bot play on
    assert table.seats[0].left and flow.changes[-1].kind == "leave"
    hand = table.hand
    assert hand is not None
    session.me = 1  # the hand-off: Minh has the screen
    _play_to_my_turn(session)
    if not hand.is_over:
        assert session.act(Action.fold())
        assert any(isinstance(e, ActionTaken) and e.seat == 1 for e in hand.events)


def test_the_turn_warning_comes_once_a_turn_in_its_last_seconds() -> None:
    """The screen's timer sound (``turn_warning``): only on my turn, only once the timer
    shows ``TIMER_WARNING`` seconds or fewer, and once per turn."""
    from lieng.game.session import TIMER_WARNING

    session = TableSession(_bots(turn_seconds=20))
    assert session.next_hand() is None
    _play_to_my_turn(session)
    assert session.my_turn(), "the bots folded before my turn at this seed"
    remaining = session.remaining()
    assert remaining is not None and remaining > TIMER_WARNING
    assert not session.turn_warning()
    session.advance(remaining - TIMER_WARNING - 0.5)
    assert not session.turn_warning()  # 5.5 s left
    session.advance(1.0)
    assert session.turn_warning()  # 4.5 s left: the warning
    session.advance(1.0)
    assert not session.turn_warning()  # once a turn
    session.act(Action.call())
    assert not session.my_turn() and not session.turn_warning()  # not my turn


def test_a_closed_table_has_no_turn_for_me() -> None:
    """When a LAN host leaves during my turn the last view still names me to act, but
    nobody will take an action or time the turn out: the session says there is no turn
    and no clock (a playtest saw "Đến lượt bạn · 3 giây" count down under "Bàn đã
    đóng"). A local table stands in for the LAN one: ``closed`` is all the session reads."""
    table = _bots(seed=11)
    session = TableSession(table)
    session.next_hand()
    _play_to_my_turn(session)
    hand = table.hand
    assert hand is not None and not hand.is_over, "the bots folded before my turn"
    assert session.my_turn() and session.shown_legal() is not None
    assert session.remaining() == pytest.approx(20.0)
    table.closed = ("host_left", "")
    assert hand.to_act == 0  # the view still says so
    assert not session.my_turn() and session.legal() is None and session.shown_legal() is None
    assert session.remaining() is None and session.closed
    session.advance(19.0)
    assert not session.turn_warning()
    before = len(hand.actions)
    assert not session.act(Action.call()) and not session.act(Action.fold())
    assert len(hand.actions) == before


def test_the_pot_the_quick_bets_size_against_is_every_chip_in_the_hand() -> None:
    """``TableSession.pot``: antes and every action's chips (the quick bets' ½ pot and pot
    read it, docs/UI.md), 0 before the first hand and once the hand is paid."""
    table = _bots(3)
    session = TableSession(table)
    assert session.pot() == 0
    assert session.next_hand() is None
    hand = table.hand
    assert hand is not None
    antes = [e.amount for e in hand.events if isinstance(e, AntePosted)]
    assert len(antes) == 4 and session.pot() == sum(antes) == 4 * table.rules.table_bet
    _play_to_my_turn(session)
    if hand.is_over:
        pytest.skip("the bots folded before my turn at this seed")
    put_in = sum(e.amount for e in hand.events if isinstance(e, AntePosted | ActionTaken))
    assert session.pot() == put_in
    assert session.act(Action.fold())
    while not hand.is_over:
        session.tick()
    assert session.pot() == 0


def test_the_top_line_is_the_session_s_and_numbers_no_hand_before_the_first_deal() -> None:
    """``TableSession.header``: what the top line says — the hand's number, whether one is
    on (the leave dialog's "a hand is on" too: ``in_hand``), the table bet, the rounds
    and the tie-break preset (docs/RULES.md steps 7, 8). Before any deal there is no
    hand to number: a LAN table waiting for its first hand read "Ván 0"."""
    table = _bots(3)
    session = TableSession(table)
    rules = table.rules
    assert session.header() == TableHeader(None, False, rules.table_bet, rules.max_rounds,
                                           rules.tiebreak)
    assert not session.in_hand and not session.closed
    assert session.next_hand() is None
    assert session.header() == TableHeader(1, True, rules.table_bet, rules.max_rounds,
                                           rules.tiebreak)
    assert session.in_hand
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        if session.my_turn():
            assert session.act(Action.fold())
        session.tick()
    assert session.header().hand_no == 1 and not session.header().in_hand
    assert not session.in_hand


def test_the_bots_think_at_the_pace_the_session_is_given() -> None:
    # The window's speed setting reaches the table through the session (paced_by), read
    # at each deal and tick: at 0 the bots answer at once, on the clock's first
    # tick, and a change holds from the next bot turn on.
    config = TableConfig.for_bots(3, "easy", 10, "Bạn", seed=5)
    table = build_table(config, timing=Timing(think_min=1.0, think_max=1.0))
    session = TableSession(table)
    speed = [0.0]
    session.paced_by(lambda: speed[0])
    assert session.next_hand() is None
    hand = table.hand
    assert hand is not None and session.my_turn()  # the first hand's first turn is mine
    assert session.act(Action.call())
    session.tick()  # the clock stands still at 0: a bot answers only if it thinks 0 s
    assert len(hand.actions) == 2
    speed[0] = 4.0
    session.tick()
    assert table.timing.scale == 4.0  # the next bot turn thinks 4 s


def test_a_game_against_bots_for_real_takes_its_buy_in_from_the_bankroll(
        tmp_path: Path) -> None:
    # The new-game dialog's session, assembled by the game (bot_session): newcomers seated
    # by ``seating``, and the buy-in from the bankroll, which records and pays rebuys.
    profile = Profile.open(tmp_path)
    bank = profile.max_buy_in()
    table = build_table(TableConfig.for_bots(2, "easy", 10, "Bạn", player_stack=200, seed=3))
    seating = seating_for(["easy", "hard"], seed=3)
    session = bot_session(table, seating, profile, 200)
    assert session.seating is seating and session.bank is profile
    assert session.rebuy_amount == 200 and profile.max_buy_in() == bank - 200
    assert session.recorder is not None and session.recorder is profile.recorder
    assert profile.stand_up() == 200 and profile.max_buy_in() == bank
    free = bot_session(build_table(TableConfig.for_bots(1, "easy", 10, "Bạn", seed=1)))
    assert free.bank is None and free.recorder is None and free.seating is None
