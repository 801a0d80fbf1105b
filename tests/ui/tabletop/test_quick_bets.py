"""Quick bets beside the raise slider (lieng.ui.tabletop.quick_bets; issue 22): only legal
raise multiples (RULES.md step 5), and through the real bar: a click sets the slider, Tố
raises by it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lieng.engine import Action, ActionKind, Legal
from lieng.game.setup import make_table
from lieng.ui.tabletop.quick_bets import QUICK_BETS, QuickBet, quick_k

from ..helpers import MakeApp, click, open_table, run_until


def _legal(owed: int, lo: int, hi: int, bet: int = 10) -> Legal:
    return Legal(seat=0, can_fold=True, call=owed, owed=owed, raise_k=range(lo, hi + 1),
                 all_in=10_000, table_bet=bet)


def test_the_three_bets_on_a_worked_pot() -> None:
    legal = _legal(owed=40, lo=1, hi=20)
    assert quick_k("half", legal, 300) == 15   # 150 = 15 table bets
    assert quick_k("pot", legal, 300) == 20    # 300 > 20 table bets: the largest raise
    assert quick_k("double", legal, 300) == 4  # twice the call: 40 more
    nothing_owed = _legal(owed=0, lo=1, hi=20)
    assert quick_k("double", nothing_owed, 60) == 2  # twice the smallest raise
    assert quick_k("half", nothing_owed, 60) == 3
    assert quick_k("half", _legal(0, 1, 20), 10) == 1  # never below the smallest raise


def test_no_raise_allowed_means_no_quick_bet() -> None:
    none = Legal(seat=0, can_fold=True, call=40, owed=40, raise_k=range(0), all_in=None,
                 table_bet=10)
    assert all(quick_k(kind, none, 500) is None for kind in QUICK_BETS)


@given(st.sampled_from(QUICK_BETS), st.integers(0, 5000), st.integers(1, 20),
       st.integers(0, 25), st.integers(0, 10**6), st.integers(1, 1000))
def test_a_quick_bet_is_always_a_legal_raise(kind: QuickBet, owed: int, lo: int, span: int,
                                             pot: int, bet: int) -> None:
    legal = _legal(owed, lo, lo + span, bet)
    k = quick_k(kind, legal, pot)
    assert k is not None and legal.allows(Action.raise_(k))


def test_clicking_the_pot_bet_sets_the_slider_and_raise_takes_it(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    table = make_table(3, "normal", 10, "classic", "Bạn", seed=11)
    scene = open_table(app, table)
    run_until(app, lambda: (legal := scene.my_legal()) is not None and bool(legal.raise_k))
    bar = scene.bar
    assert bar is not None and table.hand is not None
    legal = scene.my_legal()
    assert legal is not None
    for button in bar.quick.values():
        assert button.is_enabled and bar.slider is not None
        assert scene.layout.bar.contains(button.rect)  # inside the bar, off the felt
        assert not button.rect.colliderect(bar.slider.rect)  # above the slider, apart
        assert not button.rect.colliderect(bar.raise_.rect)
    pot = table.hand.pot
    want = quick_k("pot", legal, pot)
    assert want is not None and want != bar.k  # the turn starts at the smallest raise
    click(app, bar.quick["pot"])
    assert bar.k == want
    assert bar.slider is not None and round(bar.slider.get_current_value()) == want
    assert table.hand.to_act == 0  # nothing was raised yet: Tố confirms
    click(app, bar.raise_)
    mine = [a for s, a in table.hand.actions if s == 0]
    assert mine[-1].kind is ActionKind.RAISE and mine[-1].k == want
