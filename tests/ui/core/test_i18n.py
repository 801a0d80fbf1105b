"""Translations (``lieng.ui.core.i18n``): both languages have the same strings, every key the
code uses exists, and switching the language changes the texts and the chip format."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

from lieng.engine import RuleSet
from lieng.resources import asset
from lieng.ui.core import i18n


def _flat(d: dict[str, Any], prefix: str = "") -> set[str]:
    out: set[str] = set()
    for k, v in d.items():
        out |= _flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {prefix + k}
    return out


def test_both_languages_have_the_same_strings_and_every_used_key_exists() -> None:
    vi = _flat(json.loads(asset("translations", "lieng.vi.json").read_text("utf-8"))["vi"])
    en = _flat(json.loads(asset("translations", "lieng.en.json").read_text("utf-8"))["en"])
    assert vi == en
    # Every module of lieng/ui (i18n itself is in lieng/ui/core).
    src = "\n".join(p.read_text("utf-8") for p in Path(i18n.__file__).parents[1].rglob("*.py"))
    used = set(re.findall(r'\b(?:t|key)\("([a-z_]+\.[a-z_.]+)"', src))
    used |= {f"rules.setting.{f.name}" for f in dataclasses.fields(RuleSet)}
    used |= {f"preset.{p}" for p in ("classic", "v8club", "split")}
    used |= {f"speed.{s}" for s in ("slow", "normal", "fast", "instant")}
    assert len(used) > 40
    assert used - vi == set()


def test_translation_switch_and_chip_format() -> None:
    i18n.configure("vi")
    assert i18n.t("bar.fold") == "Úp bỏ"
    assert i18n.chips(12500) == "12.500"
    i18n.set_language("en")
    assert i18n.t("bar.fold") == "Fold"
    assert i18n.t("bar.call", amount="20") == "Call 20"
    assert i18n.chips(12500) == "12,500"
    i18n.set_language("vi")
