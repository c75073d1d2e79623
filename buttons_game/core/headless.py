"""Bot-only games played headless on a ``Match`` (tournaments, ``simulate``), each bot's
decisions timed: the same play loop as at a table, with nobody following."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from .control import Thinker, bot_control
from .errors import RulesError
from .match import Match


class Timed:
    """A bot whose every decision is timed into ``times`` (a tournament's decision times)."""

    def __init__(self, thinker: Thinker, times: list[float]) -> None:
        self.thinker = thinker
        self.times = times

    def choose(self, state: Any, player: int | None = None) -> Any:
        start = time.perf_counter()
        action = self.thinker.choose(state, player)
        self.times.append(time.perf_counter() - start)
        return action


def play_bots(
    game: Any, bots: Sequence[Thinker], name: Callable[[int], str]
) -> tuple[Any, tuple[tuple[float, ...], ...]]:
    """``game`` played to its end by ``bots`` (one per seat) on a ``Match``, chance from the
    game's own stream and every action through the checked path: the final game and each
    seat's decision times. A bot breaking a rule raises the game's RulesError, its message
    led by ``name(seat)`` (e.g. "easy bot in seat 1")."""
    times: list[list[float]] = [[] for _ in bots]
    controls = [bot_control(Timed(bot, times[p])) for p, bot in enumerate(bots)]
    match = Match(game, controls, strict_bots=True)
    try:
        match.run()
    except RulesError as error:
        seat = match.deciders()[0]
        raise type(error)(
            f"{name(seat)}: {error}", code=error.code, details=error.details
        ) from None
    return match.game, tuple(tuple(seat) for seat in times)


__all__ = ["Timed", "play_bots"]
