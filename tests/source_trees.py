"""The package's sources as syntax trees, parsed once per test process.

Several tests read every module of ``lieng/`` (the layers in tests/test_import_graph.py,
the engine's purity in tests/engine/test_purity.py); the sources do not change while they
run, and parsing the package again was most of each such test's second
(docs/PERFORMANCE.md, "The test suite"). The trees are only read, never changed.
``import_nodes`` keeps each module's import statements: walking a whole tree for them,
once per test that asks, was most of what remained."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def parsed(path: Path) -> ast.Module:
    """``path``'s syntax tree (a module of the package: read as UTF-8)."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@cache
def import_nodes(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """Every ``import`` and ``from … import`` statement of ``path``, lazy ones and those
    under ``TYPE_CHECKING`` included, in ``ast.walk`` order."""
    return tuple(node for node in ast.walk(parsed(path))
                 if isinstance(node, (ast.Import, ast.ImportFrom)))
