"""Frame times and time to the first table frame, each beside a bare
pygame-ce + pygame_gui window measured in the same run.

    SDL_VIDEODRIVER=dummy python bench/frames.py [--hands 6] [--runs 5]

Frame time is the work of one ``GameApp.step`` (events, update, draw, flip) without the
60 FPS sleep, through the busiest sequence: six seats, a full deal, chips flying on every
ante, raise and call, the showdown flips and the payouts, at normal animation speed,
1280×720. The bare window is a UIManager with one button, updated, drawn and flipped the
same way. Start-up is wall time from launching a fresh Python process to the first
flipped frame (the table's, for the game), median of ``--runs`` launches each, the two
launched in turn.

The sequence is deterministic (seeded deal, scripted bots, a fixed time step), so frame
*i* is the same work in every pass: with ``--passes N`` (default 3) the sequence is
played in N fresh processes, one after the other, and each frame's time is the median of
its N passes — a frame that other processes slowed down in one pass (cache misses,
migrations between cores: the thread's CPU clock counts them) is not a slow frame
unless it is slow in most passes. Each pass's own p99 is printed beside it. The bare
window gets as many passes, of as many frames.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from startup import launch as startup_launch  # bench/startup.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 720)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q / 100 * (len(s) - 1)))]


# --------------------------------------------------------------------- frame times


Samples = tuple[list[float], list[float]]
"""(wall seconds, CPU seconds of this thread) per frame."""


def per_frame_median(passes: list[list[float]]) -> list[float]:
    """Each frame's median over the passes (the passes play the same frames)."""
    if len({len(p) for p in passes}) != 1:
        raise RuntimeError("the passes played different numbers of frames: "
                           + ", ".join(str(len(p)) for p in passes))
    return [statistics.median(frame) for frame in zip(*passes, strict=True)]


def game_frames(hands: int) -> Samples:
    import pygame

    from lieng.devtools.bots_selftest import ScriptedPlayer
    from lieng.engine import Action, RuleSet
    from lieng.storage.settings import Settings
    from lieng.table import PlayerSpec, Table, TableLike
    from lieng.ui.core.window import GameApp
    from lieng.ui.scenes.menu import MenuScene
    from lieng.ui.scenes.table import TableScene
    from lieng.ui.screens import SCREENS

    app = GameApp(SIZE, Settings(sound_on=False, show_cards_at_once=True), fps=0,
                  screens=SCREENS)
    names = ["Bạn", "Minh", "Lan", "Hùng", "Thảo", "Quốc"]
    players = [PlayerSpec(n, "human" if i == 0 else "bot", stack=100_000)
               for i, n in enumerate(names)]

    def factory(spec: PlayerSpec, rng: object) -> ScriptedPlayer:
        # Raise once, then call: every seat puts chips in and every hand reaches a showdown.
        return ScriptedPlayer([Action.raise_(2)] + [Action.call()] * 50)

    table = Table(RuleSet(table_bet=10), players, seed=1, bot_factory=factory)
    app.push(MenuScene(app))
    scene = TableScene(app, table)

    def pilot(sc: TableScene[TableLike]) -> None:
        sc.act(Action.call())

    scene.autopilot = pilot
    app.push(scene)
    times: list[float] = []
    cpu: list[float] = []
    dt = 1 / 60
    while table.hand_no < hands or table.hand is None or not table.hand.is_over \
            or scene.board.busy:
        t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
        app.step(dt)
        times.append((time.perf_counter_ns() - t0) / 1e9)
        cpu.append((time.thread_time_ns() - c0) / 1e9)
        if len(times) > 60 * 60 * hands:
            raise RuntimeError("the benchmark hands did not finish")
    for s in scene.board.seats:
        for cs in s.cards:
            assert cs.card is not None  # every hand went to a showdown: all faces shown
    app.close()
    pygame.quit()
    return times, cpu


def bare_frames(n: int) -> Samples:
    import pygame
    import pygame_gui

    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    ui = pygame_gui.UIManager(SIZE, enable_live_theme_updates=False)
    pygame_gui.elements.UIButton(pygame.Rect(20, 20, 160, 44), "OK", ui)
    times, cpu = [], []
    for _ in range(n):
        t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
        for event in pygame.event.get():
            ui.process_events(event)
        ui.update(1 / 60)
        screen.fill((20, 60, 40))
        ui.draw_ui(screen)
        pygame.display.flip()
        times.append((time.perf_counter_ns() - t0) / 1e9)
        cpu.append((time.thread_time_ns() - c0) / 1e9)
    pygame.quit()
    return times, cpu


