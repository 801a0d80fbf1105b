"""Entry point: ``python main.py``, ``python -m lieng`` and the ``lieng`` script.

``--selftest --hands N`` plays N hands through the real window on autopilot and exits 0
when every chip is accounted for, in a temporary data folder unless ``--data-dir PATH``
(or ``LIENG_DATA_DIR``) names one; ``--screenshot PATH`` saves a mid-hand table as PNG.
Both work headless (``SDL_VIDEODRIVER=dummy``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from lieng import __version__


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT, e.g. 1280x720, got {text!r}") from None


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="lieng", description="Liêng — the Vietnamese three-card game")
    p.add_argument("--version", action="version", version=f"Liêng {__version__}")
    p.add_argument("--selftest", action="store_true",
                   help="play hands on autopilot through the real window, print a summary")
    p.add_argument("--hands", type=int, default=3, help="hands for --selftest (default 3)")
    p.add_argument("--mode", choices=("bots", "hotseat", "lan", "deal"), default="bots",
                   help="--selftest: play the bots (default), a hot-seat game of three "
                        "people and two bots, a LAN game on 127.0.0.1 (one window "
                        "process per client), or one LAN table's mental-poker deal with "
                        "every proof checked (no window)")
    p.add_argument("--clients", type=int, default=3,
                   help="--selftest --mode lan: client windows (1-5, default 3)")
    p.add_argument("--seed", type=int, default=None, help="seed for --selftest (replayable)")
    p.add_argument("--hold-mid-hand", action="store_true",
                   help="--selftest: after the hands, stop in the middle of the next one "
                        "(prints MIDHAND) until killed — the crash test")
    p.add_argument("--data-dir", type=Path, metavar="PATH",
                   help="keep settings, bankroll and history in PATH instead of the user data "
                        "folder (same as the LIENG_DATA_DIR environment variable); "
                        "--selftest uses a temporary folder unless one is given")
    p.add_argument("--screenshot", type=Path, metavar="PATH",
                   help="save a mid-hand table (six seats, a raise pending, a side pot) as PNG")
    p.add_argument("--size", type=_size, default=(1280, 720), help="window size, e.g. 1280x720")
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help="language")
    p.add_argument("--first-frame", action="store_true",
                   help="draw one frame of a dealt table, print 'first-frame', exit "
                        "(start-up measurement)")
    return p.parse_args(argv)


def _selftest(args: argparse.Namespace) -> int:
    if args.mode == "deal":
        from lieng.devtools.deal_selftest import run_deal_selftest

        return run_deal_selftest()
    if args.mode == "lan":
        from lieng.devtools.lan_selftest import run_windows

        return run_windows(max(1, min(5, args.clients)), max(1, args.hands))
    if args.mode == "hotseat":
        from lieng.devtools.hotseat_selftest import run_hotseat_selftest

        return run_hotseat_selftest(max(1, args.hands), args.size, args.seed, lang=args.lang)
    from lieng.devtools.bots_selftest import run_selftest

    return run_selftest(max(1, args.hands), args.size, args.seed, lang=args.lang,
                        hold_mid_hand=args.hold_mid_hand)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.first_frame:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from lieng.devtools.first_frame import run_first_frame

        sys.exit(run_first_frame(args.size))
    if args.selftest or args.screenshot is not None:
        # Both run muted: don't make SDL probe (and complain about) a sound card.
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from lieng.storage import paths

    if args.data_dir is not None:
        os.environ[paths.DATA_DIR_ENV] = str(args.data_dir.expanduser().resolve())
    if args.selftest:
        # An autopilot must not play with the player's own chips nor fill their history
        # and statistics: a temporary folder (the real storage code, files created and
        # read back there) unless a folder was given (--data-dir, LIENG_DATA_DIR).
        with (contextlib.nullcontext() if paths.explicit()
              else paths.scratch_data_dir("lieng-selftest-")):
            sys.exit(_selftest(args))
    if args.screenshot is not None:
        from lieng.devtools.bots_selftest import take_screenshot

        path = take_screenshot(args.screenshot, args.size, args.lang)
        print(f"saved {path}")
        return
    from lieng.ui.scenes.menu import MenuScene
    from lieng.ui.session import close_app, open_app

    lang_given = "--lang" in (argv if argv is not None else sys.argv[1:])
    app = open_app(args.size, args.lang if lang_given else None)
    app.push(MenuScene(app))
    app.run()
    close_app(app)
