"""Positions for the rule tests: a board of chosen holes, and filler pieces out of the way."""

from __future__ import annotations

from buttons_game.games.kopf.engine import KopfState, new_game

# Pieces far from the action on rows 1 and 10, none next to another of its colour, so
# they make no pair and no group, and keep each side under the target.
RED_FILLER = ((10, 1), (10, 3), (10, 5), (10, 7), (10, 9))
BLUE_FILLER = ((1, 2), (1, 4), (1, 6), (1, 8), (1, 10))


def board(holes: dict[tuple[int, int], int] | None = None, default: int = 1) -> list[list[int]]:
    """A board of ``default`` holes everywhere but the squares given."""
    grid = [[default] * 10 for _ in range(10)]
    for (row, col), value in (holes or {}).items():
        grid[row - 1][col - 1] = value
    return grid


def position(
    red,
    blue,
    *,
    holes: dict[tuple[int, int], int] | None = None,
    to_move: int = 1,
    filler: bool = True,
    target: int = 10,
) -> KopfState:
    """A custom position (with filler pieces unless told not to); blue to move by default,
    so red's threats are only looked at, not struck."""
    red = list(red) + (list(RED_FILLER) if filler else [])
    blue = list(blue) + (list(BLUE_FILLER) if filler else [])
    return new_game(board=board(holes), pieces=(red, blue), to_move=to_move, target=target)
