"""What a client can check of the hand its host describes, before drawing it.

The host is the one truth of a table (docs/PROTOCOL.md), but a modified host can send
anything that parses. The decoders (lieng/net/messages.py) refuse what is malformed;
these checks refuse what is well formed but cannot happen in an honest hand, so the
player is told the host is misbehaving instead of seeing it drawn:

- **chips are conserved**: during a hand every seat's chips behind plus its chips in the
  pot are its stack before the ante; once the hand is over the stacks add up to the
  start stacks (RULES.md step 9: the pot is only shared out). The start stacks stay the
  same for the whole hand, and a new hand starts from the stacks of the last ``table``
  message (which come after any rebuy);
- **a showdown only when the hand is over** (RULES.md step 8): no shown cards and no
  ``showdown`` event in a hand still being played, and never a folded seat's cards;
- **no other seat's cards before a showdown**: a ``card_dealt`` event for another seat
  never carries its card (docs/PROTOCOL.md section 6).

Each check returns a reason in English (for the log and the error message) or None.
"""

from __future__ import annotations

from collections.abc import Sequence

from lieng.engine import CardDealt, Event, HandView, Showdown

from .messages import Roster, Snapshot, Update


def view_problem(view: HandView, before: HandView | None,
                 roster_stacks: Sequence[int] | None) -> str | None:
    """Why ``view`` cannot be an honest view, or None. ``before`` is the last view of the
    same hand (None for a hand's first view); ``roster_stacks`` the stacks of the ``table``
    message sent just before this hand began (None when unknown)."""
    start = view.start_stacks
    if before is not None and before.start_stacks != start:
        return "the stacks the hand started with changed during the hand"
    # A seat away from the table (docs/RULES.md, "A player who is away") sits the hand
    # out with its stack set aside: it starts from 0 and keeps the roster's chips. No
    # seat may start from anything else than what the roster gave it.
    if before is None and roster_stacks is not None and (
            len(roster_stacks) != len(start)
            or any(s not in (r, 0) for s, r in zip(start, roster_stacks, strict=True))):
        return "the hand started from other stacks than the table had"
    if view.is_over:
        if sum(view.stacks) != sum(start):
            return (f"the stacks add up to {sum(view.stacks)} after the hand, "
                    f"not the {sum(start)} it started with")
    else:
        for seat, (left, put_in, had) in enumerate(
                zip(view.stacks, view.contributed, start, strict=True)):
            if left + put_in != had:
                return (f"seat {seat} holds {left} and put {put_in} in the pot, "
                        f"but started with {had}")
        if view.shown:
            return "cards were shown at a showdown while the hand was still being played"
    for seat in view.shown:
        if view.folded[seat] or not view.dealt_in[seat]:
            return f"the cards of seat {seat}, which folded or sat out, were shown"
    return None


def events_problem(events: Sequence[Event], view: HandView) -> str | None:
    """Why ``events`` (arriving with ``view``) cannot be honest for this seat, or None."""
    for event in events:
        if isinstance(event, CardDealt) and event.card is not None \
                and event.seat != view.seat:
            return f"seat {event.seat}'s dealt card was sent to another seat"
        if isinstance(event, Showdown) and not view.is_over:
            return "a showdown was sent while the hand was still being played"
    return None


def message_problem(msg: Snapshot | Update, last: HandView | None, hand_no: int,
                    roster: Roster | None) -> str | None:
    """Why ``msg`` cannot come from an honest host, or None: the checks above, given the
    client's last view (of hand ``hand_no``) and the last ``table`` message."""
    view = msg.view
    if view is None:
        return None
    same_hand = last is not None and msg.hand == hand_no and last.n_seats == view.n_seats
    roster_stacks = roster.stacks if isinstance(msg, Update) and roster is not None \
        and roster.hand == msg.hand - 1 and msg.hand != hand_no \
        and roster.stacks is not None and len(roster.stacks) == view.n_seats else None
    return view_problem(view, last if same_hand else None, roster_stacks) \
        or events_problem(msg.events, view)
