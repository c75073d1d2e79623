"""The table every screen stands on: the walnut wood under everything, and the felt mats
that panels lie on, each with rounded corners and a soft shadow on the wood.

The wood is one surface per window size (``textures.tile``), blitted whole; a mat and its
shadow are drawn once per size and kept, so a frame only blits them.
"""

from __future__ import annotations

import pygame

from buttons_game.ui import art, textures
from buttons_game.ui.play.layers import around

KEEP = 48  # mats and shadows kept; more are dropped, oldest first
SHADOW_ALPHA = 150  # how dark a mat's shadow is at its darkest
SHADOW_SCALE = 4  # a shadow is drawn this many times smaller, then scaled up

_kept: dict[tuple[object, ...], pygame.Surface] = {}


def _keep(key: tuple[object, ...], made: pygame.Surface) -> pygame.Surface:
    if len(_kept) >= KEEP:
        del _kept[next(iter(_kept))]
    _kept[key] = made
    return made


def wood(size: tuple[int, int]) -> pygame.Surface:
    """The table for a window of ``size`` (kept; do not draw on it)."""
    return textures.tile("table", size)


def draw_table(surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
    """The wooden table over the whole of ``surface`` (or only over ``area``)."""
    table = wood(surface.get_size())
    if area is None:
        surface.blit(table, (0, 0))
    else:
        surface.blit(table, area, area)


def draw_table_around(surface: pygame.Surface, covered: list[pygame.Rect]) -> None:
    """The table but where ``covered``: parts the frame covers whole with opaque pixels
    afterwards (a panel's box) need not be drawn first."""
    table = wood(surface.get_size())
    for part in around(surface.get_rect(), covered):
        surface.blit(table, part, part)


def shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The soft shadow of a rounded mat of ``size``: larger than the mat by ``spread``
    on every side (``spread(size)``), kept per size."""
    key = ("shadow", size, radius)
    found = _kept.get(key)
    if found is not None:
        return found
    pad = spread(size)
    w, h = size[0] + 2 * pad, size[1] + 2 * pad
    # drawn and blurred at a quarter of its size, then scaled up: soft anyway, and quick
    q = SHADOW_SCALE
    small = pygame.Surface((max(1, w // q), max(1, h // q)), pygame.SRCALPHA)
    body = pygame.Rect(pad // q, pad // q, max(1, size[0] // q), max(1, size[1] // q))
    pygame.draw.rect(small, (0, 0, 0, SHADOW_ALPHA), body, border_radius=max(1, radius // q))
    if pad // q > 1:
        small = pygame.transform.gaussian_blur(small, max(1, pad // (2 * q)))
    made = pygame.transform.smoothscale(small, (w, h))
    return _keep(key, made)


def spread(size: tuple[int, int]) -> int:
    """How far a mat's shadow reaches beyond its edge."""
    return max(3, min(18, min(size) // 14))


def lift() -> tuple[int, int, int]:
    """How much lighter a lit mat (the player to move, a stripe) is than the felt: what
    the palette's ``panel_active`` adds to its ``panel``."""
    lit, flat = art.colour("panel_active"), art.colour("panel")
    return (max(0, lit.r - flat.r), max(0, lit.g - flat.g), max(0, lit.b - flat.b))


def depth() -> tuple[int, int, int]:
    """What a tray's felt is multiplied by: as much darker than the felt as the palette's
    ``depot`` is than its ``panel``."""
    deep, flat = art.colour("depot"), art.colour("panel")
    r, g, b = (min(255, 255 * d // max(1, f)) for d, f in zip(deep[:3], flat[:3]))
    return (r, g, b)


def _rounded(size: tuple[int, int], radius: int, texture: str) -> pygame.Surface:
    """``texture`` in a rounded shape, see-through outside it: what a mat and a tray start from."""
    w, h = max(1, size[0]), max(1, size[1])
    made = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(made, (255, 255, 255, 255), made.get_rect(), border_radius=radius)
    made.blit(textures.tile(texture, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return made


def mat(
    size: tuple[int, int], radius: int, texture: str = "felt", lit: bool = False
) -> pygame.Surface:
    """A mat of ``texture`` (felt) with rounded corners and a thin darker edge, kept per
    size; a ``lit`` one is a little lighter (``lift``)."""
    key = ("mat", size, radius, texture, lit)
    found = _kept.get(key)
    if found is not None:
        return found
    made = _rounded(size, radius, texture)
    w, h = made.get_size()
    shape = made.get_rect()
    if lit:
        made.fill(lift(), special_flags=pygame.BLEND_RGB_ADD)
    edge = art.colour("panel_border")
    pygame.draw.rect(made, (*edge[:3], 255), shape, width=max(1, min(w, h) // 120 + 1),
                     border_radius=radius)  # fmt: skip
    return _keep(key, made)


def tray(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A tray pressed into the felt, for dice or pieces: darker felt (``depth``), in the
    shade of its upper and left walls, its lower lip catching the light; kept per size.
    Opaque inside its rounded shape (``radius`` half the size: a round hollow)."""
    key = ("tray", size, radius)
    found = _kept.get(key)
    if found is not None:
        return found
    made = _rounded(size, radius, "felt")
    w, h = made.get_size()
    shape = made.get_rect()
    made.fill(depth(), special_flags=pygame.BLEND_RGB_MULT)
    wall = max(1, min(w, h) // 8)
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, SHADOW_ALPHA // 2), shape, border_radius=radius)
    pygame.draw.rect(shade, (0, 0, 0, 0), shape.move(wall, wall), border_radius=radius)
    made.blit(shade, (0, 0))
    rim = art.colour("panel_border")
    lip = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(lip, (*rim[:3], 255), shape, border_radius=radius)
    pygame.draw.rect(lip, (0, 0, 0, 0), shape.move(0, -1), border_radius=radius)
    made.blit(lip, (0, 0))
    return _keep(key, made)


def draw_mat(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int = 14,
    texture: str = "felt",
    lifted: bool = True,
    lit: bool = False,
) -> None:
    """A felt mat lying on the table at ``rect``: its soft shadow a little below it on
    the wood (``lifted``), then the mat."""
    if rect.width < 1 or rect.height < 1:
        return
    size = rect.size
    if lifted:
        pad = spread(size)
        surface.blit(shadow(size, radius), (rect.x - pad, rect.y - pad + pad // 2))
    surface.blit(mat(size, radius, texture, lit), rect)


def forget() -> None:
    """Drop every kept mat and shadow (tests)."""
    _kept.clear()


__all__ = [
    "depth",
    "draw_mat",
    "draw_table",
    "draw_table_around",
    "forget",
    "lift",
    "mat",
    "shadow",
    "spread",
    "tray",
    "wood",
]
