"""Kopf oder Knopf's game-over screen: the chart reaches down so that New game, Replay and
Main menu end level with the board; nothing floats in a half-empty column."""

from __future__ import annotations

import random
from functools import cache

import pygame
import pytest

from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui.games.kopf.game_over import KopfOverScreen

from ...conftest import step


@cache
def finished() -> KopfGame:
    rng = random.Random(1)
    game = KopfGame.new((Seat("Anna"), Seat("Ben", "hard")))
    while not game.state.is_over():
        game = game.apply(rng.choice(game.state.legal_actions()))
    return game


@pytest.mark.parametrize("size", ((1280, 720), (1920, 1080)))
def test_the_buttons_end_level_with_the_board(make_app, size):
    app = make_app(window=size)
    app.show_game_over(finished())
    step(app, 2)
    screen = app.top
    assert isinstance(screen, KopfOverScreen)
    buttons = [screen.new_game.rect, screen.replay.rect, screen.menu.rect]
    foot = max(b.bottom for b in buttons)
    assert abs(screen.board.bottom - foot) <= 0.05 * size[1], (screen.board, foot)
    window = pygame.Rect((0, 0), size)
    for rect in (screen.chart, *buttons):
        assert window.contains(rect) and rect.left > screen.board.right
    assert min(b.top for b in buttons) > screen.chart.bottom, "the buttons under the chart"
