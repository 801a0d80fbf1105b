"""The side-pot showdown for docs/UI.md: six seats, three short stacks all in at three
levels, a main pot and two side pots paid to three different winners — the cards shown,
the result panel up, the action log's drawer open in the large picture.

The deck is scripted (``DECK``), and so are the bots' actions (``SEATS``), so the hand is
the same every time: Hùng's sáp takes the main pot, Quốc's liêng the first side pot, and
the player's 9 points the second (RULES.md "Hands", "A worked side pot"). ``take`` checks
that this is what the engine paid before it saves anything, so a rules change that moved
the pots shows up as an error, not as a picture that tells a different story.

Part of ``python -m lieng.devtools.docs_screens docs``; headless
(``SDL_VIDEODRIVER=dummy``).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from pathlib import Path

import pygame

from lieng.devtools.bots_selftest import ScriptedPlayer
from lieng.devtools.driver import press
from lieng.engine import Action, Card, Event, PotAwarded, RuleSet
from lieng.storage.settings import Settings, Speed, language_of
from lieng.table import PlayerSpec, Table
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.screens import SCREENS

SEATS: Sequence[tuple[str, int, list[Action]]] = (
    ("Bạn", 2000, []),  # the player: presses C (check, then call) — see ``take``
    ("Hùng", 40, [Action.all_in()]),
    ("Nguyễn Thị Minh Khai", 2000, [Action.raise_(5)]),
    ("Lan", 150, [Action.all_in()]),
    ("Thảo", 2000, [Action.call()]),
    ("Quốc", 90, [Action.all_in()]),
)
"""Name, stack, scripted actions (then calls). The long name is there on purpose: the
seats, the log and the result panel must fit it."""

HANDS = ("4H 5S KD", "7H 7D 7C", "8S 9D AC", "2C 3S 10H", "QD JC 3H", "5C 6H 7S")
"""Seat by seat: 9 points, sáp of sevens, 8 points, 5 points, 3 points, liêng 5-6-7."""

EXPECTED_WINNERS = ((1,), (5,), (0,))
"""Pot layer by layer: the main pot to Hùng, side pot 1 to Quốc, side pot 2 to the player."""


def scripted_deck(hands: Sequence[str] = HANDS) -> list[Card]:
    """``hands`` (seat by seat) in deal order (one card a seat, three passes, seat 0
    first), then the rest of the deck in its natural order."""
    parsed = [Card.parse_many(h) for h in hands]
    dealt = [parsed[seat][n] for n in range(3) for seat in range(len(parsed))]
    return dealt + [c for c in Card.deck() if c not in dealt]


class ScriptedDeckTable(Table):
    """A table that deals the same scripted deck every hand (the screenshot plays one)."""

    deck: Sequence[Card] = ()

    def start_hand(self, now: float = 0.0, deck: Sequence[Card] | None = None,
                   away: Collection[int] = ()) -> list[Event]:
        return super().start_hand(now, list(self.deck) if deck is None else deck, away)


def scripted_table(seats: Sequence[tuple[str, int, Sequence[Action]]] = SEATS,
                   hands: Sequence[str] = HANDS) -> ScriptedDeckTable:
    """Seat 0 a person, the others bots playing their scripts (then calling), dealt
    ``hands``; ``seats`` holds (name, stack, script). Also the result panel's tests' table."""
    scripts = {name: list(script) for name, _stack, script in seats}
    players = [PlayerSpec(name, "human" if i == 0 else "bot", stack=stack)
               for i, (name, stack, _s) in enumerate(seats)]

    def factory(spec: PlayerSpec, rng: random.Random) -> ScriptedPlayer:
        return ScriptedPlayer(scripts[spec.name])

    table = ScriptedDeckTable(RuleSet(table_bet=10), players, seed=1, bot_factory=factory)
    table.deck = scripted_deck(hands)
    return table


def showdown_table() -> ScriptedDeckTable:
    return scripted_table(SEATS, HANDS)


def pots_waiting(scene: TableScene[Table]) -> bool:
    """Every hand turned face up and no pot paid yet: the pots lie on the felt."""
    board = scene.board
    shown = [s for s in board.seats if s.dealt_in and not s.folded]
    return bool(board.frozen_layers) and not board.awarded_layers and all(
        s.hand_value is not None and all(c.flip_now >= 1.0 for c in s.cards) for s in shown)


def play_to(size: tuple[int, int], lang: str = "vi", drawer: bool = False,
            moment: str = "result") -> tuple[GameApp, TableScene[Table], list[PotAwarded]]:
    """The app at the ``moment`` of the showdown: ``"result"`` — every card shown, every
    pot paid, the summary panel on the table (it waits: no auto-continue); ``"pots"`` —
    the cards turned, the main pot and the side pots still on the felt."""
    # The pots' moment is short at speed: "normal" gives it frames; the result waits.
    speed: Speed = "normal" if moment == "pots" else "fast"
    settings = Settings(language=language_of(lang), animation_speed=speed, sound_on=False,
                        show_cards_at_once=True, action_log_open=drawer, next_hand_delay=0)
    app = GameApp(size, settings, fps=0, screens=SCREENS)
    table = showdown_table()
    pots: list[PotAwarded] = []
    table.subscribe(lambda evs: pots.extend(e for e in evs if isinstance(e, PotAwarded)))
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    mark: tuple[int, int] | None = None
    for _ in range(6000):
        hand = table.hand
        if hand is not None and scene.my_legal() is not None:
            now = (table.hand_no, len(hand.actions))
            if now != mark:  # one key per turn, as a person presses it
                mark = now
                press(pygame.K_c)
        # A slow machine's frames through the betting, the window's own rate once the
        # pots are frozen for the showdown: their moment on the felt is short.
        app.step(1 / 60 if scene.board.frozen_layers else 1 / 15)
        if moment == "pots" and pots_waiting(scene):
            break
        if moment == "result" and scene.summary_showing() and scene.summary.shown_for > 1.0:
            break
    else:
        raise RuntimeError(f"the side-pot hand never reached the {moment} moment")
    return app, scene, pots


def check_pots(pots: Sequence[PotAwarded]) -> None:
    """The pictures promise a main pot and side pots paid to different winners."""
    got = tuple(p.winners for p in sorted(pots, key=lambda p: p.layer))
    if got != EXPECTED_WINNERS:
        raise RuntimeError(f"the scripted hand paid {got}, expected {EXPECTED_WINNERS}")


SHOTS: Sequence[tuple[str, tuple[int, int], bool, str]] = (
    ("showdown-side-pots-960x540.png", (960, 540), False, "result"),
    ("showdown-side-pots-1920x1080.png", (1920, 1080), True, "result"),
    ("showdown-pots-on-table-1280x720.png", (1280, 720), False, "pots"),
)
"""File, window size, action log drawer open, moment (``play_to``)."""


def take(out: Path, lang: str = "vi") -> list[Path]:
    saved: list[Path] = []
    out.mkdir(parents=True, exist_ok=True)
    for name, size, drawer, moment in SHOTS:
        app, _scene, pots = play_to(size, lang, drawer, moment)
        try:
            check_pots(pots)  # the engine has paid: the board shows it behind
            path = out / name
            pygame.image.save(app.screen, str(path))
            saved.append(path)
        finally:
            app.close()
    return saved
