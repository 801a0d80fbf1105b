"""The story of the hands: the log's lines and each hand's result, made from events.

A table screen tells two stories beside its board — the action log (who did what for how
much, the round markers, the ante, the hands shown, who took each pot layer) and, between
hands, the result panel (the hands shown, every pot layer with the reason for a split,
and each seat's net). Both are facts about the hand, not about drawing, so they are made
here, from the session's events, without pygame; ``lieng.ui.tabletop.action_log`` puts
them into words and ``log_panel`` / ``summary`` only draw them.

**Public information only.** Every event is passed through the spectator's redaction
(``redact(event, None)``) before it is read, and no line is ever made from a dealt card:
only a showdown names cards, so a hot-seat log never shows a hand the table did not show
(docs/RULES.md step 8: folded and uncontested hands stay hidden).

**Facts, not sentences.** A line keeps seats, the names they had then, and amounts; the
words are made when it is drawn, so a language switch reads right at once, and a seat
taken over later (a newcomer bot, a LAN late joiner) does not rename what was played.

**Numbered by event.** The story is told as the events arrive, ahead of the board that
animates them; each line keeps the number of the event it tells (``StoryLine.event``), so
a screen shows the lines of the events its board has shown (``lines_shown``) and the
result once the hand's end is on the table — the same moment the line used to appear.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from lieng.engine import (
    ActionKind,
    ActionTaken,
    AntePosted,
    Card,
    Event,
    HandEnded,
    HandStarted,
    PotAwarded,
    RoundStarted,
    Showdown,
    redact,
)
from lieng.engine.ranking import HandValue

ONLY_POT = -1
"""A pot line's ``n`` for a main pot with no side pot: "Hùng ăn tẩy: 2.100"."""
MAX_HANDS = 6
"""Hands kept in the story; older ones are dropped (a long session stays small)."""
RESULT_KINDS = ("show", "pot", "note")
"""The lines a hand's result shows: the hands shown (why a pot went where it went), each
pot layer, and the notes ("nobody called")."""


@dataclass(frozen=True)
class StoryLine:
    """One line: ``kind`` says how it is drawn ("hand", "round", "ante", "action",
    "show", "pot", "note"); ``key`` names its words; the rest are the facts they are made
    from. ``value`` on a split pot's line is the hand its winners showed: the reason they
    share it (docs/RULES.md step 9, "chia đều"). ``event``: the number of the event it
    tells (from the story's first event, 0), so a screen shows it when that event is."""

    kind: str
    key: str
    seats: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    n: int = 0
    cards: tuple[Card, ...] = ()
    value: HandValue | None = None
    event: int = 0
    who: tuple[str, ...] = ()
    """The names ``seats`` had when the line was told (empty: the names at drawing time
    — a story fed with no names, as a replay's, whose seats never change). After a broke
    bot's seat is taken by a newcomer (``lieng.game.bot_seating``), or a LAN seat by a
    late joiner, the earlier lines still say who really played them."""


@dataclass(frozen=True)
class HandResult:
    """One hand's result, as the panel between hands shows it: ``lines`` are the hand's
    shown hands, pot layers and notes in the order they happened (``RESULT_KINDS``),
    ``net`` each seat's chips won or lost, ``dealt_in`` who played it (a seat that sat
    it out has no result of its own). ``event``: the number of its ``HandEnded``."""

    hand_no: int
    lines: tuple[StoryLine, ...]
    net: tuple[int, ...]
    dealt_in: tuple[bool, ...]
    uncontested: bool
    event: int

    def net_of(self, seat: int) -> int | None:
        """``seat``'s net this hand; None when it sat the hand out."""
        if seat >= len(self.net) or not self.dealt_in[seat]:
            return None
        return self.net[seat]

    def winners_first(self) -> list[tuple[int, int]]:
        """(seat, net) of every seat that won or lost chips, winners first — the hot-seat
        panel names them all (chips won and lost are public; the cards behind them not)."""
        moved = [(seat, net) for seat, net in enumerate(self.net) if net != 0]
        return [x for x in moved if x[1] > 0] + [x for x in moved if x[1] < 0]


