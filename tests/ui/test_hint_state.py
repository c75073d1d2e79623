"""Hint is greyed and H says why whenever there is nothing to hint: the round over and its
scoring still to show, or the game over (both games)."""

from __future__ import annotations

import random

import pygame

from buttons_game.games.buttons.engine import OPT_OUT, ROLL, Dice, Place, new_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui.games.buttons import intents as do
from buttons_game.ui.games.buttons.screen import TableScreen
from buttons_game.ui.games.kopf.screen import KopfScreen

from .conftest import play, press, step

CARDS = (("red", "yellow"), ("green", "blue"))


def passing_key(screen) -> str | None:
    message = screen.session.model.passing
    return None if message is None else message.key


def test_buttons_hint_is_off_once_the_round_is_over_until_its_scoring_shows(make_app):
    app = make_app(fast=False)
    game = Game((Seat("Anna"), Seat("Ben")), new_game(2, layouts=("1A", "2B"), cards=CARDS, seed=5))
    app.start_game(game)
    step(app, 2)
    screen = app.top
    assert isinstance(screen, TableScreen)
    session = screen.session
    for action in (ROLL, Dice(1, 1, (2, 1, 1, 1)), Place(0, 1, 1), Place(1, 1, 1), OPT_OUT):
        play(session, action)
    step(app, 2)
    assert screen.hint.is_enabled, "Anna decides: a hint is there for her"
    play(session, OPT_OUT)  # Anna too: the round is over, its scoring comes next
    assert session.model.summary_due is not None
    assert session.model.hint_seat() is None
    screen.refresh_widgets()  # as each frame does, before the scoring is shown
    assert not screen.hint.is_enabled, "nothing to hint while the round's scoring comes"
    session.perform(do.Hint())  # H, or a click on Hint, at that moment
    assert session.model.hint is None and not session.model.hint_waiting
    assert passing_key(screen) == "game.no_hint_round_over"


def test_kopf_hint_is_off_when_the_game_is_over(make_app):
    app = make_app(fast=False)
    rng = random.Random(4)
    game = KopfGame.new((Seat("Anna"), Seat("Ben")))
    while True:
        action = rng.choice(game.state.legal_actions())
        if game.state.apply(action).is_over():
            break
        game = game.apply(action)
    app.start_game(game)
    step(app, 2)
    screen = app.top
    assert isinstance(screen, KopfScreen) and screen.hint.is_enabled
    play(screen.session, action)  # the last move: the game is over, its end shows a moment
    step(app)
    assert isinstance(screen, KopfScreen), "the last position shows before the game's end"
    assert not screen.hint.is_enabled
    press(app, pygame.K_h)
    assert screen.session.model.hint is None
    assert passing_key(screen) == "game.no_hint_game_over"
