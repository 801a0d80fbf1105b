"""The action bar (pygame_gui): Úp bỏ · Theo · Tố with a slider and its quick bets (½ tẩy ·
Tẩy · ×2, ``quick_bets``) · Tố tất, and the name of the player's own hand.

Only what the engine's ``Legal`` allows is enabled (RULES.md step 5): the bar reads
``legal`` and never works out a rule itself. Button texts are i18n keys with amounts as
keyword arguments, so a language switch re-translates them. Elements are built once per
scene (and on a resize); the slider is rebuilt only when the legal raise range changes,
because ``UIHorizontalSlider`` cannot change its range (ARCHITECTURE.md).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITooltip

from lieng.engine import Action, Legal
from lieng.ui.core.gui import kill, set_enabled
from lieng.ui.core.i18n import chips, key
from lieng.ui.core.shown_now import words_now
from lieng.ui.core.typescale import TypeScale
from lieng.ui.tabletop.quick_bets import QUICK_BETS, QuickBet, quick_k

TIP_GAP = 4
"""Design pixels between a bar button's tooltip and what it keeps clear of."""


class BarButton(pygame_gui.elements.UIButton):
    """A button of the bar whose tooltip keeps out of ``keep_clear`` (the turn countdown
    over the bar, ``hud.timer_rect``). pygame_gui puts a tooltip right above a button at
    the window's bottom — over "Đến lượt bạn · N giây", the seconds the player is reading
    (a playtest); this one goes above the countdown instead, the moment it appears."""

    keep_clear: Callable[[], pygame.Rect | None] | None = None
    gap = TIP_GAP

    def while_hovering(self, time_delta: float,
                       mouse_pos: pygame.math.Vector2 | tuple[int, int] | tuple[float, float]
                       ) -> None:
        had = self.tool_tip
        super().while_hovering(time_delta, mouse_pos)
        tip, clear = self.tool_tip, self.keep_clear
        if not isinstance(tip, UITooltip) or tip is had or clear is None:
            return
        area = clear()
        if area is not None and tip.rect.colliderect(area):
            tip.set_position((tip.rect.x, max(0, area.top - self.gap - tip.rect.h)))


