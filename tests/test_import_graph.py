"""The layers of docs/ARCHITECTURE.md, checked on every import in the package.

    engine ← table ← {bots, storage} ← game ← net ← ui ← devtools ← app
    engine ← deal ← net  (the mental-poker deal: pure computation)
    levels, resources, names: leaves that every layer may import

A layer may import the layers to its left, never those to its right, and nothing in the
game may import the developer tools. Inside ``ui`` the same holds between its parts:

    ui.core ← ui.tabletop ← ui.scenes ← lieng/ui/*.py (the window's set-up: the screen
    registry, the session that opens the real window)

and no two modules anywhere may import each other, directly or round a longer loop. Every
import counts — also one inside a function or under ``TYPE_CHECKING`` — because each is a
dependency a reader has to follow: a cycle that only a lazy import keeps from failing at
start-up is still two modules that cannot be understood one without the other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import lieng

from .source_trees import import_nodes, parsed

PACKAGE = Path(lieng.__file__).parent

# What each part of the package may import (besides itself and the standard library).
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "resources": set(),
    "names": set(),
    "levels": set(),
    "table": {"engine", "levels"},
    "bots": {"engine", "table", "levels"},
    "storage": {"engine", "table", "names", "levels"},
    "sim": {"engine", "table", "bots", "levels"},
    "game": {"engine", "table", "bots", "storage", "names", "levels"},
    "deal": {"engine"},
    "net": {"engine", "table", "bots", "storage", "game", "names", "deal", "levels"},
    "ui": {"engine", "table", "bots", "storage", "game", "net", "resources", "names", "deal",
           "levels"},
    "devtools": {"engine", "table", "bots", "storage", "game", "net", "ui", "resources",
                 "names", "deal", "levels"},
    "app": {"storage", "ui", "devtools"},
    "__main__": {"app"},
    "__init__": set(),
}


# Inside ``ui``: what each of its parts may import of the others.
UI_ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "tabletop": {"core"},
    "scenes": {"core", "tabletop"},
    "root": {"core", "tabletop", "scenes"},  # lieng/ui/*.py: the window's set-up
}


def part_of(module: str) -> str:
    """``lieng.ui.scenes.table`` → ``ui``; ``lieng`` → ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def ui_part_of(module: str) -> str:
    """``lieng.ui.scenes.table`` → ``scenes``; ``lieng.ui.screens`` and ``lieng.ui`` → ``root``."""
    parts = module.split(".")
    return parts[2] if len(parts) > 3 else "root"


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
    for node in import_nodes(path):
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


def graph() -> dict[str, set[str]]:
    """Module → the package's modules it imports (every import, lazy ones too).
    ``from a.b import c`` is an import of ``a.b.c`` when that is a module, else of ``a.b``,
    where ``c`` is defined. A fresh copy of ``_graph``'s, which six tests share."""
    return {name: set(found) for name, found in _graph().items()}


@cache
def _graph() -> dict[str, frozenset[str]]:
    known = {module_name(p) for p in modules()}
    out: dict[str, frozenset[str]] = {}
    for path in modules():
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in import_nodes(path):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in known)
            else:
                mod = _resolve(node, package)
                for a in node.names:
                    sub = f"{mod}.{a.name}"
                    if sub in known:
                        found.add(sub)
                    elif mod in known:
                        found.add(mod)
        out[name] = frozenset(found - {name})
    return out


