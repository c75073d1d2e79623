"""The translation files as flat key -> text tables, read straight from the JSON."""

from __future__ import annotations

import json
from pathlib import Path

from buttons_game.i18n import FOLDER


def flatten(tree: dict, prefix: str = "") -> dict[str, str]:
    out = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def strings(language: str) -> dict[str, str]:
    data = json.loads((Path(FOLDER) / f"buttons.{language}.json").read_text(encoding="utf-8"))
    return flatten(data[language])
