"""Kopf oder Knopf's hard bot as it was before its time manager was reworked (issue 20).

A frozen, self-contained copy (search, evaluation, bare positions and the bot) that
imports only the engine, so changes to ``buttons_game/games/kopf/bots/`` never
change it: ``benchmarks/kopf.py`` measures the shipped hard bot against it.

    from benchmarks.kopf_frozen import FrozenHardBot
    bot = FrozenHardBot(seed=1)          # its shipped budget: 1 s, stopping early
    action = bot.choose(state)

Do not edit these files (other than imports the engine forces): the point is that
they stay as they were.
"""

from __future__ import annotations

from .hard import HardBot as FrozenHardBot

__all__ = ["FrozenHardBot"]
