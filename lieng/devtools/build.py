"""Build the packaged game and smoke-test it: ``python -m lieng.devtools.build``.

Runs PyInstaller on ``build.spec`` (one folder, ``dist/lieng/``), then starts the built
program with ``--selftest --hands 2 --data-dir <empty temporary folder>`` under SDL's dummy
video and audio drivers. The folder's path holds "Nguyễn" (as a Windows user folder may),
so non-ASCII paths are checked on every platform the program is built on. It is passed
explicitly (``--data-dir``, which works on every platform, unlike ``XDG_DATA_HOME``); the
XDG variables and ``HOME`` also point into the temporary folder so a stray write elsewhere
is caught. Fails (exit 1) if the build fails, if the program does not exit 0, or if it
wrote its settings and bankroll anywhere but that data folder.
Prints the folder's size and the program's start time.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REQUIRED_FILES = ("settings.json", "bankroll.json")


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller; return the built program's path."""
    subprocess.run([sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm",
                    "--clean", "--log-level", "WARN", "--distpath", str(dist),
                    "--workpath", str(work)], check=True, cwd=ROOT)
    exe = dist / "lieng" / ("lieng.exe" if os.name == "nt" else "lieng")
    if not exe.is_file():
        raise SystemExit(f"build finished but {exe} is missing")
    return exe


def smoke_test(exe: Path, hands: int = 2, program_dir: Path | None = None
               ) -> tuple[float, list[Path]]:
    """Run the built program's self-test in an empty data directory.

    ``program_dir`` is the folder watched for stray writes when ``exe`` is not in it (a
    launcher symlink such as the ``.deb``'s ``/usr/bin/lieng``); by default, ``exe``'s own.
    Returns the run time and the files it created there.
    """
    program_dir = program_dir or exe.parent
    # ignore_cleanup_errors: on Windows an antivirus may still hold a file the program just
    # wrote; the verdict is in by then and a leftover temp folder must not overturn it.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        # A non-ASCII folder, as under C:\Users\Nguyễn: the path must survive argv, the
        # file APIs and the JSON written there on every platform the release is built on.
        data = Path(tmp) / "Nguyễn" / "data"
        cwd = Path(tmp) / "cwd"
        cwd.mkdir()
        xdg = Path(tmp) / "xdg"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   XDG_DATA_HOME=str(xdg), XDG_CONFIG_HOME=str(Path(tmp) / "config"),
                   XDG_CACHE_HOME=str(Path(tmp) / "cache"),
                   HOME=str(Path(tmp) / "home"))
        env.pop("LIENG_DATA_DIR", None)
        before = set(program_dir.rglob("*"))
        t0 = time.perf_counter()
        proc = subprocess.run([str(exe), "--selftest", "--hands", str(hands), "--data-dir",
                               str(data)], env=env, cwd=cwd, capture_output=True, text=True,
                              timeout=300)
        elapsed = time.perf_counter() - t0
        print(proc.stdout.strip())
        if proc.returncode != 0:
            print(proc.stderr[-4000:], file=sys.stderr)
            raise SystemExit(f"the built program's self-test exited {proc.returncode}")
        written = sorted(p for p in data.rglob("*") if p.is_file())
        # An empty data directory gets the settings and the bankroll, there only.
        for name in REQUIRED_FILES:
            if not (data / name).is_file():
                raise SystemExit(f"the program did not create {name} in {data}; "
                                 f"it created: {[str(p) for p in written]}")
        home = Path(tmp) / "home"
        stray = [*cwd.rglob("*"), *(set(program_dir.rglob("*")) - before),
                 *(home.rglob("*") if home.exists() else []),
                 *(xdg.rglob("*") if xdg.exists() else [])]
        if stray:
            raise SystemExit(f"the program wrote outside its data directory: {stray}")
        # The LAN tables' mental-poker deal: PyNaCl's libsodium is in the program and
        # computes every proof on this system (lieng/devtools/deal_selftest.py).
        deal = subprocess.run([str(exe), "--selftest", "--mode", "deal", "--data-dir",
                               str(data)], env=env, cwd=cwd, capture_output=True, text=True,
                              timeout=300)
        print(deal.stdout.strip())
        if deal.returncode != 0:
            print(deal.stderr[-4000:], file=sys.stderr)
            raise SystemExit(f"the built program's deal self-test exited {deal.returncode}")
        return elapsed, [p.relative_to(data) for p in written]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lieng.devtools.build", description=__doc__)
    p.add_argument("--dist", type=Path, default=ROOT / "dist")
    p.add_argument("--work", type=Path, default=ROOT / "build")
    p.add_argument("--skip-build", action="store_true", help="only smoke-test dist/lieng")
    args = p.parse_args(argv)
    args.dist, args.work = args.dist.resolve(), args.work.resolve()
    if not args.skip_build and importlib.util.find_spec("PyInstaller") is None:
        raise SystemExit("PyInstaller is not installed: python -m pip install '.[dev]'")
    exe = args.dist / "lieng" / ("lieng.exe" if os.name == "nt" else "lieng")
    if not args.skip_build:
        t0 = time.perf_counter()
        exe = build(args.dist, args.work)
        print(f"built {exe} in {time.perf_counter() - t0:.0f} s")
    size = folder_size(exe.parent)
    print(f"folder size: {size / 1e6:.1f} MB ({exe.parent})")
    elapsed, files = smoke_test(exe)
    print(f"smoke test passed in {elapsed:.1f} s; it created in the data directory: "
          + ", ".join(str(f) for f in files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
