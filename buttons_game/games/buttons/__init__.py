"""BUTTONS (Benjamin Schwer, Noris Spiele 2015): the engine's public names, the game at a
table (``Game``), and the kind the app registers. Bots are in ``.bots``.

    from buttons_game.games.buttons import new_game, Roll
    state = new_game(2, seed=1).apply(Roll())

It depends on ``buttons_game.core`` only, never on another game, and never imports
pygame.
"""

from __future__ import annotations

from buttons_game.core.kind import register

from .engine import *  # noqa: F403  (the engine's public names are the game's)
from .engine import __all__ as _engine_names
from .game import Game, Seat
from .kind import KIND

register(KIND)

__all__ = [*_engine_names, "KIND", "Game", "Seat"]
