"""Starting the app from the command line: what the options ask for first (a game from
``--seats``, ``--load``, ``--replay`` or ``--tutorial``), else the main menu."""

from __future__ import annotations

import os

import pygame

from buttons_game.i18n import t

from .app import App
from .headless import AppOptions, new_game_from_options
from .screens.menu import MainMenu


def start(app: App) -> bool:
    """Open what the options ask for first; False: nothing, the main menu comes first."""
    options = app.options
    if options.problem:  # no terminal to read it in: the window says it
        app.notify(t("errors.not_opened", error=options.problem), "bad")
    if options.load is not None:
        app.open_game(options.load)
    elif options.replay is not None:
        app.show_menu()  # what Back and Esc return to
        app.show_replay(options.replay, options.replay_network)
    elif options.tutorial:
        app.show_tutorial(options.tutorial)
    elif options.seats:
        app.start_game(new_game_from_options(options))
    else:
        return False
    return True


def run_app(options: AppOptions) -> int:
    """The app from the command line: what the options ask for, else the main menu."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app = App(options)
    try:
        started = start(app)  # a game, a tutorial or a replay straight from the command line
        if app.settings.speech is None and not started:
            app.first_start.begin()  # the first start at the main menu: a screen reader?
        return app.run(None if started else MainMenu(app))
    finally:
        pygame.quit()
