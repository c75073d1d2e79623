"""The one place that finds the game's data files (boards, theme, translations, fonts) and
its shipped documents (the rules).

Installed wheels and frozen executables carry the top-level ``assets/`` folder
inside the package as ``buttons_game/assets``, and the rules of ``docs/`` as
``buttons_game/docs``; an editable checkout reads the top-level folders directly.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any


@cache
def assets_root() -> Traversable:
    """The folder holding the game's assets, wherever the game is installed."""
    packaged = resources.files("buttons_game") / "assets"
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "assets"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        "the game's assets are missing: looked in the installed package and in the source tree"
    )


def document(name: str) -> Traversable | None:
    """A shipped document, e.g. ``document("rules-kopf.md")``; None if there is none."""
    for node in (
        resources.files("buttons_game") / "docs" / name,
        Path(__file__).resolve().parents[2] / "docs" / name,
    ):
        if node.is_file():
            return node
    return None


def asset(*parts: str) -> Traversable:
    """One asset file, e.g. ``asset("layouts.json")``."""
    node = assets_root()
    for part in parts:
        node = node / part
    return node


def read_json(*parts: str) -> Any:
    return json.loads(asset(*parts).read_text(encoding="utf-8"))
