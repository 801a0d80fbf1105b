"""Quick bets beside the raise slider: "½ tẩy", "Tẩy", "×2" set the raise's *k* in one
click; the player still confirms with Tố (R or Enter), so a stray click raises nothing.

A raise is the call plus *k* table bets, *k* a whole number in ``Legal.raise_k``
(RULES.md step 5: 1 to 20, and only while chips stay behind). A quick bet names the
extra it wants and the nearest legal *k* is taken — never a *k* the rules refuse:

* **½ tẩy** — the extra is half the pot (everything put in this hand, antes included);
* **Tẩy** — the extra is the pot;
* **×2** — you put in twice the call (the extra is the call again); with nothing to
  call, twice the smallest raise.

>>> from lieng.engine import Legal
>>> legal = Legal(seat=0, can_fold=True, call=40, owed=40, raise_k=range(1, 21),
...               all_in=990, table_bet=10)
>>> [quick_k(kind, legal, pot=200) for kind in QUICK_BETS]
[10, 20, 4]
>>> quick_k("pot", legal, pot=5000)  # a pot-sized raise past 20 table bets: the largest
20
"""

from __future__ import annotations

from typing import Literal

from lieng.engine import Legal

QuickBet = Literal["half", "pot", "double"]
QUICK_BETS: tuple[QuickBet, ...] = ("half", "pot", "double")
"""The buttons, left to right."""


def quick_k(kind: QuickBet, legal: Legal, pot: int) -> int | None:
    """The raise multiple ``kind`` asks for, clamped into ``legal.raise_k``; None when no
    raise is allowed."""
    if not legal.raise_k:
        return None
    lo, hi = legal.raise_k.start, legal.raise_k.stop - 1
    if kind == "half":
        extra = pot / 2
    elif kind == "pot":
        extra = float(pot)
    else:
        extra = float(legal.owed) if legal.owed > 0 else 2.0 * lo * legal.table_bet
    k = int(extra / legal.table_bet + 0.5)  # to the nearest table bet, halves up
    return max(lo, min(hi, k))
