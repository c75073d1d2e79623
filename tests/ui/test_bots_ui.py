"""Bots in the window: a worker thread, a thinking note, and hints for people."""

from __future__ import annotations

import threading
import time

import pygame

from buttons_game.engine import Phase, Place, PlaceStar
from buttons_game.game import Game, Seat
from buttons_game.i18n import t
from buttons_game.ui.screens.summary import SummaryScreen
from buttons_game.ui.screens.table_screen import StarsScreen
from buttons_game.ui.table.view import hint_lines, prompt

from .conftest import cell_centre, click, press, step


def wait_for(app, condition, limit: float = 20.0) -> None:
    """Step the app (real frames) until ``condition()`` holds."""
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, "timed out waiting for the app"
        step(app)


class SlowBot:
    """Holds its decision until the test releases it."""

    level = "medium"

    def __init__(self, inner) -> None:
        self.inner = inner
        self.release = threading.Event()
        self.asked = threading.Event()

    def choose(self, state, player=None):
        self.asked.set()
        assert self.release.wait(30)
        return self.inner.choose(state, player)


def test_a_slow_bot_never_freezes_the_window_and_shows_it_is_thinking(make_app):
    app = make_app(fast=False)
    game = Game.new(
        (Seat("Bot", "medium"), Seat("Ann")), seed=4, cards=(("red", "yellow"), ("green", "blue"))
    )
    app.start_game(game)
    session = app.top.session
    slow = SlowBot(session.bots[0])
    session.bots[0] = slow
    step(app, 2, dt=0.1)
    assert slow.asked.wait(5)
    frames = app.frames
    step(app, 5, dt=0.1)  # the loop runs on while the bot thinks
    assert app.frames > frames
    assert prompt(session.model)[0] == t("game.thinking", name="Bot")
    slow.release.set()
    wait_for(app, lambda: len(session.state.history()) > 0)


def test_hint_shows_the_bust_chance_and_a_legal_advice(make_app):
    app = make_app()
    app.start_game(Game.new((Seat("Ann"), Seat("Ben")), seed=6))
    step(app, 2)
    screen = app.top
    model = screen.session.model
    assert screen.hint.is_enabled
    press(app, pygame.K_h)
    wait_for(app, lambda: model.hint is not None)
    lines = hint_lines(model)
    assert lines[0] == t("hint.roll"), "with no button yet, rolling is the only choice"
    assert t("hint.bust", percent="0.0") in lines
    # after a roll the advice is a legal space, marked on the board, and clicking it places
    press(app, pygame.K_r)
    state = model.state
    assert state.phase is Phase.PLACING and model.hint is None, "a new state clears the hint"
    press(app, pygame.K_h)
    wait_for(app, lambda: model.hint is not None)
    advice = model.hint.action
    assert isinstance(advice, Place) and advice in state.legal_actions(advice.player)
    assert model.marks().advice == (advice.player, advice.row, advice.col)
    click(app, cell_centre(screen, advice.player, advice.row, advice.col))
    assert (advice.row, advice.col) in model.state.buttons(advice.player)


def test_hint_for_star_placement(make_app):
    from buttons_game.ui.scenes import mid_game

    app = make_app()
    app.start_game(mid_game(2, humans=2, phase=Phase.STARS))
    step(app, 2)
    assert isinstance(app.top, SummaryScreen), "a game resumed at its scoring shows it again"
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, StarsScreen)
    model = app.top.session.model
    press(app, pygame.K_h)
    wait_for(app, lambda: model.hint is not None)
    assert isinstance(model.hint.action, PlaceStar)
    assert model.hint.action in model.state.legal_actions(model.hint.action.player)


def test_a_hint_asked_while_one_for_an_older_state_is_still_thinking_is_not_lost():
    from buttons_game.ui.table.thinking import HintDesk

    release = threading.Event()

    def advise(state, seat):
        if state == "old":
            assert release.wait(10)
        return f"advice for {state}"

    desk = HintDesk(advise)
    desk.ask("old", 0)
    desk.ask("new", 0)  # the game moved on while the old question is open
    release.set()
    end = time.monotonic() + 10
    while True:
        done, advice = desk.collect("new")
        if done:
            break
        assert time.monotonic() < end
        time.sleep(0.01)
    assert advice == "advice for new"
    desk.close()
