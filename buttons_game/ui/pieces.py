"""BUTTONS' pieces as the real things: see-through plastic buttons, gold stars, dice with
depth, and the printed board's card.

Each sprite is drawn once per size at ``SS`` times its size and smooth-scaled down
(anti-aliased edges), then cached, as ``art`` does; light falls from the top left.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

SS = 4  # supersampling factor (as art.SS)

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}

BODY_ALPHA = 105  # how much of the plastic's own colour covers what is printed below (of 255)
LIFT = 0.12  # a hovered button floats this share of its size above its space


def _colour(name: str) -> pygame.Color:
    from buttons_game.ui import art  # art imports this module: late, to avoid a cycle

    return art.colour(name)


def _shade(c: pygame.Color, factor: float, alpha: int | None = None) -> pygame.Color:
    from buttons_game.ui import art

    out = art.shade(c, factor)
    if alpha is not None:
        out.a = alpha
    return out


def _smooth(big: pygame.Surface, w: int, h: int) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (w, h))


def card(size: tuple[int, int]) -> pygame.Surface:
    """The printed board's cardboard, ``size`` large (opaque): the ``card`` texture, or
    its flat colour when the texture is missing. Kept by ``textures``: do not draw on it."""
    from buttons_game.ui import textures  # it imports art, which imports this module

    return textures.tile("card", size)


def _soft_disc(s: pygame.Surface, centre: tuple[float, float], r: float, alpha: int) -> None:
    """A soft shadow: discs growing paler towards the edge (replacing what is there)."""
    steps = 6
    for i in range(steps):
        k = 1.0 - i / steps * 0.22
        a = int(alpha * (i + 1) / steps)
        pygame.draw.circle(s, (0, 0, 0, a), centre, r * (0.85 + 0.15 * k) + (steps - i))


def _plastic(s: pygame.Surface, tint: pygame.Color, cx: float, cy: float, r: float) -> None:
    """A see-through plastic button of radius ``r`` at (cx, cy) on ``s`` (4x): a thick
    rim, a clear dish with two or four sewing holes, a dark outline and a highlight."""
    D = r * 2
    outline = _shade(tint, 0.35, 235)
    pygame.draw.circle(s, outline, (cx, cy), r)  # the edge
    pygame.draw.circle(s, _shade(tint, 1.35, 215), (cx, cy), r * 0.94)  # the thick rim
    pygame.draw.circle(s, _shade(tint, 0.85, 200), (cx, cy), r * 0.76)  # the rim's inner edge
    dish = _shade(tint, 1.1, BODY_ALPHA)  # the clear dish: plastic_colour, see-through
    pygame.draw.circle(s, dish, (cx, cy), r * 0.72)
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):  # four sewing holes: see-through
        hole = (cx + dx * r * 0.2, cy + dy * r * 0.2)
        pygame.draw.circle(s, _shade(tint, 0.4, 220), hole, r * 0.1)
        pygame.draw.circle(s, (0, 0, 0, 0), hole, r * 0.1 - max(2, D * 0.014))
    # the light on the rim (top left) and its shade (bottom right)
    box = pygame.Rect(0, 0, r * 1.76, r * 1.76)
    box.center = (int(cx), int(cy))
    width = max(2, int(r * 0.09))
    pygame.draw.arc(s, (255, 255, 255, 215), box, math.radians(95), math.radians(175), width)
    pygame.draw.arc(s, _shade(tint, 0.5, 170), box, math.radians(275), math.radians(355), width)
    # the specular highlight: a small bright oval on the dish
    spot = pygame.Rect(0, 0, r * 0.34, r * 0.2)
    spot.center = (int(cx - r * 0.42), int(cy - r * 0.44))
    pygame.draw.ellipse(s, (255, 255, 255, 190), spot)


def _tint(name: str) -> pygame.Color:
    return _colour("glass_rim" if name == "clear" else name)


def plastic_colour(name: str) -> pygame.Color:
    """The plastic of a button tinted ``name``, as a flat (opaque) colour."""
    return _shade(_tint(name), 1.1, 255)


@lru_cache(maxsize=64)
def button(d: int, name: str = "clear") -> pygame.Surface:
    """A placed button, ``d`` across: see-through plastic tinted ``name`` ("clear": no
    tint) lying on its space with a soft shadow; what is printed below shows through."""
    D = d * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    r = D * 0.45
    _soft_disc(s, (D / 2 + D * 0.035, D / 2 + D * 0.045), r * 0.98, 110)
    _plastic(s, _tint(name), D / 2, D / 2, r)
    return _smooth(s, d, d)


@lru_cache(maxsize=32)
def lifted(d: int, name: str = "clear") -> pygame.Surface:
    """A button held above its space (the preview of a move): ``d`` across and
    ``lift(d)`` taller; its shadow lies wide and pale on the space, the button floats
    higher up, a little paler."""
    up = lift(d) * SS
    D = d * SS
    s = pygame.Surface((D, D + up), pygame.SRCALPHA)
    r = D * 0.45
    _soft_disc(s, (D / 2 + D * 0.1, up + D / 2 + D * 0.1), r * 0.9, 70)
    body = pygame.Surface((D, D), pygame.SRCALPHA)
    _plastic(body, _tint(name), D / 2, D / 2, r)
    body.fill((255, 255, 255, 215), special_flags=pygame.BLEND_RGBA_MULT)
    s.blit(body, (0, 0))
    return _smooth(s, d, d + lift(d))


def lift(d: int) -> int:
    """How far a hovered button floats above its space, in pixels."""
    return max(2, int(d * LIFT))


@lru_cache(maxsize=32)
def option(d: int, name: str, width: float = 0.08) -> pygame.Surface:
    """A space a move may go to: a bright ring of ``name`` around the printed space, edged
    dark on both sides so it stands out on any colour (the space's own colour untouched)."""
    D = d * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    c = _colour(name)
    edge = int(D * 0.018)
    pygame.draw.circle(s, _shade(c, 0.25, 235), (D // 2, D // 2), D * 0.5, int(D * width) + edge)
    pygame.draw.circle(s, c, (D // 2, D // 2), D * 0.5 - edge, int(D * width) - edge)
    return _smooth(s, d, d)


@lru_cache(maxsize=16)
def refused(d: int, name: str = "bad") -> pygame.Surface:
    """A space no button may go to: dimmed, with a bold cross of ``name`` edged dark."""
    D = d * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    pygame.draw.circle(s, (10, 12, 18, 150), (D // 2, D // 2), D * 0.48)
    c = _colour(name)
    a, b = D * 0.22, D * 0.78
    for tint, width in ((_shade(c, 0.25, 255), int(D * 0.16)), (c, int(D * 0.1))):
        pygame.draw.line(s, tint, (a, a), (b, b), width)
        pygame.draw.line(s, tint, (b, a), (a, b), width)
        for point in ((a, a), (b, b), (b, a), (a, b)):
            pygame.draw.circle(s, tint, point, width / 2)
    return _smooth(s, d, d)


def _star_points(cx: float, cy: float, r: float, inner: float = 0.48) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + i * 36)
        points.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return points


LIGHT = (-0.6, -0.8)  # where the light comes from (top left), a unit vector


@lru_cache(maxsize=32)
def star(d: int) -> pygame.Surface:
    """A gold star: a dark edge, ten bevelled facets lit from the top left, a glint and a
    soft shadow."""
    D = d * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    cx, cy = D / 2, D / 2 + D * 0.03
    shadow = _star_points(cx + D * 0.03, cy + D * 0.035, D * 0.47)
    pygame.draw.polygon(s, (0, 0, 0, 80), shadow)
    gold = _colour("star")
    pygame.draw.polygon(s, _colour("star_edge"), _star_points(cx, cy, D * 0.5))
    outer = _star_points(cx, cy, D * 0.44)
    for i in range(10):
        a, b = outer[i], outer[(i + 1) % 10]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        length = math.hypot(mx, my) or 1.0
        lit = (mx * LIGHT[0] + my * LIGHT[1]) / length  # -1 (away) .. 1 (towards the light)
        # each point's two facets: the one nearer the light brighter
        side = 1 if i % 2 == 0 else -1
        lit = lit * 0.7 + 0.3 * side * (1 if lit > 0 else -1)
        pygame.draw.polygon(s, _shade(gold, 1.0 + 0.38 * lit if lit > 0 else 1.0 + 0.3 * lit),
                            [(cx, cy), a, b])  # fmt: skip
    glint = pygame.Rect(0, 0, D * 0.14, D * 0.08)
    glint.center = (int(cx - D * 0.1), int(cy - D * 0.13))
    pygame.draw.ellipse(s, (255, 255, 240, 210), glint)
    return _smooth(s, d, d)


@lru_cache(maxsize=256)
def die(kind: str, value: int, d: int) -> pygame.Surface:
    """A die face: "white" (gold pips), "gold" (black, gold pips) or "plain" (black, white
    pips), a rounded cube seen from above: its lower and right sides show as a darker lip,
    the top face lit from the top left, the pips sunk in. Value 0: no pips (not rolled)."""
    D = d * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    body = _colour("die_white") if kind == "white" else _colour("die_black")
    pip = _colour("pip_white") if kind == "plain" else _colour("pip_gold")
    radius = int(D * 0.2)
    whole = pygame.Rect(D * 0.03, D * 0.03, D * 0.94, D * 0.94)
    edge = _shade(body, 0.55) if kind == "white" else _colour("die_edge")
    pygame.draw.rect(s, edge, whole, border_radius=radius)  # outline and the sides
    face = pygame.Rect(whole.left + D * 0.03, whole.top + D * 0.03, D * 0.84, D * 0.84)
    sides = _shade(body, 0.78) if kind == "white" else _shade(_colour("die_edge"), 0.6)
    pygame.draw.rect(s, sides, face.move(D * 0.035, D * 0.035), border_radius=int(D * 0.17))
    shine = _shade(body, 1.6) if kind != "white" else pygame.Color(255, 255, 255)
    pygame.draw.rect(s, shine, face, border_radius=int(D * 0.17))  # the lit top-left edge
    top = pygame.Rect(face.left + D * 0.02, face.top + D * 0.02, face.width - D * 0.02,
                      face.height - D * 0.02)  # fmt: skip
    pygame.draw.rect(s, body, top, border_radius=int(D * 0.16))
    hollow = _shade(pip, 0.5) if kind != "plain" else _colour("die_edge")
    for px, py in PIPS.get(value, []):
        x, y = face.left + face.width * px, face.top + face.height * py
        pygame.draw.circle(s, hollow, (x, y), D * 0.088)  # the pip's rim
        pygame.draw.circle(s, pip, (x + D * 0.008, y + D * 0.008), D * 0.07)
    return _smooth(s, d, d)


def clear_caches() -> None:
    for f in (button, lifted, option, refused, star, die):
        f.cache_clear()
