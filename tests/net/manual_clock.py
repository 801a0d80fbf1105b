"""A clock the test moves itself, for ``TableFinder(clock=...)``.

The finder's staleness and its senders' rate limits are measured on the clock it is
given; with this one a table goes stale only when the test says time has passed, never
because a loaded machine ran the test slowly (a flood test once failed in CI when the
fakes it waited for went stale on the real clock before the wait began).
"""

from __future__ import annotations


class ManualClock:
    """Seconds that pass only by ``advance``; read from the finder's threads."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        """Move on by ``seconds``; the new time."""
        self.now += seconds
        return self.now
