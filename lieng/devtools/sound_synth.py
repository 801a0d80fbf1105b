"""Synthesise the game's sounds into ``assets/sounds/`` (``python -m lieng.devtools.sound_synth``).

The project makes its own sounds so there is nothing to license: a card swish
(filtered noise), chip clicks (short decaying partials), a fold (low swish), a win chime
(a major arpeggio) and a timer warning (two beeps). Deterministic: the noise comes from a
seeded ``random.Random``, so re-running gives the same files byte for byte.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
SOUNDS = ("deal", "chip", "fold", "win", "timer")


def _envelope(n: int, attack: float, decay: float) -> list[float]:
    out = []
    a = max(1, int(attack * RATE))
    for i in range(n):
        t = i / RATE
        env = i / a if i < a else math.exp(-(t - attack) / decay)
        out.append(env)
    return out


def _noise(rng: random.Random, seconds: float, cutoff: float) -> list[float]:
    """One-pole low-passed white noise."""
    n = int(seconds * RATE)
    alpha = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for _ in range(n):
        y += alpha * (rng.uniform(-1, 1) - y)
        out.append(y)
    return out


def deal(rng: random.Random) -> list[float]:
    raw = _noise(rng, 0.12, 3500)
    env = _envelope(len(raw), 0.01, 0.03)
    return [2.2 * s * e for s, e in zip(raw, env, strict=True)]


def chip(rng: random.Random) -> list[float]:
    out = [0.0] * int(0.16 * RATE)
    for start, f0 in ((0.0, 3100.0), (0.045, 2650.0)):
        s0 = int(start * RATE)
        for i in range(int(0.09 * RATE)):
            t = i / RATE
            v = sum(math.sin(2 * math.pi * f0 * m * t) / m for m in (1.0, 1.47, 2.09))
            out[s0 + i] += 0.35 * v * math.exp(-t / 0.018)
    return out


def fold(rng: random.Random) -> list[float]:
    raw = _noise(rng, 0.22, 900)
    env = _envelope(len(raw), 0.04, 0.07)
    return [2.5 * s * e for s, e in zip(raw, env, strict=True)]


def win(rng: random.Random) -> list[float]:
    notes = (523.25, 659.25, 783.99, 1046.5)
    out = [0.0] * int(1.1 * RATE)
    for k, f in enumerate(notes):
        s0 = int(k * 0.09 * RATE)
        for i in range(len(out) - s0):
            t = i / RATE
            v = math.sin(2 * math.pi * f * t) + 0.3 * math.sin(4 * math.pi * f * t)
            out[s0 + i] += 0.22 * v * math.exp(-t / 0.35)
    return out


def timer(rng: random.Random) -> list[float]:
    out = [0.0] * int(0.36 * RATE)
    for start in (0.0, 0.18):
        s0 = int(start * RATE)
        for i in range(int(0.12 * RATE)):
            t = i / RATE
            out[s0 + i] += 0.45 * math.sin(2 * math.pi * 880 * t) * min(1.0, (0.12 - t) * 60)
    return out


GENERATORS: dict[str, Callable[[random.Random], list[float]]] = {
    "deal": deal, "chip": chip, "fold": fold, "win": win, "timer": timer,
}


def write_wav(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    gain = min(1.0, 0.9 / peak)
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s * gain)) * 32767))
                      for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def write_sounds(out_dir: Path) -> list[Path]:
    """Write every sound into ``out_dir`` (the checkout's ``assets/sounds`` to update the
    shipped ones: nothing writes into an installed package by default)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SOUNDS:
        path = out_dir / f"{name}.wav"
        write_wav(path, GENERATORS[name](random.Random(name)))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lieng.devtools.sound_synth",
                                     description="Synthesise the game's sounds as WAV files.")
    parser.add_argument("out_dir", type=Path, help="folder to write into, e.g. assets/sounds")
    args = parser.parse_args(argv)
    for p in write_sounds(args.out_dir):
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
