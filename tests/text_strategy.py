"""The text the tests draw: any string UTF-8 can encode, as ``st.text()`` draws it.

``st.text()``'s default alphabet is ``characters(codec="utf-8")``, and hypothesis works
out which characters a codec encodes by encoding each of the 1.1 million code points
(``hypothesis.internal.charmap.intervals_from_codec``): ≈ 2.6 s of CPU in each test
process of a fresh checkout, the first time any ``st.text()`` is drawn, until the table
lands in ``.hypothesis/`` (docs/PERFORMANCE.md, "The test suite"). UTF-8 encodes every
code point but the surrogates, which are exactly Unicode category ``Cs``, so excluding
that category is the same set of characters (the same intervals, compared in
tests/test_text_strategy.py), read from the character table hypothesis builds anyway.
"""

from __future__ import annotations

from hypothesis import strategies as st

UTF8_CHARACTERS = st.characters(exclude_categories=["Cs"])
"""Every character UTF-8 can encode (all of Unicode but the surrogates)."""


def utf8_text(*, min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy[str]:
    """``st.text(min_size=…, max_size=…)``: the same strings, without the codec table."""
    return st.text(UTF8_CHARACTERS, min_size=min_size, max_size=max_size)
