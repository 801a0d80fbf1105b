"""The engine is pure (ARCHITECTURE.md): no pygame, no files, no clock, no sleeping, and no
use of the ``random`` module's global generator anywhere in ``lieng/``."""

from __future__ import annotations

import ast
from pathlib import Path

import lieng

from ..source_trees import parsed

ROOT = Path(lieng.__file__).parent
FORBIDDEN_MODULES = {"pygame", "pygame_gui", "os", "io", "time", "pathlib", "shutil", "socket",
                     "threading", "asyncio", "datetime", "tempfile", "subprocess", "sys"}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval"}
GLOBAL_RANDOM = {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
                 "uniform", "gauss", "seed", "getrandbits", "triangular", "betavariate"}


def _trees(folder: Path) -> list[tuple[Path, ast.Module]]:
    return [(p, parsed(p)) for p in sorted(folder.rglob("*.py"))]


def test_engine_imports_nothing_impure() -> None:
    files = _trees(ROOT / "engine")
    assert len(files) >= 8
    for path, tree in files:
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path}: imports {name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path}: calls {node.func.id}()"


def test_no_global_random_anywhere() -> None:
    for path, tree in _trees(ROOT):
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "random" and node.attr in GLOBAL_RANDOM):
                raise AssertionError(f"{path}:{node.lineno}: random.{node.attr} uses the "
                                     "module's shared generator")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                bad = {a.name for a in node.names} & GLOBAL_RANDOM
                assert not bad, f"{path}: from random import {bad}"
