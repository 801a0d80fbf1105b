"""``SealedHand`` (lieng/engine/sealed.py): a hand whose persons' cards the host does not
know. Betting is ``Hand``'s; the showdown waits for openings; a withheld opening folds;
nothing the host logs holds a card it was not shown (RULES.md, showdown openings)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from lieng.engine import (
    PRESETS,
    Action,
    ActionKind,
    ActionTaken,
    Card,
    CardDealt,
    Hand,
    HandEnded,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    NotYourTurnError,
    SealedHand,
    Showdown,
)
from lieng.storage.history_records import HandRecord, SeatRecord

from .helpers import deck_for

B10 = replace(PRESETS["classic"], table_bet=10)
STRONG, MIDDLE, WEAK = "AH AS AD", "KH QH JH", "2S 4D 7C"


def known(hands: list[str | None]) -> list[tuple[Card, ...] | None]:
    return [tuple(Card.parse_many(h)) if h is not None else None for h in hands]


def check_round(hand: Hand) -> None:
    """Everybody calls until betting ends."""
    while hand.to_act is not None:
        hand.act(hand.to_act, Action.call())


def random_action(hand: Hand, rng: random.Random) -> Action:
    legal = hand.legal()
    options = [Action.fold(), Action.call()]
    if legal.raise_k:
        options.append(Action.raise_(rng.choice(legal.raise_k)))
    if legal.all_in is not None:
        options.append(Action.all_in())
    return rng.choice(options)


def test_a_hand_with_every_seat_known_plays_exactly_like_hand() -> None:
    """Nothing sealed: the same events as ``Hand`` dealt the same cards, over 300 random
    hands — the betting and the payout are ``Hand``'s own."""
    rng = random.Random(24)
    for _ in range(300):
        n = rng.randint(2, 6)
        stacks = [rng.choice([0, 10, 15, 40, 200, 1000]) for _ in range(n)]
        if sum(s >= 10 for s in stacks) < 2:
            continue
        first = rng.randrange(n)
        plain = Hand(B10, stacks, first, rng=random.Random(rng.random()))
        cards = [plain.cards_of(s) if plain.dealt_in[s] else None for s in range(n)]
        sealed = SealedHand(B10, stacks, first, cards)
        assert sealed.deck == ()
        while not plain.is_over:
            seat = plain.to_act
            assert seat is not None and sealed.to_act == seat
            action = random_action(plain, rng)
            plain.act(seat, action)
            sealed.act(seat, action)
        assert sealed.awaiting == () and sealed.is_over
        assert sealed.events == plain.events
        assert sealed.next_first == plain.next_first


def test_sealed_cards_are_in_no_log_and_no_view_of_the_host() -> None:
    h = SealedHand(B10, [100, 100, 100], 0, known([None, STRONG, None]))
    dealt = [e for e in h.events if isinstance(e, CardDealt)]
    assert [e.seat for e in dealt] == [0, 1, 2] * 3
    assert all(e.card is None for e in dealt if e.seat != 1)
    assert [e.card for e in dealt if e.seat == 1] == Card.parse_many(STRONG)
    assert h.sealed == (0, 2)
    assert h.cards_of(0) == () and h.view_for(0).my_cards == ()
    assert h.view_for(1).my_cards == tuple(Card.parse_many(STRONG))
    with pytest.raises(InvalidCardError):
        h.value_of(2)


def test_the_showdown_waits_for_every_sealed_seat_still_in() -> None:
    h = SealedHand(B10, [100, 100, 100], 0, known([None, MIDDLE, None]))
    check_round(h)
    assert not h.is_over and h.to_act is None and h.awaiting == (0, 2)
    assert h.pot == 30
    with pytest.raises(NotYourTurnError):
        h.act(0, Action.call())
    assert h.open(2, Card.parse_many(WEAK)) == []
    assert list(h.awaiting) == [0] and not h.is_over
    events = h.open(0, Card.parse_many(STRONG))
    shows = [e for e in events if isinstance(e, Showdown)]
    assert [s.seat for s in shows[0].hands] == [0, 1, 2]
    assert h.is_over and h.winners == (0,) and h.stacks == (120, 90, 90)
    assert h.openings == [(2, tuple(Card.parse_many(WEAK))), (0, tuple(Card.parse_many(STRONG)))]


