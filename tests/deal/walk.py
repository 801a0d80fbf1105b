"""Walk an object graph for ``Card`` objects: what a process holds, for privacy tests."""

from __future__ import annotations

from lieng.engine import Card


def cards_in(obj: object, seen: set[int] | None = None) -> set[Card]:
    """Every ``Card`` reachable from ``obj`` through containers and object attributes."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return set()
    seen.add(id(obj))
    if isinstance(obj, Card):
        return {obj}
    found: set[Card] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            found |= cards_in(k, seen) | cards_in(v, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            found |= cards_in(v, seen)
    elif hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
        names = list(getattr(obj, "__dict__", {}))
        for cls in type(obj).__mro__:
            names += [n for n in getattr(cls, "__slots__", ()) if isinstance(n, str)]
        for name in names:
            if hasattr(obj, name):
                found |= cards_in(getattr(obj, name), seen)
    return found
