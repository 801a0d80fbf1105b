"""The examples in the package's docstrings run (python-chess's habit: a docstring example
that no longer works is a bug)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lieng


def _modules_with_examples() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(lieng.__path__, "lieng."):
        if info.name.endswith("__main__"):
            continue  # running it starts the game
        spec = importlib.util.find_spec(info.name)
        origin = spec.origin if spec is not None else None
        if origin and origin.endswith(".py"):
            with open(origin, encoding="utf-8") as f:
                if ">>> " in f.read():
                    names.append(info.name)
    return sorted(names)


MODULES = _modules_with_examples()


def test_there_are_examples_to_run() -> None:
    assert len(MODULES) >= 5, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    assert result.attempted > 0
