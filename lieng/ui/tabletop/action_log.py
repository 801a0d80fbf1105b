"""The story's lines in words: who did what for how much, the round markers, the ante,
the hands shown and who took each pot layer.

The lines themselves — which facts, from which events, public ones only — are the game's
(``lieng.game.story``, no pygame); this module only makes their words, when a line is
drawn (``text``), so a language switch or a LAN seat taken over by a late joiner reads
right at once. ``log_panel`` draws the drawer, ``summary`` the result between hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from lieng.game.story import ONLY_POT, StoryLine
from lieng.ui.core.i18n import chips, language, t
from lieng.ui.core.names import DEFAULT_NAMES, shown_name


def text(line: StoryLine, names: Sequence[str]) -> str:
    """The line in the current language, with its seats' names (``seat_names``)."""
    return _words(line, names)[0]


def texts(lines: Sequence[StoryLine], names: Sequence[str]) -> list[str]:
    """Every line as words (tests and the drawer read this)."""
    return [text(line, names) for line in lines]


def pieces(line: StoryLine, names: Sequence[str]) -> list[str]:
    """``text`` in the pieces a wrapped line may break between: its words, except that
    a split pot's shares stay whole — "Quốc 790", "+ Hùng 790" — so a line is never
    broken between a name and its amount, nor between a "+" and the share it adds
    (the panel and the drawer both wrap by these). ``" ".join(pieces) == text``."""
    words, shares = _words(line, names)
    joined = " + ".join(shares)
    at = words.find(joined) if shares else -1
    if at < 0:
        return words.split(" ")
    head, tail = words[:at].rstrip(" "), words[at + len(joined):].lstrip(" ")
    units = [shares[0]] + [f"+ {share}" for share in shares[1:]]
    return ((head.split(" ") if head else []) + units
            + (tail.split(" ") if tail else []))


def seat_names(line: StoryLine, names: Sequence[str]) -> list[str]:
    """The line's seats' names as it says them: those they had when it was told
    (``StoryLine.who``), else ``names``, the seats' names now."""
    if line.who:
        return [shown_name(n) for n in line.who]
    return [names[s] if s < len(names) else str(s + 1) for s in line.seats]


def _words(line: StoryLine, names: Sequence[str]) -> tuple[str, list[str]]:
    """The line's words, and a split pot's shares ("Quốc 790") as they appear in them."""
    who = ", ".join(seat_names(line, names))
    amount = chips(line.amounts[0]) if line.amounts else ""
    if line.kind == "show":
        hand = line.value.name(language()) if line.value is not None else ""
        return t(line.key, who=who, cards=" ".join(str(c) for c in line.cards),
                 hand=hand), []
    if line.kind == "pot" and line.key == "log.split":
        # "Tẩy phụ 1 (1.580) chia: Quốc 790 + Hùng 790" — who took what, pot first,
        # so the shares (the part that wraps) come last and stay together.
        head = (t("log.pot_only_head") if line.n == ONLY_POT else t("log.pot_main_head")
                if line.n == 0 else t("log.pot_side_head", n=str(line.n)))
        shares = [t("log.share", who=w, amount=chips(a)) for w, a in
                  zip(seat_names(line, names), line.amounts[1:], strict=False)]
        if line.value is not None:
            # Why they share it: the same hand (docs/RULES.md, tie-break presets).
            same = line.value.category.name_in(language()) \
                if line.value.category.name in ("ANH",) else line.value.name(language())
            return t("log.split_same", amount=amount, pot=head, hand=same,
                     shares=" + ".join(shares)), shares
        return t(line.key, amount=amount, pot=head, shares=" + ".join(shares)), shares
    if line.kind == "pot" and line.key == "log.returned" and language() == "vi" \
            and who == DEFAULT_NAMES["vi"]:
        # "Trả lại cho bạn", not "Trả lại cho Bạn": the player is "bạn" mid-sentence.
        who = who.lower()
    if line.kind == "pot":
        pot = (t("log.pot_only") if line.n == ONLY_POT else t("log.pot_main")
               if line.n == 0 else t("log.pot_side", n=str(line.n)))
        return t(line.key, who=who, amount=amount, pot=pot), []
    if line.kind == "ante":
        return t(line.key, amount=amount, n=str(line.n),
                 total=chips(line.amounts[0] * line.n if line.amounts else 0)), []
    return t(line.key, who=who, amount=amount, n=str(line.n)), []
