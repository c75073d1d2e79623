"""Everything drawn with pygame: palette, fonts, and the sprites of buttons, stars and dice.

Sprites are drawn once per size at 4x and smooth-scaled down (anti-aliased edges),
then cached, so a frame is mostly blits.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib import resources

import pygame

from buttons_game.core.resources import read_json
from buttons_game.ui import pieces
from buttons_game.ui.theme import MIN_TEXT

SS = 4  # supersampling factor

PIPS = pieces.PIPS


def _hex(value: str) -> pygame.Color:
    return pygame.Color(value)


@lru_cache(maxsize=1)
def palette() -> dict[str, pygame.Color]:
    colours = read_json("theme.json")["#palette"]["colours"]
    return {name: _hex(value) for name, value in colours.items()}


def colour(name: str) -> pygame.Color:
    return palette()[name]


def shade(c: pygame.Color, factor: float) -> pygame.Color:
    """Darker (factor < 1) or lighter (factor > 1) version of a colour."""
    if factor <= 1:
        return pygame.Color(int(c.r * factor), int(c.g * factor), int(c.b * factor), c.a)
    f = factor - 1
    return pygame.Color(
        int(c.r + (255 - c.r) * f), int(c.g + (255 - c.g) * f), int(c.b + (255 - c.b) * f), c.a
    )


FONT_FILES = {
    ("latin", False): "NotoSans-Regular.ttf",
    ("latin", True): "NotoSans-Bold.ttf",
    ("cjk", False): "NotoSansJP-Regular.otf",
    ("cjk", True): "NotoSansJP-Bold.otf",
}
cjk_language = False  # True while the game speaks Japanese; App keeps it in step


def _font_path(script: str, bold: bool) -> str:
    return str(resources.files("pygame_gui.data") / FONT_FILES[(script, bold)])


def script_of(value: str) -> str:
    """ "cjk" when the text needs the Japanese font (Japanese text, or a name in kana/kanji)."""
    if cjk_language or _has_cjk(value):
        return "cjk"
    return "latin"


@lru_cache(maxsize=4096)
def _has_cjk(value: str) -> bool:
    return not value.isascii() and any(ord(ch) >= 0x2E80 for ch in value)


def text_size(size: float) -> int:
    """The size text of ``size`` pixels is drawn at: never under MIN_TEXT (12) pixels, so a
    small window keeps every word readable."""
    return max(MIN_TEXT, int(size))


@lru_cache(maxsize=64)
def _font(size: int, bold: bool, script: str) -> pygame.font.Font:
    return pygame.font.Font(_font_path(script, bold), text_size(size))


def font(size: int, bold: bool = False, sample: str = "") -> pygame.font.Font:
    """The font for ``sample`` at ``size`` (at least 12 px): Noto Sans, or Noto Sans JP
    where needed."""
    return _font(text_size(size), bold, script_of(sample))


UNDRAWABLE = {"Cc", "Cf", "Cs", "Co", "Cn"}  # controls, zero-width, surrogates, private, unassigned


def drawable(value: str) -> str:
    """``value`` without the characters a font cannot draw (NUL, zero-width, lone surrogates).

    Names from anywhere (a save, a typed name) go through here before pygame sees them:
    pygame refuses NUL and surrogates and fails on text of zero width.
    """
    if value.isprintable() and value.isascii():
        return value
    return _drawable(value)


@lru_cache(maxsize=4096)
def _drawable(value: str) -> str:
    return "".join(ch for ch in value if unicodedata.category(ch) not in UNDRAWABLE)


@lru_cache(maxsize=1024)
def _text(
    value: str, size: int, tint: tuple[int, int, int] | str, bold: bool, script: str
) -> pygame.Surface:
    rgb = colour(tint) if isinstance(tint, str) else tint
    try:
        return _font(size, bold, script).render(value, True, rgb)
    except (ValueError, pygame.error):  # nothing left of width to draw
        return _font(size, bold, script).render("", True, rgb)


def text(
    value: str, size: int, tint: tuple[int, int, int] | str = "text", bold: bool = False
) -> pygame.Surface:
    """``value`` rendered once per size, colour and weight (cached); any text is drawable."""
    value = drawable(value)
    return _text(value, text_size(size), tint, bold, script_of(value))


def _smooth(big: pygame.Surface, d: int) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (d, d))


# Colour-blind friendly boards: each colour also carries its own shape.
SYMBOLS = {"red": "triangle", "yellow": "ring", "green": "square", "blue": "diamond"}
show_symbols = True  # the "colour symbols" setting; App keeps it in step


def symbol_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of a colour's symbol, centred on (cx, cy) with half-size r."""
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "square":
        k = r * 0.8
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    raise ValueError(f"{shape} is not a polygon")