def test_a_withheld_opening_folds_and_the_hand_is_never_cancelled() -> None:
    """The strongest hand is withheld (late): it folds unseen, the pot goes on without it,
    and a history record of the host never holds it."""
    h = SealedHand(B10, [100, 100, 100], 0, known([None, MIDDLE, None]))
    check_round(h)
    h.open(2, Card.parse_many(WEAK))
    events = h.withhold(0)
    taken = [e for e in events if isinstance(e, ActionTaken)]
    assert [(e.seat, e.kind) for e in taken] == [(0, ActionKind.TIMEOUT)]
    assert h.folded[0] and h.is_over and h.winners == (1,)
    shown = next(e for e in h.events if isinstance(e, Showdown))
    assert [s.seat for s in shown.hands] == [1, 2]
    assert h.stacks == (90, 120, 90) and sum(h.stacks) == 300
    record = HandRecord.from_events(h.events, None, [SeatRecord(f"p{s}") for s in range(3)],
                                    datetime(2026, 12, 1, tzinfo=UTC), "lan")
    assert record.showdown == {1: tuple(Card.parse_many(MIDDLE)), 2: tuple(Card.parse_many(WEAK))}
    assert all(e.card is None for e in record.events if isinstance(e, CardDealt))


def test_a_folded_bot_is_in_no_record_the_host_writes() -> None:
    """The host knows its bot's cards, but a bot that folded stays hidden like anyone:
    the record the host writes (viewer None) carries no card but the shown ones."""
    h = SealedHand(B10, [100, 100, 100], 0, known([None, STRONG, None]))
    h.act(0, Action.call())
    h.act(1, Action.fold())
    h.act(2, Action.call())
    h.open(0, Card.parse_many(MIDDLE))
    h.open(2, Card.parse_many(WEAK))
    record = HandRecord.from_events(h.events, None, [SeatRecord(f"p{s}") for s in range(3)],
                                    datetime(2026, 12, 1, tzinfo=UTC), "lan")
    text = json.dumps(record.to_dict())
    assert all(c.code not in text for c in Card.parse_many(STRONG))
    assert all(c.code in text for c in Card.parse_many(MIDDLE + " " + WEAK))


def test_a_false_opening_is_a_fold_logged_as_one() -> None:
    h = SealedHand(B10, [100, 100], 0, known([None, None]))
    check_round(h)
    h.withhold(1, late=False)
    assert h.actions == [(0, Action.call()), (1, Action.call())]
    assert [e.kind for e in h.events if isinstance(e, ActionTaken)][-1] is ActionKind.FOLD
    assert h.awaiting == (0,)


def test_withholding_down_to_one_player_wins_it_uncontested_and_unseen() -> None:
    h = SealedHand(B10, [100, 100, 100], 0, known([None, None, None]))
    check_round(h)
    h.withhold(0)
    h.open(1, Card.parse_many(WEAK))
    assert not h.is_over
    h.withhold(2)
    assert h.is_over and h.uncontested and h.winners == (1,)
    assert not any(isinstance(e, Showdown) for e in h.events)
    assert h.view_for(None).shown == {}


def test_a_bot_left_alone_wins_when_every_person_withholds() -> None:
    h = SealedHand(B10, [100, 100, 100], 0, known([None, WEAK, None]))
    check_round(h)
    h.withhold(0)
    h.withhold(2)
    assert h.is_over and h.winners == (1,) and h.stacks == (90, 120, 90)


