"""Build ``strength.bin``, the exact strength table shipped with the bots.

    python -m lieng.bots.build_tables          # rewrite lieng/bots/strength.bin
    python -m lieng.bots.build_tables --check  # exit 1 if the shipped file is stale

Run it after any change to hand values in the engine (RULES.md "Hands", "Tie-break
presets"); ``tests/bots/test_strength.py`` fails if the shipped file and a fresh
computation disagree.
"""

from __future__ import annotations

import argparse
import sys
import time

from lieng.engine import PRESETS, TIEBREAKS

from .strength import DATA_FILE, compute_counts, decode_tables, encode_tables


def build() -> bytes:
    return encode_tables({name: compute_counts(PRESETS[name]) for name in TIEBREAKS})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare the shipped file with a fresh build, write nothing")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    data = build()
    took = time.perf_counter() - t0
    if args.check:
        same = DATA_FILE.exists() and decode_tables(DATA_FILE.read_bytes()) == decode_tables(data)
        print(f"{DATA_FILE.name}: {'up to date' if same else 'STALE'} ({took:.2f} s)")
        return 0 if same else 1
    DATA_FILE.write_bytes(data)
    print(f"wrote {DATA_FILE} ({len(data)} bytes, built in {took:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
