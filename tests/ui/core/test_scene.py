"""The scene stack (``lieng.ui.core.scene``): push, pop and replace call enter, exit, pause
and resume in order."""

from __future__ import annotations

from lieng.ui.core.scene import Scene
from lieng.ui.core.window import SceneStack


def test_scene_stack_push_pop_replace() -> None:
    calls: list[str] = []

    class S(Scene):
        def __init__(self, name: str) -> None:
            self.name = name
            self.container = None

        def enter(self) -> None:
            calls.append(f"enter {self.name}")

        def exit(self) -> None:
            calls.append(f"exit {self.name}")

        def pause(self) -> None:
            calls.append(f"pause {self.name}")

        def resume(self) -> None:
            calls.append(f"resume {self.name}")

    st = SceneStack()
    a, b, c = S("a"), S("b"), S("c")
    st.push(a)
    st.push(b)
    st.replace(c)
    assert st.top is c
    st.pop()
    assert st.top is a
    assert calls == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a"]
