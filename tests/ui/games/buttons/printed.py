"""The printed board's own pixels, for tests that check a board is drawn undimmed."""

from __future__ import annotations

import pygame

from buttons_game.games.buttons.engine import GameState
from buttons_game.ui.games.buttons.board_geometry import BoardGeometry
from buttons_game.ui.games.buttons.boards import BoardView


def printed_pixel(state: GameState, g: BoardGeometry, point: tuple[int, int]) -> pygame.Color:
    """The colour the printed board of seat ``g.seat`` has at ``point`` of the window (its
    card is a texture: no one flat colour)."""
    board = BoardView().static_board(state.layout(g.seat), g.cell, g.label)
    return board.get_at((point[0] - (g.grid.left - g.label), point[1] - (g.grid.top - g.label)))
