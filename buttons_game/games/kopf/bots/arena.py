"""Bot-only games of Kopf oder Knopf, as ``buttons-game tournament --game kopf`` plays them.

Each game is a ``Match`` of bots, every bot action through the engine's checked
``apply``, so a bot that breaks a rule stops the game with ``IllegalActionError``
naming the level and colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from buttons_game.core.headless import play_bots
from buttons_game.core.seats import Seat
from buttons_game.core.tournament import BotGame, BotOptions, Tournament

from ..engine.actions import Remove
from ..game import KopfGame
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
    """Red (``levels[0]``) against blue from the start, on a ``Match``; bot seeds come
    from ``seed``.

    ``options`` gives a level's bot options, e.g. ``{"hard": {"seconds": 0.1}}``.
    """
    options = options or {}
    bots = [
        make_bot(level, seed * 7 + seat, **dict(options.get(level, {})))
        for seat, level in enumerate(levels)
    ]
    red, blue = (Seat(COLOURS[p], level) for p, level in enumerate(levels))
    final, times = play_bots(
        KopfGame.new((red, blue), target=target),
        bots,
        lambda p: f"{levels[p]} bot playing {COLOURS[p]}",
    )
    state = final.state
    turns = sum(1 for action in state.history() if type(action) is not Remove)
    outcome = state.outcome()
    assert outcome is not None
    return GameRecord(levels, outcome.winner, turns, outcome.captured, (times[0], times[1]))


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
