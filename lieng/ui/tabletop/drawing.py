"""Drawing the board: felt, seats, cards, chips, pots, banners.

Reads a ``Board`` and a ``TableLayout`` and draws; it changes nothing. Every card goes
through ``CardRenderer.draw``, which only draws a face for a card the board knows — and
the board only knows the player's own cards and, after a showdown, the shown hands.

Everything is drawn into its box of the layout (a text shrinks to its box's width, a
chip pile is capped to its box's height), and every blit is told to the drawer's
``FrameRecord`` (``frame_record``), so the self-test and the tests can check what a frame
really drew (docs/UI.md, "The layout rule").
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Hashable

import pygame

from lieng.levels import BOT_LEVELS
from lieng.names import avatar_letter
from lieng.ui.core import canvas
from lieng.ui.core.cards import CardRenderer
from lieng.ui.core.draw import CREAM, GOLD, MUTED, chip_pile, panel, text, text_surface
from lieng.ui.core.i18n import language, t
from lieng.ui.core.names import shown_name
from lieng.ui.core.surface_cache import SurfaceCache
from lieng.ui.core.tween import lerp
from lieng.ui.core.typescale import px
from lieng.ui.tabletop import layout as L
from lieng.ui.tabletop.board import Anchor, Board, CardState, SeatState
from lieng.ui.tabletop.frame_record import FrameRecord
from lieng.ui.tabletop.layout import SeatSpot, TableLayout, card_centers
from lieng.ui.tabletop.layout_fit import along

AVATAR_COLOURS = [(176, 72, 60), (62, 118, 176), (74, 150, 96), (160, 110, 40),
                  (126, 84, 160), (40, 140, 150), (170, 80, 120)]

STATUS_PILL = (8, 26, 18, 235)
"""Behind a seat's status line: the felt's darkest green, nearly opaque."""
MARKER_CLEAR = 10
"""How much further from the plate's right edge a tag beside the name stops, at 1280×720:
the first-player marker (radius 11, 4 in from the corner) sits there."""
TAG_OWN_LINE = (0.24, 0.52, 0.8)
"""A plate's name, stack and bot tag, as fractions of its height, when the tag has a line
of its own (it fits beside neither the name nor the stack at its size)."""
FLIGHT_KIND = {"drop": "drop", "bet": "sweep", "pot": "payout"}
"""A chip flight's kind (``frame_record``) by where it starts."""


def bot_tag(level: str | None) -> str:
    """A bot seat's tag: "Máy · Khó" / "Bot · Hard", or just "Máy" when the level is not
    known (a LAN host whose roster carries no levels). Drawn every frame for every bot
    seat, so it asks the level list, not the translation files (every level has words: a
    test checks it)."""
    if level in BOT_LEVELS:
        return t("seat.bot_level", level=t(f"level.{level}"))
    return t("seat.bot")


def main_pot_words(label: str, amount: str, width: int, scale: float) -> tuple[str, int]:
    """The main pot's figure and its size for a box ``width`` wide: "Tẩy chính: 1.230" at
    its own size, or a little smaller (down to ``body``), else the amount alone at its own
    size — a narrow box beside the open drawer used to shrink the whole line to 8 px."""
    full = int(19 * scale)
    for size in (full, px(scale, "body")):
        if text_surface(label, size, GOLD, bold=True).get_width() <= width:
            return label, size
    return amount, full


def widest_stack(stack: int) -> int:
    """The amount a plate's layout is measured against: the widest of five figures, or of
    the stack's own count of figures past that (999,999 for any six-figure stack). The
    tag's form must not come and go as the stack grows and shrinks (a playtest saw "Máy ·"
    flicker), and a plate composed for one amount serves every other of its width — keyed
    by the stack itself past five figures, a table of six-figure stacks composed a new plate
    for every amount a payout counted through.

    >>> widest_stack(980), widest_stack(99_999), widest_stack(100_000), widest_stack(4_250_000)
    (99999, 99999, 999999, 9999999)
    """
    return max(99_999, int("9" * len(str(max(stack, 0)))))


def avatar_colour(name: str) -> tuple[int, int, int]:
    return AVATAR_COLOURS[zlib.crc32(name.encode("utf-8", "surrogatepass"))
                          % len(AVATAR_COLOURS)]