@dataclass(frozen=True)
class ResultLine:
    """One big line of the result panel, as facts: ``seat`` won (``amount`` > 0), lost
    or broke even this hand (``kind`` "net"), or — in a replay of a hand the player left
    mid-way — took ``amount`` chips away from the table (``kind`` "left"). ``named``: the
    line names the seat (a shared table's, where there is no "you") instead of speaking
    to the player. The screens put it into words."""

    seat: int
    amount: int
    kind: Literal["net", "left"] = "net"
    named: bool = False

    @property
    def good(self) -> bool:
        """Drawn as good news: chips won."""
        return self.kind == "net" and self.amount > 0


def result_lines(result: HandResult | None, me: int | None, everyone: bool = False,
                 left: int | None = None) -> list[ResultLine]:
    """The result panel's big lines for the player at seat ``me``.

    ``everyone`` (a shared table, the hot-seat): every seat that won or lost chips, by
    name, winners first — chips won and lost are public, the cards behind them are not
    (docs/RULES.md step 8). Otherwise me's own net — none when me sat the hand out, or
    nobody is me (a hot-seat hand replayed: ``me`` None). ``left``: me left the hand
    mid-way with these chips (a replay of it), which is its one line."""
    if left is not None and me is not None:
        return [ResultLine(me, left, "left")]
    if result is None:
        return []
    if everyone:
        return [ResultLine(seat, net, named=True) for seat, net in result.winners_first()]
    net = None if me is None else result.net_of(me)
    return [] if me is None or net is None else [ResultLine(me, net)]


class Story:
    """The lines of the last ``MAX_HANDS`` hands and the last hand's result, fed event by
    event (``add``). ``hand_no`` gives the table's hand number for the "Ván N" marker
    when a hand starts (None: unnumbered, as in a replay)."""

    def __init__(self, hand_no: Callable[[], int] | None = None,
                 names: Callable[[], Sequence[str]] | None = None) -> None:
        self.hand_no = hand_no
        self.names = names
        """The seats' names now (their stored form): each line keeps those of its seats
        (``StoryLine.who``)."""
        self.lines: list[StoryLine] = []
        self.result: HandResult | None = None
        """The last hand that ended (None before the first)."""
        self.events = 0
        """Events told so far: the next one's number."""
        self.hand_event = -1
        """The number of the last ``HandStarted`` (-1: none yet)."""
        self.version = 0
        """Goes up with every change to ``lines`` (a drawer redraws only then)."""
        self.max_rounds = 3
        self._antes = 0
        """Seats dealt in this hand: the antes the ante line counts (``HandStarted``)."""
        self._dealt_in: tuple[bool, ...] = ()
        self._hand = 0

    # ----------------------------------------------------------------- reading

    def lines_shown(self, shown: int) -> list[StoryLine]:
        """The lines of the first ``shown`` events (the ones a board has shown)."""
        if not self.lines or self.lines[-1].event < shown:
            return self.lines
        return [line for line in self.lines if line.event < shown]

    def hand_lines(self) -> list[StoryLine]:
        """The last hand's shown hands, pot layers and notes, in the order they happened."""
        start = max((i for i, line in enumerate(self.lines) if line.kind == "hand"), default=0)
        return [line for line in self.lines[start:] if line.kind in RESULT_KINDS]

    def result_shown(self, shown: int) -> HandResult | None:
        """The last hand's result once its end is among the first ``shown`` events, and
        no later hand has started; None otherwise."""
        r = self.result
        if r is None or r.event >= shown or self.hand_event > r.event:
            return None
        return r

    # ----------------------------------------------------------------- telling

    def clear(self) -> None:
        """Forget everything told: the next event is number 0 again (a replay going back
        rebuilds its board and its story from the hand's start)."""
        self.lines = []
        self.result = None
        self.events = 0
        self.hand_event = -1
        self.version += 1

    def feed(self, events: Sequence[Event]) -> None:
        for e in events:
            self.add(e)

    def add(self, event: Event) -> None:
        """Tell one event — as a spectator sees it, whoever's view it came from."""
        number = self.events
        self.events += 1
        e = redact(event, None)
        line: StoryLine | None = None
        if isinstance(e, HandStarted):
            self.max_rounds = e.rules.max_rounds
            self._antes = sum(e.dealt_in)  # every seat dealt in antes (RULES.md step 2)
            self._dealt_in = e.dealt_in
            self.hand_event = number
            self._drop_old_hands()
            n = self.hand_no() if self.hand_no is not None else 0
            self._hand = n
            line = StoryLine("hand", "log.hand" if n > 0 else "log.hand_plain", n=n)
        elif isinstance(e, AntePosted):
            # The antes go down together: the line says them all at the first one, rather
            # than counting up while they already lie on the felt.
            last = self.lines[-1] if self.lines else None
            if last is not None and last.kind == "ante" and last.amounts == (e.amount,):
                if last.n >= self._antes:
                    return
                self.lines[-1] = dataclasses.replace(last, n=last.n + 1)
                self.version += 1
                return
            line = StoryLine("ante", "log.ante", amounts=(e.amount,), n=max(1, self._antes))
        elif isinstance(e, RoundStarted):
            key = "log.round" if e.round <= self.max_rounds else "log.calls_only"
            line = StoryLine("round", key, n=e.round)
        elif isinstance(e, ActionTaken):
            line = action_line(e)
        elif isinstance(e, Showdown):
            for shown in e.hands:
                self._append(StoryLine("show", "log.shows", seats=(shown.seat,),
                                       cards=tuple(shown.cards), value=shown.value,
                                       event=number))
            return
        elif isinstance(e, PotAwarded):
            line = pot_line(e)
            if line.key == "log.split":
                line = dataclasses.replace(line, value=self._shown_value(e.winners))
            if e.layer > 0 and not e.refund:
                self._name_main_pot()
        elif isinstance(e, HandEnded):
            if e.uncontested:
                self._append(StoryLine("note", "log.uncontested", event=number))
            dealt_in = self._dealt_in if len(self._dealt_in) == len(e.net) \
                else (True,) * len(e.net)
            self.result = HandResult(self._hand, tuple(self.hand_lines()), tuple(e.net),
                                     dealt_in, e.uncontested, number)
            return
        if line is not None:
            self._append(dataclasses.replace(line, event=number))

    def _append(self, line: StoryLine) -> None:
        if self.names is not None and line.seats:
            now = self.names()
            line = dataclasses.replace(line, who=tuple(
                now[s] if s < len(now) else str(s + 1) for s in line.seats))
        self.lines.append(line)
        self.version += 1

    def _shown_value(self, seats: Sequence[int]) -> HandValue | None:
        """The hand the split pot's winners showed this hand: the reason they share it
        ("chia đều, cùng 5 điểm")."""
        for line in reversed(self.lines):
            if line.kind == "hand":
                return None
            if line.kind == "show" and line.seats and line.seats[0] in seats:
                return line.value
        return None

    def _name_main_pot(self) -> None:
        """A side pot was paid: this hand's "tẩy" was the main pot after all."""
        for i in range(len(self.lines) - 1, -1, -1):
            line = self.lines[i]
            if line.kind == "hand":
                return
            if line.kind == "pot" and line.n == ONLY_POT:
                self.lines[i] = dataclasses.replace(line, n=0)
                self.version += 1
                return

    def _drop_old_hands(self) -> None:
        starts = [i for i, line in enumerate(self.lines) if line.kind == "hand"]
        if len(starts) >= MAX_HANDS:
            del self.lines[:starts[len(starts) - MAX_HANDS + 1]]
            self.version += 1


