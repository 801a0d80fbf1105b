"""A sáp's or a liêng's win gets a short celebration (lieng.ui.tabletop.celebration;
issue 22): drawn over the winner's cards when the table shows the pot going to them,
never holding the board (the next hand, the bots, the buttons don't wait for it)."""

from __future__ import annotations

import pygame

from lieng.devtools.showdown_shots import scripted_table
from lieng.engine import Card, HandStarted, PotAwarded, RuleSet
from lieng.engine.ranking import HandValue, evaluate
from lieng.ui.core.draw import GOLD, shadowed
from lieng.ui.tabletop.celebration import DURATION, Celebrations, word_surface
from lieng.ui.tabletop.frame_record import FrameRecord, problems

from ..helpers import MakeApp, key, open_table, step


def _pot(layer: int, winners: tuple[int, ...], refund: bool = False) -> PotAwarded:
    return PotAwarded(layer=layer, amount=100, eligible=winners, winners=winners,
                      shares=tuple(100 // len(winners) for _ in winners), refund=refund)


def _value(cards: str) -> HandValue:
    return evaluate(Card.parse_many(cards), RuleSet())


def test_sap_and_lieng_pop_once_a_hand_points_and_refunds_do_not() -> None:
    values: list[HandValue | None] = [_value("7H 7D 7C"), _value("5C 6H 7S"),
                                      _value("4H 5S KD"), None]
    c = Celebrations(lambda: values)
    c.watch(_pot(0, (2,)))           # 9 points: no
    c.watch(_pot(1, (3,), True))     # chips handed back: no
    assert c.bursts == []
    c.watch(_pot(0, (0,)))
    c.watch(_pot(1, (0,)))           # the sáp's second pot: still one burst
    c.watch(_pot(2, (1,)))
    assert [(b.seat, b.key) for b in c.bursts] == [(0, "celebrate.sap"), (1, "celebrate.lieng")]
    c.update(DURATION / 2)
    assert len(c.bursts) == 2
    c.update(DURATION / 2 + 0.01)
    assert c.bursts == []             # short: gone in under two seconds
    c.watch(HandStarted(rules=RuleSet(), stacks=(1, 1), first=0, dealt_in=(True, True)))
    c.watch(_pot(0, (0,)))           # a new hand: it may pop again
    assert len(c.bursts) == 1


def test_the_table_shows_it_without_waiting_for_it(make_app: MakeApp) -> None:
    """The docs' side-pot showdown: Hùng's sáp takes the main pot, Quốc's liêng side pot
    1 (``showdown_shots``)."""
    app = make_app((960, 540), speed="instant")
    table = scripted_table()
    scene = open_table(app, table)
    seen: set[int] = set()
    idle_while_celebrating = False
    for _ in range(1500):
        with scene.frame_record.capture() as frame:
            if scene.my_legal() is not None:
                key(app, pygame.K_c)  # the player checks, then calls (the script's plan)
            else:
                step(app, 1, 0.05)  # long frames: the test needs few of them
        marks = [d for d in frame if d.kind == "celebration"]
        seen |= {d.owner for d in marks}
        assert problems(frame, app.size) == []
        if marks and not scene.board.busy:
            idle_while_celebrating = True
        if seen and not scene.board.celebrations.bursts:
            break
    assert seen == {1, 5}  # Hùng's sáp, Quốc's liêng; not the player's 9 points
    assert idle_while_celebrating  # the board was done (the result can come) mid-burst
    assert not scene.board.celebrations.bursts


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_the_word_is_one_rendering_scaled_for_the_pop_and_darkened_for_the_fade() -> None:
    pygame.font.init()
    settled = 33
    base = shadowed("LIÊNG!", settled, GOLD, bold=True)
    before = _pixels(base)
    # Settled and bright: the shadowed rendering itself, as ``draw.text`` blits it.
    assert _pixels(word_surface("LIÊNG!", settled, settled, 1.0, 1280)) == before
    # The pop: the same word scaled with its size, no wider than the room given.
    big = word_surface("LIÊNG!", settled, 44, 1.0, 1280)
    assert abs(big.get_width() - base.get_width() * 44 / settled) <= 1
    assert abs(big.get_height() - base.get_height() * 44 / settled) <= 1
    assert word_surface("LIÊNG!", settled, 44, 1.0, 60).get_width() <= 60
    # The fade: the same coverage, every colour darker (black at the end).
    half = word_surface("LIÊNG!", settled, settled, 0.5, 1280)
    assert half.get_size() == base.get_size()
    for x in range(0, base.get_width(), 3):
        for y in range(0, base.get_height(), 3):
            a, b = base.get_at((x, y)), half.get_at((x, y))
            assert b.a == a.a
            if a.a:
                assert all(abs(bc - ac * 0.5) <= 1.5 for ac, bc in zip(a[:3], b[:3], strict=True))
    gone = word_surface("LIÊNG!", settled, settled, 0.0, 1280)
    assert all(gone.get_at((x, y))[:3] == (0, 0, 0) for x in range(0, gone.get_width(), 3)
               for y in range(0, gone.get_height(), 3))
    # The cached rendering was never drawn into.
    assert _pixels(base) == before


def test_the_sparks_are_whole_circles_on_the_window_in_two_golds_fading() -> None:
    """Every spark of a burst's frame is a circle on the window — its square centred on
    the spark's point and wholly inside the window, never cut by its edge — in the pale
    gold and the gold by turns, darkened with the fade; each marked as the celebration's.
    A burst beside the window's corner loses the sparks that would cross the edge."""
    import math

    from lieng.ui.core.canvas import Canvas
    from lieng.ui.tabletop import celebration

    pygame.font.init()
    size = (640, 360)
    for centre, scale in (((320.0, 180.0), 1.0), ((30.5, 20.25), 1.5), ((600.0, 350.0), 0.8)):
        for age in (0.0, 0.3, 0.9, 1.3, 1.75):
            c = Canvas(size)
            c._recording = True  # record the frame's operations, as ``paint`` does
            cel = Celebrations(lambda: [])
            cel.bursts = [celebration.Burst(2, "celebrate.sap", age=age)]
            record = FrameRecord()
            with record.capture() as drawn:
                cel.draw(c, {2: centre}.__getitem__, scale, record)
            p = min(1.0, age / DURATION)
            fade = 1.0 if p < 0.6 else max(0.0, (1.0 - p) / 0.4)
            r = max(1, int((5 - 3 * p) * scale))
            reach = (28 + 90 * (1 - (1 - p) ** 3)) * scale
            want = []
            for i in range(celebration.SPARKS):
                a = 2 * math.pi * i / celebration.SPARKS + 0.4 * p
                spark = pygame.Rect(0, 0, 2 * r, 2 * r)
                spark.center = (int(centre[0] + math.cos(a) * reach),
                                int(centre[1] + math.sin(a) * reach * 0.7
                                    + 30 * scale * p * p))
                if pygame.Rect((0, 0), size).contains(spark):
                    gold = GOLD if i % 2 else (255, 240, 190)
                    want.append((tuple(int(v * fade) for v in gold), spark))
            circles = [op for op in c._ops if len(op) == 2]
            assert [(args[0], args[1], args[2]) for _fn, args in circles] == \
                [(colour, spark.center, r) for colour, spark in want], (centre, age)
            assert [d.rect for d in drawn if d.kind == "celebration"][:len(want)] == \
                [spark for _colour, spark in want]
            if centre[0] < 100:
                assert len(want) < celebration.SPARKS  # the corner took some