DEAL_STEPS = (0.0, 1 / 3, 2 / 3, 1.0)
"""How far a card in flight has grown from the deck's size to the seat's, in steps."""


def deal_width(layout: TableLayout, spot: SeatSpot, grown: float) -> int:
    """A card's width ``grown`` of the way (one of ``DEAL_STEPS``) from the deck's to the
    seat's."""
    deck_w = int(L.DECK_W * layout.scale)
    return int(deck_w + (spot.card_w - deck_w) * grown)


class _Plate(pygame.Surface):
    """A seat's composed plate: ``origin``, the window point its top-left corner was
    composed for, and ``covers``, the part of it that was drawn on (what ``frame_record``
    is told), in the plate's own coordinates. Whatever is drawn onto it is at ``origin``
    in the window (a test that reads the drawn text's rectangles moves them by it)."""

    def __init__(self, size: tuple[int, int], origin: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.origin = origin
        self.covers = pygame.Rect(0, 0, 0, 0)
        self.stack_at = (0.0, 0.0)
        """Where the stack's figure goes (its left middle, plate coordinates): drawn over
        the plate each frame, since a payout counts it up frame by frame."""
        self.stack_w = 0
        """The room the figure has there (a bot's tag may sit beside it)."""


_plates: SurfaceCache[tuple[object, ...]] = SurfaceCache("seat plates", 0.5)
"""Every look of every plate a table shows at once, and the stacks a payout counts
through: half a window of pixels."""


class TableDrawer:
    def __init__(self, renderer: CardRenderer, fmt: Callable[[int], str],
                 record: FrameRecord | None = None) -> None:
        self.cards = renderer
        self.fmt = fmt
        self.record = record if record is not None else FrameRecord()
        """Told every rectangle this drawer blits (``frame_record``): its screen's, or
        one of its own that nobody opens."""
        self._felt: pygame.Surface | None = None
        self._felt_key: tuple[int, int] | None = None
        self._drawn_layout: TableLayout | None = None
        """The layout the last frame was drawn for (``prepare`` waits for a second)."""

    def anchor(self, layout: TableLayout, a: Anchor) -> tuple[float, float]:
        """Where a chip flight's end is: in front of a seat (display slot ``i``) — never
        on its plate or cards —, just above that (chips being put down), or a pot
        layer's chips."""
        kind, i = a
        if kind == "bet":
            return layout.seats[i].bet
        if kind == "drop":
            x, y = layout.seats[i].bet
            return x, y - L.BET_DROP * layout.scale
        return layout.pot_spot(i)

    # ----------------------------------------------------------------- whole board

    def draw(self, surf: pygame.Surface, board: Board, layout: TableLayout,
             display_order: list[int], remaining: float | None, total: float,
             own_peel: dict[int, float] | None = None) -> None:
        """``display_order[slot]`` is the seat drawn at layout slot ``slot``."""
        from lieng.ui.core.felt_cache import felt_for

        surf.blit(felt_for(layout), (0, 0))
        s = layout.scale
        slot_of = {seat: slot for slot, seat in enumerate(display_order)}
        rendered = self.cards.rendered
        # The first frame for a layout makes its felt, its deck and its words: nothing is
        # rendered ahead in it (it is a table's first frame, or a resize's).
        steady = self._drawn_layout is layout
        self._drawn_layout = layout
        # The pots, and each seat's plate, cards and status line, are groups of the
        # canvas (``canvas.grouped``): drawn once and replayed while nothing they are
        # drawn from changes — unless what is drawn is being recorded: a replayed group
        # draws without calling the drawing code, so it would not tell the record.
        record = self.record
        replay = not record.recording and self.cards.face_log is None
        at = (id(layout), language(), self.cards.four_colour)
        # Piles first, then the chips in the air, then every figure over them: a chip
        # passing a label slides under it, never over it.
        layers = board.layers()
        pots: Hashable | None = (at, tuple(layers)) if replay else None
        canvas.grouped(surf, -1, pots, self._draw_piles, surf, layers, layout)
        chip_r = int(L.BET_R * s)
        for fl in board.flights:
            if not fl.tween.started:
                continue
            p = along(self._path(layout, fl.source, fl.target, slot_of), fl.tween.progress)
            covered = chip_pile(surf, fl.amount, p, chip_r, max_chips=L.BET_CHIPS)
            seat_end = fl.target if fl.target[0] != "pot" else fl.source
            record.mark(FLIGHT_KIND[fl.source[0]], seat_end[1], covered)
        canvas.grouped(surf, -2, pots, self._draw_pot_labels, surf, layout, layers)
        # The deck while cards are flying, in the banner's box (no banner in a deal).
        if board.dealing:
            deck = layout.deck_box
            for k in range(3):
                r = self.cards.draw(surf, None, (layout.deck[0] - k, layout.deck[1] - k),
                                    int(L.DECK_W * s), False)
                deck = r if k == 0 else deck.union(r)
            record.mark("deck", -1, deck)
        seats = board.seats
        n = len(seats)
        for seat_i, seat in enumerate(seats):
            slot = slot_of[seat_i]
            rem = remaining if board.to_act == seat_i else None
            key: Hashable | None = (at, slot, self._seat_key(board, seat_i, seat), rem,
                                    total) if replay else None
            canvas.grouped(surf, seat_i, key, self._draw_seat, surf, board, layout, seat_i,
                           slot, seat, rem, total)
        any_winner = any(x.winner for x in seats)
        for seat_i, seat in enumerate(seats):
            slot = slot_of[seat_i]
            # After the payout, the hands that lost are dimmed so the winner stands out.
            lost = board.hand_over and seat.hand_value is not None and not seat.winner \
                and any_winner
            own = seat_i == board.me
            peel = own_peel if own else None
            if replay:
                key = (at, slot, own, lost, seat.folded, layout.deck,
                       tuple(sorted(peel.items())) if peel else None,
                       tuple((cs.card, cs.arrive.done or cs.arrive.progress, cs.flip_now)
                             for cs in seat.cards[:3]))
            canvas.grouped(surf, n + seat_i, key, self._draw_cards, surf, layout, slot,
                           seat_i, seat, own, peel, lost)
        for seat_i, seat in enumerate(seats):
            slot = slot_of[seat_i]
            if replay:
                thinking = board.to_act == seat_i and seat_i != board.me
                key = (at, slot, self._status_text(seat, thinking))
            canvas.grouped(surf, 2 * n + seat_i, key, self._draw_status, surf, board,
                           layout, seat_i, slot, seat)
        for banner in board.banners:
            prog = banner.tween.progress
            alpha = min(1.0, prog * 6, (1 - prog) * 4)
            if alpha <= 0:
                continue
            col = tuple(int(c * alpha) for c in GOLD)
            # Under the pot, in its own box: no seat, bet or side pot reaches it.
            box = layout.banner
            drawn = text(surf, t(banner.key, **banner.args), box.center, px(s, "large"),
                         col, bold=True, max_width=box.w)  # type: ignore[arg-type]
            record.mark("banner", -1, drawn)
        # A sáp's or a liêng's celebration is not drawn here: it goes over the whole frame,
        # the result panel too (``draw_celebrations``, the scene's last drawing).
        if steady and self.cards.rendered == rendered:  # none rendered for it: one ahead
            self.prepare(board, layout, slot_of)

    def draw_celebrations(self, surf: pygame.Surface, board: Board, layout: TableLayout,
                          display_order: list[int]) -> None:
        """A sáp's or a liêng's win: "LIÊNG!" and its sparks over the winner's cards, for
        a moment (``celebration``). A scene draws it last, over the felt, the plates, the
        status lines and the result panel that comes up beside it — which used to cover
        the word's half at a side seat (a playtest, docs/UI.md); only pygame_gui's
        buttons are drawn over it."""
        slot_of = {seat: slot for slot, seat in enumerate(display_order)}
        board.celebrations.draw(surf, lambda i: layout.seats[slot_of[i]].cards_box.center,
                                layout.scale, self.record)

    def prepare(self, board: Board, layout: TableLayout, slot_of: dict[int, int]) -> None:
        """Render one face the board will turn up soon (``Board.coming_faces``) at a width
        it will be drawn at — the seat's, and the sizes a card flying in face up grows
        through — so the frame that shows it finds it ready. Only the renderer's cache
        changes: the frame is drawn from the same surfaces, a few frames sooner made."""
        coming = board.coming_faces
        while coming:
            seat, card, flies_up = coming[0]
            slot = slot_of.get(seat)
            if slot is not None:
                spot = layout.seats[slot]
                steps = DEAL_STEPS if flies_up else (1.0,)
                for grown in steps:
                    if self.cards.prepare_face(card, deal_width(layout, spot, grown)):
                        return  # one a frame; the rest of this card's sizes next frame
            coming.popleft()

    def _resolve(self, layout: TableLayout, a: Anchor, slot_of: dict[int, int]
                 ) -> tuple[float, float]:
        kind, i = a
        if kind in ("bet", "drop"):
            return self.anchor(layout, (kind, slot_of[i]))
        return self.anchor(layout, a)

    def _path(self, layout: TableLayout, source: Anchor, target: Anchor,
              slot_of: dict[int, int]) -> tuple[tuple[float, float], ...]:
        """A chip flight's way: between a seat's bet and a pot it goes through the seat's
        lane (``SeatSpot.lane``), so it never crosses a plate, cards or a status line."""
        a = self._resolve(layout, source, slot_of)
        b = self._resolve(layout, target, slot_of)
        if source[0] == "bet" and target[0] == "pot":
            return (a, layout.seats[slot_of[source[1]]].lane, b)
        if source[0] == "pot" and target[0] == "bet":
            return (a, layout.seats[slot_of[target[1]]].lane, b)
        return (a, b)

    # ----------------------------------------------------------------- pots

    def _draw_pots(self, surf: pygame.Surface, board: Board, layout: TableLayout) -> None:
        """The pots' chips and figures (with nothing flying between them)."""
        layers = board.layers()
        self._draw_piles(surf, layers, layout)
        self._draw_pot_labels(surf, layout, layers)

    def _draw_piles(self, surf: pygame.Surface, layers: list[tuple[int, tuple[int, ...]]],
                    layout: TableLayout) -> None:
        """The pots' chips (``layers``: ``Board.layers``), labelled once the flights are
        drawn."""
        mark = self.record.mark
        s = layout.scale
        for i, (amount, _el) in enumerate(layers):
            if not amount:
                continue
            if i == 0:
                mark("pot", -1, chip_pile(surf, amount, layout.pot, int(L.POT_R * s),
                                          max_chips=L.POT_CHIPS))
            else:
                mark("side_pile", i, chip_pile(surf, amount, layout.pot_spot(i),
                                               int(L.SIDE_R * s), max_chips=L.SIDE_CHIPS))

    def _draw_pot_labels(self, surf: pygame.Surface, layout: TableLayout,
                         layers: list[tuple[int, tuple[int, ...]]]) -> None:
        """The pots' figures, each in its box. A layer only one player still in paid into
        is not a side pot: it goes back to that player (RULES.md step 9), so it is
        labelled as returned chips."""
        mark = self.record.mark
        s = layout.scale
        if not layers:
            return
        contested = [i for i, (_a, el) in enumerate(layers) if i == 0 or len(el) > 1]
        main = layers[0][0]
        if main:
            key = "table.main_pot" if len(contested) > 1 else "table.pot"
            box = layout.pot_label
            words, size = main_pot_words(t(key, amount=self.fmt(main)), self.fmt(main),
                                         box.w, s)
            mark("pot_label", -1, text(surf, words, box.center, size, GOLD, bold=True,
                                       max_width=box.w))
            total = sum(a for a, _el in layers)
            if len(layers) > 1 and total != main:
                box = layout.pot_total
                mark("pot_total", -1, text(surf, t("table.total", amount=self.fmt(total)),
                                           box.center, px(s, "small"), CREAM, max_width=box.w))
        r = int(L.SIDE_R * s)
        for i, (amount, el) in enumerate(layers[1:], start=1):
            if not amount:
                continue
            box = layout.side_boxes[(i - 1) % len(layout.side_boxes)]
            args = {"n": str(contested.index(i))} if len(el) > 1 else {}
            key = "table.side_pot" if len(el) > 1 else "table.returned"
            label = t(key, amount=self.fmt(amount), **args)
            x = layout.pot_spot(i)[0] + r + 4 * s
            room = int(box.right - x)
            size = px(s, "small")
            if text_surface(label, size, CREAM, bold=True).get_width() <= room:
                mark("side_pot", i, text(surf, label, (x, box.centery), size, CREAM,
                                         bold=True, anchor="midleft", max_width=room))
                continue
            # The tight arrangements' narrow boxes (drawer open, six seats): the pot's
            # name over its amount, both at the small size, rather than one line shrunk
            # to 9 px. The name is the label's own words with no amount (any language).
            name = t(key, amount="", **args).strip()
            half = box.h / 4
            top = text(surf, name, (x, box.centery - half), size, CREAM, bold=True,
                       anchor="midleft", max_width=room)
            low = text(surf, self.fmt(amount), (x, box.centery + half), size, CREAM,
                       bold=True, anchor="midleft", max_width=room)
            mark("side_pot", i, top.union(low))

    # ----------------------------------------------------------------- seats

    def _draw_seat(self, surf: pygame.Surface, board: Board, layout: TableLayout, seat_i: int,
                   slot: int, seat: SeatState, remaining: float | None, total: float) -> None:
        mark = self.record.mark
        s = layout.scale
        spot = layout.seats[slot]
        rect = spot.panel
        acting = board.to_act == seat_i
        if seat.winner and board.hand_over:
            # A soft gold halo: three cached rounded rects of falling opacity, inside the
            # glow's box (the layout keeps it in the window and off the other seats).
            for k, alpha in ((L.GLOW, 40), (L.GLOW * 2 // 3, 70), (L.GLOW // 3, 110)):
                grow = int(k * s)
                panel(surf, rect.inflate(2 * grow, 2 * grow), (232, 193, 90, alpha), None,
                      radius=int(14 * s) + grow)
            self._glow_notch(surf, spot, seat, s)
            mark("glow", seat_i, spot.glow)
        plate = self._blit_plate(surf, layout, spot, seat, acting)
        ax, ay = spot.avatar
        r = spot.avatar_r
        if remaining is not None and total > 0:
            frac = max(0.0, min(1.0, remaining / total))
            colour = (90, 200, 110) if frac > 0.5 else (230, 190, 60) if frac > 0.25 \
                else (220, 70, 60)
            ring = pygame.Rect(0, 0, 2 * r + int(10 * s), 2 * r + int(10 * s))
            ring.center = (int(ax), int(ay))
            canvas.arc(surf, (40, 40, 40), ring, 0, 2 * math.pi, max(2, int(5 * s)))
            if frac > 0:
                canvas.arc(surf, colour, ring, math.pi / 2,
                           math.pi / 2 + 2 * math.pi * frac, max(2, int(5 * s)))
            plate.union_ip(ring)
        elif acting:
            ring = pygame.Rect(0, 0, 2 * r + int(10 * s), 2 * r + int(10 * s))
            ring.center = (int(ax), int(ay))
            canvas.ellipse(surf, GOLD, ring, max(2, int(3 * s)))
            plate.union_ip(ring)
        # First-player marker.
        if board.first == seat_i and board.hand_started:
            mx, my = rect.right - int(4 * s), rect.top + int(4 * s)
            plate.union_ip(canvas.circle(surf, (250, 250, 245), (mx, my), int(11 * s)))
            canvas.circle(surf, (60, 60, 60), (mx, my), int(11 * s), max(1, int(s)))
            text(surf, "1", (mx, my), px(s, "fine"), (30, 30, 30), bold=True, shadow=False)
        mark("plate", seat_i, plate)
        # The chips in front of the seat this round, the figure right of them.
        if seat.front > 0:
            r = int(L.BET_R * s)
            covered = chip_pile(surf, seat.front, spot.bet, r, max_chips=L.BET_CHIPS)
            x = spot.bet[0] + r + 4 * s
            covered.union_ip(text(surf, self.fmt(seat.front), (x, spot.bet[1]), px(s, "small"),
                                  CREAM, bold=True, anchor="midleft",
                                  max_width=int(spot.bet_box.right - x)))
            mark("bet", seat_i, covered)

    def _seat_key(self, board: Board, seat_i: int, seat: SeatState) -> tuple[object, ...]:
        """Everything ``_draw_seat`` draws a seat from but its turn's ring: its plate's
        looks and figures, the first player's marker, a winner's glow and its notch."""
        glow = seat.winner and board.hand_over
        return (board.to_act == seat_i, board.first == seat_i and board.hand_started, glow,
                self._status_text(seat)[0] if glow else None, seat.name, seat.folded,
                seat.winner, seat.bot, seat.level, seat.stack, seat.front)

    def _blit_plate(self, surf: pygame.Surface, layout: TableLayout, spot: SeatSpot,
                    seat: SeatState, acting: bool) -> pygame.Rect:
        """Blit the seat's plate — panel, avatar, name, a bot's tag — and its stack, and
        return what they cover. The plate is composed once per look (``_plates``) and
        blitted whole: drawn piece by piece it was half of a table frame
        (docs/PERFORMANCE.md), and it changes only when a name or a state does; the
        stack, which a payout counts up frame by frame, is drawn over it."""
        s = layout.scale
        rect = spot.panel
        ax, ay = spot.avatar
        r = spot.avatar_r
        box = rect.union(pygame.Rect(int(ax) - r, int(ay) - r, 2 * r + 1, 2 * r + 1))
        key = (rect.size, rect.x - box.x, rect.y - box.y, int(ax) - box.x, int(ay) - box.y,
               r, s, seat.name, seat.folded, acting or seat.winner, seat.bot, seat.level,
               widest_stack(seat.stack), language())
        plate = _plates.get(key)
        if not isinstance(plate, _Plate):
            plate = _Plate(box.size, box.topleft)
            self._compose_plate(plate, layout, spot, seat, acting)
            _plates.put(key, plate)
        surf.blit(plate, box)
        covers = plate.covers.move(box.topleft)
        # The stack a step below the name (``body``): the bot's tag beside it needs room.
        at = (box.x + plate.stack_at[0], box.y + plate.stack_at[1])
        covers.union_ip(text(surf, self.fmt(seat.stack), at, px(s, "body"), GOLD,
                             anchor="midleft", max_width=plate.stack_w))
        return covers

    def _compose_plate(self, plate: _Plate, layout: TableLayout, spot: SeatSpot,
                       seat: SeatState, acting: bool) -> None:
        """Draw the plate onto its own transparent surface (``plate.origin`` is the window
        point of its top-left corner) and say what it drew (``plate.covers``). The panel
        is drawn straight onto the surface (not blended: blending onto transparent pixels
        would darken it), so the blitted plate looks as the panel drawn on the felt
        does."""
        s = layout.scale
        ox, oy = plate.origin
        rect = spot.panel.move(-ox, -oy)
        border = GOLD if acting or seat.winner else (90, 96, 90)
        fill = (14, 22, 19, 225) if not seat.folded else (14, 16, 16, 170)
        radius = int(14 * s)
        pygame.draw.rect(plate, fill, rect, border_radius=radius)
        pygame.draw.rect(plate, border, rect, max(1, int(2 * s)), border_radius=radius)
        covers = rect.copy()
        # Avatar.
        ax, ay = spot.avatar[0] - ox, spot.avatar[1] - oy
        r = spot.avatar_r
        name = shown_name(seat.name)
        col = avatar_colour(seat.name)
        if seat.folded:
            col = tuple(c // 2 for c in col)  # type: ignore[assignment]
        pygame.draw.circle(plate, col, (int(ax), int(ay)), r)
        pygame.draw.circle(plate, (240, 230, 200), (int(ax), int(ay)), r, max(1, int(2 * s)))
        text(plate, avatar_letter(name), (ax, ay), px(s, "title"), CREAM, bold=True)
        # Name and stack.
        tx = rect.x + 2 * r + int(16 * s)
        width = rect.right - tx - int(8 * s)
        name_col = CREAM if not seat.folded else MUTED
        name_w = width
        # Where the lines go: name over stack, or — when a bot's tag has room on
        # neither line — name, stack and the tag on a line of its own.
        name_y, stack_y = 0.3, 0.7
        tag_line: float | None = None
        tag = bot_tag(seat.level) if seat.bot else ""
        if seat.bot:
            # "Máy · Khó": who plays the seat, small, at the plate's right — beside the
            # stack, or beside the name when only that line has the room for all of it
            # (at 960×540 "Máy · Bình thường" does not fit beside a four-digit stack).
            # When neither line has the room, the level alone (in the bots' blue: only
            # bot plates carry a tag), rather than a squeezed "Bot · Nor…"; and when even
            # that does not fit beside them (six seats at 960×540), the plate takes a
            # third line for it, so the tag keeps its ``fine`` size — a tag shrunk to fit
            # beside the stack was ~8 px.
            # Measured against a five-figure stack, not this one: the tag's form must not
            # come and go as the stack grows and shrinks (a playtest saw "Máy ·" flicker).
            stack_room = width - text_surface(self.fmt(widest_stack(seat.stack)),
                                              px(s, "body"), GOLD).get_width()
            # Beside the name the tag ends short of the first-player marker's corner
            # (which moves every hand), so the room there is that much less.
            name_room = width - text_surface(name, px(s, "heading"), bold=True).get_width() \
                - int(MARKER_CLEAR * s)
            tag_w = text_surface(tag, px(s, "fine")).get_width() + int(8 * s)
            tag_line = 0.7 if tag_w <= stack_room or name_room < tag_w else 0.3
            if tag_w > max(stack_room, name_room) and seat.level in BOT_LEVELS:
                tag = t(f"level.{seat.level}")
                level_w = text_surface(tag, px(s, "fine")).get_width() + int(8 * s)
                if level_w <= stack_room:
                    tag_line = 0.7
                elif level_w <= name_room:
                    tag_line = 0.3
                else:
                    name_y, stack_y, tag_line = TAG_OWN_LINE
        stack_w = width
        if seat.bot and tag_line is not None:
            if tag_line == TAG_OWN_LINE[2]:  # its own line, under the stack, as wide
                tag_rect = text(plate, tag, (tx, rect.y + rect.h * tag_line), px(s, "fine"),
                                (150, 190, 235), anchor="midleft", shadow=False,
                                max_width=width)
            else:
                room = stack_room if tag_line == 0.7 else name_room
                inset = 9 if tag_line == 0.7 else 9 + MARKER_CLEAR
                at = (rect.right - int(inset * s), rect.y + rect.h * tag_line)
                tag_rect = text(plate, tag, at, px(s, "fine"), (150, 190, 235),
                                anchor="midright", shadow=False,
                                max_width=max(20, room - int(8 * s)))
                if tag_line == 0.7:
                    stack_w = max(10, tag_rect.x - tx - int(6 * s))
                else:
                    name_w = max(10, tag_rect.x - tx - int(6 * s))
            covers.union_ip(tag_rect)
        covers.union_ip(text(plate, name, (tx, rect.y + rect.h * name_y), px(s, "heading"),
                             name_col, bold=True, anchor="midleft", max_width=name_w))
        plate.stack_at, plate.stack_w = (tx, rect.y + rect.h * stack_y), stack_w
        plate.covers = covers

    def _glow_notch(self, surf: pygame.Surface, spot: L.SeatSpot, seat: SeatState,
                    s: float) -> None:
        """The glow left dark under the status pill, from the pill to the plate: between a
        status box above the plate and the plate lies the first-player marker's strip,
        which the glow filled — at 960×540 a descender sat 0 px from its gold (issue 22,
        defect 12). Part of the glow (drawn with it, under the marker)."""
        words = self._status_text(seat)[0]
        box, plate = spot.status_box, spot.panel
        if not words or box.bottom >= plate.top:
            return
        w = min(box.w, text_surface(words, px(s, "body"), bold=True).get_width() + int(14 * s))
        strip = pygame.Rect(0, box.centery, w, plate.top - box.centery)
        strip.centerx = box.centerx
        panel(surf, strip, STATUS_PILL, None, radius=0)

    def _draw_status(self, surf: pygame.Surface, board: Board, layout: TableLayout,
                     seat_i: int, slot: int, seat: SeatState) -> None:
        """The status line (hand name at the showdown, else the last action), drawn after
        every card so a fanned hand never hides it."""
        mark = self.record.mark
        s = layout.scale
        spot = layout.seats[slot]
        acting = board.to_act == seat_i
        status, colour = self._status_text(seat, acting and seat_i != board.me)
        if status:
            box = spot.status_box
            # On a dark pill within its box: the felt's gold rail never runs through the
            # words, and a winner's glow stops short of them (issue 22, defect 12).
            size = px(s, "body")
            words = text_surface(status, size, colour, bold=True)
            pill = pygame.Rect(0, 0, min(box.w, words.get_width() + int(14 * s)), box.h)
            pill.center = box.center
            panel(surf, pill, STATUS_PILL, None, radius=max(2, pill.h // 2))
            mark("status", seat_i, text(surf, status, box.center, size, colour,
                                        bold=True, max_width=box.w).union(pill))

    def _signed(self, amount: int) -> str:
        return f"+{self.fmt(amount)}" if amount > 0 else f"−{self.fmt(-amount)}"

    def _status_text(self, seat: SeatState, thinking: bool = False
                     ) -> tuple[str, tuple[int, int, int]]:
        if seat.away and seat.hand_value is None and not seat.winner:
            # Not "Đang nghĩ…": nobody is there to think (the seat sits out, or its turn
            # runs out and folds, docs/RULES.md "A player who is away").
            return t("status.away"), (235, 150, 120)
        if thinking:
            return t("status.thinking"), (200, 220, 255)
        if seat.hand_value is not None and not all(c.flip_now >= 1.0 for c in seat.cards):
            return "", CREAM  # the name waits for the cards it names to be face up
        if seat.hand_value is not None:
            from lieng.ui.core.i18n import language

            name = seat.hand_value.name(language())
            if seat.winner and seat.net:
                return f"{name} · {self._signed(seat.net)}", GOLD
            return name, (250, 230, 170)
        if seat.winner and seat.net is not None and seat.net > 0:
            # The hand's net result, as the summary says it ("Bạn thắng 30").
            return t("status.won", amount=self.fmt(seat.net)), GOLD
        if seat.all_in and not seat.folded:
            return t("status.all_in"), (230, 140, 230)
        if seat.status:
            colour = MUTED if seat.folded else CREAM
            return t(seat.status, **seat.status_args), colour
        return "", CREAM

    # ----------------------------------------------------------------- cards

    def card_rects(self, layout: TableLayout, slot: int, n: int = 3) -> list[pygame.Rect]:
        spot = layout.seats[slot]
        w, h = CardRenderer.size_for(spot.card_w)
        out = []
        for c in card_centers(spot)[:n]:
            r = pygame.Rect(0, 0, w, h)
            r.center = (int(c[0]), int(c[1]))
            out.append(r)
        return out

    def _draw_cards(self, surf: pygame.Surface, layout: TableLayout, slot: int, seat_i: int,
                    seat: SeatState, own: bool, peel: dict[int, float] | None,
                    lost: bool = False) -> None:
        mark = self.record.mark
        spot = layout.seats[slot]
        centers = card_centers(spot)
        for i, cs in enumerate(seat.cards[:3]):
            target = centers[i]
            pos = lerp(layout.deck, target, cs.arrive.progress) if not cs.landed else target
            assert isinstance(pos, tuple)
            kind = "card" if cs.landed else "deal"
            width = spot.card_w
            if not cs.landed:
                # A card leaves the deck at the deck's size and grows on its way, in a few
                # steps (each size is a cached surface).
                grown = round(max(0.0, min(1.0, cs.arrive.progress)) * 3) / 3
                width = deal_width(layout, spot, grown)
            flip = cs.flip_now
            if peel is not None and i in peel and cs.card is not None and flip <= 0.0:
                mark(kind, seat_i, self.cards.draw_peel(surf, cs.card, (pos[0], pos[1] - 6),
                                                        width, peel[i] * 0.8))
                continue
            mark(kind, seat_i, self._draw_card(surf, cs, (pos[0], pos[1]), width, flip,
                                               seat.folded or lost,
                                               lift=(own and peel is not None and i in peel)))

    def _draw_card(self, surf: pygame.Surface, cs: CardState, pos: tuple[float, float],
                   width: int, flip: float, folded: bool, lift: bool = False) -> pygame.Rect:
        face_up = flip >= 0.5
        # A turn-over: narrow the back to nothing, then widen the face.
        squeeze = abs(flip - 0.5) * 2 if 0.0 < flip < 1.0 else 1.0
        y = pos[1] - (6 if lift else 0)
        return self.cards.draw(surf, cs.card, (pos[0], y), width, face_up, flip=squeeze,
                               dim=folded)
