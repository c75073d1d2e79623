"""Kopf oder Knopf (Manfred Ludwig, FX Schmid 1992): the engine's public names, the game
at a table (``KopfGame``), and the kind the app registers. Bots are in ``.bots``.

    from buttons_game.games.kopf import new_game
    state = new_game()
    state = state.apply(state.legal_actions()[0])

It depends on ``buttons_game.core`` only, never on another game, and never imports
pygame.
"""

from __future__ import annotations

from buttons_game.core.kind import register

from .engine import *  # noqa: F403  (the engine's public names are the game's)
from .engine import __all__ as _engine_names
from .game import KopfGame
from .kind import KIND

register(KIND)

__all__ = [*_engine_names, "KIND", "KopfGame"]
