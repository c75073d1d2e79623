"""Where the BUTTONS table puts its boards: each one centred in its panel, with no empty
band above the names, at every window size and seat count."""

from __future__ import annotations

import pygame
import pytest

from buttons_game.ui import art
from buttons_game.ui.games.buttons.board_geometry import EDGE, SHADOW, BoardGeometry
from buttons_game.ui.games.buttons.view import TableLayout
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.theme import ui_scale

from ...conftest import settle

SIZES = ((960, 600), (1024, 768), (1280, 720), (1366, 768), (1600, 900), (1920, 1080))


def wood(g: BoardGeometry) -> pygame.Rect:
    """The wooden board as drawn: the grid of spaces and its edge (its shadow aside)."""
    return g.grid.inflate(2 * EDGE, 2 * EDGE)


def margins(g: BoardGeometry) -> tuple[int, int]:
    """The room left and right of the wooden board: from the panel's edge, or from the
    information when it stands beside the board."""
    left_edge = g.name.right if g.beside else g.panel.left
    board = wood(g)
    return board.left - left_edge, g.panel.right - board.right


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_each_board_stands_in_the_middle_of_its_panel(size, players):
    scale = ui_scale(size)
    layout = TableLayout.compute(size, players, scale)
    pad = max(6, int(8 * scale))
    for g in layout.boards:
        left, right = margins(g)
        assert abs(left - right) <= 2, (size, players, left, right)
        assert right >= pad + SHADOW, "the board never touches its panel's right border"
        labels_left = g.grid.left - g.label
        assert labels_left >= (g.name.right if g.beside else g.panel.left) + pad - EDGE
        assert g.panel.contains(wood(g).inflate(SHADOW, SHADOW))
        assert g.panel.top <= g.grid.top - g.label
        assert g.panel.contains(g.actions)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_no_empty_band_above_the_names_or_below_the_board(size, players):
    scale = ui_scale(size)
    layout = TableLayout.compute(size, players, scale)
    pad = max(6, int(8 * scale))
    for g in layout.boards:
        assert g.name.top - g.panel.top <= pad, "the name stands at the top of its panel"
        if not g.beside:
            assert g.panel.bottom - g.actions.bottom <= pad + 1, "Place / Skip end the panel"
            gap = g.grid.top - g.label - g.tally[0].bottom
            assert gap <= 2 * pad, "the board follows the information above it"
    bar, area = layout.top_bar, layout.board_area
    assert bar.bottom == min(g.panel.top for g in layout.boards), "the round's title above them"
    above, below = bar.top, size[1] - area.bottom
    assert abs(above - below) <= max(2, int(10 * scale)) + 1, "title and boards in the middle"


def test_the_drawn_board_has_as_much_room_on_its_right_as_on_its_left(make_app):
    """Measured on the pixels: where the wooden board's colour begins and ends on a line
    between two rows, against the panel's borders."""
    app = make_app(window=(1366, 768))
    app.start_game(mid_game(3, humans=2))
    settle(app)
    table = app.top.table
    board_colour = art.colour("board")[:3]
    surface = app.surface
    for g in table.boards:
        y = g.grid.top + g.cell  # between the first two rows: no label, no button at the edge
        row = range(g.panel.left, g.panel.right)
        xs = [x for x in row if surface.get_at((x, y))[:3] == board_colour]
        assert xs, "the board is drawn"
        left, right = xs[0] - g.panel.left, g.panel.right - 1 - xs[-1]
        assert abs(left - right) <= 3, (g.seat, left, right)
        assert right > 20, "room on the right of the board"
