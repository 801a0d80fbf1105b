"""The story of the hands as lines of text: who did what for how much, the round
markers, the ante, the hands shown and who took each pot layer.

The model only (events → lines); ``log_panel`` draws it. The log is built from public
information alone: every event is passed through the spectator's redaction
(``redact(event, None)``) before it is read, and no line is ever made from a dealt card.
Only a showdown names cards, so a hot-seat log never shows a hand the table did not show
(RULES.md step 8: folded and uncontested hands stay hidden).

Lines keep seats, their names and amounts, not finished sentences: the words are made
when the line is drawn (``LogLine.text``), so a language switch reads right at once. A
line keeps the name its seat had when it happened: after a broke bot's seat is taken by a
newcomer (``lieng.game.bot_seating``), or a LAN seat by a late joiner, the earlier lines
still say who really played them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

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
from lieng.ui.core.i18n import chips, language, t
from lieng.ui.core.names import DEFAULT_NAMES, shown_name

ONLY_POT = -1
"""A pot line's ``n`` for a main pot with no side pot: "Hùng ăn tẩy: 2.100"."""
MAX_HANDS = 6
"""Hands kept in the log; older ones are dropped (a long session stays small)."""


@dataclass(frozen=True)
class LogLine:
    """One line: ``kind`` says how it is drawn ("hand", "round", "ante", "action",
    "show", "pot", "note"); the rest are the facts its words are made from."""

    kind: str
    key: str
    seats: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    n: int = 0
    cards: tuple[Card, ...] = ()
    value: HandValue | None = None
    who: tuple[str, ...] = ()
    """The names ``seats`` had when the line was added (empty: ask the names at drawing
    time — a log fed with no names, as a replay's, whose seats never change)."""

    def text(self, names: Sequence[str]) -> str:
        """The line in the current language, with the names its seats had (``who``),
        else ``names``, the seats' names as they are now."""
        return self._words(names)[0]

    def pieces(self, names: Sequence[str]) -> list[str]:
        """``text`` in the pieces a wrapped line may break between: its words, except that
        a split pot's shares stay whole — "Quốc 790", "+ Hùng 790" — so a line is never
        broken between a name and its amount, nor between a "+" and the share it adds
        (the panel and the drawer both wrap by these). ``" ".join(pieces) == text``."""
        words, shares = self._words(names)
        joined = " + ".join(shares)
        at = words.find(joined) if shares else -1
        if at < 0:
            return words.split(" ")
        head, tail = words[:at].rstrip(" "), words[at + len(joined):].lstrip(" ")
        units = [shares[0]] + [f"+ {share}" for share in shares[1:]]
        return ((head.split(" ") if head else []) + units
                + (tail.split(" ") if tail else []))

    def seat_names(self, names: Sequence[str]) -> list[str]:
        """Its seats' names as the line says them (see ``text``)."""
        return self._names(names, self.seats)

    def _names(self, names: Sequence[str], seats: Sequence[int]) -> list[str]:
        if self.who and seats == self.seats:
            return [shown_name(n) for n in self.who]
        return [names[s] if s < len(names) else str(s + 1) for s in seats]

    def _words(self, names: Sequence[str]) -> tuple[str, list[str]]:
        """The line's words, and a split pot's shares ("Quốc 790") as they appear in them."""
        who = ", ".join(self._names(names, self.seats))
        amount = chips(self.amounts[0]) if self.amounts else ""
        if self.kind == "show":
            hand = self.value.name(language()) if self.value is not None else ""
            return t(self.key, who=who, cards=" ".join(str(c) for c in self.cards),
                     hand=hand), []
        if self.kind == "pot" and self.key == "log.split":
            # "Tẩy phụ 1 (1.580) chia: Quốc 790 + Hùng 790" — who took what, pot first,
            # so the shares (the part that wraps) come last and stay together.
            head = (t("log.pot_only_head") if self.n == ONLY_POT else t("log.pot_main_head")
                    if self.n == 0 else t("log.pot_side_head", n=str(self.n)))
            shares = [t("log.share", who=w, amount=chips(a)) for w, a in
                      zip(self._names(names, self.seats), self.amounts[1:], strict=False)]
            if self.value is not None:
                # Why they share it: the same hand (docs/RULES.md, tie-break presets).
                same = self.value.category.name_in(language()) \
                    if self.value.category.name in ("ANH",) else self.value.name(language())
                return t("log.split_same", amount=amount, pot=head, hand=same,
                         shares=" + ".join(shares)), shares
            return t(self.key, amount=amount, pot=head, shares=" + ".join(shares)), shares
        if self.kind == "pot" and self.key == "log.returned" and language() == "vi" \
                and who == DEFAULT_NAMES["vi"]:
            # "Trả lại cho bạn", not "Trả lại cho Bạn": the player is "bạn" mid-sentence.
            who = who.lower()
        if self.kind == "pot":
            pot = (t("log.pot_only") if self.n == ONLY_POT else t("log.pot_main")
                   if self.n == 0 else t("log.pot_side", n=str(self.n)))
            return t(self.key, who=who, amount=amount, pot=pot), []
        if self.kind == "ante":
            return t(self.key, amount=amount, n=str(self.n),
                     total=chips(self.amounts[0] * self.n if self.amounts else 0)), []
        return t(self.key, who=who, amount=amount, n=str(self.n)), []


