"""What ``expert``'s opponent model reads as a *habit* (docs/BOTS.md "Adapting to the
table"): the statistics of ``opponents.SeatStats`` turned into the few labels ``expert``
acts on — a folder, a caller, a wild or a tight raiser, an aggressor — each with
the evidence it needs first. Kept apart from the bot so the thresholds, which the league
measured, are read in one place.
"""

from __future__ import annotations

from functools import lru_cache

from .opponents import SeatStats

MIN_EVIDENCE = 12
"""Bets an opponent must have faced before ``expert`` departs from the equilibrium."""
STEAL_FOLD = 0.6
"""Fold rate to bets above which every check becomes a small raise."""
MIN_SHOWN = 5
"""Hands an opponent must have shown after raising before its raises are read."""
WILD_SHOWN = 0.65
"""Mean strength of hands shown after raising at most which a player raises with anything."""
TIGHT_SHOWN = 0.93
"""Mean strength of hands shown after raising from which a player raises only monsters."""
AGGRESSOR = 0.35
"""Raise rate from which a player who does not raise with anything gets the equilibrium."""
LOOSE_FOLD = 0.3
"""Fold rate to bets at most which value raises are sized for a player who calls them."""
VALUE_EVIDENCE = 20
"""Decisions a player must have made before its big raises may be read as value
(``value_bettor``): enough for an aggressor's raise rate to show (Local Best Response
raises at 66–76 %, so its rate passes ``AGGRESSOR`` within five decisions)."""
BIG_VALUE_SHOWN = 0.85
"""Mean strength of the hands shown after a big raise (``opponents.BIG_RAISE_POTS``) (with the prior
``BIG_PRIOR_MEAN``) from which a non-aggressor's big raises are read as value."""
BIG_MIN_SHOWN = 2
"""Hands it must have shown after big raises first."""
LIGHT_ALLIN_SHOWN = 3
"""Hands a player must have shown after calling an all-in before ``calls_allins_light``."""
LIGHT_ALLIN_MEAN = 0.6
"""Mean strength of those hands at most which a player calls all-ins light: every level's
and the population's people call an all-in only from a threshold of 0.75 or more
(docs/BOTS.md "Population league"); a calling station calls with anything (mean ½)."""
LIGHT_SHOVE_HANDS = 50
LIGHT_SHOVE_RATE = 0.15
"""``shoves_light``: a player dealt into at least ``LIGHT_SHOVE_HANDS`` hands who shoved
in at least ``LIGHT_SHOVE_RATE`` of them shoves hands the never-do rules would not — a
hand that beats 95 % of hands is dealt one time in twenty, and a never-do shover whose
threshold is exactly that shoves 8 or more of 50 hands about 3 times in 1,000."""
BIG_PRIOR_MEAN = 0.9
BIG_PRIOR_WEIGHT = 2.0
"""Prior of ``value_bettor``: a player who seldom raises raises big with a strong hand —
worth two shown hands, so a bluff shown after a few big raises undoes it."""


def raised_showdowns(st: SeatStats) -> tuple[float, float]:
    """(how many, mean strength) of the hands a player showed after raising."""
    n = 0.0
    total = 0.0
    for line in (2, 3):
        hist = st.shown[line]
        n += sum(hist)
        total += sum(c * m for c, m in zip(hist, _mids(len(hist)), strict=True))
    return n, total / n if n else 0.5


@lru_cache(maxsize=4)
def _mids(bins: int) -> tuple[float, ...]:
    """Each strength bin's middle."""
    return tuple((b + 0.5) / bins for b in range(bins))


