"""The whole deal (lieng/deal/mental.py) among 2–6 persons and the host's dealer: every
party reads its own cards and only those; a cheating shuffle, a replayed or forged
unlock, a withheld step and a false opening are caught and name the party; the host,
holding every relayed step and its own key, cannot read a person's card — nor can all the
others together read a hand that is never shown."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Sequence

import pytest

from lieng.deal import group as g
from lieng.deal import shuffle
from lieng.deal.cards import card_of, card_points, point_of
from lieng.deal.mental import (
    DEALER,
    DealFault,
    DealSetup,
    DealState,
    PartySecret,
    ShuffleStep,
    UnlockStep,
    deal_positions,
)
from lieng.engine import Card

Step = ShuffleStep | UnlockStep


def setup_for(persons: Sequence[int], bots: Sequence[int] = (), hand: int = 1,
              first: int = 0) -> DealSetup:
    seats = len(persons) + len(bots)
    dealt_in = [s in persons or s in bots for s in range(seats)]
    parties = (*persons, DEALER)
    return DealSetup(hand, secrets.token_bytes(32), parties, deal_positions(first, dealt_in))


def run(setup: DealSetup, secrets_: dict[int, PartySecret] | None = None
        ) -> tuple[DealState, dict[int, PartySecret], list[Step]]:
    """Every party in turn, each step checked by a state standing for everyone else;
    parties without a secret in ``secrets_`` draw a fresh one."""
    given = secrets_ or {}
    secs = {p: given.get(p) or PartySecret(p) for p in setup.parties}
    state = DealState(setup)
    relayed: list[Step] = []
    for p in setup.parties:
        s = secs[p].shuffle(state)
        relayed.append(s)
        state.accept_shuffle(s)
    for p in setup.parties:
        u = secs[p].unlock(state)
        relayed.append(u)
        state.accept_unlock(u)
    return state, secs, relayed


@pytest.mark.parametrize(("persons", "bots"), [
    ((0, 1), ()), ((0, 1, 2), ()), ((0,), (1,)), ((0, 2), (1, 3)),
    ((0, 1, 2, 3, 4), (5,)), ((0, 1, 2, 3, 4, 5), ()),
])
def test_each_party_reads_three_distinct_cards_and_a_shown_hand_checks(
        persons: tuple[int, ...], bots: tuple[int, ...]) -> None:
    setup = setup_for(persons, bots)
    state, secs, _ = run(setup)
    hands = {p: secs[p].my_cards(state) for p in setup.parties}
    cards = [c for h in hands.values() for c in h.values()]
    assert len(cards) == 3 * (len(persons) + len(bots)) == len(set(cards))
    for p in persons:
        assert sorted(hands[p]) == list(setup.positions_of(p)) and len(hands[p]) == 3
    # Another process's copy of the public record accepts the opening of a shown hand.
    shown = persons[-1]
    assert state.accept_opening(secs[shown].open(state, hands[shown])) == hands[shown]


def test_the_deck_is_not_chosen_by_any_one_party() -> None:
    """Two deals with the same first party's secret give different decks: the others'
    shuffles move the cards (so one honest party suffices)."""
    setup = setup_for((0, 1))
    fixed = PartySecret(0)
    hands = []
    for _ in range(2):
        state, secs, _ = run(setup, {0: fixed, 1: PartySecret(1)})
        hands.append(secs[0].my_cards(state))
    assert hands[0] != hands[1]


def cheating_shuffle(secret: PartySecret, state: DealState, perm: list[int]) -> ShuffleStep:
    """A shuffle with a chosen "permutation" (which may repeat a card), proved as well as
    the cheat can: with the honest prover on the dishonest deck."""
    deck = shuffle.relock(state.deck, secret.key, perm)
    ctx = state.setup.deal_id + secret.party.to_bytes(2, "big")
    proof = shuffle.prove(ctx, secret.key, secret.public_key, state.deck, deck, perm)
    return ShuffleStep(secret.party, secret.public_key, tuple(deck), proof)


def test_a_player_who_duplicates_a_card_is_named() -> None:
    setup = setup_for((0, 1, 2))
    state = DealState(setup)
    state.accept_shuffle(PartySecret(0).shuffle(state))
    cheat = PartySecret(1)
    perm = list(range(52))
    perm[5] = perm[9]  # the card at 9 twice, the one at 5 gone
    with pytest.raises(DealFault) as caught:
        state.accept_shuffle(cheating_shuffle(cheat, state, perm))
    assert caught.value.party == 1 and "52 distinct" in caught.value.reason
    assert state.waiting_for() == 1  # nothing of the bad step was kept


def test_a_player_who_swaps_in_a_card_of_its_choice_is_named() -> None:
    """The first shuffler puts the ace of hearts where the two of spades was; its deck
    still has 52 distinct points, so only the proof can tell."""
    setup = setup_for((0, 1))
    state = DealState(setup)
    cheat = PartySecret(0)
    step = cheat.shuffle(state)
    where = step.deck.index(g.mul(cheat.key, point_of(Card.parse("2S"))))
    ace = g.mul(cheat.key, point_of(Card.parse("AH")))
    deck = list(step.deck)
    deck[where], deck[deck.index(ace)] = ace, g.mul(cheat.key, g.mul(2, point_of(Card.parse("AH"))))
    with pytest.raises(DealFault) as caught:
        state.accept_shuffle(dataclasses.replace(step, deck=tuple(deck)))
    assert caught.value.party == 0 and "shuffle proof" in caught.value.reason


def test_a_shuffle_out_of_turn_or_with_a_reused_key_is_refused() -> None:
    setup = setup_for((0, 1))
    state = DealState(setup)
    with pytest.raises(DealFault, match="out of turn"):
        state.accept_shuffle(PartySecret(1).shuffle(state))
    first = PartySecret(0)
    state.accept_shuffle(first.shuffle(state))
    copycat = PartySecret(1, key=first.key)
    with pytest.raises(DealFault, match="reused"):
        state.accept_shuffle(copycat.shuffle(state))


def test_a_proof_of_the_wrong_kind_is_refused() -> None:
    """A person must shuffle (a lock in place would leave the order it was given), and
    the dealer's step must be its lock."""
    setup = setup_for((0,))
    state = DealState(setup)
    person = PartySecret(0)
    step = person.shuffle(state)
    as_lock = PartySecret(DEALER, key=person.key).shuffle(DealState(setup_for((0,))))
    with pytest.raises(DealFault, match="shuffle proof"):
        state.accept_shuffle(dataclasses.replace(as_lock, party=0))
    state.accept_shuffle(step)
    with pytest.raises(DealFault, match="lock proof"):
        state.accept_shuffle(dataclasses.replace(PartySecret(7).shuffle(state), party=DEALER))


