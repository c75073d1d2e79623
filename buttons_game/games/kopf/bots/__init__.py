"""Kopf oder Knopf bots: players that receive a state and return an action, like a human seat.

    bot = make_bot("hard", seed=1)
    action = bot.choose(state)   # the player to move's decision (a Move, Remove or Pass)

Bots use only the engine (never pygame); each owns its ``random.Random``, so the
same seed gives the same play. Levels, each clearly stronger than the one before:
``random`` (uniform legal actions), ``easy`` (one move ahead: what the opponent
strikes back, what the move threatens), ``medium`` (two plies of alpha-beta:
its move and the reply), ``hard`` (iterative-deepening alpha-beta with a
transposition table, killer and history ordering and a full evaluation, within a
time budget).
"""

from __future__ import annotations

from buttons_game.core.seats import LEVELS

from .base import Bot, RandomBot
from .levels import make_bot

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
