"""The app asks each game's UI for its screens: the window is titled after the game being
played, and after either tutorial's end a real game against an easy bot is one click away."""

from __future__ import annotations

import pygame

from buttons_game.games.buttons import tutorial as steps
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.kopf.lessons import LESSONS
from buttons_game.names import bot_name

from .conftest import click_widget, run_until, step


def caption() -> str:
    return pygame.display.get_caption()[0]


def test_the_window_is_titled_after_the_game_being_played(make_app):
    app = make_app()
    app.show_menu()
    assert caption() == "Buttons Game"
    app.start_game(Game.new((Seat("Ada"), Seat("Bea")), seed=2))
    assert caption() == "BUTTONS"
    app.show_settings()  # over the game: still the game's window
    assert caption() == "BUTTONS"
    app.start_game(KopfGame.new((Seat("Ada"), Seat("Bea"))))
    assert caption() == "Kopf oder Knopf"
    app.show_load()
    assert caption() == "Buttons Game"


def test_after_the_kopf_lessons_a_game_against_an_easy_bot_is_one_click_away(make_app):
    app = make_app()
    app.remember_seats([{"name": "Ada", "kind": "human"}, {"name": "Bot 2", "kind": "easy"}])
    app.show_tutorial("kopf", len(LESSONS) - 1)
    screen = app.top
    assert screen.practice is None, "not before the last lesson is solved"
    screen.session.show_me()
    run_until(app, lambda: screen.model.passed and not screen.model.showing, frames=2000)
    step(app, 2)
    click_widget(app, screen.practice)
    game = app.current_game
    assert game.kind == "kopf" and [s.name for s in game.seats] == ["Ada", bot_name(1)]
    assert [s.bot for s in game.seats] == [None, "easy"] and caption() == "Kopf oder Knopf"


def test_after_the_buttons_tutorial_a_game_against_an_easy_bot_is_one_click_away(make_app):
    app = make_app(show_me=True)
    app.show_tutorial("buttons", len(steps.STEPS) - 1)

    def done() -> bool:
        return getattr(app.top, "practice", None) is not None  # it plays itself to the end

    run_until(app, done, frames=4000)
    click_widget(app, app.top.practice)
    game = app.current_game
    assert game.kind == "buttons" and len(game.state.history()) == 0
    assert [s.bot for s in game.seats] == [None, "easy"] and caption() == "BUTTONS"