def test_a_replayed_unlock_from_an_earlier_hand_is_refused() -> None:
    """The same parties, the same secrets even: the step of hand 1 does not fit hand 2
    (its proofs are bound to the deal's id), and names its sender."""
    persons = (0, 1, 2)
    secs = {p: PartySecret(p) for p in (*persons, DEALER)}
    _, _, old = run(setup_for(persons, hand=1), secs)
    old_unlock = next(s for s in old if isinstance(s, UnlockStep) and s.party == 0)
    setup2 = dataclasses.replace(setup_for(persons, hand=2), seats=setup_for(persons).seats)
    state = DealState(setup2)
    for p in setup2.parties:
        state.accept_shuffle(secs[p].shuffle(state))
    with pytest.raises(DealFault) as caught:
        state.accept_unlock(old_unlock)
    assert caught.value.party == 0 and "does not check" in caught.value.reason


def test_an_unlock_moved_to_another_card_or_forged_is_refused() -> None:
    setup = setup_for((0, 1, 2))
    state = DealState(setup)
    secs = {p: PartySecret(p) for p in setup.parties}
    for p in setup.parties:
        state.accept_shuffle(secs[p].shuffle(state))
    honest = secs[0].unlock(state)
    (p1, pt1, pr1), (p2, pt2, pr2) = honest.cards[0], honest.cards[1]
    moved = UnlockStep(0, ((p1, pt2, pr2), (p2, pt1, pr1), *honest.cards[2:]))
    with pytest.raises(DealFault, match="does not check"):
        state.accept_unlock(moved)
    # "Unlocking" with a different key (the cheat would give the owner a wrong card).
    forged = dataclasses.replace(honest, cards=(
        (p1, g.mul(2, pt1), pr1), *honest.cards[1:]))
    with pytest.raises(DealFault, match="does not check"):
        state.accept_unlock(forged)
    skipped = UnlockStep(0, honest.cards[1:])
    with pytest.raises(DealFault, match="exactly the cards"):
        state.accept_unlock(skipped)
    state.accept_unlock(honest)  # the honest step still goes through


