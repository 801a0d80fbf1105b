"""Fair deal: the shuffle seed comes from every player, so nobody — host included — picks
the cards ("Fair deal"; RULES.md step 4 asks for a fair shuffle).

Per hand:

1. The host draws a 32-byte value ``h`` and sends ``SHA-256(h)`` to everyone.
2. Each seated, connected player draws a value ``v_s`` and sends ``SHA-256(v_s)``.
3. Once the commits are in, the host publishes them; each player then sends ``v_s`` —
   to the host only, so nobody can compute the deck while the hand is played.
4. ``seed = SHA-256("lieng-deal-v1" | hand number | h | v_s for each seat in order)``;
   the deck is ``deck_from_seed(seed)``: a Fisher–Yates shuffle whose draws come from a
   SHA-256 counter stream (``shuffle_stream``), so any client in any language — or a
   future Python, whose ``random`` may change — gets the same deck.
5. Only after a hand in which **every dealt hand was shown** at the showdown (no fold,
   no timeout fold) does the host publish ``h`` and every ``v_s`` (``proof_allowed``).
   Each client then checks ``h`` against the commit it saw *before* sending its own value
   (so the host could not pick ``h`` after seeing it), every value against its commit,
   its own value unchanged, and that the cards it held and the cards shown are where that
   deck puts them.

Why only then: the proof lets anyone recompute the whole deck. After a full showdown that
shows only cards everyone saw and cards nobody was dealt, which no rule protects; after a
hand with a fold it would show the folded cards (or an uncontested winner's), which
RULES.md step 8 keeps hidden "from anything the others can see later". Such a hand is
reported as not checkable (``hidden_check``), neutrally — it is not a failure.

Why that still catches a cheating host: it commits to ``h`` before it sees any player's
value and before anyone acts, so it cannot know whether a hand it would rig will end with
a fold. Every rigged hand that reaches a full showdown fails the check; a host that rigs
often is caught with near certainty — a spot check, not a check of every hand. Holding
the proof back after a full showdown does not help it: the proof must arrive before the
next deal, and the client reports a failed check when it does not.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from lieng.engine import FULL_DECK, Card

from .messages import Commit, DealCommits, DealProof, DealStart, Reveal
from .protocol import ErrorCode, ProtocolError, WireMessage

DOMAIN = b"lieng-deal-v1"
LATE_FRACTION = 0.1
"""A seat that missed its last commit is waited for this share of the deal timeout."""
LATE_TIMEOUT_MIN = 0.25
"""… but at least this many seconds: a seat that is merely slow can still make it."""
SHUFFLE_DOMAIN = b"lieng-shuffle-v1"
VALUE_BYTES = 32


def new_value() -> bytes:
    """A fresh secret contribution from the operating system's secure generator."""
    return secrets.token_bytes(VALUE_BYTES)


def commit(value: bytes) -> bytes:
    return hashlib.sha256(value).digest()


def derive_seed(hand_no: int, host_value: bytes, values: Mapping[int, bytes]) -> bytes:
    """The shuffle seed from the host's value and every player's, in seat order."""
    h = hashlib.sha256(DOMAIN)
    h.update(hand_no.to_bytes(8, "big"))
    h.update(host_value)
    for seat in sorted(values):
        h.update(seat.to_bytes(1, "big"))
        h.update(values[seat])
    return h.digest()


def shuffle_stream(seed: bytes) -> Iterator[int]:
    """Unsigned 32-bit words from a SHA-256 counter stream: block ``i`` (from 0) is
    ``SHA-256("lieng-shuffle-v1" | seed | i as 8 bytes big-endian)``, read as eight
    big-endian words. Self-contained on purpose (docs/PROTOCOL.md section 8): unlike
    ``random.Random``, nothing in it can change with the Python version."""
    counter = 0
    while True:
        block = hashlib.sha256(SHUFFLE_DOMAIN + seed + counter.to_bytes(8, "big")).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(block[k:k + 4], "big")
        counter += 1


