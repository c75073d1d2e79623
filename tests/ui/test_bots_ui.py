"""Bots in the window: a worker thread, a thinking note, and hints for people."""

from __future__ import annotations

import threading
import time

import pygame

from buttons_game.engine import Phase, Place, PlaceStar
from buttons_game.game import Game, Seat
from buttons_game.i18n import t

from .conftest import click, press, step


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
    screen = app.top
    slow = SlowBot(screen.bots[0])
    screen.bots[0] = slow
    step(app, 2, dt=0.1)
    assert slow.asked.wait(5)
    frames = app.frames
    step(app, 5, dt=0.1)  # the loop runs on while the bot thinks
    assert app.frames > frames
    assert screen.prompt()[0] == t("game.thinking", name="Bot")
    slow.release.set()
    wait_for(app, lambda: len(screen.game.state.history()) > 0)


def test_hint_shows_the_bust_chance_and_a_legal_advice(make_app):
    app = make_app()
    app.start_game(Game.new((Seat("Ann"), Seat("Ben")), seed=6))
    step(app, 2)
    screen = app.top
    assert screen.hint_button.is_enabled
    press(app, pygame.K_h)
    wait_for(app, lambda: screen.hint is not None)
    lines = screen.hint_lines()
    assert lines[0] == t("hint.roll"), "with no button yet, rolling is the only choice"
    assert t("hint.bust", percent="0.0") in lines
    # after a roll the advice is a legal space, marked on the board, and clicking it places
    press(app, pygame.K_r)
    state = screen.game.state
    assert state.phase is Phase.PLACING and screen.hint is None, "a new state clears the hint"
    press(app, pygame.K_h)
    wait_for(app, lambda: screen.hint is not None)
    advice = screen.hint.action
    assert isinstance(advice, Place) and advice in state.legal_actions(advice.player)
    assert screen.marks().advice == (advice.player, advice.row, advice.col)
    click(app, screen.geometry[advice.player].cell_rect(advice.row, advice.col).center)
    assert (advice.row, advice.col) in screen.game.state.buttons(advice.player)


def test_hint_for_star_placement(make_app):
    from buttons_game.ui.scenes import mid_game

    app = make_app()
    app.start_game(mid_game(2, humans=2, phase=Phase.STARS))
    step(app, 2)
    screen = app.top
    press(app, pygame.K_h)
    wait_for(app, lambda: screen.hint is not None)
    assert isinstance(screen.hint.action, PlaceStar)
    assert screen.hint.action in screen.game.state.legal_actions(screen.hint.action.player)
