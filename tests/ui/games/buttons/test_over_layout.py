"""The BUTTONS game-over screen fills the window: the final boards as large as the room
the headline, the chart, the coach's summary and the buttons leave (in a column at the
right or in a strip under the boards), each board in the middle of its seat's room, no
empty band around them, nothing overlapping."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from buttons_game.games.buttons.engine import random_game
from buttons_game.games.buttons.game import Game
from buttons_game.ui.charts import legend_height
from buttons_game.ui.games.buttons.game_over import GameOverScreen, final_boards
from buttons_game.ui.scenes import seats
from buttons_game.ui.theme import ui_scale

from ....soak import quick_twins
from ...conftest import step
from .test_layout import EVERY_SIZE, check_boards

FILLED = ((1280, 720), (1920, 1080))
# The final boards' cells before the game-over screen could put its column below them:
# the boards may only grow.
BEFORE = {
    (960, 600): (44, 28, 25),
    (1024, 768): (47, 30, 30),
    (1280, 720): (59, 37, 34),
    (1366, 768): (64, 41, 38),
    (1600, 900): (74, 47, 43),
    (1920, 1080): (89, 57, 52),
    (1280, 800): (59, 37, 34),
    (1440, 900): (67, 43, 40),
    (2560, 1080): (100, 89, 65),
    (2560, 1440): (119, 76, 69),
    (3440, 1440): (136, 121, 88),
    (3840, 2160): (179, 115, 105),
}


def headline_bottom(size: tuple[int, int]) -> int:
    return int(round(128 * ui_scale(size)))


@pytest.mark.parametrize("size", FILLED)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_final_boards_leave_no_empty_band(size, players):
    w, h = size
    arrangement = final_boards(size, players, ui_scale(size))
    area, side = arrangement.board_area, arrangement.side
    if arrangement.below:  # the headline in the strip: the boards from the window's top
        top, floor, right = 0, side.top, w
        assert h - side.bottom <= 0.05 * h, "no band under the strip"
        assert side.width >= 0.97 * w, "the strip is the window's width"
    else:
        top, floor, right = headline_bottom(size), h, side.left
    assert area.top - top <= 0.05 * h, ("above", size, players, area, top)
    assert floor - area.bottom <= 0.05 * h, ("below", size, players, area, floor)
    assert area.left <= 0.05 * w, ("left", size, players, area)
    assert right - area.right <= 0.05 * w, ("right", size, players, area, right)
    headline = pygame.Rect(0, 0, w, 0 if arrangement.below else headline_bottom(size))
    check_boards(arrangement.boards, size, [side, headline])


@pytest.mark.parametrize("size", EVERY_SIZE)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_final_boards_are_at_least_as_large_as_before(size, players):
    arrangement = final_boards(size, players, ui_scale(size))
    assert arrangement.boards[0].cell >= BEFORE[size][players - 2], (size, players)
    assert len({g.cell for g in arrangement.boards}) == 1, "every board the same size"


def test_three_players_at_16_9_have_the_strip_and_two_or_four_a_full_column():
    """Three boards in a row under which the strip stands; two and four beside the column."""
    for size in FILLED:
        scale = ui_scale(size)
        assert final_boards(size, 3, scale).below
        assert not final_boards(size, 2, scale).below


@pytest.mark.parametrize(
    "size",
    [FILLED[0], pytest.param(FILLED[1], marks=pytest.mark.slow)],  # the app: ~1 s each
)
@pytest.mark.parametrize("players", quick_twins((2, 3, 4), 4))  # the fullest table quick
def test_the_game_over_screen_s_parts_stand_apart_in_the_window(make_app, size, players):
    """The headline, the chart with its title and legend, the coach's summary and New game,
    Replay and Main menu: inside the window, clear of the boards and of each other; in the
    column, the buttons at its foot."""
    app = make_app(window=size)
    app.settings.coach = "always"  # every person's summary: the most the screen must hold
    app.show_game_over(Game(seats(players, players), random_game(players, random.Random(3))))
    step(app, 3)  # the coach may still be at work: its room is laid out already
    screen = app.top
    assert isinstance(screen, GameOverScreen)
    window = pygame.Rect((0, 0), size)
    side = screen.arrangement.side
    chart = screen.chart.inflate(0, 0)
    chart.top -= screen.px(26)  # its title
    chart.height += legend_height(players, screen.scale)
    buttons = [screen.new_game.rect, screen.replay.rect, screen.menu.rect]
    parts = [chart, screen.coach_area, *buttons]
    headline = getattr(screen, "headline_box", None)  # in the strip; else across the top
    if headline is not None:
        parts.append(headline)
    for rect in parts:
        assert window.contains(rect) and side.contains(rect), (rect, side)
        for g in screen.geometry:
            assert not rect.colliderect(g.panel), (rect, g.seat)
    for a, b in itertools.combinations(parts, 2):
        assert not a.colliderect(b), (a, b)
    if not screen.arrangement.below:
        foot = max(b.bottom for b in buttons)
        assert side.bottom - foot <= 0.05 * size[1], "the buttons at the column's foot"
