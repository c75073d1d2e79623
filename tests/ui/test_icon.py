"""The app icon: made by scripts/make_icon.py and shipped as it draws it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "scripts" / "make_icon.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_icon_is_what_the_script_draws():
    assert _script().main(["--check"]) == 0


def test_the_icon_is_a_red_button_with_a_gold_star():
    """Its middle is red plastic, its top right a gold star, its corners see-through."""
    pygame.display.init()
    icon = _script().draw(256)
    middle = icon.get_at((128 - 40, 140))  # on the button, beside its holes
    assert middle.r > 150 and middle.r > 2 * middle.g and middle.r > 2 * middle.b, middle
    star = icon.get_at((187, 69))
    assert star.r > 180 and star.g > 140 and star.r - star.b > 100, star
    assert icon.get_at((0, 0)).a == 0