def action_line(e: ActionTaken) -> StoryLine:
    """An action's line. All in without lifting the bet is a call ("Theo tất tay"), not
    "Tố tất" (docs/RULES.md step 5)."""
    seats = (e.seat,)
    if e.kind is ActionKind.TIMEOUT:
        return StoryLine("action", "log.timeout", seats)
    if e.kind is ActionKind.FOLD:
        return StoryLine("action", "log.fold", seats)
    if e.all_in and not e.raised:
        return StoryLine("action", "log.call_all_in", seats, (e.amount,))
    if e.all_in:
        return StoryLine("action", "log.all_in", seats, (e.amount,))
    if e.kind is ActionKind.RAISE:
        return StoryLine("action", "log.raise", seats, (e.amount,), n=e.k)
    if e.amount == 0:
        return StoryLine("action", "log.check", seats)
    return StoryLine("action", "log.call", seats, (e.amount,))


def pot_line(e: PotAwarded) -> StoryLine:
    """A pot layer's line: returned to its one payer, split, or won. The main pot is "tẩy"
    until a side pot is paid out after it (``Story.add`` renames it then)."""
    if e.refund:
        return StoryLine("pot", "log.returned", e.winners, (e.amount,), n=e.layer)
    if len(e.winners) > 1:
        return StoryLine("pot", "log.split", e.winners, (e.amount, *e.shares),
                         n=e.layer or ONLY_POT)
    return StoryLine("pot", "log.won", e.winners, (e.amount,), n=e.layer or ONLY_POT)
