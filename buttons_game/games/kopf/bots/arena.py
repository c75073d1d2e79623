"""Bot-only games of Kopf oder Knopf, as ``buttons-game tournament --game kopf`` plays them.

Every bot action goes through the engine's checked ``apply``, so a bot that breaks
a rule stops the game with ``IllegalActionError`` naming the level and colour.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from buttons_game.core.tournament import BotGame, BotOptions, Tournament

from ..engine.actions import Remove
from ..engine.state import IllegalActionError, new_game
from .levels import make_bot

COLOURS = ("red", "blue")


@dataclass(frozen=True)
class GameRecord:
    """One game: the levels of red and blue, the winner (None: a draw), turns, decision times."""

    levels: tuple[str, str]
    winner: int | None
    turns: int  # moves and passes, both players
    captured: tuple[int, int]
    decision_s: tuple[tuple[float, ...], tuple[float, ...]]


def play_game(
    levels: tuple[str, str],
    seed: int,
    *,
    target: int = 10,
    options: Mapping[str, Mapping[str, Any]] | None = None,
) -> GameRecord:
    """Red (``levels[0]``) against blue from the start; bot seeds come from ``seed``.

    ``options`` gives a level's bot options, e.g. ``{"hard": {"seconds": 0.1}}``.
    """
    options = options or {}
    bots = [
        make_bot(level, seed * 7 + seat, **dict(options.get(level, {})))
        for seat, level in enumerate(levels)
    ]
    state = new_game(target=target)
    times: tuple[list[float], list[float]] = ([], [])
    turns = 0
    while not state.is_over():
        p = state.to_move
        start = time.perf_counter()
        action = bots[p].choose(state, p)
        times[p].append(time.perf_counter() - start)
        try:
            state = state.apply(action)
        except IllegalActionError as error:
            raise IllegalActionError(
                f"{levels[p]} bot playing {COLOURS[p]}: {error}",
                code=error.code,
                details=error.details,
            ) from None
        if type(action) is not Remove:
            turns += 1
    outcome = state.outcome()
    assert outcome is not None
    return GameRecord(
        levels, outcome.winner, turns, outcome.captured, (tuple(times[0]), tuple(times[1]))
    )


class KopfTournament(Tournament):
    """Red against blue from the start of the full game; a draw is nobody's win."""

    def play(
        self, levels: tuple[str, ...], seed: int, options: BotOptions | None = None
    ) -> BotGame:
        red, blue = levels
        record = play_game((red, blue), seed, options=options)
        wins = tuple(1.0 if record.winner == p else 0.0 for p in (0, 1))
        drawn = record.winner is None
        return BotGame(levels, wins, drawn, record.turns, ((), ()), record.decision_s)
