"""Every screenshot in ``docs/`` and the README, from the current code, by one command:
``python -m lieng.devtools.docs_screens docs``.

The pictures are made by the scripted drivers that already exist — the mid-hand table
(``bots_selftest.take_screenshot``), the menu, history, replay, statistics, settings and
coach screens (``docshots``), the hot-seat game (``hotseat_shots``), the LAN screens
(``lan_shots``, on 127.0.0.1 only) and the side-pot showdown (``showdown_shots``) — each
group in a fresh temporary data folder (never the player's) and a staging folder, from
which only the files named in ``GROUPS`` are copied out. That list is the contract the
tests hold the docs to (``tests/devtools/test_docs_screens.py``): every picture a
``docs/*.md`` or the README shows is in it, and every file in it is shown somewhere.

Headless (``SDL_VIDEODRIVER=dummy`` unless a driver is set). ``--only GROUP …`` makes a
few groups; ``--list`` prints the file names and makes nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

TABLE_SHOTS: Sequence[tuple[str, tuple[int, int], str]] = (
    ("screenshot-1280x720.png", (1280, 720), "vi"),
    ("screenshot-960x540.png", (960, 540), "vi"),
    ("screenshot-en-1280x720.png", (1280, 720), "en"),
)
"""``python main.py --screenshot``'s mid-hand table: file, window size, language."""

HOTSEAT = ("setup", "handoff", "turn", "showdown", "scores", "final")
SHOWDOWN = ("showdown-side-pots-960x540.png", "showdown-side-pots-1920x1080.png",
            "showdown-pots-on-table-1280x720.png")
"""``showdown_shots.SHOTS``'s files (that module is imported only when it runs)."""


@dataclass(frozen=True)
class Group:
    """Screenshots one driver makes in one run: ``make(folder)`` saves at least
    ``files`` there (extra files it saves are not copied to the docs)."""

    name: str
    files: tuple[str, ...]
    make: Callable[[Path], object]


def _table(folder: Path) -> None:
    from lieng.devtools.bots_selftest import take_screenshot

    for name, size, lang in TABLE_SHOTS:
        take_screenshot(folder / name, size, lang)


def _screens(folder: Path) -> None:
    from lieng.devtools.docshots import shoot

    shoot(folder, "vi")


def _hotseat(size: tuple[int, int], lang: str) -> Callable[[Path], object]:
    def make(folder: Path) -> object:
        from lieng.devtools.hotseat_shots import take

        return take(folder, size, lang)

    return make


def _lan(size: tuple[int, int], lang: str, table: bool) -> Callable[[Path], object]:
    def make(folder: Path) -> object:
        from lieng.devtools.lan_shots import take

        return take(folder, size, lang, table_shot=table)

    return make


def _showdown(folder: Path) -> object:
    from lieng.devtools.showdown_shots import take

    return take(folder, "vi")


GROUPS: Sequence[Group] = (
    Group("table", tuple(name for name, _size, _lang in TABLE_SHOTS), _table),
    Group("screens", tuple(f"screenshot-{n}.png" for n in (
        "menu-bankroll", "settings", "history", "replay", "statistics", "coach")), _screens),
    Group("hotseat", tuple(f"hotseat-{n}.png" for n in HOTSEAT),
          _hotseat((1280, 720), "vi")),
    Group("hotseat-en", tuple(f"hotseat-{n}-en-960x540.png" for n in HOTSEAT),
          _hotseat((960, 540), "en")),
    Group("lan", tuple(f"lan-{n}.png" for n in (
        "host-setup", "host-lobby", "join", "table-check")), _lan((1280, 720), "vi", True)),
    Group("lan-en", ("lan-host-lobby-en.png", "lan-join-en.png"),
          _lan((960, 540), "en", False)),
    Group("showdown", SHOWDOWN, _showdown),
)

NOT_SCREENSHOTS = frozenset({"expert-exploitability.png"})
"""Pictures in docs/ that something else makes (the bot trainer's curve, docs/BOTS.md)."""


def all_files() -> list[str]:
    """Every file name the full run writes, in order."""
    return [name for group in GROUPS for name in group.files]


def run(out: Path, only: Sequence[str] | None = None,
        log: Callable[[str], None] = print) -> list[Path]:
    """Make the groups (all, or those named in ``only``) and copy their files to ``out``.

    Raises ``ValueError`` for an unknown group and ``RuntimeError`` when a driver did not
    save a file its group promises — a stale picture is never left looking current.
    """
    from lieng.storage.paths import scratch_data_dir

    known = {g.name for g in GROUPS}
    unknown = sorted(set(only or ()) - known)
    if unknown:
        raise ValueError(f"unknown group(s) {', '.join(unknown)}; known: {', '.join(known)}")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for group in GROUPS:
        if only and group.name not in only:
            continue
        t0 = time.perf_counter()
        with scratch_data_dir("lieng-docshots-"), \
                tempfile.TemporaryDirectory(prefix="lieng-stage-") as tmp:
            stage = Path(tmp)
            group.make(stage)
            missing = [name for name in group.files if not (stage / name).is_file()]
            if missing:
                raise RuntimeError(f"{group.name}: not saved: {', '.join(missing)}")
            for name in group.files:
                shutil.copyfile(stage / name, out / name)
                written.append(out / name)
        log(f"{group.name}: {len(group.files)} files, {time.perf_counter() - t0:.1f} s")
    return written


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lieng.devtools.docs_screens",
                                description="Regenerate every screenshot the docs show.")
    p.add_argument("out", type=Path, nargs="?", default=Path("docs"))
    p.add_argument("--only", nargs="+", metavar="GROUP",
                   help="only these groups: " + ", ".join(g.name for g in GROUPS))
    p.add_argument("--list", action="store_true", help="print the file names and stop")
    args = p.parse_args(argv)
    if args.list:
        for group in GROUPS:
            for name in group.files:
                print(f"{group.name}\t{name}")
        return 0
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        written = run(args.out, args.only)
    except (ValueError, RuntimeError) as exc:
        print(f"docs_screens: {exc}", file=sys.stderr)
        return 1
    print(f"saved {len(written)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
