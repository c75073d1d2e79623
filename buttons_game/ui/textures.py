"""The game's textures (``assets/art/*.png``, made by ``scripts/make_art.py``).

Each texture is read once and, once the window exists, converted to its pixel format.
``tile(name, size)`` hands back a surface of ``size`` filled with the texture repeated,
kept for the next call of the same size, so a table's wood is tiled once per window size
and then blitted whole. A texture whose file is missing or unreadable is a flat colour of
the palette instead (``FALLBACK``): the game never stops for want of its art.

    table  the wooden table every screen stands on
    felt   the dark navy felt of panels, mats and trays
    card   the cream card the boards are printed on
"""

from __future__ import annotations

import logging

import pygame

from buttons_game.core.resources import asset
from buttons_game.ui import art

log = logging.getLogger(__name__)

FALLBACK = {"table": "background", "felt": "panel", "card": "card"}  # palette colours
KEEP = 8  # tiled surfaces kept; more are dropped, the longest unused first

_images: dict[str, pygame.Surface | None] = {}
_converted: set[str] = set()
_tiles: dict[tuple[str, int, int], pygame.Surface] = {}
tiled = 0  # how many tiled surfaces were made (tests read it)


def _read(name: str) -> pygame.Surface | None:
    try:
        with asset("art", f"{name}.png").open("rb") as file:
            image = pygame.image.load(file, f"{name}.png")
    except (OSError, pygame.error, ValueError) as error:
        log.warning("texture %s unreadable, a flat colour instead: %s", name, error)
        return None
    if image.get_width() < 1 or image.get_height() < 1:
        return None
    return image


def image(name: str) -> pygame.Surface | None:
    """The texture ``name`` (read once; in the window's pixel format once there is a
    window), or None when its file is missing or unreadable."""
    if name not in _images:
        _images[name] = _read(name)
    found = _images[name]
    if found is not None and name not in _converted and pygame.display.get_surface() is not None:
        found = _images[name] = found.convert()
        _converted.add(name)
    return found


def fallback(name: str) -> pygame.Color:
    """The flat colour that stands for texture ``name``."""
    return art.colour(FALLBACK.get(name, "background"))


def tile(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A surface of ``size`` covered with texture ``name`` repeated from its top-left
    corner (kept: the same surface for the same name and size; do not draw on it)."""
    w, h = max(1, size[0]), max(1, size[1])
    key = (name, w, h)
    kept = _tiles.pop(key, None)
    if kept is not None:
        _tiles[key] = kept  # the latest used is dropped last
        return kept
    global tiled
    tiled += 1
    texture = image(name)
    made = pygame.Surface((w, h))
    if pygame.display.get_surface() is not None:
        made = made.convert()
    if texture is None:
        made.fill(fallback(name))
    else:
        tw, th = texture.get_size()
        for y in range(0, h, th):
            for x in range(0, w, tw):
                made.blit(texture, (x, y))
    if len(_tiles) >= KEEP:
        del _tiles[next(iter(_tiles))]
    _tiles[key] = made
    return made


def mean(name: str) -> pygame.Color:
    """The texture's average colour (its fallback's when it has none)."""
    texture = image(name)
    if texture is None:
        return fallback(name)
    r, g, b, *_ = pygame.transform.average_color(texture)
    return pygame.Color(r, g, b)


def forget() -> None:
    """Drop every texture and tile: the next use reads the files again (tests)."""
    _images.clear()
    _converted.clear()
    _tiles.clear()


__all__ = ["FALLBACK", "fallback", "forget", "image", "mean", "tile"]