def habit(st: SeatStats) -> str | None:
    """The habit the model sees in a player, if any: ``"folder"`` (folds to bets at least
    ``STEAL_FOLD``), ``"caller"`` (at most ``LOOSE_FOLD``), ``"wild"`` or ``"tight"`` (the
    hands it showed after raising average at most ``WILD_SHOWN`` or at least
    ``TIGHT_SHOWN``), else None: a balanced player, against whom ``expert`` keeps the
    equilibrium — a deviation made for a habit that is not there is exactly what a
    strong opponent punishes (measured against ``hard``, docs/BOTS.md)."""
    if st.faced >= MIN_EVIDENCE:
        fold = st.fold_rate()
        if fold >= STEAL_FOLD:
            return "folder"
        if fold <= LOOSE_FOLD:
            return "caller"
    n, mean = raised_showdowns(st)
    if n >= MIN_SHOWN:
        if mean <= WILD_SHOWN:
            return "wild"
        if mean >= TIGHT_SHOWN:
            return "tight"
    return None


def calls_allins_light(st: SeatStats) -> bool:
    """The hands it showed after calling an all-in average at most ``LIGHT_ALLIN_MEAN``
    (``LIGHT_ALLIN_SHOWN`` of them at least): it pays a shove with hands a shove beats."""
    n = st.allin_called_n[0]
    if n < LIGHT_ALLIN_SHOWN:
        return False
    hist = st.allin_called[0]
    total = sum(hist)
    mean = sum(c * m for c, m in zip(hist, _mids(len(hist)), strict=True)) / total
    return mean <= LIGHT_ALLIN_MEAN


def shoves_light(st: SeatStats) -> bool:
    """It shoves more often than the never-do rules' hand is dealt (``LIGHT_SHOVE_RATE``
    over ``LIGHT_SHOVE_HANDS`` hands). Its shoves' cards seldom show — a reader that takes
    them for monsters folds — so the count of shoves per hand is what gives a light shover
    away (issue #20's fourteenth session)."""
    return st.hands >= LIGHT_SHOVE_HANDS and st.shoves >= LIGHT_SHOVE_RATE * st.hands


def raises_anything(st: SeatStats) -> bool:
    """The hands it showed after raising average at most ``WILD_SHOWN`` (maniac, random):
    its raises, whatever their size, say little about its hand."""
    n, mean = raised_showdowns(st)
    return n >= MIN_SHOWN and mean <= WILD_SHOWN


def aggressor(st: SeatStats) -> bool:
    """An aggressor: raises at least ``AGGRESSOR`` of its decisions. The weak hands it
    shows after raising do not make it harmless: Local Best Response shoves its bluffs
    where the belief says we fold and shows them when called, and farmed ``hard``'s engine
    that read it as a maniac (docs/BOTS.md "Where LBR earns")."""
    return st.raise_rate() >= AGGRESSOR


def value_bettor(st: SeatStats) -> bool:
    """A player whose big raises (``opponents.BIG_RAISE_POTS``: 1.5 pots or more) are
    value: not an aggressor over at least ``VALUE_EVIDENCE`` decisions, and the hands it
    showed after big raises average at least ``BIG_VALUE_SHOWN`` (with a prior of
    ``BIG_PRIOR_WEIGHT`` hands at ``BIG_PRIOR_MEAN``). The minimum defence
    (``HeuristicBot._defends``) is owed to a player who can bluff; ``normal`` never
    raises 1.5 pots or more without 8 points or better (its bluffs are at most 1.3
    pots), and a fresh ``hard`` paid 0.34 *B*/hand calling those raises with the top of
    its range before enough showdowns had taught it (docs/BOTS.md "Why normal beat
    hard"). A bluff shown after a big raise shuts the gate until some six value hands
    shown outweigh it; Local Best Response, an aggressor within a few decisions, never
    opens it."""
    if st.decisions < VALUE_EVIDENCE or st.raise_rate() >= AGGRESSOR:
        return False
    hist = st.big_shown[0]
    n = st.big_shown_n[0]
    if n < BIG_MIN_SHOWN:
        return False
    total = sum(c * m for c, m in zip(hist, _mids(len(hist)), strict=True))
    mean = (total + BIG_PRIOR_MEAN * BIG_PRIOR_WEIGHT) / (n + BIG_PRIOR_WEIGHT)
    return mean >= BIG_VALUE_SHOWN
