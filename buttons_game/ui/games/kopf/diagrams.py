"""Small pictures for the Kopf oder Knopf rules: a pair and its range, a blocked line, a
forbidden group. Each is a strip of squares with pieces and the same marks the table uses."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from buttons_game.ui import art
from buttons_game.ui.games.kopf import board_art, sprites

# Each diagram: squares as (holes per square in its rows), pieces {(row, col): player},
# the pair's reach marked on {(row, col)}, pieces ringed "in reach", pieces of a group.
DIAGRAMS: dict[str, dict[str, Any]] = {
    "pair": {
        "holes": ((1, 1, 1, 2, 1, 1, 1, 1),),
        "pieces": {(0, 3): 0, (0, 4): 0, (0, 7): 1, (0, 0): 1},
        "line": ((0, 0), (0, 7)),
        "reach": ((0, 7), (0, 0)),
        "group": (),
    },
    "blocked": {
        "holes": ((1, 2, 1, 1, 1, 1, 1, 1),),
        "pieces": {(0, 1): 0, (0, 2): 0, (0, 4): 0, (0, 5): 1},
        "line": ((0, 0), (0, 3)),
        "reach": (),
        "group": (),
    },
    "group": {
        "holes": ((1, 2, 3, 1), (2, 1, 4, 2), (1, 3, 1, 2)),
        "pieces": {(0, 0): 0, (0, 1): 0, (1, 2): 0, (2, 0): 1, (2, 3): 1},
        "line": (),
        "reach": (),
        "group": ((0, 0), (0, 1), (1, 2)),
    },
}


@lru_cache(maxsize=8)
def _board(name: str, cell: int, edge: int) -> pygame.Surface:
    """The strip of diagram ``name``'s squares, printed once per size."""
    return board_art.printed_board(DIAGRAMS[name]["holes"], cell, edge, False)


def draw_diagram(surface: pygame.Surface, name: str, rect: pygame.Rect) -> pygame.Rect:
    """Draw diagram ``name`` centred in ``rect``; return the rectangle it covers."""
    spec = DIAGRAMS[name]
    holes = spec["holes"]
    rows, cols = len(holes), len(holes[0])
    cell = max(12, min(rect.width // (cols + 0.5), rect.height // (rows + 0.5)))
    cell = int(cell)
    edge = max(5, cell // 4)  # a strip cut from the printed board: a narrow frame
    area = pygame.Rect(0, 0, cols * cell, rows * cell)
    area.center = rect.center
    surface.blit(_board(name, cell, edge), area.move(-edge, -edge))

    def centre(spot: tuple[int, int]) -> tuple[int, int]:
        return (area.left + spot[1] * cell + cell // 2, area.top + spot[0] * cell + cell // 2)

    if spec["line"]:
        a, b = spec["line"]
        red = art.colour("kopf_red")
        overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.line(
            overlay, (red.r, red.g, red.b, 120), centre(a), centre(b), max(3, cell // 7)
        )
        surface.blit(overlay, (0, 0))
    for spot, player in spec["pieces"].items():
        piece = sprites.piece(int(cell * 0.9), player)
        surface.blit(piece, piece.get_rect(center=centre(spot)))
    for spot in spec["reach"]:
        surface.blit(
            art.ring(cell, "reach", 0.12), (area.left + spot[1] * cell, area.top + spot[0] * cell)
        )
    for spot in spec["group"]:
        box = pygame.Rect(
            area.left + spot[1] * cell, area.top + spot[0] * cell, cell, cell
        ).inflate(-2, -2)
        pygame.draw.rect(surface, art.colour("group"), box, max(3, cell // 12), border_radius=6)
    return area.inflate(2 * edge, 2 * edge)  # the squares in their frame
