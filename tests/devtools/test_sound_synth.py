"""The sound generator (``lieng.devtools.sound_synth``): the shipped sounds are exactly its
output."""

from __future__ import annotations

from pathlib import Path

from lieng.resources import asset


def test_sounds_are_the_generator_s_output(tmp_path: Path) -> None:
    from lieng.devtools import sound_synth

    for path in sound_synth.write_sounds(tmp_path):
        assert path.read_bytes() == asset("sounds", path.name).read_bytes(), path.name
