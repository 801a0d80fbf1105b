"""What survives a restart: settings, bankroll, hand history and statistics.

Modules, each with its own docstring:

* ``paths``    — the platformdirs user data directory, the only place written to.
* ``atomic``   — the one module that writes files (atomic replace, ``.bak``, retries) and
  the validating reader (bad files kept aside, ``.bak`` or defaults, one ``Notice``).
* ``settings`` — the ``Settings`` dataclass, ``load_settings``/``save_settings``.
* ``bankroll`` — ``Bankroll``: buy-in, per-hand commit, cash-out, daily refill.
* ``history``  — hands and game results as JSON Lines, rotated; replayable events.
* ``stats``    — statistics computed from the history.
* ``limits``   — the sane range of every number read back: a file beyond
  them was edited or damaged and is treated as a bad file.
* ``ledger``   — the bankroll and the history written as one unit: the history line
  first, then the bankroll; start-up commits what a kill left between them.

This package never imports pygame. ``history`` and ``stats`` import the engine; the
others don't, so the bankroll and settings load without building the hand tables.
Every function that touches a file takes an optional ``root`` folder (tests, tools);
without it the user data directory is used.
"""

from .documents import Notice

__all__ = ["Notice"]
