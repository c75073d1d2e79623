"""The whole game with the keyboard alone: menus, set-up, play, scoring, game over."""

from __future__ import annotations

import pygame

from buttons_game.engine import OPT_OUT, Phase
from buttons_game.ui.screens.game_over import GameOverScreen
from buttons_game.ui.screens.game_screen import GameScreen
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.setup import SetupScreen

from .conftest import press, step


def tab_to(app, widget, limit: int = 30) -> None:
    for _ in range(limit):
        if app.top.focus is widget:
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {widget}")


def walk_cursor_to(app, screen: GameScreen, seat: int, row: int, col: int) -> None:
    if screen.cursor is None or screen.cursor[0] != seat:
        press(app, pygame.K_RETURN)  # the first Enter puts the cursor on the board
    for _ in range(12):
        _, r, c = screen.cursor
        if (r, c) == (row, col):
            return
        if r != row:
            press(app, pygame.K_DOWN if row > r else pygame.K_UP)
        else:
            press(app, pygame.K_RIGHT if col > c else pygame.K_LEFT)
    raise AssertionError("the cursor did not get there")


def test_a_whole_game_with_the_keyboard_alone(make_app):
    app = make_app(seed=21)
    app.push(MainMenu(app))
    step(app, 2)
    tab_to(app, app.top.new_game)
    press(app, pygame.K_RETURN)
    step(app)
    setup = app.top
    assert isinstance(setup, SetupScreen)
    kind = setup.rows[1]["kind"]
    tab_to(app, kind)
    for _ in range(3):  # Left three times: medium, easy, random, Human
        press(app, pygame.K_LEFT)
        step(app)
    assert setup.choices[1].kind == "human", setup.choices[1].kind
    tab_to(app, setup.start)
    press(app, pygame.K_RETURN)
    step(app)
    screen = app.top
    assert isinstance(screen, GameScreen) and all(s.is_human for s in screen.game.seats)
    for _ in range(4000):
        if isinstance(app.top, GameOverScreen):
            break
        state = screen.game.state
        if screen.summary is not None:
            press(app, pygame.K_RETURN)
            continue
        if state.is_over():
            step(app, 2)
            continue
        if state.phase is Phase.TURN:
            a = state.active_player
            if OPT_OUT in state.legal_actions() and state.button_mask(a).bit_count() >= 4:
                press(app, pygame.K_o)
            else:
                press(app, pygame.K_r)
            continue
        p = screen.acting_seat()
        if state.phase is Phase.PLACING and p is None:
            press(app, pygame.K_s)  # only the gold decisions of others remain
            continue
        if state.phase is Phase.PLACING and p != state.active_player:
            press(app, pygame.K_s)
            continue
        target = state.legal_actions(p)[0]
        walk_cursor_to(app, screen, p, target.row, target.col)
        before = screen.game.state
        press(app, pygame.K_RETURN)
        assert screen.game.state is not before, "Enter at the cursor made the move"
    assert isinstance(app.top, GameOverScreen)
    step(app, 2)
    tab_to(app, app.top.menu)
    press(app, pygame.K_SPACE)
    step(app)
    assert isinstance(app.top, MainMenu)


def test_focus_is_visible(make_app):
    app = make_app()
    app.push(MainMenu(app))
    step(app, 2)
    press(app, pygame.K_TAB)
    focus = app.top.focus
    assert focus is app.top.new_game
    ring = focus.rect.inflate(8, 8)
    # the focus ring is drawn in the accent colour just outside the button
    colour = app.surface.get_at((ring.centerx, ring.top + 1))
    assert colour[:3] != app.background[:3]
