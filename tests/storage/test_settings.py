"""settings.py: round trip, defaults, field-by-field repair, the v1 -> v2 migration."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from lieng.storage import atomic, paths
from lieng.storage.settings import SCHEMA, Settings, load_settings, save_settings, settings_path


def test_defaults_on_first_run(tmp_path: Path) -> None:
    settings, notices = load_settings(tmp_path)
    assert settings == Settings()
    assert notices == []
    assert settings.language == "vi"
    assert settings.coach_hints is False and settings.show_cards_at_once is False
    assert settings.hotseat_names == ()


def test_round_trip_every_field(tmp_path: Path) -> None:
    s = Settings(language="en", sound_on=False, volume=35, animation_speed="instant",
                 turn_timer=0, bots=5, bot_level="hard", table_bet=250, tiebreak="split",
                 four_colour_deck=True, fullscreen=True, coach_hints=True,
                 show_cards_at_once=True, hotseat_names=("Lan", "Minh", "Hùng"),
                 player_name="Hoa", lan_port=50000, lan_discovery_address="192.168.1.255",
                 lan_last_host="192.168.1.20", lan_player_name="Tuấn",
                 action_log_open=True, next_hand_delay=0)
    assert save_settings(s, tmp_path) is None
    loaded, notices = load_settings(tmp_path)
    assert loaded == s
    assert notices == []
    # every field differs from its default, so the round trip really covered them all
    d = Settings()
    assert all(getattr(s, f.name) != getattr(d, f.name) for f in fields(Settings))


def test_default_location_is_the_platformdirs_data_dir() -> None:
    """conftest points XDG_DATA_HOME at a temp folder; the file lands under it."""
    save_settings(Settings(volume=10))
    expected = Path(os.environ["XDG_DATA_HOME"]) / "lieng" / "settings.json"
    assert settings_path() == expected == paths.data_dir() / "settings.json"
    assert expected.exists()
    assert load_settings()[0].volume == 10


@pytest.mark.parametrize(("name", "bad"), [
    ("language", "fr"), ("sound_on", "yes"), ("volume", 101), ("volume", -1),
    ("volume", 50.5), ("animation_speed", "warp"), ("turn_timer", 15), ("bots", 0),
    ("bots", 6), ("bot_level", "god"), ("table_bet", 0), ("tiebreak", "poker"),
    ("four_colour_deck", 1), ("fullscreen", None), ("coach_hints", "off"),
    ("show_cards_at_once", []), ("hotseat_names", "Lan"), ("hotseat_names", ["", "x"]),
    ("hotseat_names", [1]), ("lan_port", 80), ("lan_port", 70000), ("lan_port", True),
    ("lan_discovery_address", ""), ("lan_discovery_address", "a b"),
    ("lan_last_host", 5), ("lan_player_name", "   "), ("player_name", None),
])
def test_invalid_field_replaced_by_default_others_kept(tmp_path: Path, name: str,
                                                       bad: Any) -> None:
    good = Settings(language="en", volume=20, lan_player_name="Tuấn").to_dict()
    data = dict(good)
    data[name] = bad
    settings_path(tmp_path).write_text(
        json.dumps({"schema": "settings", "version": 2, "data": data}), encoding="utf-8")
    settings, notices = load_settings(tmp_path)
    assert getattr(settings, name) == getattr(Settings(), name)
    for other, value in good.items():
        if other != name:
            assert getattr(settings, other) == value
    assert [n.code for n in notices] == ["invalid_fields"]
    assert name.replace("_", " ") in notices[0].en
    # the repaired settings were saved back, so the message is shown once
    assert load_settings(tmp_path)[1] == []


def test_names_are_tidied_and_capped(tmp_path: Path) -> None:
    s = Settings(lan_player_name="  Nguyễn   Văn  A  " + "x" * 40)
    save_settings(s, tmp_path)
    name = load_settings(tmp_path)[0].lan_player_name
    assert name.startswith("Nguyễn Văn A x") and len(name) == 24


def test_migration_v1_to_v2(tmp_path: Path) -> None:
    v1 = {"lang": "en", "sound": False, "volume": 0.35, "speed": "fast", "timer": 30,
          "bots": 2, "level": "easy", "bet": 50, "tiebreak": "v8club", "four_colour": True,
          "fullscreen": True, "coach": True}
    path = settings_path(tmp_path)
    path.write_text(json.dumps({"schema": "settings", "version": 1, "data": v1}))
    settings, notices = load_settings(tmp_path)
    assert notices == []
    assert settings == Settings(language="en", sound_on=False, volume=35,
                                animation_speed="fast", turn_timer=30, bots=2,
                                bot_level="easy", table_bet=50, tiebreak="v8club",
                                four_colour_deck=True, fullscreen=True, coach_hints=True)
    # upgraded on disk at once; the v1 file is the .bak
    on_disk = json.loads(path.read_text())
    assert on_disk["version"] == SCHEMA.version == 2
    assert on_disk["data"]["volume"] == 35
    assert json.loads(atomic.backup_path(path).read_text())["version"] == 1


def test_migration_v1_with_a_bad_value_repairs_that_field(tmp_path: Path) -> None:
    path = settings_path(tmp_path)
    path.write_text(json.dumps({"schema": "settings", "version": 1,
                                "data": {"lang": "en", "volume": "loud"}}))
    settings, notices = load_settings(tmp_path)
    assert (settings.language, settings.volume) == ("en", 80)
    assert [n.code for n in notices] == ["invalid_fields"]


def test_damaged_settings_file_falls_back_to_backup(tmp_path: Path) -> None:
    save_settings(Settings(volume=11), tmp_path)
    save_settings(Settings(volume=22), tmp_path)
    settings_path(tmp_path).write_bytes(b'{"schema": "settings", "vers')
    settings, notices = load_settings(tmp_path)
    assert settings.volume == 11
    assert [n.code for n in notices] == ["restored_backup"]
    assert list(tmp_path.glob("settings.json.bad-*"))


def test_save_on_full_disk_returns_message(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = os.write

    def enospc(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", enospc)
    try:
        notice = save_settings(Settings(volume=1), tmp_path)
    finally:
        monkeypatch.setattr(os, "write", real_write)
    assert notice is not None and notice.code == "disk_full"
    assert load_settings(tmp_path)[0] == Settings()


def test_invalid_values_in_memory_are_saved_as_defaults(tmp_path: Path) -> None:
    s = dataclasses.replace(Settings(), volume=500)
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == (Settings(), [])


def test_the_settings_are_frozen_all_the_way_down(tmp_path: Path) -> None:
    """One settings object, frozen (issue 21): a change is a new object, made by
    ``GameApp.change_settings`` — a list field could be changed in place behind it."""
    s = Settings(hotseat_names=("Lan", "Minh"))
    assert save_settings(s, tmp_path) is None
    loaded, _ = load_settings(tmp_path)
    assert loaded == s and loaded.hotseat_names == ("Lan", "Minh")
    assert hash(loaded) == hash(s)  # every field is a value
    assert s.validated() == (s, [])  # checked before saving, the names stay names


def test_lan_port_default_matches_the_network_code() -> None:
    from lieng.net import DEFAULT_PORT

    assert Settings().lan_port == DEFAULT_PORT