class ActionLog:
    """The lines of the last ``MAX_HANDS`` hands, fed event by event (``add``) — the
    table feeds it from its board, so a line appears when the table shows its moment."""

    def __init__(self, hand_no: Callable[[], int] | None = None,
                 names: Callable[[], Sequence[str]] | None = None) -> None:
        self.hand_no = hand_no
        """The table's hand number for the "Ván N" marker (None: unnumbered)."""
        self.names = names
        """The seats' names now (their stored form, not yet ``shown_name``): each line
        keeps those of its seats (``LogLine.who``)."""
        self.lines: list[LogLine] = []
        self.max_rounds = 3
        self._antes = 0
        """Seats dealt in this hand: the antes the ante line counts (``HandStarted``)."""
        self.version = 0
        """Goes up with every change (the drawer redraws only then)."""

    def clear(self) -> None:
        self.lines = []
        self.version += 1

    def feed(self, events: Sequence[Event]) -> None:
        for e in events:
            self.add(e)

    def add(self, event: Event) -> None:
        """Read one event — as a spectator sees it, whoever's view it came from."""
        e = redact(event, None)
        line: LogLine | None = None
        if isinstance(e, HandStarted):
            self.max_rounds = e.rules.max_rounds
            self._antes = sum(e.dealt_in)  # every seat dealt in antes (RULES.md step 2)
            self._drop_old_hands()
            n = self.hand_no() if self.hand_no is not None else 0
            line = LogLine("hand", "log.hand" if n > 0 else "log.hand_plain", n=n)
        elif isinstance(e, AntePosted):
            # The antes go down together: the line says them all at the first one, rather
            # than counting up while they already lie on the felt.
            last = self.lines[-1] if self.lines else None
            if last is not None and last.kind == "ante" and last.amounts == (e.amount,):
                if last.n >= self._antes:
                    return
                self.lines[-1] = LogLine("ante", "log.ante", amounts=(e.amount,), n=last.n + 1)
                self.version += 1
                return
            line = LogLine("ante", "log.ante", amounts=(e.amount,), n=max(1, self._antes))
        elif isinstance(e, RoundStarted):
            key = "log.round" if e.round <= self.max_rounds else "log.calls_only"
            line = LogLine("round", key, n=e.round)
        elif isinstance(e, ActionTaken):
            line = _action_line(e)
        elif isinstance(e, Showdown):
            for shown in e.hands:
                self._append(LogLine("show", "log.shows", seats=(shown.seat,),
                                     cards=tuple(shown.cards), value=shown.value))
            return
        elif isinstance(e, PotAwarded):
            line = _pot_line(e)
            if line.key == "log.split":
                line = dataclasses.replace(line, value=self._shown_value(e.winners))
            if e.layer > 0 and not e.refund:
                self._name_main_pot()
        elif isinstance(e, HandEnded) and e.uncontested:
            line = LogLine("note", "log.uncontested")
        if line is not None:
            self._append(line)

    def _append(self, line: LogLine) -> None:
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

    def texts(self, names: Sequence[str]) -> list[str]:
        """Every line as words (tests and the drawer read this)."""
        return [line.text(names) for line in self.lines]


def _action_line(e: ActionTaken) -> LogLine:
    seats = (e.seat,)
    if e.kind is ActionKind.TIMEOUT:
        return LogLine("action", "log.timeout", seats)
    if e.kind is ActionKind.FOLD:
        return LogLine("action", "log.fold", seats)
    if e.all_in and not e.raised:
        # All in without lifting the bet is a call ("Theo tất tay"), not "Tố tất".
        return LogLine("action", "log.call_all_in", seats, (e.amount,))
    if e.all_in:
        return LogLine("action", "log.all_in", seats, (e.amount,))
    if e.kind is ActionKind.RAISE:
        return LogLine("action", "log.raise", seats, (e.amount,), n=e.k)
    if e.amount == 0:
        return LogLine("action", "log.check", seats)
    return LogLine("action", "log.call", seats, (e.amount,))


def _pot_line(e: PotAwarded) -> LogLine:
    if e.refund:
        return LogLine("pot", "log.returned", e.winners, (e.amount,), n=e.layer)
    if len(e.winners) > 1:
        return LogLine("pot", "log.split", e.winners, (e.amount, *e.shares),
                       n=e.layer or ONLY_POT)
    # The main pot is "tẩy" until a side pot is paid out after it (``ActionLog.add``).
    return LogLine("pot", "log.won", e.winners, (e.amount,), n=e.layer or ONLY_POT)
