"""Bots: players that receive a state and return an action, exactly like a human seat.

    bot = make_bot("medium", seed=1)
    action = bot.choose(state)            # the current player's decision
    action = bot.choose(state, player=2)  # seat 2's pending decision (placing / stars)

Bots use only the engine; each owns its ``random.Random``, so the same seed gives
the same play. Levels: ``random`` (uniform legal moves), ``easy`` (rules of thumb),
``medium`` (one roll of look-ahead on the exact bust chance and colour progress),
``hard`` (expectimax over the dice, star planning, the opponents' progress). The
yardstick is ``solver`` (the exact solo-round optimum); ``hint`` advises human seats.
"""

from __future__ import annotations

from buttons_game.core.seats import LEVELS

from .base import Bot, RandomBot
from .levels import make_bot

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
