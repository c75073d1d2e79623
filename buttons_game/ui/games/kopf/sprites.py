"""Kopf oder Knopf's sprites: squares of 1-4 button holes and translucent buttons.

A piece is a tinted, see-through disc: the holes of the square under it stay
visible, the heart of the game. Red and blue also differ without colour: a red
piece has a solid rim, a blue piece a rim of beads.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from buttons_game.ui import art

SS = 4  # supersampling factor
HOLE_SPOTS = {
    1: ((0.5, 0.5),),
    2: ((0.34, 0.34), (0.66, 0.66)),
    3: ((0.5, 0.3), (0.3, 0.66), (0.7, 0.66)),
    4: ((0.34, 0.34), (0.66, 0.34), (0.34, 0.66), (0.66, 0.66)),
}
FOUR_COLOURS = ("red", "yellow", "green", "blue")  # the coloured holes of a 4 square
PLAYER_COLOURS = ("kopf_red", "kopf_blue")


@lru_cache(maxsize=32)
def square(size: int, holes: int, shade: bool) -> pygame.Surface:
    """A board square with its holes; the four holes of a 4-square are in colour."""
    D = size * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    s.fill(art.colour("kopf_square_alt" if shade else "kopf_square"))
    pygame.draw.rect(s, art.colour("kopf_grid"), s.get_rect(), max(1, SS))
    r = D * (0.1 if holes < 4 else 0.095)
    for i, (x, y) in enumerate(HOLE_SPOTS[holes]):
        if holes == 4:
            colour = art.colour(FOUR_COLOURS[i])
            pygame.draw.circle(s, art.shade(colour, 0.55), (D * x, D * y), r * 1.25)
            pygame.draw.circle(s, colour, (D * x, D * y), r)
        else:
            pygame.draw.circle(s, art.shade(art.colour("kopf_hole"), 1.6), (D * x, D * y), r * 1.2)
            pygame.draw.circle(s, art.colour("kopf_hole"), (D * x, D * y), r)
    return pygame.transform.smoothscale(s, (size, size))


@lru_cache(maxsize=16)
def piece(size: int, player: int, faded: bool = False) -> pygame.Surface:
    """A translucent button of ``player`` (0 red, 1 blue): tinted glass, a rim, a gloss."""
    D = size * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    c = art.colour(PLAYER_COLOURS[player])
    centre = (D / 2, D / 2)
    r = D * 0.45
    body = 70 if faded else 115
    pygame.draw.circle(s, (c.r, c.g, c.b, body), centre, r)
    rim = max(2, int(D * 0.07))
    edge = art.colour("kopf_rim")
    pygame.draw.circle(s, (edge.r, edge.g, edge.b, 230), centre, r, rim + SS)
    if player == 0:
        pygame.draw.circle(s, (c.r, c.g, c.b, 255), centre, r - SS, rim)
    else:  # a rim of beads: blue is told from red without colour
        beads = 12
        for k in range(beads):
            a = 2 * math.pi * k / beads
            x, y = (
                centre[0] + (r - rim / 2 - SS) * math.cos(a),
                centre[1] + (r - rim / 2 - SS) * math.sin(a),
            )
            pygame.draw.circle(s, (c.r, c.g, c.b, 255), (x, y), rim * 0.75)
    gloss = pygame.Rect(0, 0, r * 1.1, r * 1.1)
    gloss.center = (int(centre[0] - r * 0.15), int(centre[1] - r * 0.15))
    pygame.draw.arc(
        s, (255, 255, 255, 170), gloss, math.radians(100), math.radians(165), int(D * 0.035)
    )
    return pygame.transform.smoothscale(s, (size, size))


def clear_caches() -> None:
    square.cache_clear()
    piece.cache_clear()