def deck_from_seed(seed: bytes) -> list[Card]:
    """The deck a seed implies: ``FULL_DECK`` (index order) shuffled Fisher–Yates, for
    ``i`` from 51 down to 1 swapping ``i`` with ``j`` uniform in ``0..i``. ``j`` comes
    from the next word ``w`` of ``shuffle_stream`` with ``w < 2**32 - 2**32 % (i + 1)``
    (larger words are skipped, so no ``j`` is favoured), as ``w % (i + 1)``."""
    deck = list(FULL_DECK)
    words = shuffle_stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        span = i + 1
        limit = 2**32 - 2**32 % span
        w = next(words)
        while w >= limit:
            w = next(words)
        j = w % span
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def proof_allowed(dealt_in: Sequence[bool], shown: Iterable[int]) -> bool:
    """True when every dealt hand was shown at the showdown: only then may the host
    reveal its value, since the deck it lets anyone rebuild then holds no hidden hand
    (RULES.md step 8). A fold, a timeout fold or an uncontested win makes it False."""
    dealt = {s for s, d in enumerate(dealt_in) if d}
    return bool(dealt) and dealt == set(shown)


def cards_by_seat(deck: Sequence[Card], first: int, dealt_in: Sequence[bool]
                  ) -> dict[int, tuple[Card, ...]]:
    """Where the engine's deal puts the deck (RULES.md step 4: one card at a time from the
    first player, three passes, only dealt-in seats)."""
    n = len(dealt_in)
    order = [(first + i) % n for i in range(n) if dealt_in[(first + i) % n]]
    out: dict[int, list[Card]] = {s: [] for s in order}
    i = 0
    for _ in range(3):
        for s in order:
            out[s].append(deck[i])
            i += 1
    return {s: tuple(c) for s, c in out.items()}


HIDDEN_REASON = "not checkable: a folded hand stays hidden"


@dataclass(frozen=True)
class DealCheck:
    """The outcome of checking one hand's deal; ``reason`` says what failed. ``ok`` is
    None for a hand that cannot be checked because the host rightly keeps its value
    (``proof_allowed`` is False): neither a pass nor a failure."""

    hand: int
    ok: bool | None
    reason: str
    stopped_by: int | None = None
    """For a mental deal stopped before the hand (docs/PROTOCOL.md 12): the party that
    stopped it (a seat, or 255 for the host's dealer). No hand was played, no chip moved."""


def hidden_check(hand_no: int) -> DealCheck:
    """The check of a hand that ended with a hidden hand: not checkable, by design."""
    return DealCheck(hand_no, None, HIDDEN_REASON)


def verify_deal(hand_no: int, host_commit: bytes, host_value: bytes,
                commits: Mapping[int, bytes], values: Mapping[int, bytes],
                my_seat: int | None, my_value: bytes | None, first: int,
                dealt_in: Sequence[bool], my_cards: Sequence[Card],
                shown: Mapping[int, Sequence[Card]]) -> DealCheck:
    """Everything a client can check after a hand (see the module docstring, step 5)."""
    def fail(reason: str) -> DealCheck:
        return DealCheck(hand_no, False, reason)

    if commit(host_value) != host_commit:
        return fail("the host's value does not match the commit it sent before the deal")
    for seat, value in values.items():
        if commits.get(seat) != commit(value):
            return fail(f"seat {seat}'s value does not match its commit")
    if my_value is not None and my_seat is not None and values.get(my_seat) != my_value:
        return fail("my own contribution was left out or changed")
    deck = deck_from_seed(derive_seed(hand_no, host_value, values))
    dealt = cards_by_seat(deck, first, dealt_in)
    if my_seat is not None and dealt_in[my_seat] and tuple(my_cards) != dealt.get(my_seat):
        return fail("the cards I was dealt are not the ones the seed implies")
    for seat, cards in shown.items():
        if tuple(cards) != dealt.get(seat):
            return fail(f"seat {seat}'s shown cards are not the ones the seed implies")
    return DealCheck(hand_no, True, "check passed")


# ------------------------------------------------------------------ the host's round


@dataclass
class DealRound:
    """One hand's commit-then-reveal on the host (steps 1–4 of the module docstring)."""

    hand: int
    host_value: bytes
    seats: tuple[int, ...]
    """Seats asked to contribute: seated and connected when the round began."""
    phase: str = "commit"
    commits: dict[int, bytes] = field(default_factory=dict)
    values: dict[int, bytes] = field(default_factory=dict)
    commit_end: str = ""
    """How the commit phase ended: "done" (every seat committed or left), "late" (only
    seats that missed their last commit were missing, after the short wait) or
    "timeout" (the full wait)."""

    def proof(self) -> DealProof:
        """The after-hand proof — to be sent only when ``proof_allowed`` says so."""
        return DealProof(self.hand, self.host_value, tuple(sorted(self.commits.items())),
                         tuple(sorted(self.values.items())))


