"""Fixed-deck scenarios from RULES.md, one per rule that is easy to get wrong."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lieng.engine import (
    PRESETS,
    Action,
    ActionTaken,
    Card,
    CardDealt,
    Hand,
    HandOverError,
    IllegalActionError,
    NotEnoughPlayersError,
    NotYourTurnError,
    PotAwarded,
    RoundStarted,
    RuleSet,
    Showdown,
)

from .helpers import deck_for

B10 = replace(PRESETS["classic"], table_bet=10)


def _worked(hands: list[str], rules: RuleSet = B10) -> Hand:
    """RULES.md "A worked side pot": 50/200/200, seat 0 all-in, 1 calls, 2 raises 6·B, 1 calls."""
    h = Hand(rules, [50, 200, 200], first=0, deck=deck_for(hands))
    h.act(0, Action.all_in())
    assert h.legal().call == 40
    h.act(1, Action.call())
    h.act(2, Action.raise_(6))
    assert h.legal().call == 60
    h.act(1, Action.call())
    assert h.is_over
    assert h.contributed == (50, 110, 110)
    return h


def _pots(h: Hand) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    return [(e.amount, e.eligible, e.winners) for e in h.events if isinstance(e, PotAwarded)]


def test_worked_side_pot_seat0_best() -> None:
    h = _worked(["AH AS AD", "9C 9D 2S", "5C 5D 2H"])  # sáp A; 0 points; 2 points
    assert _pots(h) == [(150, (0, 1, 2), (0,)), (120, (1, 2), (2,))]
    assert h.stacks == (150, 90, 210)
    assert sum(h.stacks) == 450


def test_worked_side_pot_tied_side() -> None:
    # Seats 1 and 2 have equal points: classic splits the side pot 60/60.
    h = _worked(["AH AS AD", "9C 8D 2S", "9H 8S 2C"])
    assert _pots(h) == [(150, (0, 1, 2), (0,)), (120, (1, 2), (1, 2))]
    assert h.stacks == (150, 90 + 60, 90 + 60)


def test_worked_side_pot_seat1_takes_all() -> None:
    h = _worked(["2H 4S 7D", "KH KS KD", "5C 5D 3H"])
    assert h.stacks == (0, 90 + 270, 90)
    assert h.winners == (1,) and h.next_first == 1


def test_all_in_for_less_than_the_call() -> None:
    h = Hand(B10, [300, 60, 300], first=0, deck=deck_for(["2H 3S 5D", "AH AS AD", "KH KS KD"]))
    h.act(0, Action.raise_(10))  # bet level 100
    legal = h.legal()
    assert (legal.call, legal.owed, legal.all_in) == (50, 100, 50)
    events = h.act(1, Action.call())
    taken = events[0]
    assert isinstance(taken, ActionTaken)
    assert taken.all_in and not taken.raised and taken.amount == 50
    h.act(2, Action.call())
    assert h.is_over
    assert _pots(h) == [(180, (0, 1, 2), (1,)), (100, (0, 2), (2,))]
    assert h.stacks == (190, 180, 290)


def test_three_all_ins_at_three_levels() -> None:
    hands = ["AH AS AD", "KH KS KD", "QH QS QD", "2C 4C 7D"]
    h = Hand(B10, [30, 60, 100, 200], first=0, deck=deck_for(hands))
    h.act(0, Action.all_in())
    h.act(1, Action.all_in())
    h.act(2, Action.all_in())
    h.act(3, Action.call())
    assert h.is_over
    assert _pots(h) == [(120, (0, 1, 2, 3), (0,)), (90, (1, 2, 3), (1,)), (80, (2, 3), (2,))]
    assert h.stacks == (120, 90, 80, 100)


@pytest.mark.parametrize("first,odd_to", [(0, 0), (2, 2), (1, 2)])
def test_split_pot_odd_chip_goes_in_turn_order_from_first(first: int, odd_to: int) -> None:
    rules = replace(PRESETS["split"], table_bet=5)
    hands = ["9C 8D 2S", "AH 2H 4H", "9H 8S 2C"]  # seats 0 and 2: 9 points each
    h = Hand(rules, [100, 100, 100], first=first, deck=deck_for(hands, first))
    order = [(first + i) % 3 for i in range(3)]
    for s in order:
        if s == 1:
            h.act(1, Action.fold())
        else:
            h.act(s, Action.call())
    assert h.is_over
    (pot,) = [e for e in h.events if isinstance(e, PotAwarded)]
    assert pot.amount == 15 and set(pot.winners) == {0, 2}
    other = 2 if odd_to == 0 else 0
    assert h.stacks[odd_to] == 100 - 5 + 8
    assert h.stacks[other] == 100 - 5 + 7


def test_fold_to_one_keeps_winners_cards_hidden() -> None:
    hands = ["2H 3S 5D", "AH AS AD", "KH KS KD"]
    h = Hand(B10, [100, 100, 100], first=0, deck=deck_for(hands))
    h.act(0, Action.raise_(3))
    h.act(1, Action.fold())
    h.act(2, Action.fold())
    assert h.is_over and h.uncontested and h.winners == (0,)
    assert not any(isinstance(e, Showdown) for e in h.events)
    winner_cards = set(h.cards_of(0))
    for seat in (1, 2, None):
        seen = {e.card for e in h.events_for(seat) if isinstance(e, CardDealt)}
        assert not seen & winner_cards
        view = h.view_for(seat)
        assert not view.shown
        assert not set(view.my_cards) & winner_cards
    # The folded hands are never revealed either, not even to the winner.
    for folded in (1, 2):
        seen = {e.card for e in h.events_for(0) if isinstance(e, CardDealt)}
        assert not seen & set(h.cards_of(folded))
    assert h.stacks == (120, 90, 90)


def test_no_raise_after_round_three() -> None:
    h = Hand(B10, [1000, 1000], first=0, deck=deck_for(["2H 3S 5D", "AH AS AD"]))
    for _ in range(3):  # rounds 1, 2, 3: both raise
        assert h.legal().raise_k
        h.act(0, Action.raise_(1))
        h.act(1, Action.raise_(1))
    assert h.round == 4
    legal = h.legal()
    assert legal.raise_k == range(0) and legal.all_in is None and legal.call == 10
    before = (h.stacks, len(h.events))
    with pytest.raises(IllegalActionError):
        h.act(0, Action.raise_(1))
    with pytest.raises(IllegalActionError):
        h.act(0, Action.all_in())
    assert (h.stacks, len(h.events)) == before
    h.act(0, Action.call())
    assert h.is_over
    rounds = [e.round for e in h.events if isinstance(e, RoundStarted)]
    assert rounds == [1, 2, 3, 4]


def test_timeout_folds_even_when_a_check_is_possible() -> None:
    h = Hand(B10, [100, 100], first=0, deck=deck_for(["AH AS AD", "2H 3S 5D"]))
    assert h.legal().call == 0
    h.act(0, Action.timeout())
    assert h.is_over and h.folded[0] and h.winners == (1,)
    assert h.stacks == (90, 110)


def test_short_stack_sits_out_and_first_moves_on() -> None:
    h = Hand(B10, [5, 100, 100], first=0, deck=deck_for([None, "AH AS AD", "2H 3S 5D"], 1))
    assert h.dealt_in == (False, True, True)
    assert h.first == 1 and h.to_act == 1
    assert h.cards_of(0) == ()
    assert h.contributed == (0, 10, 10)
    with pytest.raises(NotYourTurnError):
        h.act(0, Action.call())


def test_fewer_than_two_who_can_pay_means_no_hand() -> None:
    with pytest.raises(NotEnoughPlayersError):
        Hand(B10, [5, 100, 0])


def test_first_player_all_in_from_ante_is_still_the_reference() -> None:
    h = Hand(B10, [10, 100, 100], first=0, deck=deck_for(["AH AS AD", "2H 3S 5D", "2C 3C 6D"]))
    assert h.first == 0 and h.to_act == 1 and h.stacks[0] == 0
    h.act(1, Action.call())
    h.act(2, Action.raise_(1))  # the turn passes seat 0 on its way to seat 1: round 2
    assert h.to_act == 1 and h.round == 2
    h.act(1, Action.call())
    assert h.is_over and h.winners == (0,)
    assert h.stacks == (30, 80, 100)  # side pot 20 to seat 2 (1 point)


def test_betting_ends_at_once_when_nobody_can_bet() -> None:
    h = Hand(B10, [10, 100], first=0, deck=deck_for(["AH AS AD", "2H 3S 5D"]))
    assert h.is_over and h.to_act is None
    assert h.stacks == (20, 90)
    with pytest.raises(HandOverError):
        h.legal()


def test_no_raise_without_another_player_with_chips() -> None:
    h = Hand(B10, [60, 500], first=0, deck=deck_for(["AH AS AD", "2H 3S 5D"]))
    h.act(0, Action.all_in())
    legal = h.legal()
    assert legal.raise_k == range(0) and legal.all_in is None and legal.call == 50
    with pytest.raises(IllegalActionError):
        h.act(1, Action.raise_(1))
    h.act(1, Action.call())
    assert h.is_over


def test_all_in_that_lifts_the_bet_reopens_raising() -> None:
    h = Hand(B10, [200, 75, 200], first=0, deck=deck_for(["AH AS AD", "2H 3S 5D", "KC KD 2S"]))
    h.act(0, Action.raise_(2))  # level 20
    ev = h.act(1, Action.all_in())  # 65 > 20: counts as a raise
    taken = ev[0]
    assert isinstance(taken, ActionTaken) and taken.raised
    assert h.to_act == 2 and h.legal().raise_k
    h.act(2, Action.call())
    assert h.to_act == 0 and h.legal().call == 45 and h.legal().raise_k
    h.act(0, Action.raise_(1))
    h.act(2, Action.call())
    assert h.is_over


def test_raise_must_leave_chips() -> None:
    h = Hand(B10, [60, 500], first=0, deck=deck_for(["AH AS AD", "2H 3S 5D"]))
    legal = h.legal()
    assert legal.raise_k == range(1, 5)  # 50 behind: k·10 < 50
    with pytest.raises(IllegalActionError):
        h.act(0, Action.raise_(5))
    with pytest.raises(IllegalActionError):
        h.act(0, Action.raise_(0))
    h.act(0, Action.raise_(4))
    assert h.stacks[0] == 10


def test_illegal_action_changes_nothing() -> None:
    h = Hand(B10, [100, 100, 100], first=0, deck=deck_for(["AH AS AD", "2H 3S 5D", "KC KD 2S"]))
    snap = (h.stacks, h.bets, h.folded, h.to_act, len(h.events), h.round, list(h.actions))
    for seat, action in [(1, Action.call()), (0, Action.raise_(21)), (0, Action.raise_(10))]:
        with pytest.raises(IllegalActionError):
            h.act(seat, action)
        assert snap == (h.stacks, h.bets, h.folded, h.to_act, len(h.events), h.round,
                        list(h.actions))


def test_an_unmatched_bet_is_not_a_side_pot_until_someone_is_all_in() -> None:
    """RULES.md step 9 cuts layers when betting ends; while it goes on, only all-in levels
    cut the pot (a Vietnamese table says "tẩy phụ" only after a "tố tất")."""
    h = Hand(B10, [300, 60, 300], first=0, deck=deck_for(["2H 3S 5D", "AH AS AD", "KH KS KD"]))
    h.act(0, Action.raise_(10))  # seat 0 bets 100, nobody has matched it yet
    assert [la.amount for la in h.view_for(1).layers] == [130]
    h.act(1, Action.call())  # all-in for 50: now there is a side pot
    layers = h.view_for(2).layers
    assert [(la.amount, la.eligible) for la in layers] == [(130, (0, 1, 2)), (50, (0, 2))]
    h.act(2, Action.call())
    assert _pots(h) == [(180, (0, 1, 2), (1,)), (100, (0, 2), (2,))]


@pytest.mark.parametrize("k", [1.0, True, "1", None])
def test_a_raise_multiple_must_be_a_whole_number(k: object) -> None:
    from lieng.engine import ActionKind

    h = Hand(B10, [100, 100], first=0, deck=deck_for(["AH AS AD", "2H 3S 5D"]))
    with pytest.raises(IllegalActionError):
        h.act(0, Action(ActionKind.RAISE, k))  # type: ignore[arg-type]
    assert h.stacks == (90, 90) and not h.actions


def test_bad_seats_and_cards_are_refused() -> None:
    from lieng.engine import InvalidCardError, Suit

    with pytest.raises(ValueError):
        Hand(B10, [100, 100], first=True)
    with pytest.raises(ValueError):
        Hand(B10, [100.0, 100])  # type: ignore[list-item]
    with pytest.raises(InvalidCardError):
        Card(2, 5)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        Card(2.0, Suit.HEARTS)  # type: ignore[arg-type]
