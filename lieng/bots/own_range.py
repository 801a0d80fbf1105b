"""A bot's own range, heads-up, learnt from its own decisions: which hands it holds when
it has played a hand a given way (``opponents.line``: only checked, called, raised once,
raised more).

Why: the minimum defence (``HeuristicBot._defends``, docs/BOTS.md) must go on with the top
P / (P + b) of the hands *we can hold here* against a bet of *b* into a pot of *P*. Read
as "of all hands, narrowed by fixed factors", it ignored that our checks had already given
away our raising hands: after a check `hard` defended 0 % against an all-in (the price
asks 2 %), 13 % against a 4 × *B* bet (33 %), and Local Best Response bet into every check
(docs/BOTS.md "Where LBR earns"). The hands a bot actually arrives with are known to it —
its own cards at its own decisions — so it counts them: one strength histogram per line,
filled at every heads-up decision made after its first action, seeded with a prior and
halved when full, like the opponent model's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .opponents import LINES

BINS = 40
"""Strength resolution (2.5 % wide)."""
_PRIOR: tuple[tuple[float, float], ...] = ((0.0, 0.65), (0.2, 0.95), (0.55, 1.0), (0.7, 1.0),
                                          (0.7, 1.0), (0.8, 1.0))
"""Strength interval each key (``key``) is assumed to hold before anything is seen: checks
rarely hold the top, calls the middle, raises the top."""
PRIOR_WEIGHT = 8.0
CAP = 600.0


def _prior(lo: float, hi: float) -> list[float]:
    out = [0.0] * BINS
    a, b = int(lo * BINS), max(int(lo * BINS) + 1, int(hi * BINS))
    for i in range(a, b):
        out[i] = PRIOR_WEIGHT / (b - a)
    return out


def key(line: int, big: bool) -> int:
    """Histogram of a line; a raised line whose last raise was at least the pot has its
    own (``LINES`` + 0 or 1): small steals hold any hand, big value raises the top, and
    one histogram for both made a big raise fold the hands it had raised for value."""
    return LINES + line - 2 if big and line >= 2 else line


@dataclass(slots=True)
class OwnRange:
    """Per line: how many of our decisions had a hand of each strength bin."""

    hist: list[list[float]] = field(
        default_factory=lambda: [_prior(lo, hi) for lo, hi in _PRIOR])

    def record(self, line: int, s: float) -> None:
        """We reached a decision having played ``line`` so far (a ``key``), holding
        strength ``s``."""
        h = self.hist[line]
        h[min(BINS - 1, int(s * BINS))] += 1.0
        if sum(h) > CAP:
            self.hist[line] = [x * 0.5 for x in h]

    def top(self, line: int, s: float) -> float:
        """Share of the hands we arrive with on ``line`` that are at least as strong as
        ``s`` (within-bin interpolation)."""
        h = self.hist[line]
        total = sum(h)
        if total <= 0:
            return 1.0 - s
        pos = s * BINS
        b = min(BINS - 1, int(pos))
        above = sum(h[b + 1:]) + h[b] * (1.0 - (pos - b))
        return above / total


assert len(_PRIOR) == LINES + 2
