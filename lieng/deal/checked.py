"""The deal's steps this process has already seen check: each proof is checked once.

Every party checks every step (docs/PROTOCOL.md 12.4), and a process may hold more than
one party's record of the same deal: the host's (``MentalDealer``) and, in the same
process, the hosting player's own seat (``MentalPlayer``), each of which checked every
relayed step in full — the same shuffle proof, some 310 scalar multiplications, twice.
A check is a pure function of what it is given (the step, the deck it applies to, the
deal's context), so the second record asks here first: the statement, compared in full
— every point, scalar and context byte, never a hash of them — either checked already
in this process or is checked now.

Only a success is remembered. A step that fails is checked again by each record that
receives it, so each names its sender itself; a step that differs in any byte (a host
relaying another step to one seat) is a different statement and is checked on its own.
One lock is held around each check, so two threads checking the same step (the host's
service thread and the hosting player's client thread) check it once: the second waits
and finds it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

REMEMBERED = 256
"""Statements kept, newest first: a six-person hand leaves about 25 (7 shuffles, 7
unlock passes, up to 9 openings), so a few hands' worth."""

_checked: OrderedDict[Hashable, None] = OrderedDict()
_lock = threading.Lock()


def once(statement: Hashable, check: Callable[[], bool]) -> bool:
    """``check()``, unless ``statement`` (everything the check depends on) already
    checked in this process: then True without checking again."""
    try:
        hash(statement)
    except TypeError:  # a step built with lists, not as the wire reader builds it
        return check()
    with _lock:
        if statement in _checked:
            _checked.move_to_end(statement)
            return True
        ok = check()
        if ok:
            _checked[statement] = None
            while len(_checked) > REMEMBERED:
                _checked.popitem(last=False)
        return ok

