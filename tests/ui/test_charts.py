"""The charts: round ticks, every seat's line visible even where seats are equal, the dice
chart's counts clear of its expected line, and Kopf oder Knopf's final board labelled."""

from __future__ import annotations

import random

import pygame
import pytest

from buttons_game.games.buttons.engine import random_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.stats import DieFairness
from buttons_game.ui import art
from buttons_game.ui.charts import nice_step, spread, ticks
from buttons_game.ui.games.buttons.game_over import GameOverScreen
from buttons_game.ui.games.kopf import sprites
from buttons_game.ui.games.kopf.game_over import KopfOverScreen
from buttons_game.ui.scenes import seats
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.stats_view import die_chart, panel_parts

from ..soak import quick_twins
from .conftest import step


def is_round(step: int) -> bool:
    """1, 2 or 5 times a power of ten."""
    while step % 10 == 0:
        step //= 10
    return step in (1, 2, 5)


def test_steps_are_one_two_or_five_times_a_power_of_ten():
    assert ticks(12, 8) == [0, 2, 4, 6, 8, 10, 12]
    assert ticks(10, 6) == [0, 2, 4, 6, 8, 10]
    assert nice_step(60, 6) == 10 and nice_step(58, 8) == 10 and nice_step(73, 10) == 10
    assert nice_step(3, 8) == 1 and nice_step(0, 8) == 1
    for span in range(1, 600):
        for most in range(2, 13):
            step_ = nice_step(span, most)
            assert is_round(step_) and span / step_ <= most, (span, most, step_)
            values = ticks(span, most)
            assert values[0] == 0 and values[-1] >= span and len(values) <= most + 1


def test_equal_seats_are_spread_apart_and_others_stay_on_their_values():
    offsets = spread([[0, 1, 2, 5], [0, 1, 3, 5], [0, 4, 3, 1]], gap=4)
    assert len({offsets[p][0] for p in range(3)}) == 3, "three equal values, three heights"
    assert offsets[0][1] != offsets[1][1] and offsets[2][1] == 0
    assert offsets[0][2] == 0 and offsets[1][2] != offsets[2][2]
    assert offsets[0][3] == -offsets[1][3] and offsets[2][3] == 0


def finished_kopf(seed: int = 1) -> KopfGame:
    rng = random.Random(seed)
    game = KopfGame.new((Seat("Anna"), Seat("Ben", "easy")), target=4)
    while not game.state.is_over():
        game = game.apply(rng.choice(game.state.legal_actions()))
    return game


def colour_pixels(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    """How many pixels in ``rect`` are ``colour`` (a palette name), give or take a little."""
    target = art.colour(colour)
    area = surface.subsurface(rect)
    return pygame.mask.from_threshold(area, target, (12, 12, 12, 255)).count()


@pytest.mark.parametrize("window", [(960, 600), (1920, 1080)])
def test_two_seats_with_equal_scores_both_show(make_app, window):
    app = make_app(window=window)
    app.push(MainMenu(app))
    screen = KopfOverScreen(app, finished_kopf())
    screen.series = [(min(i // 3, 4), min(i // 3, 4)) for i in range(20)]  # always level
    app.push(screen)
    step(app, 2)
    plot = screen.chart.inflate(-screen.px(70), -screen.px(60)).move(screen.px(14), 0)
    first, second = (colour_pixels(app.surface, plot, c) for c in sprites.PLAYER_COLOURS)
    assert first > plot.width // 2 and second > plot.width // 2, (first, second)


@pytest.mark.parametrize(  # the smallest window quick, the others slow
    "window", quick_twins([(960, 600), (1366, 768), (1920, 1080)], (960, 600))
)
def test_the_game_over_charts_tick_at_round_values(make_app, window):
    app = make_app(window=window)
    app.push(MainMenu(app))
    buttons = Game(seats(4, 4), random_game(4, random.Random(3), seed=3))
    for screen in (GameOverScreen(app, buttons), KopfOverScreen(app, finished_kopf(2))):
        app.push(screen)
        step(app, 2)
        frame = screen.chart_frame
        assert frame is not None
        for values in (frame.y_ticks, frame.x_ticks):
            assert values[0] == 0 and len(values) >= 3, values
            assert {b - a for a, b in zip(values, values[1:])} == {values[1]}, values
            assert is_round(values[1]), values
        assert frame.y_ticks[-1] == frame.top
        app.pop()


def test_kopf_oder_knopfs_final_board_has_its_letters_and_numbers(make_app):
    app = make_app(window=(960, 600))
    app.push(MainMenu(app))
    screen = KopfOverScreen(app, finished_kopf())
    app.push(screen)
    step(app, 2)
    board, label = screen.board, screen.label
    assert label >= 12 and board.left - label >= 0 and board.top - label >= screen.px(96)
    strip = pygame.Rect(board.left, board.top - label, board.width, label)
    column = pygame.Rect(board.left - label, board.top, label, board.height)
    assert colour_pixels(app.surface, strip, "kopf_frame_text") > 20, "a to j over the columns"
    assert colour_pixels(app.surface, column, "kopf_frame_text") > 20, "1 to 10 down the rows"


@pytest.mark.parametrize("scale", [0.75, 1.0, 1.5])
def test_the_dice_counts_never_cross_the_expected_line(make_app, scale):
    make_app(window=(1280, 720))
    rng = random.Random(4)
    panel = pygame.Rect(0, 0, int(300 * scale), int(330 * scale))
    chart = panel_parts(panel, scale).chart
    crossed = 0
    for _ in range(300):
        n = rng.choice((6, 30, 120, 391, 1450))
        counts = [0] * 6
        for _ in range(n):
            counts[rng.randrange(6)] += 1
        drawn = die_chart(chart, DieFairness(tuple(counts)), scale)
        assert drawn.line is not None
        for bar, label in zip(drawn.bars, drawn.labels):
            assert not label.colliderect(drawn.line), (counts, label, drawn.line)
            assert label.top >= chart.top - 1, "the count stays inside the chart"
            assert label.centerx == bar.centerx
            crossed += label.bottom < bar.top - scale * 4  # lifted over the line
    assert crossed, "some counts had to be lifted over the line"
