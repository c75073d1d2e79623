"""Kopf oder Knopf's look: the printed board in its frame and the see-through buttons."""

from __future__ import annotations

import math

import pygame
import pytest

from buttons_game.games.kopf.engine import BOARD
from buttons_game.ui import art
from buttons_game.ui.games.kopf import sprites
from buttons_game.ui.games.kopf.view import KopfLayout, static_board

GRID = tuple(tuple(row) for row in BOARD)


def grey(c: pygame.Color) -> float:
    return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b


@pytest.fixture
def display(make_app):
    return make_app(window=(960, 600))


@pytest.mark.parametrize("size", [9, 22, 45, 81])
def test_pieces_are_as_large_as_asked_lifted_or_not(display, size):
    for player in (0, 1):
        for lifted in (False, True):
            assert sprites.piece(size, player, lifted=lifted).get_size() == (size, size)
        assert sprites.piece(size, player, faded=True).get_size() == (size, size)


def on_board(cell: int, player: int, row: int, col: int) -> tuple[pygame.Surface, pygame.Rect]:
    """The board with one piece of ``player`` on (``row``, ``col``), counted from 0."""
    label = 22
    board = static_board(GRID, cell, label).copy()
    square = pygame.Rect(label + col * cell, label + row * cell, cell, cell)
    piece = sprites.piece(int(cell * 0.9), player)
    board.blit(piece, piece.get_rect(center=square.center))
    return board, square


def test_the_holes_show_through_a_piece(display):
    one = next((r, c) for r in range(10) for c in range(10) if GRID[r][c] == 1)
    cell = 80
    for player in (0, 1):
        board, square = on_board(cell, player, *one)
        hole = board.get_at(square.center)  # a one-hole square: its hole in the middle
        body = board.get_at((square.centerx, square.centery + int(cell * 0.2)))
        assert grey(hole) + 40 < grey(body), "the hole under the piece is seen, darker"
        bare = static_board(GRID, cell, 22).get_at((square.centerx, square.centery + cell // 5))
        assert body != bare, "the piece tints the board under it"


def rim_greys(player: int, size: int = 120) -> list[float]:
    image = pygame.Surface((size, size))
    image.fill((233, 220, 192))
    image.blit(sprites.piece(size, player), (0, 0))
    c = size / 2
    r = size * (sprites.BODY - 0.0525)  # along the rim, beside its light inner edge
    steps = 240  # the lower half: the gloss lies over the upper left
    return [
        grey(image.get_at((round(c + r * math.cos(math.pi * k / steps)),
                           round(c + r * math.sin(math.pi * k / steps)))))
        for k in range(steps)
    ]  # fmt: skip


def spread(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def test_red_and_blue_differ_by_their_rims_in_grey(display):
    solid, beads = spread(rim_greys(0)), spread(rim_greys(1))
    assert solid < 6, "red's rim is one even band"
    assert beads > 3 * solid and beads > 15, "blue's rim is beads: light and dark in turn"


def test_a_lifted_piece_casts_a_larger_shadow(display):
    def shadow(lifted: bool) -> int:
        image = sprites.piece(90, 1, lifted=lifted)
        reach = 90 * sprites.BODY
        count = 0
        for x in range(90):
            for y in range(90):
                far = math.hypot(x - 45, y - 45) > reach + 1
                if far and image.get_at((x, y)).a > 12:
                    count += 1
        return count

    assert shadow(True) > 1.5 * shadow(False) > 0


def test_the_board_is_framed_all_round_with_its_thickness_and_shadow(display):
    layout = KopfLayout.compute((1280, 720), 1.0)
    framed = layout.framed_board()
    assert framed.width == layout.board.width + 2 * layout.label
    assert framed.height == layout.board.height + 2 * layout.label
    assert framed.right <= layout.panel.left and framed.bottom <= 720
    cell, label = layout.cell, layout.label
    image = static_board(GRID, cell, label)
    assert image.get_size() == framed.size
    frame = art.colour("kopf_frame")
    middle = label + 5 * cell
    assert image.get_at((middle, label + 10 * cell + 3))[:3] == frame[:3], "frame below"
    assert image.get_at((label + 10 * cell + 3, middle))[:3] == frame[:3], "frame at right"
    edge = [image.get_at((middle, y)) for y in range(label + 10 * cell, image.get_height())]
    lip = [c for c in edge if c.a == 255 and grey(c) < grey(frame) - 10]
    assert lip, "the board's thickness: a darker lip along its lower edge"
    assert 0 < edge[-2].a < 255 or 0 < edge[-3].a < 255, "its soft shadow on the table"