def test_when_every_player_still_in_withholds_the_hand_is_void() -> None:
    """Nobody may win: every chip put in goes back and the lead stays (RULES.md)."""
    h = SealedHand(B10, [100, 100, 50], 1, known([None, None, WEAK]))
    h.act(1, Action.raise_(2))
    h.act(2, Action.fold())
    h.act(0, Action.call())
    assert h.awaiting == (1, 0)
    h.withhold(1)
    h.withhold(0)
    assert h.is_over and h.void and h.winners == ()
    assert h.stacks == h.start_stacks and h.next_first == 1
    ended = h.events[-1]
    assert isinstance(ended, HandEnded) and ended.net == (0, 0, 0)


def test_an_uncontested_hand_never_waits() -> None:
    h = SealedHand(B10, [100, 100], 0, known([None, None]))
    h.act(0, Action.fold())
    assert h.is_over and h.awaiting == () and h.winners == (1,) and h.uncontested


def test_all_in_from_the_ante_waits_at_once() -> None:
    h = SealedHand(B10, [10, 10, 100], 0, known([None, None, STRONG]))
    assert h.to_act is None and h.awaiting == (0, 1) and not h.is_over


def test_bad_openings_are_refused_and_change_nothing() -> None:
    h = SealedHand(B10, [100, 100, 100], 0, known([None, MIDDLE, None]))
    check_round(h)
    before = (list(h.events), h.awaiting, list(h.openings))
    with pytest.raises(IllegalActionError, match="awaits the opening of 0, 2"):
        h.open(1, Card.parse_many(WEAK))
    with pytest.raises(InvalidCardError, match="another seat holds: KH"):
        h.open(0, Card.parse_many("KH 2D 3D"))
    with pytest.raises(InvalidCardError, match="three distinct cards"):
        h.open(0, Card.parse_many("2D 3D"))
    with pytest.raises(InvalidCardError, match="three distinct cards"):
        h.open(0, Card.parse_many("2D 2D 3D"))
    with pytest.raises(InvalidCardError, match="three distinct cards"):
        h.open(0, "2D 3D 4D")  # type: ignore[arg-type]  # a string is not three cards
    assert (list(h.events), h.awaiting, list(h.openings)) == before
    h.open(0, Card.parse_many(STRONG))
    with pytest.raises(InvalidCardError, match="another seat holds: AH AS AD"):
        h.open(2, Card.parse_many(STRONG))
    with pytest.raises(IllegalActionError):
        h.withhold(0)


def test_bad_known_cards_are_refused() -> None:
    with pytest.raises(InvalidHandError, match="one entry per seat"):
        SealedHand(B10, [100, 100], 0, known([None]))
    with pytest.raises(InvalidCardError, match="dealt twice"):
        SealedHand(B10, [100, 100], 0, known([STRONG, "AH 2D 3D"]))
    with pytest.raises(InvalidCardError, match="three cards or None"):
        SealedHand(B10, [100, 100], 0, known(["AH 2D", None]))
    with pytest.raises(InvalidHandError, match="sits the hand out"):
        SealedHand(B10, [100, 100, 5], 0, known([None, None, WEAK]))


def test_a_sealed_hand_replays_from_its_actions_and_openings() -> None:
    rules_known = known([None, MIDDLE, None, None])
    h = SealedHand(B10, [100, 60, 300, 100], 2, rules_known)
    h.act(2, Action.raise_(3))
    h.act(3, Action.call())
    h.act(0, Action.all_in())
    h.act(1, Action.call())
    check_round(h)
    h.open(3, Card.parse_many(WEAK))
    h.withhold(2, late=False)
    h.withhold(0)
    again = SealedHand.replay_sealed(B10, [100, 60, 300, 100], 2, rules_known,
                                     h.actions, h.openings)
    assert again.events == h.events and again.stacks == h.stacks
    with pytest.raises(InvalidHandError, match="replay_sealed"):
        SealedHand.replay(B10, [100, 100], 0, deck_for([STRONG, WEAK]), [])
    with pytest.raises(IllegalActionError, match="pair"):
        SealedHand.replay_sealed(B10, [100, 100], 0, known([None, None]), [], [(0,)])  # type: ignore[list-item]
