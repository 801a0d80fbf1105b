"""What the table shows, as opposed to what the engine knows: the board trails the
engine's events through animations (deal, chips, flips, payouts).

The table scene feeds every event — already redacted for the player's seat, so other
seats' cards are absent, not hidden (ARCHITECTURE.md) — into ``Board.feed``, which turns
each into a beat on a timeline: one card at a time in deal order; chips put down in
front of a seat on every ante, call, raise and all-in (``SeatState.front``); those bets
swept to the pot when a round closes (before the deal for the antes, at each new betting
round, at the showdown, before an uncontested pot is paid); flips at the showdown; chips
from each pot layer to its winners, in front of them, counted into their stacks as they
land. Durations are multiplied by the animation speed factor; at ``instant`` (0) every
beat lands in the same frame. The board reports how many of the events it has shown
(``shown``); the session knows what they mean (whose turn one started), so a screen
never asks the board and the table the same question. ``catch_up`` lands everything at
once (a replay stepped on by hand).

Positions are symbolic ("in front of seat 3", "pot layer 1") and resolved by the drawing
code against the current layout (``layout``), so a window resize or the action log's
drawer opening mid-flight still looks right.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from functools import partial

from lieng.engine import (
    ActionKind,
    ActionTaken,
    AntePosted,
    Card,
    CardDealt,
    Event,
    HandEnded,
    HandStarted,
    PotAwarded,
    RoundStarted,
    Showdown,
    TurnStarted,
    live_pot_layers,
)
from lieng.engine.ranking import HandValue
from lieng.ui.core.tween import (
    Tween,
    Tweener,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)
from lieng.ui.tabletop import board_state as state
from lieng.ui.tabletop.board_state import Anchor, Banner, CardState, ChipFlight, SeatState
from lieng.ui.tabletop.celebration import Celebrations

__all__ = ["Anchor", "Banner", "Board", "CardState", "ChipFlight", "SeatState"]

# Base durations (seconds at "normal" speed).
DEAL_FLIGHT = 0.28
DEAL_GAP = 0.11
CHIP_FLIGHT = 0.42
DROP = 0.2
"""Chips put in drop onto the felt in front of the seat."""
SWEEP_GAP = 0.3
ACTION_GAP = 0.32
FLIP = 0.32
COMING_KEPT = 32
"""Faces to render ahead kept at most (``Board.coming_faces``): a hand's own three and
every shown hand's, with room for a hand that was never drawn."""
SHOW_GAP = 0.35
AWARD_FLIGHT = 0.7
AWARD_GAP = 0.55


