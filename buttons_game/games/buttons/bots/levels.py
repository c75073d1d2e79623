"""``make_bot``: a bot of any level, by name (the levels import the base, never the reverse)."""

from __future__ import annotations

from buttons_game.core.seats import LEVELS

from .base import Bot, RandomBot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of the given level ("random", "easy", "medium", "hard")."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: levels are {', '.join(LEVELS)}")
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        return HardBot(seed)
    return RandomBot(seed)
