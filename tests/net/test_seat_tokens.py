"""The seat tokens kept on disk (lieng/net/seat_tokens.py): one per table and name,
forgotten when old, and a damaged or hostile file costs nothing but the tokens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lieng.net.seat_tokens import FILE_NAME, MAX_AGE, MAX_ENTRIES, SeatTokens

TOKEN = "ab" * 16


def test_a_token_is_kept_per_table_and_name(tmp_path: Path) -> None:
    now = [1000.0]
    store = SeatTokens(tmp_path, clock=lambda: now[0])
    store.save("127.0.0.1", 47123, "Ana", TOKEN)
    assert store.load("127.0.0.1", 47123, "ana") == TOKEN  # names ignore case
    assert store.load("127.0.0.1", 47123, "Bảo") is None
    assert store.load("127.0.0.1", 47124, "Ana") is None
    store.save("127.0.0.1", 47123, "Ana", "cd" * 16)  # a newer seat replaces the old
    assert store.load("127.0.0.1", 47123, "Ana") == "cd" * 16
    now[0] += MAX_AGE + 1
    assert store.load("127.0.0.1", 47123, "Ana") is None
    store.forget("127.0.0.1", 47123, "Ana")


def test_forget_and_the_entry_limit(tmp_path: Path) -> None:
    store = SeatTokens(tmp_path, clock=lambda: 5.0)
    for port in range(1, MAX_ENTRIES + 5):
        store.save("10.0.0.1", port, "Ana", TOKEN)
    doc = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert len(doc["seats"]) == MAX_ENTRIES
    assert store.load("10.0.0.1", 1, "Ana") is None  # the oldest went first
    store.forget("10.0.0.1", MAX_ENTRIES + 4, "Ana")
    assert store.load("10.0.0.1", MAX_ENTRIES + 4, "Ana") is None
    assert store.load("10.0.0.1", MAX_ENTRIES + 3, "Ana") == TOKEN


@pytest.mark.parametrize("content", [b"\xff\xfe garbage", b"[1, 2]", b'{"seats": 7}',
                                     b'{"seats": [{"host": "h", "port": 1, "name": "A",'
                                     b' "token": "NOT HEX", "saved": 1}]}'])
def test_a_bad_file_gives_no_token_and_breaks_nothing(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE_NAME).write_bytes(content)
    store = SeatTokens(tmp_path, clock=lambda: 5.0)
    assert store.load("h", 1, "A") is None
    store.save("h", 1, "A", TOKEN)
    assert store.load("h", 1, "A") == TOKEN


def test_a_folder_in_place_of_the_file_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).mkdir()
    store = SeatTokens(tmp_path, clock=lambda: 5.0)
    assert store.load("h", 1, "A") is None
    store.save("h", 1, "A", TOKEN)
    assert store.load("h", 1, "A") == TOKEN


def test_only_a_real_token_is_saved(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        SeatTokens(tmp_path).save("h", 1, "A", "../../etc")