def draw_symbol(
    surface: pygame.Surface,
    shape: str,
    cx: float,
    cy: float,
    r: float,
    fill,
    edge=None,
    width: int = 1,
) -> None:
    """Draw a colour's symbol: a triangle, a ring, a square or a diamond."""
    if shape == "ring":
        thickness = max(2, int(r * 0.42))
        if edge is not None:
            pygame.draw.circle(surface, edge, (cx, cy), r * 0.9 + width, thickness + 2 * width)
        pygame.draw.circle(surface, fill, (cx, cy), r * 0.9, thickness)
        return
    points = symbol_points(shape, cx, cy, r)
    pygame.draw.polygon(surface, fill, points)
    if edge is not None:
        pygame.draw.polygon(surface, edge, points, width)


def printed_button(name: str, d: int) -> pygame.Surface:
    """The button printed on a board space, with its colour symbol when that is on."""
    return _printed_button(name, d, show_symbols)


@lru_cache(maxsize=128)
def _printed_button(name: str, d: int, symbol: bool) -> pygame.Surface:
    """A coloured disc with a rim and four holes, or with the colour's symbol inside."""
    D = d * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    c = colour(name)
    centre = (D // 2, D // 2)
    r = D * 0.42
    pygame.draw.circle(s, shade(c, 0.6), centre, r)
    pygame.draw.circle(s, c, centre, r * 0.9)
    pygame.draw.circle(s, shade(c, 0.8), centre, r * 0.62, max(1, int(D * 0.025)))
    if symbol:
        draw_symbol(
            s,
            SYMBOLS[name],
            centre[0],
            centre[1],
            r * 0.52,
            colour("symbol"),
            shade(c, 0.35),
            max(2, int(D * 0.03)),
        )
    else:
        for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            hole = (centre[0] + dx * r * 0.22, centre[1] + dy * r * 0.22)
            pygame.draw.circle(s, shade(c, 0.45), hole, r * 0.1)
    return _smooth(s, d)


def glass_button(d: int, name: str = "clear") -> pygame.Surface:
    """A placed button: see-through plastic (tinted ``name``; "clear": untinted) with a
    rim, four sewing holes, a highlight and a soft shadow (``pieces.button``)."""
    return pieces.button(d, name)


def star(d: int) -> pygame.Surface:
    """A gold star with bevelled facets, a glint and a shadow (``pieces.star``)."""
    return pieces.star(d)


def die(kind: str, value: int, d: int) -> pygame.Surface:
    """A die face: "white" (gold pips), "gold" (black, gold pips) or "plain" (black, white
    pips), with rounded edges and depth (``pieces.die``).

    Value 0 draws a die without pips: one that has not been rolled yet.
    """
    return pieces.die(kind, value, d)


@lru_cache(maxsize=16)
def glow(d: int, name: str) -> pygame.Surface:
    """A soft filled halo for a space (the winning line of five)."""
    D = d * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    c = colour(name)
    for i, alpha in enumerate((50, 90, 140)):
        pygame.draw.circle(s, (c.r, c.g, c.b, alpha), (D // 2, D // 2), D * (0.5 - 0.05 * i))
    return _smooth(s, d)


@lru_cache(maxsize=32)
def ring(d: int, name: str, width: float = 0.08) -> pygame.Surface:
    """A highlight ring for a space."""
    D = d * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    pygame.draw.circle(s, colour(name), (D // 2, D // 2), D * 0.5, int(D * width))
    return _smooth(s, d)


def clear_caches() -> None:
    for f in (_printed_button, ring, glow, _text, _font, _drawable):
        f.cache_clear()
    pieces.clear_caches()
