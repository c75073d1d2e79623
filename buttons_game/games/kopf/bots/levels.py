"""``make_bot``: a Kopf oder Knopf bot of any level, by name (the levels import the base,
never the reverse)."""

from __future__ import annotations

from buttons_game.core.seats import LEVELS

from .base import Bot, RandomBot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot


def make_bot(level: str, seed: int | None = None, **options: object) -> Bot:
    """A bot of the given level ("random", "easy", "medium", "hard").

    ``options`` go to the level's class, e.g. ``make_bot("hard", 1, seconds=0.2)``.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: levels are {', '.join(LEVELS)}")
    if level == "easy":
        return EasyBot(seed, **options)
    if level == "medium":
        return MediumBot(seed, **options)  # type: ignore[arg-type]
    if level == "hard":
        return HardBot(seed, **options)  # type: ignore[arg-type]
    return RandomBot(seed, **options)
