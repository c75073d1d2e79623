"""The widget theme, built from assets/theme.json and scaled to the window.

Every font entry names Noto Sans for Latin scripts and, for Japanese, Noto Sans JP
of the same size and weight, so a language switch re-renders every widget in a
font that has its glyphs. The language list always uses Noto Sans JP: it names
each language in its own script. pygame_gui reads theme values only as strings.
"""

from __future__ import annotations

import copy
from functools import cache
from importlib import resources
from typing import Any

from buttons_game.core.resources import read_json

DESIGN_SIZE = (1280, 720)  # the window the design's pixel sizes are written for
MIN_SCALE, MAX_SCALE = 0.75, 3.0
BODY_SIZE = 16  # plain buttons, drop-downs, text fields and the rules text
MIN_TEXT = 12  # no text is smaller, in pixels, however small the window
PLAIN = ("button", "drop_down_menu", "text_entry_line", "label", "tool_tip", "text_box")
SCALED_MISC = ("shape_corner_radius", "border_width", "shadow_width")


def _family(name: str, regular: str, bold: str) -> dict[str, str]:
    folder = resources.files("pygame_gui.data")
    return {"name": name, "regular_path": str(folder / regular), "bold_path": str(folder / bold)}


LATIN = _family("ui_latin", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf")
CJK = _family("ui_cjk", "NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf")
FAMILIES = (LATIN["name"], CJK["name"])


def ui_scale(size: tuple[int, int]) -> float:
    """The UI scale for a window: 1.0 at 1280x720, in 5 % steps, growing with the smaller ratio."""
    w, h = size
    ratio = min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1])
    return round(max(MIN_SCALE, min(MAX_SCALE, ratio)) * 20) / 20


def text_size(design: float, scale: float) -> int:
    """A font size of ``design`` pixels at 1280x720, for the window's scale: never under 12."""
    return max(MIN_TEXT, round(design * scale))


def body_size(scale: float) -> int:
    return text_size(BODY_SIZE, scale)


def _font(size: int, bold: bool, family: dict[str, str], locale: str | None = None) -> dict:
    entry: dict[str, str] = {**family, "size": str(size), "bold": "1" if bold else "0"}
    if locale:
        entry["locale"] = locale
    return entry


def _fonts(size: int, bold: bool) -> list[dict]:
    return [_font(size, bold, LATIN), _font(size, bold, CJK, "ja")]


@cache
def _base() -> dict[str, Any]:
    return read_json("theme.json")  # type: ignore[no-any-return]


@cache
def _scaled(scale: float) -> dict[str, Any]:
    theme = copy.deepcopy(_base())
    theme.pop("#palette", None)  # the game's own colours, not the widgets'
    theme.get("defaults", {}).pop("font", None)  # pygame_gui ignores a default font
    for element in PLAIN:
        theme.setdefault(element, {}).setdefault("font", {"size": str(BODY_SIZE)})
    for block in theme.values():
        font = block.get("font")
        if isinstance(font, dict):
            bold = font.get("bold") == "1"
            block["font"] = _fonts(text_size(float(font["size"]), scale), bold)
        misc = block.get("misc", {})
        for key in SCALED_MISC:
            if key in misc:
                misc[key] = str(round(float(misc[key]) * scale))
        if "padding" in misc:
            misc["padding"] = ",".join(
                str(round(float(v) * scale)) for v in misc["padding"].split(",")
            )
    rows = theme.setdefault("drop_down_menu.selection_list", {}).setdefault("misc", {})
    rows["list_item_height"] = str(round(BODY_SIZE * 1.8 * scale))
    languages = [_font(body_size(scale), False, CJK)]
    theme["#languages.@selected_option"] = {"font": languages}
    theme["#languages.#drop_down_options_list.button"] = {"font": languages}
    return theme


def scaled_theme(scale: float) -> dict[str, Any]:
    """theme.json for pygame_gui with every size (fonts, corners, borders) times ``scale``."""
    return copy.deepcopy(_scaled(scale))