class FairDealer:
    """Runs the host's side of each hand's fair deal on the host's event loop.

    ``broadcast`` sends a message to every joined seat; ``online(seat)`` says whether
    someone is connected for a seat, so the round never waits for the gone; it waits at
    most ``timeout`` seconds for each phase, then deals without the late ones.
    """

    def __init__(self, broadcast: Callable[[WireMessage], None],
                 online: Callable[[int], bool], timeout: float) -> None:
        self.broadcast = broadcast
        self.online = online
        self.timeout = timeout
        self.late_timeout = min(timeout, max(LATE_TIMEOUT_MIN, timeout * LATE_FRACTION))
        """The wait once only ``late`` seats are missing."""
        self.late: set[int] = set()
        """Seats that were online but missed their commit in the last deal they were asked
        for: a stalled seat must not hold every deal for the full timeout (one stalled
        client in the soak held 193 of 39,827 deals for 5 s each)."""
        self.round: DealRound | None = None
        self.changed = asyncio.Event()
        """Set on every commit, reveal or disconnect: a waiting phase re-checks."""

    def on_commit(self, seat: int, msg: Commit) -> None:
        """A seat's commit; ``ProtocolError`` (bad_deal) when none is expected from it."""
        d = self.round
        if d is None or d.phase != "commit" or msg.hand != d.hand or seat not in d.seats:
            raise ProtocolError(ErrorCode.BAD_DEAL, "no commit is expected from you now")
        if seat in d.commits:
            raise ProtocolError(ErrorCode.BAD_DEAL, "you already committed for this hand")
        d.commits[seat] = msg.commit
        self.changed.set()

    def on_reveal(self, seat: int, msg: Reveal) -> None:
        """A seat's value; it must match the seat's commit."""
        d = self.round
        if d is None or d.phase != "reveal" or msg.hand != d.hand \
                or seat not in d.commits or seat in d.values:
            raise ProtocolError(ErrorCode.BAD_DEAL, "no reveal is expected from you now")
        if commit(msg.value) != d.commits[seat]:
            raise ProtocolError(ErrorCode.BAD_DEAL, "that value does not match your commit")
        d.values[seat] = msg.value
        self.changed.set()

    async def _wait(self, done: Callable[[], bool],
                    missing: Callable[[], set[int]] | None = None) -> str:
        """Until ``done()`` or the timeout; with ``missing``, only until the shorter
        ``late_timeout`` once every seat still missing is a ``late`` one. Says which
        ended it (``DealRound.commit_end``)."""
        start = time.monotonic()
        end = start + self.timeout
        while not done():
            now = time.monotonic()
            short = missing is not None and missing() <= self.late
            left = (start + self.late_timeout if short else end) - now
            if left <= 0:
                return "late" if short else "timeout"
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return "done"

    async def deal(self, hand_no: int, seats: tuple[int, ...]) -> tuple[list[Card], DealRound]:
        """The deck for hand ``hand_no``, seeded by the host and every seat in ``seats``
        that committed and revealed in time."""
        d = DealRound(hand_no, new_value(), seats)
        self.round = d
        self.broadcast(DealStart(hand_no, commit(d.host_value), seats))

        def still_missing() -> set[int]:
            return {s for s in d.seats if s not in d.commits and self.online(s)}

        d.commit_end = await self._wait(lambda: not still_missing(), still_missing)
        # A seat that was online and did not commit is late next time; one that
        # committed is trusted again with the full wait.
        self.late = (self.late - set(d.commits)) | still_missing()
        d.phase = "reveal"
        self.broadcast(DealCommits(hand_no, tuple(sorted(d.commits.items()))))
        await self._wait(lambda: all(s in d.values or not self.online(s) for s in d.commits))
        d.phase = "closed"
        return deck_from_seed(derive_seed(hand_no, d.host_value, d.values)), d