def _resolve(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


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
    """The check must not go blind to imports inside functions: the screen registry opens
    each screen's module inside its factory."""
    found = imports_of(PACKAGE / "ui" / "screens.py")
    assert "lieng.ui.scenes.menu.MenuScene" in found
    assert "lieng.ui.scenes.replay" in graph()["lieng.ui.screens"]


def test_no_module_imports_itself_round_a_loop() -> None:
    found = cycles(graph())
    assert not found, "import cycles (docs/ARCHITECTURE.md, \"No cycles\"):\n" + "\n".join(
        " ↔ ".join(group) for group in found)


def test_the_ui_parts_follow_their_layers() -> None:
    wrong: list[str] = []
    for module, targets in graph().items():
        if part_of(module) != "ui":
            continue
        here = ui_part_of(module)
        assert here in UI_ALLOWED, f"no ui layer rule for ui.{here} ({module})"
        for target in targets:
            if part_of(target) != "ui" or target == "lieng.ui":
                continue
            there = ui_part_of(target)
            if there != here and there not in UI_ALLOWED[here]:
                wrong.append(f"{module} imports {target} (ui.{here} → ui.{there})")
    assert not wrong, "ui imports against docs/ARCHITECTURE.md:\n" + "\n".join(sorted(wrong))


def private_imports(path: Path) -> list[str]:
    """The private names (``_x``, dunders aside) ``path`` takes from another ``lieng``
    module: ``from lieng.ui.scenes.dialog import _wrap``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return private_imports_in(name, package, import_nodes(path))


def private_imports_in(name: str, package: str, nodes: Iterable[ast.AST]) -> list[str]:
    """``private_imports`` of module ``name`` (in ``package``) from its syntax tree's
    nodes (its import statements suffice)."""
    found: list[str] = []
    for node in nodes:
        if not isinstance(node, ast.ImportFrom):
            continue
        mod = _resolve(node, package)
        if mod != "lieng" and not mod.startswith("lieng."):
            continue
        found += [f"{name} takes {mod}.{a.name}" for a in node.names
                  if a.name.startswith("_") and not a.name.startswith("__")]
    return found


def test_no_module_takes_another_module_s_private_name() -> None:
    """Issue 21: the ui's parts blurred where one module reached into another's private
    helper (the notices and the join screen took the dialog's ``_wrap``; the heuristic
    bots the opponent model's prior). A helper two modules share is public, so a reader
    sees it is shared."""
    wrong = [line for path in modules() for line in private_imports(path)]
    assert not wrong, "\n".join(sorted(wrong))


def test_the_private_import_finder_sees_one() -> None:
    """The finder is not blind: relative and absolute, a private name among public ones,
    and never a dunder or a name from outside the package."""
    source = ("from .opponents import OpponentModel, _PRIOR, line\n"
              "from lieng.ui.scenes.dialog import _wrap\n"
              "from ..engine import __version__\n"
              "from os import _exit\n")
    found = private_imports_in("lieng.bots.heuristic", "lieng.bots",
                               ast.walk(ast.parse(source)))
    assert found == ["lieng.bots.heuristic takes lieng.bots.opponents._PRIOR",
                     "lieng.bots.heuristic takes lieng.ui.scenes.dialog._wrap"], found


def bases_of(tree: ast.Module) -> set[str]:
    """The names the classes of a module extend (``TableScene`` in
    ``class HotseatScene(TableScene[Table])``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                target = base.value if isinstance(base, ast.Subscript) else base
                if isinstance(target, ast.Name):
                    found.add(target.id)
    return found


def names_taken_from(tree: ast.Module, package: str, source: str) -> set[str]:
    """The names a module imports from the module ``source``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _resolve(node, package) == source:
            found.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.asname or a.name for a in node.names if a.name == source)
    return found


def screen_imports_of_screens(edges: dict[str, set[str]], opened: set[str]) -> list[str]:
    """Each scene module's import of a screen the registry opens, except of the class it
    extends (the hot-seat and LAN tables are built on ``TableScene``)."""
    wrong: list[str] = []
    for module, targets in sorted(edges.items()):
        if not module.startswith("lieng.ui.scenes."):
            continue
        path = PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")
        tree = parsed(path)
        package = module.rpartition(".")[0]
        for target in sorted(targets & opened):
            taken = names_taken_from(tree, package, target)
            if not taken or not taken <= bases_of(tree):
                wrong.append(f"{module} imports {target} ({', '.join(sorted(taken))})")
    return wrong


def test_a_screen_opens_the_screens_it_navigates_to_by_name() -> None:
    """Issue 21: screens navigate by name (``app.open``, ``lieng/ui/screens.py``), so no
    screen imports a screen the registry opens — the registry is the one module that
    names them — the table screens too, which the forms that set them up open by name
    ("table", "hotseat", "lan_table"). A screen still imports what it is built of: the
    ``Dialog`` base (not a screen of the registry), the ``TableScene`` the hot-seat and
    LAN tables extend (an import of the class it extends, and of nothing else there)."""
    edges = graph()
    opened = {m for m in edges["lieng.ui.screens"] if m.startswith("lieng.ui.scenes.")}
    assert {"lieng.ui.scenes.history", "lieng.ui.scenes.scoreboard",
            "lieng.ui.scenes.handoff", "lieng.ui.scenes.table", "lieng.ui.scenes.hotseat",
            "lieng.ui.scenes.lan_table"} <= opened
    wrong = screen_imports_of_screens(edges, opened)
    assert not wrong, "\n".join(wrong)


def test_the_screen_import_check_tells_a_base_class_from_navigation() -> None:
    """The hot-seat table extends ``TableScene`` (allowed); a form that builds the
    table it opens imports it to navigate (found)."""
    subclass = ast.parse("from .table import TableScene\n"
                         "class HotseatScene(TableScene[int]):\n    pass\n")
    form = ast.parse("from .table import TableScene\n"
                     "def start(app: object) -> object:\n    return TableScene(app)\n")
    for tree, extends in ((subclass, True), (form, False)):
        taken = names_taken_from(tree, "lieng.ui.scenes", "lieng.ui.scenes.table")
        assert taken == {"TableScene"}
        assert (taken <= bases_of(tree)) is extends


def test_the_cycle_finder_finds_a_loop_and_only_loops() -> None:
    """A check that cannot fail proves nothing: a three-module loop is found whole, a
    module importing itself and a chain are not loops."""
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d", "a"}, "e": {"d"}}
    assert cycles(edges) == [["a", "b", "c"]]


def test_the_graph_sees_type_checking_and_lazy_imports() -> None:
    """``TYPE_CHECKING`` blocks and imports inside functions are edges like any other."""
    edges = graph()
    assert "lieng.ui.core.window" in edges["lieng.ui.core.scene"]  # under TYPE_CHECKING


def test_no_module_imports_a_command_line() -> None:
    """A command line (``python -m lieng.net.host_cli``) imports its library, never the
    other way: the library is whole without its command line (docs/ARCHITECTURE.md)."""
    edges = graph()
    clis = {m for m in edges if m.rpartition(".")[2].endswith("_cli")}
    assert {"lieng.net.host_cli", "lieng.net.client_cli"} <= clis
    wrong = sorted(f"{m} imports {t}" for m, targets in edges.items() for t in targets
                   if t in clis)
    assert not wrong, "\n".join(wrong)
