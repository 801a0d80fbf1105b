"""The action log: one line per action with name and amount, round markers, the ante,
the hands shown at the showdown with their names, each pot layer's winner — built only
from what the table showed (the spectator's redaction), opened and closed by H or its
button, remembered in the settings, and readable in the replay."""

from __future__ import annotations

from datetime import datetime

import pygame

from lieng.devtools.bots_selftest import ScriptedPlayer
from lieng.engine import PRESETS, Action, AntePosted, Card, Hand, RuleSet
from lieng.game.story import Story
from lieng.storage.history import HandRecord, SeatRecord
from lieng.storage.settings import Settings
from lieng.table import PlayerSpec, Table
from lieng.ui.core.i18n import configure, t
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.replay import ReplayScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop import action_log as words

from ..helpers import MakeApp, click, key, run_until, shot, step

SHOWDOWN_DECK = "AS 2C AH 5C AD 9C"
"""Seat 0 is dealt A♠ A♥ A♦ (Sáp A), seat 1 2♣ 5♣ 9♣ (6 points)."""


def _played(actions: list[tuple[int, Action]], deck: str = SHOWDOWN_DECK,
            stacks: tuple[int, ...] = (1000, 1000)) -> Hand:
    hand = Hand(PRESETS["classic"], list(stacks), 0, deck=Card.parse_many(deck))
    for seat, action in actions:
        assert hand.to_act == seat
        hand.act(seat, action)
    return hand


def test_lines_for_actions_rounds_ante_showdown_and_pots() -> None:
    configure("vi")
    hand = _played([(0, Action.call()), (1, Action.raise_(5)), (0, Action.call())])
    assert hand.is_over
    log = Story(lambda: 7)
    log.feed(hand.events)
    lines = words.texts(log.lines, ["Lan", "Minh"])
    assert lines[0] == t("log.hand", n="7") == "Ván 7"
    assert "Tiền gà 10 × 2 người = 20" in lines
    assert "Vòng tố 1" in lines and "Vòng tố 2" in lines
    assert "Lan: Qua lượt" in lines
    assert "Minh: Tố 50 (5×)" in lines
    assert "Lan: Theo 50" in lines
    assert "Lan: A♠ A♥ A♦ · Sáp A" in lines
    assert "Minh: 2♣ 5♣ 9♣ · 6 điểm" in lines
    assert lines[-1] == "Lan ăn tẩy: 120"
    configure("en")
    en = words.texts(log.lines, ["Lan", "Minh"])
    assert "Minh: raise 50 (5×)" in en and en[-1] == "Lan wins the pot: 120"
    configure("vi")


def test_a_returned_layer_and_a_side_pot_winner() -> None:
    configure("vi")
    # RULES.md "A worked side pot": seat 1 all-in short, seat 2 folds; the top is returned.
    hand = Hand(PRESETS["classic"], [300, 60, 200], 0,
                deck=Card.parse_many("2C AS 3D 4C AH 5D 7C AD 9D"))
    hand.act(0, Action.raise_(10))
    hand.act(1, Action.all_in())
    hand.act(2, Action.fold())
    assert hand.is_over
    log = Story()
    log.feed(hand.events)
    lines = words.texts(log.lines, ["Lan", "Minh", "Hùng"])
    assert lines[0] == "Ván mới"
    assert "Minh: Theo tất tay 50" in lines and "Hùng: Úp bỏ" in lines
    assert "Minh ăn tẩy: 130" in lines
    assert "Trả lại cho Lan: 50" in lines


def test_an_uncontested_hand_shows_no_card_even_from_an_unredacted_log() -> None:
    configure("vi")
    hand = _played([(0, Action.raise_(2)), (1, Action.fold())])
    log = Story(lambda: 1)
    log.feed(hand.events)  # the engine's own log, every card in it
    lines = words.texts(log.lines, ["Lan", "Minh"])
    assert lines[-2:] == ["Lan ăn tẩy: 40", t("log.uncontested")]
    for card in Card.parse_many(SHOWDOWN_DECK):
        assert all(str(card) not in line for line in lines)


def _scripted_table(script: list[Action]) -> Table:
    players = [PlayerSpec("Bạn"), PlayerSpec("Minh", "bot", "normal")]
    return Table(RuleSet(table_bet=10), players, seed=3,
                 bot_factory=lambda spec, rng: ScriptedPlayer(list(script)))


def test_drawer_opens_by_key_and_button_is_remembered_and_follows_the_board(
        make_app: MakeApp) -> None:
    app = make_app((960, 540), speed="fast")
    table = _scripted_table([Action.call(), Action.call()])
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app)
    assert not scene.log_panel.is_open
    key(app, pygame.K_h)
    assert scene.log_panel.is_open and app.settings.action_log_open
    run_until(app, lambda: scene.my_legal() is not None)
    key(app, pygame.K_c)
    run_until(app, lambda: table.hand is not None and table.hand.is_over
              and not scene.board.busy)
    step(app, 2)
    lines = words.texts(scene.log.lines, ["Bạn", "Minh"])
    assert "Bạn: Qua lượt" in lines and "Minh: Qua lượt" in lines
    assert any(line.startswith("Bạn: ") and " · " in line for line in lines)  # shown hand
    assert any(t("log.pot_only") in line for line in lines)
    shot(app, "log-960")
    click(app, scene.top_buttons["log"])
    assert not scene.log_panel.is_open and not app.settings.action_log_open


def test_the_open_state_is_saved_and_loaded() -> None:
    bad, fixed = Settings.from_dict({"action_log_open": "yes"})
    assert fixed == ["action_log_open"] and bad.action_log_open is False
    good, _ = Settings.from_dict({"action_log_open": True})
    assert good.action_log_open
    old, problems = Settings.from_dict({"language": "en"})  # a file from before the field
    assert problems == [] and old.action_log_open is False


