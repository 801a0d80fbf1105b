"""Changes to pygame_gui elements shown on the frame they are made, not the next.

The window's frame is: events, ``UIManager.update``, every scene's ``update``, the draw
(``lieng.ui.core.window.GameApp.step``). pygame_gui takes a change in two places: the
list of elements it draws (``LayeredGUIGroup.visible``) is rebuilt only in its
``update``, and a label's new words reach its image only there too. So an element a
scene hides in its own ``update`` is still drawn that frame, and a label set there still
shows its old words: a playtest saw the result panel's "Ván tiếp" on the felt and the
last hand's "9 điểm" in the bar as the next hand dealt (docs/UI.md, play10 D3/D7) — on a
slow frame (the deal's) for long enough to be seen. These calls bring what pygame_gui
draws up to date at once.
"""

from __future__ import annotations

from typing import Any


def drawn_list_now(manager: Any) -> None:
    """Rebuild the list of elements ``manager`` draws if an element was shown or hidden
    since its last ``update`` (pygame_gui flags it, ``should_update_visibility``)."""
    group = manager.get_sprite_group()
    if group.should_update_visibility:
        group.should_update_visibility = False
        group.update_visibility()


def words_now(label: Any) -> None:
    """Give ``label`` the image of its new words now (pygame_gui draws them into its
    shape at once but hands the image over in the element's ``update``)."""
    shape = label.drawable_shape
    if shape is not None and shape.has_fresh_surface():
        label.on_fresh_drawable_shape_ready()
