"""The engine checks every argument before it changes anything.

Each public entry point of ``Hand`` refuses junk — a float or bool seat, a negative or
missing seat, an action that is not an ``Action``, constructor arguments of the wrong
type — with a ``ValueError`` subclass the engine documents (``IllegalActionError``,
``InvalidSeatError``, ``InvalidHandError``, ``InvalidCardError``...), and the hand is then
exactly as it was: its own log still replays. The hypothesis tests below throw random
junk, in random order, between random legal actions.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lieng.engine import (
    FULL_DECK,
    PRESETS,
    Action,
    ActionKind,
    Card,
    Hand,
    HandOverError,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    InvalidSeatError,
    Legal,
    NotYourTurnError,
)

from ..text_strategy import utf8_text
from .helpers import deck_for

B10 = PRESETS["classic"]


def _hand() -> Hand:
    return Hand(B10, [100, 100, 100], first=0,
                deck=deck_for(["AH AS AD", "2H 3S 5D", "KH QS 9D"]))


def _state(h: Hand) -> tuple[object, ...]:
    """Everything a refusal must leave as it was. The events are frozen dataclasses of
    tuples and numbers, so a copy of the list is a snapshot: an event added, dropped,
    replaced or reordered shows (the test takes one before and after each of up to 60
    operations; encoding the whole log each time was a third of its CPU)."""
    return (h.stacks, h.bets, h.contributed, h.folded, h.to_act, h.round, h.bet_level,
            tuple(h.events), list(h.actions), h.is_over)


def _replays(h: Hand) -> bool:
    again = Hand.replay(h.rules, h.start_stacks, h.first, h.deck, h.actions)
    return [e.to_dict() for e in again.events] == [e.to_dict() for e in h.events]


# ------------------------------------------------------------------ the reported cases

@pytest.mark.parametrize("seat", [0.0, False, True, "0", None, -1, -3, 3, 10**30, 1.5,
                                  math.nan, [0], (0,)])
def test_act_with_a_seat_that_is_not_a_seat_changes_nothing(seat: Any) -> None:
    h = _hand()
    before = _state(h)
    with pytest.raises(IllegalActionError):
        h.act(seat, Action.call())
    assert _state(h) == before and h.actions == []
    h.act(0, Action.call())
    assert _replays(h)
    assert all(type(s) is int for s, _a in h.actions)


def test_a_float_seat_is_refused_before_the_log_changes() -> None:
    """The report: ``act(0.0, call)`` appended to ``hand.actions``, then raised TypeError."""
    h = _hand()
    with pytest.raises(InvalidSeatError):
        h.act(0.0, Action.call())  # type: ignore[arg-type]
    assert h.actions == [] and _replays(h)


def test_a_bool_is_not_seat_zero() -> None:
    h = _hand()
    with pytest.raises(InvalidSeatError):
        h.act(False, Action.call())
    assert h.actions == []


@pytest.mark.parametrize("seat", [-1, -3, 3, 99, True, 0.0, "1"])
def test_views_and_cards_refuse_what_is_not_a_seat(seat: Any) -> None:
    h = _hand()
    for read in (h.view_for, h.events_for, h.cards_of, h.value_of):
        with pytest.raises(InvalidSeatError):
            read(seat)


def test_view_for_minus_one_does_not_show_the_last_seat_cards() -> None:
    h = _hand()
    with pytest.raises(InvalidSeatError):
        h.view_for(-1)
    assert h.view_for(None).my_cards == ()  # a spectator is still allowed
    assert set(h.view_for(2).my_cards) == set(Card.parse_many("KH QS 9D"))


@pytest.mark.parametrize("kwargs, error", [
    ({"rules": None}, InvalidHandError),
    ({"rules": "classic"}, InvalidHandError),
    ({"rng": "seed"}, InvalidHandError),
    ({"rng": 42}, InvalidHandError),
    ({"stacks": None}, InvalidHandError),
    ({"stacks": "100 100"}, InvalidHandError),
    ({"stacks": {0: 100, 1: 100}}, InvalidHandError),
    ({"stacks": [100, True]}, InvalidHandError),
    ({"stacks": [100, -5, 100]}, InvalidHandError),
    ({"stacks": [100, math.inf]}, InvalidHandError),
    ({"deck": 5}, InvalidCardError),
    ({"deck": "AH AS AD"}, InvalidCardError),
    ({"deck": [1, 2, 3, 4, 5, 6]}, InvalidCardError),
    ({"deck": list(FULL_DECK[:3]) * 2}, InvalidCardError),
    ({"first": -1}, InvalidHandError),
    ({"first": 2}, InvalidHandError),
    ({"first": 0.0}, InvalidHandError),
])
def test_construction_refuses_junk_with_a_documented_value_error(kwargs: dict[str, Any],
                                                                 error: type[Exception]
                                                                 ) -> None:
    args: dict[str, Any] = {"rules": B10, "stacks": [100, 100], "first": 0}
    args.update(kwargs)
    with pytest.raises(error) as info:
        Hand(**args)
    assert isinstance(info.value, ValueError) and str(info.value)


def test_actions_with_junk_kinds_or_multiples_are_refused() -> None:
    h = _hand()
    before = _state(h)
    for junk in (None, "call", {"kind": "call"}, Action("call", 0),  # type: ignore[arg-type]
                 Action(ActionKind.CALL, 3), Action(ActionKind.FOLD, True),
                 Action(ActionKind.RAISE, 2.0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            h.act(0, junk)  # type: ignore[arg-type]
        assert _state(h) == before


def test_replay_refuses_entries_that_are_not_pairs() -> None:
    h = _hand()
    for actions in ([5], [(0,)], [(0, Action.call(), 1)], "ab", 7):
        with pytest.raises(IllegalActionError):
            Hand.replay(h.rules, h.start_stacks, h.first, h.deck, actions)  # type: ignore[arg-type]


def test_legal_allows_is_false_for_junk() -> None:
    legal = _hand().legal()
    assert legal.allows(Action.call())
    for junk in (None, "call", Action(ActionKind.CALL, 2), Action(ActionKind.RAISE, 1.0)):  # type: ignore[arg-type]
        assert not legal.allows(junk)  # type: ignore[arg-type]


def test_card_from_index_refuses_bools_and_floats() -> None:
    for junk in (True, 1.0, -1, 52):
        with pytest.raises(InvalidCardError):
            Card.from_index(junk)  # type: ignore[arg-type]


def test_parse_many_refuses_what_is_not_text() -> None:
    for junk in (5, None, b"QH KS", 1.5):
        with pytest.raises(InvalidCardError):
            Card.parse_many(junk)  # type: ignore[arg-type]
    assert Card.parse_many(["QH", "KS"]) == Card.parse_many("QH, KS")


# ------------------------------------------------------------------ random junk

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10**40, 10**40), st.integers(-3, 8),
    st.floats(allow_nan=True, allow_infinity=True), utf8_text(max_size=4),
    st.binary(max_size=4), st.lists(st.integers(0, 5), max_size=3),
    st.tuples(st.integers(0, 5)), st.dictionaries(utf8_text(max_size=2), st.integers(), max_size=2),
    st.builds(object),
    st.builds(Action, st.sampled_from([*ActionKind, "call", "raise", None, 3]),
              st.one_of(st.integers(-5, 25), st.floats(), st.booleans(), st.none())),
)
"""Anything a buggy caller or a hostile LAN peer might hand the engine."""

OPS = st.lists(st.tuples(st.sampled_from(["act", "legal_act", "view_for", "events_for",
                                          "cards_of", "value_of", "legal", "layers",
                                          "next_first", "act_turn_junk"]),
                         JUNK, JUNK, st.integers(0, 2**32)),
               min_size=1, max_size=60)


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    n = draw(st.integers(2, 6))
    bet = draw(st.sampled_from([1, 5, 10]))
    rules = replace(PRESETS[draw(st.sampled_from(["classic", "v8club", "split"]))],
                    table_bet=bet, max_rounds=draw(st.integers(1, 4)))
    stacks = draw(st.lists(st.integers(0, 200 * bet), min_size=n, max_size=n))
    stacks[0] = stacks[1] = draw(st.integers(bet, 200 * bet))
    return Hand(rules, stacks, draw(st.integers(0, n - 1)),
                rng=random.Random(draw(st.integers(0, 2**32))))


def _legal_choices(legal: Legal) -> list[Action]:
    out = [Action.fold(), Action.call(), Action.call(), Action.call(), Action.timeout()]
    out += [Action.raise_(k) for k in legal.raise_k]
    if legal.all_in is not None:
        out.append(Action.all_in())
    return out


@settings(max_examples=200, deadline=None)
@given(hands(), OPS)
def test_random_junk_in_random_order_never_changes_a_hand(h: Hand,
                                                          ops: list[tuple[str, Any, Any, int]]
                                                          ) -> None:
    for op, a, b, pick in ops:
        before = _state(h)
        legal_move = op == "legal_act" and not h.is_over
        try:
            if op == "act":
                h.act(a, b)
            elif op == "act_turn_junk":  # the right seat, a junk action
                h.act(h.to_act if h.to_act is not None else a, b)
            elif legal_move:
                choices = _legal_choices(h.legal())
                h.act(h.legal().seat, choices[pick % len(choices)])
            elif op == "legal_act":
                h.act(a, Action.call())  # the hand is over: refused
            elif op == "legal":
                h.legal()
            elif op == "layers":
                h.layers()
            elif op == "next_first":
                h.next_first  # noqa: B018 - a property that refuses before the end
            else:
                getattr(h, op)(a)
        except ValueError as exc:
            # Every refusal is one of the engine's documented ValueErrors, says why, and
            # leaves the hand exactly as it was.
            assert not legal_move, f"a legal action was refused: {exc}"
            assert str(exc)
            assert _state(h) == before
        else:
            if op in ("act", "act_turn_junk"):
                # Accepted junk can only be a real action by the seat to act.
                seat, action = h.actions[-1]
                assert type(seat) is int and isinstance(action, Action)
                assert isinstance(action.kind, ActionKind) and type(action.k) is int
            elif not legal_move:
                assert _state(h) == before
    assert all(type(s) is int and 0 <= s < h.n for s, _a in h.actions)
    assert _replays(h)
    assert sum(h.stacks) + h.pot == sum(h.start_stacks)


@settings(max_examples=200, deadline=None)
@given(st.one_of(JUNK, st.just(B10)), st.one_of(JUNK, st.lists(JUNK, max_size=7),
                                               st.lists(st.integers(-5, 50), max_size=7)),
       JUNK, st.one_of(JUNK, st.lists(st.sampled_from(FULL_DECK), max_size=20)),
       st.one_of(JUNK, st.builds(random.Random, st.integers())))
def test_construction_with_junk_raises_only_documented_value_errors(
        rules: Any, stacks: Any, first: Any, deck: Any, rng: Any) -> None:
    try:
        h = Hand(rules, stacks, first, deck=deck, rng=rng)
    except ValueError as exc:
        assert str(exc)
        return
    # Whatever was accepted is a real table.
    assert isinstance(h.rules, type(B10)) and all(type(s) is int for s in h.start_stacks)
    assert not h.actions


def test_refusals_after_the_end_are_hand_over_errors() -> None:
    h = _hand()
    h.act(0, Action.fold())
    h.act(1, Action.fold())
    assert h.is_over
    with pytest.raises(HandOverError):
        h.act(2, Action.call())
    with pytest.raises(InvalidSeatError):
        h.act(-1, Action.call())
    with pytest.raises(NotYourTurnError):
        Hand(B10, [100, 100]).act(1, Action.call())
    assert _replays(h)


# ------------------------------------------------------------------ the table above it

def test_the_table_refuses_seats_and_amounts_that_would_stop_a_later_deal() -> None:
    from lieng.table import PlayerSpec, Table

    specs = [PlayerSpec("A"), PlayerSpec("B")]
    table = Table(B10, specs, seed=1)
    junk_seats: tuple[Any, ...] = (-1, 2, True, 0.0, "0")
    for seat in junk_seats:
        for call in (lambda s: table.rebuy(s, 100), table.leave, table.can_play,
                     lambda s: table.set_player(s, None)):
            with pytest.raises(InvalidSeatError):
                call(seat)
    for amount in (1.5, True, 0, -10, "100"):
        with pytest.raises(ValueError):
            table.rebuy(0, amount)  # type: ignore[arg-type]
    assert [s.stack for s in table.seats] == [1000, 1000]
    table.start_hand()  # the table still deals
    for bad in ([PlayerSpec("A", stack=1.5), PlayerSpec("B")],  # type: ignore[arg-type]
                [PlayerSpec("A", stack=-1), PlayerSpec("B")]):
        with pytest.raises(InvalidHandError):
            Table(B10, bad)
    with pytest.raises(InvalidHandError):
        Table(None, specs)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        Table(B10, specs, first=5)


# ------------------------------------------------------------------ decoding

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | utf8_text(max_size=6)
    | st.floats(allow_nan=True, allow_infinity=True),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(utf8_text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)


def _mutated_events() -> st.SearchStrategy[dict[str, Any]]:
    """Real events' JSON with one field replaced by junk (or the type itself)."""
    h = _hand()
    h.act(0, Action.raise_(2))
    h.act(1, Action.call())
    h.act(2, Action.fold())
    real = [e.to_dict() for e in h.events]

    @st.composite
    def mutate(draw: st.DrawFn) -> dict[str, Any]:
        event = dict(draw(st.sampled_from(real)))
        key = draw(st.sampled_from(sorted(event)))
        event[key] = draw(JSONISH)
        return event
    return mutate()


@settings(max_examples=300, deadline=None)
@given(st.one_of(JSONISH, _mutated_events()))
def test_decoding_junk_raises_only_value_errors(data: Any) -> None:
    from lieng.engine import event_from_dict

    for decode in (event_from_dict, Legal.from_dict, Action.from_dict):
        try:
            decode(data)
        except ValueError as exc:
            assert str(exc)


@pytest.mark.parametrize("field, value", [("call", "5"), ("call", 5.0), ("owed", True),
                                          ("table_bet", math.inf), ("seat", -1),
                                          ("all_in", "x"), ("raise_max", None)])
def test_legal_from_dict_refuses_what_to_dict_never_writes(field: str, value: Any) -> None:
    good = _hand().legal().to_dict()
    assert Legal.from_dict(good) == _hand().legal()
    with pytest.raises(ValueError):
        Legal.from_dict({**good, field: value})
