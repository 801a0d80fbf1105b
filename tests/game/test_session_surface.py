"""The session holds the game a screen draws, not what a test would like to read.

Issue 21: "no test-only state in product code". A public attribute or method of
``TableSession`` that nothing in the package reads is there only for the tests — a count
kept beside the table's own (``hands_played`` beside ``Table.hand_no``), a second way to
ask whose turn it is (``turn_shown`` beside ``shown_legal``, the one the window uses), a
figure the rebuy dialog never shows (``offer`` beside ``rebuy_offer``). This reads the
package's source: every public name the session defines must be read by the session
itself or through a ``session`` somewhere in ``lieng`` (a screen's ``self.session``, the
hand-off's, a self-test's).
"""

from __future__ import annotations

import ast
from pathlib import Path

import lieng

PACKAGE = Path(lieng.__file__).parent
SESSION = PACKAGE / "game" / "session.py"


def public_names(tree: ast.Module, class_name: str) -> set[str]:
    """The methods, properties and ``self.x = …`` attributes of ``class_name`` whose
    names do not start with an underscore."""
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    names = {n.name for n in cls.body
             if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id == "self" \
                and not node.attr.startswith("_"):
            names.add(node.attr)
    return names


def read_names(path: Path, tree: ast.Module, own: Path) -> set[str]:
    """The attribute names ``path`` reads of a session: ``self.x`` in the session's own
    module, ``….session.x`` or ``session.x`` anywhere."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            receiver = ast.unparse(node.value)
            if (path == own and receiver == "self") or receiver.split(".")[-1] == "session":
                found.add(node.attr)
    return found


def unread(own: Path, class_name: str, sources: dict[Path, str]) -> list[str]:
    """The public names of ``class_name`` (defined in ``own``) that no source reads."""
    trees = {path: ast.parse(text) for path, text in sources.items()}
    read: set[str] = set()
    for path, tree in trees.items():
        read |= read_names(path, tree, own)
    return sorted(public_names(trees[own], class_name) - read)


def test_every_public_name_of_the_session_is_read_by_the_game() -> None:
    sources = {path: path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")}
    assert SESSION in sources
    assert unread(SESSION, "TableSession", sources) == []


def test_the_check_finds_a_name_only_a_test_would_read() -> None:
    """A check that cannot fail proves nothing: a count the game keeps but never reads is
    found; one the session reads itself, or a screen reads through its session, is not."""
    own = Path("/pkg/game/session.py")
    screen = Path("/pkg/ui/scene.py")
    sources = {
        own: ("class TableSession:\n"
              "    def __init__(self) -> None:\n"
              "        self.clock = 0.0\n"
              "        self.hands_played = 0\n"
              "        self.story = []\n"
              "    def advance(self, dt: float) -> None:\n"
              "        self.clock += dt\n"
              "        self.hands_played += 1\n"
              "    def remaining(self) -> float:\n"
              "        return self.clock\n"),
        screen: ("def draw(self) -> None:\n"
                 "    print(self.session.story, self.session.remaining())\n"
                 "    self.session.advance(0.1)\n"),
    }
    assert unread(own, "TableSession", sources) == ["hands_played"]
