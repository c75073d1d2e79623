"""A double-clicked app given a save it cannot open: the window opens on the main menu and
says what could not be opened, in the player's language."""

from __future__ import annotations

from buttons_game.i18n import t
from buttons_game.ui.launch import start
from buttons_game.ui.screens.menu import MainMenu

from .conftest import step

PROBLEM = "cannot load the game: Sunday.json: no such file"


def test_the_window_says_what_the_command_line_could_not_open(make_app):
    app = make_app(window=(1280, 720), problem=PROBLEM)
    assert start(app) is False, "the main menu comes first"
    app.push(MainMenu(app))
    step(app, 2)
    said = t("errors.not_opened", error=PROBLEM)
    assert PROBLEM in said and said != PROBLEM
    assert [(n.text, n.tone) for n in app.notices] == [(said, "bad")]


def test_without_a_problem_nothing_is_said(make_app):
    app = make_app(window=(1280, 720))
    assert start(app) is False
    assert app.notices == []
