"""Kopf oder Knopf's printed board: a cardboard face in a frame, with thickness and a shadow.

The board is a real object on the table: a printed face (card grain) with the squares'
lines and button holes, a frame around it with the coordinates printed on it, a darker
lip along its lower and right edges (its thickness) and a soft shadow on the table. The
holes are holes: dark, with an inner shadow at the top and a light lower lip.

Everything here is drawn once per size and kept by the caller (``view.static_board``,
the rules' diagrams, the menu's picture).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from buttons_game.ui import art, textures

SS = 3  # supersampling of a hole
HOLE_SPOTS = {
    1: ((0.5, 0.5),),
    2: ((0.34, 0.34), (0.66, 0.66)),
    3: ((0.5, 0.3), (0.3, 0.66), (0.7, 0.66)),
    4: ((0.34, 0.34), (0.66, 0.34), (0.34, 0.66), (0.66, 0.66)),
}
FOUR_COLOURS = ("red", "yellow", "green", "blue")  # the coloured holes of a 4 square
LETTERS = "abcdefghij"


def card(size: tuple[int, int]) -> pygame.Surface:
    """The printed face's cardboard (the shared ``card`` texture), a surface of its own."""
    return textures.tile("card", size).copy()


def parts(width: int, edge: int) -> tuple[int, int]:
    """The lip (the board's thickness) and the shadow's reach for a frame ``edge`` wide."""
    lip = max(2, edge // 5)
    return lip, max(2, edge // 4)


@lru_cache(maxsize=64)
def hole(size: int, holes: int, index: int) -> pygame.Surface:
    """One button hole ``size`` across (with its lip): a dark well with an inner shadow at
    the top and a light lower lip; the four holes of a 4 square are in colour."""
    D = size * SS
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    c = D / 2
    r = D * 0.4
    base = art.colour(FOUR_COLOURS[index]) if holes == 4 else art.colour("kopf_hole")
    lip = art.shade(art.colour("kopf_square"), 1.5)
    pygame.draw.circle(s, (lip.r, lip.g, lip.b, 235), (c, c + D * 0.05), r * 1.12)  # lower lip
    rim = art.shade(base, 0.45)
    pygame.draw.circle(s, rim, (c, c), r * 1.04)  # the hole's edge
    pygame.draw.circle(s, base, (c, c), r)
    dark = art.shade(base, 0.5 if holes == 4 else 0.55)
    shadow = pygame.Surface((D, D), pygame.SRCALPHA)  # the inner shadow, under the top edge
    pygame.draw.circle(shadow, (dark.r, dark.g, dark.b, 255), (c, c), r)
    pygame.draw.circle(shadow, (0, 0, 0, 0), (c + r * 0.12, c + r * 0.32), r)
    s.blit(shadow, (0, 0))
    return pygame.transform.smoothscale(s, (size, size))


def draw_holes(surface: pygame.Surface, square: pygame.Rect, holes: int) -> None:
    """The ``holes`` of one square printed and punched into ``square``."""
    d = max(4, int(square.width * (0.25 if holes < 4 else 0.24)))
    for i, (x, y) in enumerate(HOLE_SPOTS[holes]):
        image = hole(d, holes, i)
        centre = (square.left + square.width * x, square.top + square.height * y)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_face(
    surface: pygame.Surface, grid: Sequence[Sequence[int]], cell: int, at: tuple[int, int]
) -> None:
    """The printed squares of ``grid`` with their lines and holes, top-left at ``at``."""
    rows, cols = len(grid), len(grid[0])
    x0, y0 = at
    alt = art.colour("kopf_square_alt")
    tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tint.fill((alt.r, alt.g, alt.b, 120))  # the squares' chequer, printed thinly
    for r in range(rows):
        for c in range(cols):
            if (r + c) % 2 == 1:
                surface.blit(tint, (x0 + c * cell, y0 + r * cell))
    line = art.colour("kopf_grid")
    for k in range(cols + 1):
        pygame.draw.line(surface, line, (x0 + k * cell, y0), (x0 + k * cell, y0 + rows * cell))
    for k in range(rows + 1):
        pygame.draw.line(surface, line, (x0, y0 + k * cell), (x0 + cols * cell, y0 + k * cell))
    for r in range(rows):
        for c in range(cols):
            draw_holes(surface, pygame.Rect(x0 + c * cell, y0 + r * cell, cell, cell), grid[r][c])


def printed_board(
    grid: Sequence[Sequence[int]], cell: int, edge: int, coordinates: bool = True
) -> pygame.Surface:
    """The board of ``grid`` (rows of hole counts) with a frame ``edge`` wide on every side,
    its lip and its shadow, on a see-through surface ``cols * cell + 2 * edge`` wide: the
    squares start at (``edge``, ``edge``). With ``coordinates`` the frame carries a to j
    over the columns and 1 to 10 down the rows."""
    rows, cols = len(grid), len(grid[0])
    w, h = cols * cell + 2 * edge, rows * cell + 2 * edge
    lip, reach = parts(cell, edge)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w - lip - reach, h - lip - reach)
    radius = max(3, edge // 3)
    for k in range(reach, 0, -1):  # the soft shadow on the table
        alpha = int(70 * (1 - k / (reach + 1)))
        shade_rect = body.move(lip + reach // 2, lip + reach // 2).inflate(k, k)
        pygame.draw.rect(surface, (0, 0, 0, alpha), shade_rect, border_radius=radius + k)
    frame = art.colour("kopf_frame")
    pygame.draw.rect(surface, art.shade(frame, 0.55), body.move(lip, lip), border_radius=radius)
    pygame.draw.rect(surface, frame, body, border_radius=radius)
    pygame.draw.rect(surface, art.shade(frame, 1.25), body, 1, border_radius=radius)
    face = card((cols * cell, rows * cell))
    draw_face(face, grid, cell, (0, 0))
    surface.blit(face, (edge, edge))
    outline = pygame.Rect(edge - 1, edge - 1, cols * cell + 2, rows * cell + 2)
    pygame.draw.rect(surface, art.shade(frame, 0.6), outline, 1)
    if coordinates:
        size = max(10, int(edge * 0.66))
        for i in range(cols):
            letter = art.text(LETTERS[i], size, "kopf_frame_text", True)
            surface.blit(letter, letter.get_rect(center=(edge + i * cell + cell // 2, edge // 2)))
        for i in range(rows):
            number = art.text(str(i + 1), size, "kopf_frame_text", True)
            surface.blit(number, number.get_rect(center=(edge // 2, edge + i * cell + cell // 2)))
    return surface


def clear_caches() -> None:
    hole.cache_clear()
