"""What one seat may know (ARCHITECTURE.md: a view is the only thing a player, a bot or
a LAN peer ever sees). Other seats' cards are absent from a view, not merely hidden.

``view_to_dict``/``view_from_dict`` are the view's JSON form. They live here, beside the
view, because the form is the view's, not the network's: the LAN protocol sends it
(docs/PROTOCOL.md section 5) and anything else that stores views can use it too.
``view_from_dict`` is strict — a bool where a number belongs, a seat out of range, a
list of the wrong length are refused — because its input may come from another machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Legal
from .cards import Card
from .events import ActionTaken, CardDealt, Event, event_from_dict
from .pots import PotLayer
from .rules import MAX_RAISE, MAX_ROUNDS, MAX_TABLE_BET, RuleSet


@dataclass(frozen=True, slots=True)
class HandView:
    """A snapshot of a hand as ``seat`` sees it (``seat`` None: a spectator)."""

    seat: int | None
    rules: RuleSet
    first: int
    dealt_in: tuple[bool, ...]
    start_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    """Each seat's bet this hand, antes not included (what a call must match)."""
    contributed: tuple[int, ...]
    """Each seat's chips in the pot, antes included."""
    folded: tuple[bool, ...]
    bet_level: int
    round: int
    to_act: int | None
    legal: Legal | None
    """Only when it is this seat's turn."""
    my_cards: tuple[Card, ...]
    """This seat's cards dealt so far (empty for a spectator or a seat sitting out)."""
    shown: dict[int, tuple[Card, ...]]
    """Cards shown at showdown, by seat. Never a folded or uncontested hand."""
    layers: tuple[PotLayer, ...]
    """Pot layers as they stand (main pot first); more than one means side pots."""
    actions: tuple[ActionTaken, ...]
    """Every action so far this hand — public information."""
    is_over: bool

    @property
    def n_seats(self) -> int:
        return len(self.stacks)

    @property
    def pot(self) -> int:
        return sum(self.contributed)

    @property
    def in_hand(self) -> tuple[bool, ...]:
        """Dealt in and not folded."""
        return tuple(d and not f for d, f in zip(self.dealt_in, self.folded, strict=True))

    @property
    def all_in(self) -> tuple[bool, ...]:
        return tuple(i and s == 0 for i, s in zip(self.in_hand, self.stacks, strict=True))

    def owed(self, seat: int) -> int:
        return self.bet_level - self.bets[seat]

    def players_in(self) -> int:
        return sum(self.in_hand)

    def opponents_in(self) -> list[int]:
        """Other seats still in the hand, in turn order after this seat."""
        me = self.seat if self.seat is not None else -1
        n = self.n_seats
        return [(me + i) % n for i in range(1, n + 1)
                if (me + i) % n != me and self.in_hand[(me + i) % n]]


# ------------------------------------------------------------------ JSON form

MAX_SEATS = 6
"""A table has at most six seats (RULES.md); a longer list is malformed, not a big table."""
MAX_CHIPS = 10**15
"""The most chips any amount in a view may hold (the wire's limit, lieng/net/protocol.py):
a view comes from another machine, and an amount of 4,300 digits drawn on the raise
slider made ``f"{amount:,}"`` raise ``ValueError``."""
MAX_ROUND = MAX_ROUNDS + 2
"""A bound on a view's round number (only ever shown): rounds count from 1, and calls
may go on one round past the last with raises (RULES.md step 7)."""


def view_to_dict(view: HandView) -> dict[str, Any]:
    """A ``HandView`` as JSON. Only what the view holds: for another seat, its cards are
    absent unless in ``shown`` (RULES.md step 8 — shown at showdown)."""
    return {
        "seat": view.seat,
        "rules": view.rules.to_dict(),
        "first": view.first,
        "dealt_in": list(view.dealt_in),
        "start_stacks": list(view.start_stacks),
        "stacks": list(view.stacks),
        "bets": list(view.bets),
        "contributed": list(view.contributed),
        "folded": list(view.folded),
        "bet_level": view.bet_level,
        "round": view.round,
        "to_act": view.to_act,
        "legal": view.legal.to_dict() if view.legal is not None else None,
        "my_cards": [c.code for c in view.my_cards],
        "shown": [[s, [c.code for c in cards]] for s, cards in sorted(view.shown.items())],
        "layers": [{"amount": la.amount, "eligible": list(la.eligible)} for la in view.layers],
        "actions": [a.to_dict() for a in view.actions],
        "is_over": view.is_over,
    }


