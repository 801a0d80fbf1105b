"""The layers of docs/ARCHITECTURE.md, checked on every import in the package.

    engine ← table ← {bots, storage} ← game ← net ← ui ← devtools ← app
    engine ← deal ← net  (the mental-poker deal: pure computation)

A layer may import the layers to its left, never those to its right, and nothing in the
game may import the developer tools. Every import counts — also one inside a function or
under ``TYPE_CHECKING`` — because each is a dependency a reader has to follow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import lieng

PACKAGE = Path(lieng.__file__).parent

# What each part of the package may import (besides itself and the standard library).
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "resources": set(),
    "names": set(),
    "table": {"engine"},
    "bots": {"engine", "table"},
    "storage": {"engine", "table", "names"},
    "sim": {"engine", "table", "bots"},
    "game": {"engine", "table", "bots", "storage", "names"},
    "deal": {"engine"},
    "net": {"engine", "table", "bots", "storage", "game", "names", "deal"},
    "ui": {"engine", "table", "bots", "storage", "game", "net", "resources", "names", "deal"},
    "devtools": {"engine", "table", "bots", "storage", "game", "net", "ui", "resources",
                 "names", "deal"},
    "app": {"storage", "ui", "devtools"},
    "__main__": {"app"},
    "__init__": set(),
}


def part_of(module: str) -> str:
    """``lieng.ui.scenes.table`` → ``ui``; ``lieng`` → ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every ``lieng`` module ``path`` imports, relative imports resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)
    return {m for m in found if m == "lieng" or m.startswith("lieng.")}


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_part_of_the_package_has_a_rule() -> None:
    parts = {part_of(module_name(p)) for p in modules()}
    assert parts <= ALLOWED.keys(), f"no layer rule for {sorted(parts - ALLOWED.keys())}"


def test_every_import_follows_the_layers() -> None:
    known = {module_name(p) for p in modules()}
    wrong: list[str] = []
    for path in modules():
        here = part_of(module_name(path))
        for target in imports_of(path):
            if target not in known and target.rpartition(".")[0] in known:
                continue  # ``from lieng.x import name``: the module itself is listed too
            there = part_of(target)
            if target == "lieng" or there == here:
                continue
            if there not in ALLOWED[here]:
                wrong.append(f"{module_name(path)} imports {target} ({here} → {there})")
    assert not wrong, "imports against docs/ARCHITECTURE.md:\n" + "\n".join(sorted(wrong))


def test_the_rules_themselves_have_no_cycle() -> None:
    seen: dict[str, int] = {}

    def depth(part: str, trail: tuple[str, ...] = ()) -> int:
        assert part not in trail, f"cycle: {' → '.join((*trail, part))}"
        if part not in seen:
            seen[part] = 1 + max((depth(p, (*trail, part)) for p in ALLOWED[part]), default=0)
        return seen[part]

    for part in ALLOWED:
        depth(part)


def test_the_checker_sees_lazy_and_relative_imports() -> None:
    """The check must not go blind to imports inside functions: the menu opens the new-game
    screen with ``from .new_game import NewGameScene`` inside a method."""
    found = imports_of(PACKAGE / "ui" / "scenes" / "menu.py")
    assert "lieng.ui.scenes.new_game.NewGameScene" in found