def test_a_withheld_step_is_named_and_leaves_every_card_locked() -> None:
    """Party 1 never sends its unlock (a vanished player, or one that withholds its key):
    the deal names it, and party 0 cannot read its cards — so the hand is cancelled."""
    setup = setup_for((0, 1, 2))
    state = DealState(setup)
    secs = {p: PartySecret(p) for p in setup.parties}
    assert state.waiting_for() == 0
    for p in setup.parties:
        state.accept_shuffle(secs[p].shuffle(state))
    state.accept_unlock(secs[0].unlock(state))
    assert state.waiting_for() == 1
    with pytest.raises(DealFault, match="out of turn"):
        state.accept_unlock(secs[2].unlock(state))
    with pytest.raises(ValueError, match="not complete"):
        secs[0].my_cards(state)
    assert all(card_of(g.mul(g.inverse(secs[0].key), state.current[p])) is None
               for p in setup.positions_of(0))


def test_a_false_opening_is_named() -> None:
    setup = setup_for((0, 1))
    state, secs, _ = run(setup)
    mine = secs[1].my_cards(state)
    lie = dict(mine)
    first = min(lie)
    lie[first] = next(c for c in map(Card.from_index, range(52)) if c not in mine.values())
    with pytest.raises(DealFault) as caught:
        state.accept_opening(secs[1].open(state, lie))
    assert caught.value.party == 1 and "is not" in caught.value.reason
    with pytest.raises(DealFault, match="exactly the cards of one"):
        state.accept_opening(secs[1].open(state, {first: mine[first]}))
    with pytest.raises(DealFault, match="exactly the cards of one"):
        state.accept_opening(secs[1].open(state, secs[0].my_cards(state)))
    with pytest.raises(DealFault, match="exactly the cards of one"):
        state.accept_opening(dataclasses.replace(secs[1].open(state, mine), cards=()))


def test_the_dealer_opens_one_bots_hand_and_the_other_stays_hidden() -> None:
    """Two bots; one folds. The dealer shows the other's three cards only — opening both
    at once is refused — and the folded bot's cards stay under the dealer's lock."""
    setup = setup_for((0,), bots=(1, 2))
    state, secs, _ = run(setup)
    dealer = secs[DEALER].my_cards(state)
    shown_bot = {p: c for p, c in dealer.items() if setup.seats[p] == 2}
    assert len(shown_bot) == 3 and len(dealer) == 6
    with pytest.raises(DealFault, match="exactly the cards of one"):
        state.accept_opening(secs[DEALER].open(state, dealer))
    assert state.accept_opening(secs[DEALER].open(state, shown_bot)) == shown_bot
    assert set(state.shown) == set(setup.positions_of_seat(2))


def strip_all(point: bytes, keys: Sequence[int]) -> set[bytes]:
    """Every point reachable from ``point`` by removing any subset of ``keys``' locks."""
    out = {point}
    for k in keys:
        inv = g.inverse(k)
        out |= {g.mul(inv, p) for p in out}
    return out


Dealt = tuple[DealSetup, DealState, dict[int, PartySecret], list[Step]]