def whole(value: Any, what: str, lo: int = 0, hi: int | None = None) -> int:
    """``value`` if it is a whole number in ``lo..hi`` (never a bool: JSON ``true`` is
    not 1); ``ValueError`` naming ``what`` otherwise."""
    if type(value) is not int:
        raise ValueError(f"{what} must be a whole number")
    if value < lo or (hi is not None and value > hi):
        raise ValueError(f"{what} is out of range ({lo:,}.."
                         f"{'' if hi is None else f'{hi:,}'})")
    return value


def _flag(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{what} must be true or false")
    return value


def _list(value: Any, what: str, n: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (n is not None and len(value) != n) \
            or len(value) > 64:
        raise ValueError(f"{what} must be a list" + (f" of {n}" if n is not None else ""))
    return value


def legal_from_dict(data: Any, n_seats: int = MAX_SEATS) -> Legal:
    """Strict inverse of ``Legal.to_dict`` (a turn offer from the host)."""
    if not isinstance(data, dict):
        raise ValueError("legal must be an object")
    lo = whole(data.get("raise_min"), "raise_min", 0, MAX_RAISE)
    hi = whole(data.get("raise_max"), "raise_max", lo, MAX_RAISE)
    all_in = data.get("all_in")
    return Legal(seat=whole(data.get("seat"), "legal seat", 0, n_seats - 1), can_fold=True,
                 call=chips(data.get("call"), "call"), owed=chips(data.get("owed"), "owed"),
                 raise_k=range(lo, hi + 1) if lo else range(0),
                 all_in=None if all_in is None else chips(all_in, "all_in"),
                 table_bet=whole(data.get("table_bet"), "table_bet", 1, MAX_TABLE_BET))


def chips(value: Any, what: str) -> int:
    """``value`` if it is a whole number of chips, 0..``MAX_CHIPS``; ``ValueError``."""
    return whole(value, what, 0, MAX_CHIPS)


def view_from_dict(data: Any) -> HandView:
    """Inverse of ``view_to_dict``; ``ValueError`` with a reason if malformed."""
    if not isinstance(data, dict):
        raise ValueError("a view must be an object")
    try:
        rules = RuleSet.from_dict(data["rules"])
        stacks = tuple(chips(x, "stacks") for x in _list(data["stacks"], "stacks"))
        n = len(stacks)
        if not 2 <= n <= MAX_SEATS:
            raise ValueError(f"a view has 2..{MAX_SEATS} seats")
        seat_no = n - 1

        def ints(key: str) -> tuple[int, ...]:
            return tuple(chips(x, key) for x in _list(data[key], key, n))

        def flags(key: str) -> tuple[bool, ...]:
            return tuple(_flag(x, key) for x in _list(data[key], key, n))

        actions = []
        for a in _list(data["actions"], "actions"):
            ev = event_from_dict(a, rules)
            if not isinstance(ev, ActionTaken) or type(ev.seat) is not int \
                    or not 0 <= ev.seat < n:
                raise ValueError("actions must be action events of this table's seats")
            actions.append(ev)
        shown: dict[int, tuple[Card, ...]] = {}
        for pair in _list(data["shown"], "shown"):
            s, cards = _list(pair, "a shown hand", 2)
            shown[whole(s, "shown seat", 0, seat_no)] = tuple(
                Card.parse(c) for c in _list(cards, "shown cards", 3))
        layers = tuple(PotLayer(chips(la["amount"], "pot amount"),
                                tuple(whole(x, "eligible seat", 0, seat_no)
                                      for x in _list(la["eligible"], "eligible")))
                       for la in _list(data["layers"], "layers"))
        my_cards = tuple(Card.parse(c) for c in _list(data["my_cards"], "my_cards"))
        if len(my_cards) > 3:
            raise ValueError("a seat holds at most three cards")
        seat, to_act, legal = data["seat"], data["to_act"], data["legal"]
        return HandView(
            seat=None if seat is None else whole(seat, "seat", 0, seat_no),
            rules=rules, first=whole(data["first"], "first", 0, seat_no),
            dealt_in=flags("dealt_in"), start_stacks=ints("start_stacks"), stacks=stacks,
            bets=ints("bets"), contributed=ints("contributed"), folded=flags("folded"),
            bet_level=chips(data["bet_level"], "bet_level"),
            round=whole(data["round"], "round", 0, MAX_ROUND),
            to_act=None if to_act is None else whole(to_act, "to_act", 0, seat_no),
            legal=None if legal is None else legal_from_dict(legal, n),
            my_cards=my_cards,
            shown=shown, layers=layers, actions=tuple(actions),
            is_over=_flag(data["is_over"], "is_over"))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"malformed view: {exc}") from None


def redact(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may see it (ARCHITECTURE.md: absent, not hidden)."""
    if isinstance(event, CardDealt) and event.seat != seat and event.card is not None:
        return CardDealt(event.seat, None, event.index)
    return event
