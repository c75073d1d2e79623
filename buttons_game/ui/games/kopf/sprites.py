"""Kopf oder Knopf's sprites: see-through plastic buttons and a square of 1-4 button holes.

A piece is tinted, see-through plastic: the holes of the square under it stay visible,
the heart of the game. It has a raised rim, a gloss and a soft shadow on the board; a
piece picked up is lifted, its shadow larger and further off. Red and blue also differ
without colour: a red piece has a solid rim, a blue piece a rim of beads.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from buttons_game.ui import art
from buttons_game.ui.games.kopf import board_art

SS = 4  # supersampling factor
HOLE_SPOTS = board_art.HOLE_SPOTS
FOUR_COLOURS = board_art.FOUR_COLOURS
PLAYER_COLOURS = ("kopf_red", "kopf_blue")
BODY = 0.43  # the button's radius, of the sprite's size: the rest is room for its shadow
BEADS = 12


@lru_cache(maxsize=32)
def square(size: int, holes: int, shade: bool) -> pygame.Surface:
    """One printed square with its holes (``shade``: the chequer's darker squares)."""
    s = board_art.card((size, size))
    if shade:
        alt = art.colour("kopf_square_alt")
        tint = pygame.Surface((size, size), pygame.SRCALPHA)
        tint.fill((alt.r, alt.g, alt.b, 120))
        s.blit(tint, (0, 0))
    pygame.draw.rect(s, art.colour("kopf_grid"), s.get_rect(), 1)
    board_art.draw_holes(s, s.get_rect(), holes)
    return s


def _shadow(s: pygame.Surface, centre: tuple[float, float], r: float, soft: float) -> None:
    """A soft round shadow: rings from dark inside to clear outside, ``soft`` wide."""
    steps = 6
    for k in range(steps, -1, -1):
        alpha = int(95 * (1 - k / (steps + 1)) ** 1.5)
        pygame.draw.circle(s, (0, 0, 0, alpha), centre, r + soft * k / steps)


@lru_cache(maxsize=24)
def piece(size: int, player: int, faded: bool = False, lifted: bool = False) -> pygame.Surface:
    """A see-through plastic button of ``player`` (0 red, 1 blue), ``size`` square: tinted
    body, raised rim (solid for red, beaded for blue), gloss and shadow. ``lifted``: picked
    up, over a larger shadow further off; ``faded``: a ghost of where it would go."""
    D = size * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    c = art.colour(PLAYER_COLOURS[player])
    r = D * BODY
    lift = D * (0.035 if lifted else 0.0)
    centre = (D / 2 - lift, D / 2 - lift)
    if not faded:
        drop = D * (0.075 if lifted else 0.035)
        _shadow(s, (D / 2 + drop, D / 2 + drop * 1.2), r * 0.96, D * (0.06 if lifted else 0.03))
    body = 60 if faded else 112
    # the body overwrites the shadow under it: plastic lets the board's light through
    pygame.draw.circle(s, (c.r, c.g, c.b, body + 35), centre, r)
    pygame.draw.circle(s, (c.r, c.g, c.b, body), centre, r * 0.78)
    dark = art.shade(c, 0.55)
    pygame.draw.circle(s, (dark.r, dark.g, dark.b, 170), centre, r * 0.78, max(1, SS // 2))
    edge = art.colour("kopf_rim")
    rim = D * 0.075
    pygame.draw.circle(s, (edge.r, edge.g, edge.b, 235), centre, r, max(2, int(D * 0.03)))
    ring_r = r - D * 0.03 - rim / 2
    if player == 0:  # a solid rim
        pygame.draw.circle(s, (c.r, c.g, c.b, 250), centre, ring_r + rim / 2, int(rim))
        light = art.shade(c, 1.35)
        pygame.draw.circle(s, (light.r, light.g, light.b, 250), centre, ring_r, max(1, SS // 2))
    else:  # a rim of beads: blue is told from red without colour
        gap = art.shade(c, 0.3)
        pygame.draw.circle(s, (gap.r, gap.g, gap.b, 225), centre, ring_r + rim / 2, int(rim))
        light = art.shade(c, 1.3)
        for k in range(BEADS):
            a = 2 * math.pi * (k + 0.5) / BEADS
            x, y = centre[0] + ring_r * math.cos(a), centre[1] + ring_r * math.sin(a)
            pygame.draw.circle(s, (c.r, c.g, c.b, 255), (x, y), rim * 0.62)
            spark = (x - rim * 0.18, y - rim * 0.18)
            pygame.draw.circle(s, (light.r, light.g, light.b, 255), spark, rim * 0.25)
    gloss = pygame.Surface((D, D), pygame.SRCALPHA)  # the specular highlight, top left
    arc = pygame.Rect(0, 0, r * 1.5, r * 1.5)
    arc.center = (int(centre[0]), int(centre[1]))
    sweep = (math.radians(105), math.radians(160))
    pygame.draw.arc(gloss, (255, 255, 255, 190), arc, *sweep, int(D * 0.04))
    glint = (centre[0] - r * 0.62, centre[1] - r * 0.3)
    pygame.draw.circle(gloss, (255, 255, 255, 200), glint, D * 0.025)
    s.blit(gloss, (0, 0))
    return pygame.transform.smoothscale(s, (size, size))


def clear_caches() -> None:
    square.cache_clear()
    piece.cache_clear()
    board_art.clear_caches()
