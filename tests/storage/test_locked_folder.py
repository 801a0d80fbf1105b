"""Data folders the player may not use (issue #23, items 6 and 7), with the game run as a
user who really cannot use them (``tests/storage/unprivileged.py``; skipped with a
reason where privileges cannot be dropped).

6. A folder that cannot be entered — mode 000, or another user's with 0700 — gave a
   ``PermissionError`` traceback at start-up (``Path.exists()`` raises on EACCES in
   Python 3.11). Now the game starts, says once what is wrong, and plays with nothing
   saved.
7. A folder that takes no new files while ``history.jsonl`` is writable: the bankroll's
   saves failed while the hand lines, naming the bankroll, were written; the next start's
   roll-forward stopped at a loss and the next session reused the hand numbers. Now a
   hand is linked to the bankroll only while the bankroll's file is up to date.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from lieng.storage.bankroll import FILE_NAME, STARTING_CHIPS, Bankroll
from lieng.storage.history import History
from lieng.storage.ledger import open_ledger

from .unprivileged import REPO, runner


@pytest.mark.parametrize("lock", ["mode-000", "another-user-0700"])
def test_the_game_starts_and_plays_in_a_folder_it_cannot_open(tmp_path: Path,
                                                              lock: str) -> None:
    how = runner(tmp_path)
    data = tmp_path / "data"
    data.mkdir()
    if lock == "mode-000":
        data.chmod(0)
    else:
        os.chown(data, how.other_uid, how.other_uid)
        data.chmod(0o700)
    try:
        proc = how.run([str(REPO / "main.py"), "--selftest", "--hands", "2", "--seed", "3",
                        "--data-dir", str(data)], cwd=REPO)
    finally:
        data.chmod(0o755)
    assert "Traceback" not in proc.stderr, (how.how, proc.stderr[-3000:])
    # It played both hands, told the player once about the folder, and — honestly —
    # reports that nothing could be saved.
    # Every chip accounted for (a rebuy, or a newcomer in a broke bot's seat, adds some).
    chips = re.search(r"chips (\d+) \(expected (\d+)\)", proc.stdout)
    assert "2/2 hands" in proc.stdout and chips is not None \
        and chips.group(1) == chips.group(2), \
        proc.stdout
    assert proc.stdout.rstrip().endswith("notices: folder_unusable"), proc.stdout
    assert "SAVES FAILED" in proc.stdout
    assert os.listdir(data) == []  # nothing was written, nothing kept aside


def test_the_folder_message_says_what_to_do(tmp_path: Path) -> None:
    how = runner(tmp_path)
    data = tmp_path / "data"
    data.mkdir(mode=0)
    code = ("import json, sys\nfrom pathlib import Path\n"
            "from lieng.storage.ledger import open_ledger\n"
            "bank, history, notices = open_ledger(Path(sys.argv[1]))\n"
            "print(json.dumps([bank.total, [[n.code, n.en, n.vi] for n in notices]]))\n")
    try:
        proc = how.run(["-c", code, str(data)], cwd=REPO, timeout=60)
    finally:
        data.chmod(0o755)
    assert proc.returncode == 0, proc.stderr[-2000:]
    total, notices = json.loads(proc.stdout)
    assert total == STARTING_CHIPS
    assert [c for c, _en, _vi in notices] == ["folder_unusable"]  # one message, not three
    _code, en, vi = notices[0]
    assert str(data) in en and "--data-dir" in en and "--data-dir" in vi
    assert "Permission denied" in en


SESSION = r"""
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from lieng.storage.history import HandRecord
from lieng.storage.ledger import open_ledger, record_hand
from tests.storage.hands import EASY, HARD, ME, WHEN, hand_a, hand_b

bank, history, notices = open_ledger(Path(sys.argv[1]))
bank.buy_in(1000)
for hand in (hand_b, hand_a, hand_a):  # a loss first: the roll-forward used to stop there
    record_hand(bank, history, HandRecord.from_hand(hand(), 0, [ME, EASY, HARD], WHEN))
bank.cash_out()
print(sorted({n.code for n in notices}))
"""


def test_a_folder_that_takes_no_new_files_keeps_bankroll_and_history_together(
        tmp_path: Path) -> None:
    how = runner(tmp_path)
    data = tmp_path / "data"
    data.mkdir()
    Bankroll.open(data)[0].buy_in(1)  # bankroll.json (and its .bak) exist
    History(data).path.write_text("")  # history.jsonl exists and stays writable
    for name in os.listdir(data):
        os.chown(data / name, how.uid, how.uid)
        (data / name).chmod(0o644)
    os.chown(data, how.uid, how.uid)
    data.chmod(0o555)  # no new file: a bankroll save (a temp file, then a rename) fails
    before = json.loads((data / FILE_NAME).read_text())["data"]
    try:
        for _session in range(2):
            proc = how.run(["-c", SESSION, str(data), str(REPO)], cwd=REPO, timeout=120)
            assert proc.returncode == 0, proc.stderr[-2000:]
            assert "read_only" in proc.stdout
    finally:
        data.chmod(0o755)
    links = [json.loads(line).get("bank") for line in
             (data / "history.jsonl").read_text().splitlines()]
    assert len(links) == 6  # every hand is in the history ...
    numbered = [link["hand"] for link in links if link is not None]
    assert len(numbered) == len(set(numbered))  # ... and no hand number is used twice
    bank, history, notices = open_ledger(data)
    assert json.loads((data / FILE_NAME).read_text())["data"]["hands"] == before["hands"]
    journal = history.bank_hands(bank.id, 0)
    assert [n for n, _ in journal] == list(range(1, bank.hands + 1))
    assert "recovered_hands" not in [n.code for n in notices]