def test_the_replay_feeds_the_log_and_rebuilds_it_on_a_step_back(make_app: MakeApp) -> None:
    app = make_app((1280, 720), speed="instant", action_log_open=True)
    hand = _played([(0, Action.call()), (1, Action.call())])
    record = HandRecord.from_hand(hand, 0, [SeatRecord("Tôi"), SeatRecord("Máy", "bot", "easy")],
                                  datetime(2026, 11, 29, 20, 15))
    app.push(MenuScene(app))
    rep = ReplayScene(app, record)
    app.push(rep)
    step(app, 2)
    while not rep.replay.at_end:
        key(app, pygame.K_RIGHT)
        step(app, 3)
    step(app, 5)
    names = ["Tôi", "Máy"]
    full = words.texts(rep.replay.log.lines, names)
    assert "Tôi: A♠ A♥ A♦ · Sáp A" in full and full[-1] == "Tôi ăn tẩy: 20"
    key(app, pygame.K_LEFT)
    step(app, 3)
    back = words.texts(rep.replay.log.lines, names)
    assert back == full[:len(back)] and len(back) < len(full)
    assert back.count(back[0]) == 1  # rebuilt, not appended twice
    shot(app, "log-replay-1280")


def test_the_lan_table_tells_the_hand_too(make_app: MakeApp) -> None:
    import random
    import time

    from lieng.devtools.driver import KeyAutopilot
    from lieng.net import HostConfig, LanClient, LanHost
    from lieng.net.remote_table import RemoteTable
    from lieng.ui.scenes.lan_table import LanTableScene

    host = LanHost(HostConfig(bind="127.0.0.1", port=0, seats=2, bots=1, start_when=1,
                              turn_seconds=30.0, bot_speed=0.0, hand_pause=0.0,
                              deal_timeout=2.0, max_hands=1)).start()
    client = LanClient("127.0.0.1", host.port, name="Lan").connect()
    try:
        assert client.wait_until(lambda: client.roster is not None
                                 and client.roster.started, 10)
        app = make_app((960, 540), speed="instant", action_log_open=True)
        app.push(MenuScene(app))
        remote = RemoteTable(client)
        scene = LanTableScene(app, remote)
        scene.autopilot = KeyAutopilot(random.Random(3), folds=False)
        app.push(scene)
        end = time.monotonic() + 30
        while not any(line.kind == "pot" for line in scene.log.lines):
            assert time.monotonic() < end, words.texts(scene.log.lines, scene.log_panel.names())
            app.step(1 / 60)
            time.sleep(0.002)
        step(app, 30)
        names = scene.log_panel.names()
        lines = words.texts(scene.log.lines, names)
        bot = 1 - scene.me
        assert any(line.startswith(f"{names[scene.me]}: ") for line in lines)
        assert any(line.startswith(f"{names[bot]}: ") for line in lines)
        assert scene.board.seats[bot].bot  # the bot's plate says "Máy"
        shot(app, "lan-log-960")
    finally:
        client.close()
        host.stop()


def test_a_split_pot_names_each_share_and_wraps_between_whole_shares() -> None:
    """"Tẩy (30) chia đều, cùng 9 điểm: Lan 15 + Minh 15": who took what and why (issue
    22: a split pot names its reason), each amount beside its name; a wrapped line breaks
    before a "+ Minh 15", never between the "+" and it."""
    from lieng.ui.core.assets import font
    from lieng.ui.tabletop.log_panel import wrap

    configure("vi")
    # Lan 2♣ 2♥ 5♠ and Minh 4♣ 5♦ K♦ both 9 points (classic: a tie), Hùng 1 point.
    hand = Hand(PRESETS["classic"], [1000, 1000, 1000], 0,
                deck=Card.parse_many("2C 4C 2D 2H 5D 3S 5S KD 6H"))
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, Action.call())
    log = Story()
    log.feed(hand.events)
    names = ["Lan", "Minh", "Hùng"]
    split = [line for line in log.lines if line.kind == "pot"]
    assert [words.text(line, names) for line in split] == [
        "Tẩy (30) chia đều, cùng 9 điểm: Lan 15 + Minh 15"]
    assert words.pieces(split[0], names)[-2:] == ["Lan 15", "+ Minh 15"]
    assert " ".join(words.pieces(split[0], names)) == words.text(split[0], names)
    configure("en")
    assert words.text(split[0], names) == "Pot (30) split, same hand (9 points): Lan 15 + Minh 15"
    configure("vi")
    size = 15
    for width in range(font(size, True).size("+ Minh 15")[0], 400, 9):
        lines = wrap(words.pieces(split[0], names), size, True, width)
        assert " ".join(lines) == words.text(split[0], names)
        assert not any(line.endswith("+") or line in ("15", "+ 15") for line in lines), lines
        assert all(font(size, True).size(line)[0] <= width for line in lines), (width, lines)


def test_the_ante_line_says_every_ante_at_once() -> None:
    """Issue 22, defect 12: the board puts the antes down together; the log's line used
    to count up "× 1", "× 2"… while they already lay on the felt."""
    configure("vi")
    hand = Hand(PRESETS["classic"], [300, 300, 300, 300], 0)
    log = Story()
    started = [e for e in hand.events if not isinstance(e, AntePosted)][:1]
    antes = [e for e in hand.events if isinstance(e, AntePosted)]
    log.feed([*started, *antes[:1]])
    assert words.texts(log.lines, ["A", "B", "C", "D"])[-1] == "Tiền gà 10 × 4 người = 40"
    log.feed(antes[1:])
    assert words.texts(log.lines, ["A", "B", "C", "D"])[-1] == "Tiền gà 10 × 4 người = 40"
