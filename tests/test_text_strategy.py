"""``tests/text_strategy.py`` draws the characters ``st.text()`` draws by default."""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.strategies._internal.strings import OneCharStringStrategy

from .text_strategy import UTF8_CHARACTERS


def _intervals(strategy: st.SearchStrategy[str]) -> tuple[tuple[int, int], ...]:
    inner = getattr(strategy, "wrapped_strategy", strategy)
    assert isinstance(inner, OneCharStringStrategy)
    return tuple(inner.intervals.intervals)


def test_the_alphabet_is_every_character_utf8_encodes() -> None:
    ours = _intervals(UTF8_CHARACTERS)
    assert ours == ((0, 0xD7FF), (0xE000, 0x10FFFF))  # all but the surrogates
    for low, high in ours:
        for code in (low, high):
            chr(code).encode("utf-8")  # each end encodes
    for surrogate in (0xD800, 0xDFFF):
        try:
            chr(surrogate).encode("utf-8")
        except UnicodeEncodeError:
            continue
        raise AssertionError(f"U+{surrogate:04X} encoded")