class ActionBar:
    def __init__(self, manager: pygame_gui.UIManager, container: pygame_gui.core.UIContainer,
                 rect: pygame.Rect, scale: float, ts: TypeScale,
                 pot: Callable[[], int] | None = None,
                 keep_clear: Callable[[], pygame.Rect | None] | None = None) -> None:
        """``keep_clear``: where the buttons' tooltips must not go (the countdown)."""
        self.manager = manager
        self.pot = pot
        """The pot the quick bets are sized against (the session's, ``TableSession.pot``);
        None: a pot of 0."""
        self.container = container
        self.scale = s = scale
        self.ts = ts
        """Every element of the bar is one row: the ``button`` role's size."""
        self.legal: Legal | None = None
        self._stale = True
        """``legal`` changed since the buttons last showed it (``flush``)."""
        self._call_tip = "bar.tip_call"
        """The call button's tooltip now (``update`` switches it with what the button does)."""
        h = int(48 * s)
        y = rect.y + (rect.h - h) // 2
        gap = int(10 * s)
        x = rect.x + int(16 * s)

        def oid(name: str) -> ObjectID:
            return ts.oid(name, "button")

        self.hand_label = pygame_gui.elements.UILabel(
            pygame.Rect(x, y, int(236 * s), h), "", manager, container,
            object_id=ts.oid("#hand_name", "button"))
        x += int(236 * s) + gap
        widths = {"fold": 136, "call": 192, "slider": 188, "raise": 196, "allin": 190}
        self.fold = BarButton(
            pygame.Rect(x, y, int(widths["fold"] * s), h), key("bar.fold"), manager,
            container, tool_tip_text=key("bar.tip_fold"), object_id=oid("#fold"))
        x += int(widths["fold"] * s) + gap
        self.call = BarButton(
            pygame.Rect(x, y, int(widths["call"] * s), h), key("bar.check"), manager,
            container, tool_tip_text=key("bar.tip_call"), object_id=oid("#call"))
        x += int(widths["call"] * s) + gap
        # The slider's column: the quick bets on a row at the top of the bar, the slider
        # under them, its bottom on the buttons' bottom line.
        sw, qh, qgap = int(widths["slider"] * s), int(27 * s), int(3 * s)
        qy = rect.y + max(1, (y - rect.y - qh) // 2)
        self.quick: dict[QuickBet, BarButton] = {}
        qw = (sw - 2 * qgap) // 3
        for i, kind in enumerate(QUICK_BETS):
            self.quick[kind] = BarButton(
                pygame.Rect(x + i * (qw + qgap), qy, qw, qh), key(f"bar.quick_{kind}"),
                manager, container, tool_tip_text=key(f"bar.tip_quick_{kind}"),
                object_id=ts.oid("#quick", "body"))
        slider_top = qy + qh + qgap
        self.slider_rect = pygame.Rect(x, slider_top, sw, max(int(h * 0.5),
                                                              y + h - slider_top))
        self.slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self._slider_range: tuple[int, int] = (0, 0)
        self._build_slider(1, 1, 1, enabled=False)
        x += int(widths["slider"] * s) + gap
        self.raise_ = BarButton(
            pygame.Rect(x, y, int(widths["raise"] * s), h), key("bar.raise_plain"), manager,
            container, tool_tip_text=key("bar.tip_raise"), object_id=oid("#raise"))
        x += int(widths["raise"] * s) + gap
        self.allin = BarButton(
            pygame.Rect(x, y, int(widths["allin"] * s), h), key("bar.all_in_plain"), manager,
            container, tool_tip_text=key("bar.tip_all_in"), object_id=oid("#allin"))
        for b in (self.fold, self.call, *self.quick.values(), self.raise_, self.allin):
            b.keep_clear = keep_clear
            b.gap = max(1, int(TIP_GAP * s))
        self.k = 1
        self.set_legal(None)
        self.flush()

    # ----------------------------------------------------------------- slider

    def _build_slider(self, lo: int, hi: int, value: int, enabled: bool) -> None:
        if self.slider is not None:
            kill(self.slider)
        # A one-value range would divide by zero inside the slider: give it a dummy end
        # and keep it disabled; the raise button still carries the only legal k.
        top = hi if hi > lo else lo + 1
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            self.slider_rect, value, (lo, top), self.manager, self.container,
            object_id=self.ts.oid("#raise_slider", "body"),
            click_increment=1)
        self._slider_range = (lo, hi)
        if not enabled or hi <= lo:
            set_enabled(self.slider, False)

    def slider_value(self) -> int:
        lo, hi = self._slider_range
        if self.slider is None:
            return lo
        v = round(self.slider.get_current_value())
        return max(lo, min(hi, v))

    # ----------------------------------------------------------------- state

    def set_legal(self, legal: Legal | None) -> None:
        """Enable exactly what ``legal`` allows (everything off when it is not our turn).

        A new turn (a legal set after none, or a different one) starts the raise at the
        smallest legal multiple: a 12× raise of the last hand is not offered again.

        The bar's own state changes here; its buttons follow at ``flush``, which the
        table's frame calls once its update is done (and anything reading the buttons
        first): a turn shown and answered in one frame — an autopilot, a key held — used
        to relabel every button twice, the frame's costliest work."""
        new_turn = legal is not None and (self.legal is None or legal != self.legal)
        self.legal = legal
        if legal is not None and legal.raise_k:
            lo, hi = legal.raise_k.start, legal.raise_k.stop - 1
            self.k = lo if new_turn else max(lo, min(hi, self.k))
        self._stale = True

    def flush(self) -> None:
        """The buttons, the slider and their words as ``legal`` says (``set_legal``)."""
        if not self._stale:
            return
        self._stale = False
        legal = self.legal
        for q in self.quick.values():
            set_enabled(q, legal is not None and bool(legal.raise_k))
        if legal is None:
            for b in (self.fold, self.call, self.raise_, self.allin):
                set_enabled(b, False)
            self.call.set_text(key("bar.check"))
            self.raise_.set_text(key("bar.raise_plain"))
            self.allin.set_text(key("bar.all_in_plain"))
            if self.slider is not None:
                set_enabled(self.slider, False)
            return
        set_enabled(self.fold, True)
        set_enabled(self.call, True)
        # A call that takes every chip is an all-in (RULES.md step 5: short of what is owed
        # or exactly it), so it reads "Theo tất tay 190", not "Theo 190" (a playtest).
        call_all_in = legal.call > 0 and (legal.call < legal.owed or legal.call == legal.all_in)
        # Its tooltip says what it does now: "Qua lượt" puts nothing in, "Theo" matches,
        # "Theo tất tay" puts the whole stack in.
        tip = ("bar.tip_check" if legal.call == 0
               else "bar.tip_call_all_in" if call_all_in else "bar.tip_call")
        if tip != self._call_tip:
            self._call_tip = tip
            self.call.set_tooltip(key(tip))
        if legal.call == 0:
            self.call.set_text(key("bar.check"))
        elif call_all_in:
            self.call.set_text(key("bar.call_short"), text_kwargs={"amount": chips(legal.call)})
        else:
            self.call.set_text(key("bar.call"), text_kwargs={"amount": chips(legal.call)})
        if legal.raise_k:
            lo, hi = legal.raise_k.start, legal.raise_k.stop - 1
            if (lo, hi) != self._slider_range or self.slider is None:
                self._build_slider(lo, hi, self.k, enabled=True)
            else:
                # The same range as the last turn's: the slider is enabled again, not
                # built again (building one is most of a millisecond's frame: ~5 ms).
                self.slider.set_current_value(self.k, warn=False)
                set_enabled(self.slider, hi > lo)
            set_enabled(self.raise_, True)
        else:
            set_enabled(self.raise_, False)
            self.raise_.set_text(key("bar.raise_plain"))
            if self.slider is not None:
                set_enabled(self.slider, False)
        self._update_raise_text()
        if legal.all_in is not None and legal.all_in <= legal.owed:
            # All in is only a call here ("Theo tất tay 960" says it): one live button
            # for it, not two that do the same thing.
            set_enabled(self.allin, False)
            self.allin.set_text(key("bar.all_in_plain"))
        elif legal.all_in is not None:
            set_enabled(self.allin, True)
            self.allin.set_text(key("bar.all_in"), text_kwargs={"amount": chips(legal.all_in)})
        else:
            set_enabled(self.allin, False)
            self.allin.set_text(key("bar.all_in_plain"))

    def _update_raise_text(self) -> None:
        legal = self.legal
        if legal is None or not legal.raise_k:
            return
        self.raise_.set_text(key("bar.raise"), text_kwargs={
            "k": str(self.k), "amount": chips(legal.raise_amount(self.k))})

    def nudge(self, delta: int) -> None:
        """←/→: move the raise slider one step."""
        self.flush()
        legal = self.legal
        if legal is None or not legal.raise_k:
            return
        lo, hi = legal.raise_k.start, legal.raise_k.stop - 1
        self.k = max(lo, min(hi, self.k + delta))
        if self.slider is not None and hi > lo:
            self.slider.set_current_value(self.k, warn=False)
        self._update_raise_text()

    def quick_bet(self, kind: QuickBet) -> int | None:
        """A quick-bet button: the slider goes to the nearest legal *k* (the player still
        presses Tố); returns that *k*."""
        legal = self.legal
        if legal is None:
            return None
        k = quick_k(kind, legal, self.pot() if self.pot is not None else 0)
        if k is not None:
            self.nudge(k - self.k)
        return k

    def slider_moved(self) -> None:
        self.flush()
        self.k = self.slider_value()
        self._update_raise_text()

    def set_hand_name(self, name: str) -> None:
        if self.hand_label.text != name:
            self.hand_label.set_text(name)
            words_now(self.hand_label)  # not the last hand's "9 điểm" as the next deals

    # ----------------------------------------------------------------- input

    def action_for_button(self, element: object) -> Action | None:
        if self.legal is None:
            return None
        if element is self.fold:
            return Action.fold()
        if element is self.call:
            return Action.call()
        if element is self.raise_ and self.legal.raise_k:
            return Action.raise_(self.k)
        if element is self.allin and self.legal.all_in is not None:
            return Action.all_in()
        return None

    def press_quick(self, element: object) -> bool:
        """``element`` is a quick-bet button: its bet is set (``quick_bet``)."""
        kind = next((kind for kind, b in self.quick.items() if b is element), None)
        if kind is None:
            return False
        self.quick_bet(kind)
        return True

    def action_for_key(self, keycode: int) -> Action | None:
        legal = self.legal
        if legal is None:
            return None
        if keycode == pygame.K_u:
            return Action.fold()
        if keycode in (pygame.K_c, pygame.K_SPACE):
            return Action.call()
        if keycode in (pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER) and legal.raise_k:
            return Action.raise_(self.k)
        if keycode == pygame.K_a and legal.all_in is not None:
            return Action.all_in()
        return None

    def buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        self.flush()
        return {"fold": self.fold, "call": self.call, "raise": self.raise_, "allin": self.allin}
