"""The whole game with the keyboard alone: menus, set-up, play, scoring, game over.

After every key press, the frame the loop leaves on screen when it goes idle must
equal a fresh redraw of the same state: no widget may wait for the mouse to move.
"""

from __future__ import annotations

import pygame
import pytest

from buttons_game.games.buttons.engine import OPT_OUT, Phase
from buttons_game.ui.games.buttons.game_over import GameOverScreen
from buttons_game.ui.games.buttons.screen import StarsScreen, TableScreen
from buttons_game.ui.games.buttons.setup import SetupScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.screens.menu import MainMenu

from ...conftest import frame_is_fresh, settle


def key(app, code: int) -> None:
    """A key press, then the loop left to run until it would sleep."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    settle(app)


def tab_to(app, widget, limit: int = 30) -> None:
    for _ in range(limit):
        if app.top.focus is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {widget}")


def walk_cursor_to(app, screen, seat: int, row: int, col: int) -> None:
    model = screen.session.model
    if model.cursor is None or model.cursor[0] != seat:
        key(app, pygame.K_RETURN)  # the first Enter puts the cursor on the board
    for _ in range(12):
        _, r, c = model.cursor
        if (r, c) == (row, col):
            return
        if r != row:
            key(app, pygame.K_DOWN if row > r else pygame.K_UP)
        else:
            key(app, pygame.K_RIGHT if col > c else pygame.K_LEFT)
    raise AssertionError("the cursor did not get there")


@pytest.mark.slow
def test_a_whole_game_with_the_keyboard_alone_and_no_stale_frame(make_app):
    app = make_app(seed=21)
    app.push(MainMenu(app))
    settle(app)
    tab_to(app, app.top.new_game)
    key(app, pygame.K_RETURN)
    tab_to(app, app.top.choose[0])  # BUTTONS
    key(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScreen)
    kind = setup.rows[1]["kind"]
    tab_to(app, kind)
    for _ in range(3):  # Left three times: medium, easy, random, Human
        key(app, pygame.K_LEFT)
    assert setup.choices[1].kind == "human", setup.choices[1].kind
    tab_to(app, setup.start)
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScreen) and all(s.is_human for s in table.session.game.seats)
    session = table.session
    checked = stale = 0
    seen: set[str] = set()
    for _ in range(4000):
        top = app.top
        if isinstance(top, GameOverScreen):
            break
        state = session.state
        if isinstance(top, SummaryScreen):
            seen.add("summary")
            key(app, pygame.K_RETURN)
        elif state.phase is Phase.TURN:
            a = state.active_player
            if OPT_OUT in state.legal_actions() and state.button_mask(a).bit_count() >= 4:
                key(app, pygame.K_o)
                seen.add("opt out")
            else:
                key(app, pygame.K_r)
                seen.add("roll")
        elif state.phase is Phase.PLACING and session.model.acting_seat() is None:
            key(app, pygame.K_s)  # only gold decisions of others remain
        elif state.phase is Phase.PLACING and session.model.acting_seat() != state.active_player:
            key(app, pygame.K_s)
        else:
            p = session.model.acting_seat()
            target = state.legal_actions(p)[0]
            walk_cursor_to(app, top, p, target.row, target.col)
            before = session.state
            key(app, pygame.K_RETURN)
            assert session.state is not before, "Enter at the cursor made the move"
            seen.add("star" if isinstance(top, StarsScreen) else "place")
        if not isinstance(app.top, GameOverScreen):
            checked += 1
            stale += not frame_is_fresh(app)
    assert isinstance(app.top, GameOverScreen)
    assert seen >= {"roll", "place", "opt out", "summary", "star"}, seen
    assert checked > 100 and stale == 0, f"{stale} of {checked} frames were stale"
    tab_to(app, app.top.menu)
    key(app, pygame.K_SPACE)
    assert isinstance(app.top, MainMenu)


def test_focus_is_visible(make_app):
    app = make_app()
    app.push(MainMenu(app))
    settle(app)
    key(app, pygame.K_TAB)
    focus = app.top.focus
    assert focus is app.top.new_game
    ring = focus.rect.inflate(8, 8)
    # the focus ring is drawn in the accent colour just outside the button
    colour = app.surface.get_at((ring.centerx, ring.top + 1))
    assert colour[:3] != app.background[:3]