class Board:
    def __init__(self, names: Sequence[str], me: int, speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None,
                 fmt: Callable[[int], str] = str,
                 own_face_up: Callable[[], bool] = lambda: False) -> None:
        self.n = len(names)
        self.me = me
        self.speed = speed
        self.sound = sound or (lambda name: None)
        self.fmt = fmt
        self.own_face_up = own_face_up
        """True when the player's setting shows their cards face up as they arrive."""
        self.seats = [SeatState(name) for name in names]
        self.tweener = Tweener()
        self.cursor = 0.0
        """Seconds from now when the next beat may start."""
        self.first: int | None = None
        self.to_act: int | None = None
        self._deal_in_air = False  # the last beat was a card leaving the deck
        self.round = 0
        self.table_bet = 0
        self.contrib = [0] * self.n
        self.awarded_layers: set[int] = set()
        self.frozen_layers: list[tuple[int, tuple[int, ...]]] | None = None
        self.flights: list[ChipFlight] = []
        self.max_rounds = 3
        """Raising rounds of the table (RULES.md step 7), from ``HandStarted``."""
        self.banners: list[Banner] = []
        self.hand_over = True
        self.uncontested = False
        self.hand_started = False
        self.events_seen = 0
        """Events fed so far."""
        self.shown = 0
        """Events whose moment the board has shown (their beat has started): the first
        ``shown`` of the events fed. The session's story numbers its lines by the same
        count, so a screen shows the lines — and the result — of what is on the table."""
        self.incoming = [0] * self.n
        """Chips flying from a pot to each seat and not landed yet (payout flights)."""
        self.settled = False
        """True once ``HandEnded`` set the stacks: from then on they are the engine's."""
        self.generation = 0
        """Counts hands started, so a flight of an earlier hand never lands on a later one."""
        self.reveal_own = False
        """The player asked to turn all their cards (L) this hand: later ones land face up."""
        self.unswept = False
        """Chips were put in front of a seat since the last sweep (as fed: the beats that
        put them down may still be to come)."""
        self.watchers: list[Callable[[Event], None]] = []
        """Told each event when the table has shown it (a celebration)."""
        self.celebrations = Celebrations(lambda: [x.hand_value for x in self.seats], speed)
        self.watchers.append(self.celebrations.watch)
        self.coming_faces: deque[tuple[int, Card, bool]] = deque(maxlen=COMING_KEPT)
        """Faces the board will turn up, known when their event is fed and before its
        beat shows them: (seat, card, whether it flies in face up). The drawing renders
        them ahead, one a frame (``TableDrawer.prepare``): rendering a face the frame a
        card lands or turns over made those frames among a hand's slowest."""

    # ----------------------------------------------------------------- timeline

    def _beat(self, duration: float, gap: float, easing: Callable[[float], float] = ease_out_cubic,
              on_start: Callable[[], None] | None = None,
              on_done: Callable[[], None] | None = None, start: float = 0.0,
              end: float = 1.0) -> Tween:
        f = self.speed()
        tw = Tween(start, end, duration * f, easing, delay=self.cursor,
                   on_start=on_start, on_done=on_done)
        self.cursor += gap * f
        return self.tweener.add(tw)

    def update(self, dt: float) -> None:
        self.tweener.update(dt)
        self.celebrations.update(dt)  # not a tween: it never makes the board busy
        for b in self.banners:
            b.tween.update(dt)
        self.cursor = max(0.0, self.cursor - dt)
        self.flights = [fl for fl in self.flights if not fl.tween.done]
        self.banners = [b for b in self.banners if not b.tween.done]

    def no_turn(self) -> None:
        """No seat is acting, whatever the events shown last said: the table closed
        under its players (``TableSession.closed``), so nobody will take the turn — the
        plate loses its gold ring and its "Đang nghĩ…" with the countdown."""
        self.to_act = None

    def catch_up(self) -> None:
        """Land every pending animation now."""
        self.tweener.finish_all()
        self.cursor = 0.0
        self.flights = [fl for fl in self.flights if not fl.tween.done]
        self.banners = [b for b in self.banners if not b.tween.done]

    @property
    def busy(self) -> bool:
        return self.tweener.busy

    @property
    def dealing(self) -> bool:
        """Cards are still on their way from the deck (the deck is on the felt)."""
        return any(not cs.landed for seat in self.seats for cs in seat.cards)

    @property
    def deal_landed(self) -> bool:
        """Every dealt-in seat holds its three cards, landed: only then does a turn start
        on screen (its clock, the buttons, "Đang nghĩ…")."""
        return self.hand_started and all(s.cards_landed for s in self.seats if s.dealt_in)

    # ----------------------------------------------------------------- pots

    def layers(self) -> list[tuple[int, tuple[int, ...]]]:
        """Pot layers as shown now: (amount, eligible seats), main pot first."""
        if self.frozen_layers is not None:
            return [(0 if i in self.awarded_layers else amt, el)
                    for i, (amt, el) in enumerate(self.frozen_layers)]
        # The pot holds what was swept in: the bets still in front of the seats are not
        # in it yet, so the layers are those of the last round's end (a real moment).
        swept = [c - s.front for c, s in zip(self.contrib, self.seats, strict=True)]
        if not any(swept):
            return []
        still_in = [s.dealt_in and not s.folded for s in self.seats]
        if not any(still_in):
            return [(sum(swept), ())]
        first = self.first if self.first is not None else 0
        # While betting goes on, only all-in levels cut the pot: an unmatched bet is not
        # a "tẩy phụ" (lieng.engine.pots.live_pot_layers).
        all_in = [i and s.stack == 0 and s.front == 0
                  for i, s in zip(still_in, self.seats, strict=True)]
        return [(layer.amount, layer.eligible)
                for layer in live_pot_layers(swept, still_in, all_in, first)]

    # ----------------------------------------------------------------- events

    def feed(self, events: Sequence[Event]) -> None:
        for e in events:
            self.events_seen += 1
            if isinstance(e, HandStarted):
                self._hand_started(e)
            elif isinstance(e, AntePosted):
                self._ante(e)
            elif isinstance(e, CardDealt):
                self._sweep()  # the antes, before the first card
                self._dealt(e)
            elif isinstance(e, RoundStarted):
                self._sweep()
                self._round(e)
            elif isinstance(e, TurnStarted):
                self._turn(e)
            elif isinstance(e, ActionTaken):
                self._action(e)
            elif isinstance(e, Showdown):
                self._sweep()
                self._showdown(e)
            elif isinstance(e, PotAwarded):
                self._sweep()  # everybody else folded: the last bets go in first
                self._award(e)
            elif isinstance(e, HandEnded):
                self._sweep()
                self._ended(e)
            self._beat(0.0, 0.0, on_start=partial(self._tell, e))

    def _tell(self, event: Event) -> None:
        self.shown += 1
        for watch in self.watchers:
            watch(event)

    def _hand_started(self, e: HandStarted) -> None:
        def start() -> None:
            self.hand_over = False
            self.hand_started = True
            self.uncontested = False
            self.first = e.first
            self.to_act = None
            self.round = 0
            self.table_bet = e.rules.table_bet
            self.max_rounds = e.rules.max_rounds
            self.contrib = [0] * self.n
            self.awarded_layers = set()
            self.frozen_layers = None
            self.incoming = [0] * self.n
            self.settled = False
            self.generation += 1
            self.reveal_own = False
            for i, seat in enumerate(self.seats):
                seat.stack = e.stacks[i]
                seat.bet = 0
                seat.front = 0
                seat.dealt_in = e.dealt_in[i]
                seat.folded = not e.dealt_in[i]
                seat.all_in = False
                seat.cards = []
                seat.status = state.start_status(e.dealt_in[i], e.stacks[i], e.rules.table_bet)
                seat.status_args = {}
                seat.hand_value = None
                seat.winner = False
                seat.won = 0
                seat.net = None

        self.unswept = False
        self._beat(0.0, 0.15, on_start=start)

    def _put_down(self, seat: int, amount: int) -> None:
        """``amount`` chips go down in front of ``seat``: counted there at once (the pot
        takes them at the next sweep), with a short drop to show them put in."""
        self.seats[seat].front += amount
        self.contrib[seat] += amount
        drop = Tween(0.0, 1.0, DROP * self.speed(), ease_out_cubic)
        self.flights.append(ChipFlight(("drop", seat), ("bet", seat), amount, drop))
        self.tweener.add(drop)
        self.sound("chip")

    def _ante(self, e: AntePosted) -> None:
        seat = e.seat

        def start() -> None:
            self.seats[seat].stack = e.stack
            self._put_down(seat, e.amount)

        # Antes go in almost together.
        self.unswept = True
        self._beat(0.0, 0.06, on_start=start)

    def _sweep(self) -> None:
        """A round closed: every bet in front of a seat flies to the pot (the pot counts
        them as they leave, so its layers are always a real moment of the hand)."""
        if not self.unswept:
            return
        self.unswept = False
        f = self.speed()

        def start() -> None:
            state.clear_round_labels(self.seats)
            for i, seat in enumerate(self.seats):
                if seat.front > 0:
                    tw = Tween(0.0, 1.0, CHIP_FLIGHT * f, ease_in_out_cubic)
                    self.flights.append(ChipFlight(("bet", i), ("pot", 0), seat.front, tw))
                    self.tweener.add(tw)
                    seat.front = 0
            self.sound("chip")

        self._beat(CHIP_FLIGHT, SWEEP_GAP, on_start=start)

    def _dealt(self, e: CardDealt) -> None:
        seat = self.seats[e.seat]
        own = e.seat == self.me
        f = self.speed()
        arrive = Tween(0.0, 1.0, DEAL_FLIGHT * f, ease_out_back)
        if own and e.card is not None:
            self.coming_faces.append((e.seat, e.card, self.own_face_up() or self.reveal_own))

        def start() -> None:
            face_up = own and e.card is not None and (self.own_face_up() or self.reveal_own)
            seat.cards.append(CardState(e.card if own else None, arrive,
                                        flip=1.0 if face_up else 0.0))
            self.tweener.add(arrive)
            self.sound("deal")

        self._deal_in_air = True
        self._beat(DEAL_FLIGHT, DEAL_GAP, on_start=start)

    def _round(self, e: RoundStarted) -> None:
        def start() -> None:
            self.round = e.round
            if e.round > 1:
                state.clear_round_labels(self.seats)  # also after a round of checks (no sweep)
                # Banners run beside the timeline: they never hold up a bot or a deal.
                tw = Tween(0.0, 1.0, 1.4 * max(self.speed(), 0.35), linear)
                # One banner at a time: at fast speeds the last round's is still fading.
                # Past the raising rounds (RULES.md step 7) there is no "vòng tố" left.
                key = "table.round" if e.round <= self.max_rounds else "table.calls_only"
                self.banners = [Banner(key, {"n": str(e.round)}, tw)]

        self._beat(0.0, 0.0, on_start=start)

    def _turn(self, e: TurnStarted) -> None:
        def start() -> None:
            self.to_act = e.seat

        if self._deal_in_air:  # the first turn waits for the last card to land
            self._deal_in_air = False
            self.cursor += (DEAL_FLIGHT - DEAL_GAP) * self.speed()
        self._beat(0.0, 0.0, on_start=start)

    def _action(self, e: ActionTaken) -> None:
        seat = self.seats[e.seat]

        def start() -> None:
            if self.to_act == e.seat:
                self.to_act = None
            seat.stack = e.stack
            seat.bet = e.bet
            seat.all_in = e.all_in
            if e.kind in (ActionKind.FOLD, ActionKind.TIMEOUT):
                seat.folded = True
                seat.status = "act.timeout" if e.kind is ActionKind.TIMEOUT else "act.fold"
                seat.status_args = {}
                self.sound("fold")
                return
            if e.all_in:  # all in without lifting the bet is a call: "Theo tất tay"
                seat.status = "act.all_in" if e.raised or not e.amount else "act.call_all_in"
                seat.status_args = {"amount": self.fmt(e.amount)}
            elif e.kind is ActionKind.RAISE:
                seat.status, seat.status_args = "act.raise", {"k": str(e.k),
                                                              "amount": self.fmt(e.amount)}
            elif e.amount == 0:
                seat.status, seat.status_args = "act.check", {}
            else:
                seat.status, seat.status_args = "act.call", {"amount": self.fmt(e.amount)}
            if e.amount > 0:
                self._put_down(e.seat, e.amount)

        if e.amount > 0:
            self.unswept = True
        self._beat(0.0, ACTION_GAP, on_start=start)

    def _showdown(self, e: Showdown) -> None:
        def start() -> None:
            self.to_act = None
            self.frozen_layers = [(amt, el) for amt, el in self.layers()]
            # The betting is over: a round banner still fading would talk over the hands.
            self.banners = []

        self._beat(0.0, 0.2, on_start=start)
        for shown in e.hands:
            seat = self.seats[shown.seat]
            cards = shown.cards
            value = shown.value
            self.coming_faces.extend((shown.seat, card, False) for card in cards)

            def flip(seat: SeatState = seat, cards: tuple[Card, ...] = cards,
                     value: HandValue = value) -> None:
                for i, cs in enumerate(seat.cards):
                    if i < len(cards):
                        cs.card = cards[i]
                    if cs.flip_now < 1.0 and cs.flip_tween is None:
                        tw = Tween(cs.flip_now, 1.0, FLIP * self.speed(), ease_in_out_cubic,
                                   delay=0.06 * i * self.speed())
                        cs.flip_tween = self.tweener.add(tw)
                seat.hand_value = value
                seat.status, seat.status_args = "", {}
                self.sound("deal")

            self._beat(FLIP, SHOW_GAP, on_start=flip)
        self.cursor += 0.5 * self.speed()

    def _award(self, e: PotAwarded) -> None:
        """A pot layer flies to its winners. The chips count on the seat when they land —
        unless ``HandEnded`` came first (its beat may start while the last flight is still
        in the air, AWARD_GAP < AWARD_FLIGHT): it set the engine's final stacks less what
        was still flying, so each landing only brings the seat up to the final stack and
        never counts a share twice."""
        f = self.speed()
        flights = [Tween(0.0, 1.0, AWARD_FLIGHT * f, ease_in_out_cubic) for _ in e.winners]
        generation: list[int] = []

        def start() -> None:
            # Remember the hand, and whether the stacks were still ours to count.
            generation.append(-1 if self.settled else self.generation)
            if not self.settled:
                for w, share in zip(e.winners, e.shares, strict=True):
                    self.incoming[w] += share
            self.to_act = None
            if self.frozen_layers is None:
                self.frozen_layers = [(amt, el) for amt, el in self.layers()]
            while len(self.frozen_layers) <= e.layer:
                self.frozen_layers.append((0, ()))
            for w, share, tw in zip(e.winners, e.shares, flights, strict=True):
                self.flights.append(ChipFlight(("pot", e.layer), ("bet", w), share, tw))
                self.tweener.add(tw)
                if not e.refund:
                    self.seats[w].winner = True
            self.awarded_layers.add(e.layer)
            self.sound("win" if self.me in e.winners and not e.refund else "chip")

        def land() -> None:
            if generation and generation[0] != self.generation:
                # Already counted by HandEnded, or a later hand has started.
                return
            for w, share in zip(e.winners, e.shares, strict=True):
                self.incoming[w] = max(0, self.incoming[w] - share)
                self.seats[w].stack += share
                self.seats[w].won += share

        self._beat(AWARD_FLIGHT, AWARD_GAP, linear, on_start=start, on_done=land)

    def _ended(self, e: HandEnded) -> None:
        def start() -> None:
            self.hand_over = True
            self.uncontested = e.uncontested
            self.to_act = None
            self.settled = True
            self.banners = []  # the result line takes the banner's place
            for i, seat in enumerate(self.seats):
                # The engine's stacks are the truth; chips still flying land on top.
                seat.stack = e.stacks[i] - self.incoming[i]
                seat.net = e.net[i]
                # Only who came out ahead glows (RULES.md, "A hand won").
                seat.winner = seat.winner and e.net[i] > 0
            self.contrib = [0] * self.n
            self.frozen_layers = []

        self._beat(0.0, 0.0, on_start=start)
