"""Start-up of the packaged program beside ``python main.py``, in the same run.

    python -m lieng.devtools.build            # builds dist/lieng/ first
    SDL_VIDEODRIVER=dummy python bench/startup.py [--exe dist/lieng/lieng] [--runs 9]

Both are launched with ``--first-frame``: open the window on a dealt five-bot table, draw
one frame, print ``first-frame`` and exit. Reported: the median wall time from launch to
that line and the median CPU time of the whole process (user + system, from rusage; the
process exits right after the frame, so this is the start-up work and is steadier than
wall time on a loaded machine), alternating the two programs run by run. Also prints the
built folder's size. Targets: under 60 MB; start no slower than 1.5 × ``python main.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def launch(cmd: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system, from the child's rusage) from launching
    ``cmd`` to the first frame it reports (``first-frame`` on its first line): the child
    exits right after that frame, so its CPU total is the start-up work. The checkout's
    ``lieng`` comes first on the child's path (a packaged ``--exe`` ignores it)."""
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    wall = time.perf_counter() - t0
    _pid, _status, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    if line.strip() != "first-frame":
        raise SystemExit(f"{cmd[0]} did not draw its first frame")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--exe", type=Path,
                   default=ROOT / "dist" / "lieng" / ("lieng.exe" if os.name == "nt" else "lieng"))
    p.add_argument("--runs", type=int, default=9)
    args = p.parse_args()
    if not args.exe.is_file():
        raise SystemExit(f"{args.exe} is missing: build it with python -m lieng.devtools.build")
    programs = {"python main.py": [sys.executable, str(ROOT / "main.py"), "--first-frame"],
                "built program": [str(args.exe), "--first-frame"]}
    results: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in programs}
    for _name, cmd in programs.items():  # warm the file cache once each
        launch(cmd)
    for _ in range(args.runs):
        for name, cmd in programs.items():
            wall, cpu = launch(cmd)
            results[name][0].append(wall)
            results[name][1].append(cpu)
    size = sum(f.stat().st_size for f in args.exe.parent.rglob("*")
               if f.is_file() and not f.is_symlink())
    print(f"built folder: {size / 1e6:.1f} MB ({args.exe.parent})")
    med = {k: (statistics.median(w), statistics.median(c)) for k, (w, c) in results.items()}
    for name, (wall, cpu) in med.items():
        print(f"{name:15s} first frame: wall {wall * 1000:6.0f} ms, CPU {cpu * 1000:6.0f} ms "
              f"(median of {args.runs})")
    pw, pc = med["python main.py"]
    bw, bc = med["built program"]
    print(f"ratio built / python: wall {bw / pw:.2f}, CPU {bc / pc:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