def frames_pass(kind: str, n: int) -> Samples:
    """One pass in a fresh process: ``game_frames(n)`` or ``bare_frames(n)``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, __file__, "--frames", kind, str(n)], env=env,
                         capture_output=True, text=True, check=True).stdout
    wall, cpu = json.loads(out.strip().splitlines()[-1])
    return wall, cpu


# --------------------------------------------------------------------- start-up


def child(kind: str) -> None:
    """Run in a fresh process: open the window, draw one frame, say so, exit."""
    if kind == "game":
        from lieng.game.setup import make_table
        from lieng.storage.settings import Settings
        from lieng.ui.core.window import GameApp
        from lieng.ui.scenes.table import TableScene

        app = GameApp(SIZE, Settings(sound_on=False), fps=0)
        app.push(TableScene(app, make_table(5, "normal", 10, "classic", "Bạn")))
        app.step(1 / 60)
    else:
        import pygame
        import pygame_gui

        pygame.init()
        screen = pygame.display.set_mode(SIZE)
        ui = pygame_gui.UIManager(SIZE, enable_live_theme_updates=False)
        pygame_gui.elements.UIButton(pygame.Rect(20, 20, 160, 44), "OK", ui)
        ui.update(1 / 60)
        screen.fill((20, 60, 40))
        ui.draw_ui(screen)
        pygame.display.flip()
    print("first-frame", flush=True)
    os._exit(0)


def launch(kind: str) -> tuple[float, float]:
    """Wall and CPU time from launching a fresh ``kind`` child to its first frame
    (``startup.launch``, the start-up bench's measure)."""
    return startup_launch([sys.executable, __file__, "--child", kind])


def startup(runs: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU time to the first frame of ``runs`` launches of each kind, the
    table's and the bare window's launched in turn, so that a change in the machine's load
    falls on both alike."""
    got: dict[str, list[tuple[float, float]]] = {"game": [], "bare": []}
    for _ in range(runs):
        for kind in ("game", "bare"):
            got[kind].append(launch(kind))
    return {kind: (statistics.median(w for w, _c in xs), statistics.median(c for _w, c in xs))
            for kind, xs in got.items()}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--hands", type=int, default=6)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--passes", type=int, default=3,
                   help="passes of the table's sequence; each frame's CPU is its median")
    p.add_argument("--child", choices=("game", "bare"))
    p.add_argument("--frames", nargs=2, metavar=("KIND", "N"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args.child)
        return
    if args.frames:
        kind, n = args.frames[0], int(args.frames[1])
        print(json.dumps(game_frames(n) if kind == "game" else bare_frames(n)))
        return
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    runs = [frames_pass("game", args.hands) for _ in range(max(1, args.passes))]
    game, game_cpu = per_frame_median([w for w, _c in runs]), per_frame_median(
        [c for _w, c in runs])
    bare_runs = [frames_pass("bare", len(game)) for _ in range(max(1, args.passes))]
    bare, bare_cpu = per_frame_median([w for w, _c in bare_runs]), per_frame_median(
        [c for _w, c in bare_runs])
    print(f"video driver: {os.environ.get('SDL_VIDEODRIVER', 'default')}, {SIZE[0]}x{SIZE[1]}, "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")

    def line(name: str, wall: list[float], cpu: list[float]) -> str:
        return (f"{name} ({len(wall)} frames): wall p50 {pct(wall, 50) * 1000:.2f} ms "
                f"p99 {pct(wall, 99) * 1000:.2f} ms · CPU p50 {pct(cpu, 50) * 1000:.2f} ms "
                f"p99 {pct(cpu, 99) * 1000:.2f} ms")

    print(line(f"frame time, table, busiest sequence ({args.hands} six-seat hands, each "
               f"frame's median of {len(runs)} passes)", game, game_cpu))
    print("  each pass's table CPU p50 / p99: " + ", ".join(
        f"{pct(c, 50) * 1000:.2f} / {pct(c, 99) * 1000:.2f} ms" for _w, c in runs))
    print(line("frame time, bare pygame-ce + pygame_gui window", bare, bare_cpu))
    first = startup(args.runs)
    (gw, gc), (bw, bc) = first["game"], first["bare"]
    print(f"process start to first frame (median of {args.runs}): table wall {gw * 1000:.0f} ms"
          f" CPU {gc * 1000:.0f} ms · bare window wall {bw * 1000:.0f} ms CPU {bc * 1000:.0f} ms"
          f" · ratio wall {gw / bw:.2f} CPU {gc / bc:.2f}")


if __name__ == "__main__":
    main()