@pytest.fixture(scope="module")
def three_persons_and_a_bot() -> Dealt:
    """One honest deal to three persons and a bot, complete, for the two tests that only
    read it (what the host and what the others together can learn): one deal, not two."""
    setup = setup_for((0, 1, 2), bots=(3,))
    return (setup, *run(setup))


def test_the_host_with_every_relayed_step_cannot_read_a_persons_card(
        three_persons_and_a_bot: Dealt) -> None:
    """The host is the dealer party: it holds every step that passed through it and its
    own key. Removing its lock from every point it holds never yields a card point of
    a person's card — the person's lock stays on — while the bots' cards are readable
    to it, as they should be."""
    _setup, state, secs, relayed = three_persons_and_a_bot
    host_key = secs[DEALER].key
    person_cards = {c for p in (0, 1, 2) for c in secs[p].my_cards(state).values()}
    person_points = {point_of(c) for c in person_cards}
    held = [pt for s in relayed for pt in
            (s.deck if isinstance(s, ShuffleStep) else tuple(c[1] for c in s.cards))]
    readable = {q for pt in held[52:] for q in strip_all(pt, [host_key])} \
        | {q for pt in state.current.values() for q in strip_all(pt, [host_key])}
    assert not readable & person_points
    assert {point_of(c) for c in secs[DEALER].my_cards(state).values()} <= readable
    # The plain deck (the start, public) is the only place the persons' card points are.
    assert not set(held[52:]) & set(card_points())


def test_a_folded_hand_stays_hidden_even_from_everyone_else_together(
        three_persons_and_a_bot: Dealt) -> None:
    """No opening is sent for a folded hand, and all the other parties pooling their keys
    still cannot remove the folder's lock: no point that carries it (every deck from the
    folder's shuffle on, every unlocked card) reads as any card, whatever locks of theirs
    they remove. (The decks before the folder's shuffle they can read — but the folder's
    permutation, which never leaves it, unlinks them from the positions dealt.)"""
    setup, state, secs, relayed = three_persons_and_a_bot
    folder = 2
    others = [secs[p].key for p in setup.parties if p != folder]
    after = setup.parties.index(folder) + 1
    locked = [pt for d in state.decks[after:] for pt in d]
    locked += [c[1] for s in relayed if isinstance(s, UnlockStep) for c in s.cards
               if setup.owners[c[0]] == folder]
    assert len(locked) > 104
    assert all(card_of(q) is None for pt in locked for q in strip_all(pt, others))
    assert not state.shown


def test_a_saved_secret_reads_the_same_cards_after_a_reconnect() -> None:
    """The client's file for the hand (lieng/net writes it atomically): the secret read
    back gives the same cards; damaged bytes are refused, never half-used."""
    setup = setup_for((0, 1))
    state, secs, _ = run(setup)
    again = PartySecret.from_bytes(secs[1].to_bytes())
    assert again == secs[1] and again.my_cards(state) == secs[1].my_cards(state)
    data = secs[1].to_bytes()
    for bad in (data[:-1], b"\x09" + data[1:], data[:-2] + data[-1:] * 2,
                data[:2] + bytes(32) + data[34:]):
        with pytest.raises(ValueError):
            PartySecret.from_bytes(bad)


@pytest.mark.parametrize(("parties", "seats", "nonce", "words"), [
    ((0, 1), (0, 1), bytes(32), "DEALER last"),
    ((DEALER,), (0,), bytes(32), "at least one person"),
    ((0, 0, DEALER), (0,), bytes(32), "distinct"),
    ((0, DEALER, 1), (0,), bytes(32), "DEALER last"),
    ((0, DEALER), (0, DEALER), bytes(32), "belong to a seat"),
    ((0, DEALER), (0,), bytes(31), "bad deal setup"),
])
def test_a_setup_that_cannot_be_dealt_is_refused(parties: tuple[int, ...],
                                                 seats: tuple[int, ...], nonce: bytes,
                                                 words: str) -> None:
    with pytest.raises(ValueError, match=words):
        DealSetup(1, nonce, parties, seats)
