"""Bot-only games of BUTTONS, as ``buttons-game tournament`` plays them.

Every bot action goes through the engine's checked ``apply``, so a bot that breaks a
rule stops the game with ``IllegalActionError`` naming the level and seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from buttons_game.core.tournament import BotGame, BotOptions, Meter, Tournament

from ..engine import IllegalActionError, Status, new_game, play_chance
from .levels import make_bot


def play_game(levels: tuple[str, ...], seed: int) -> BotGame:
    """One bot-only game; raises IllegalActionError if a bot breaks a rule. Its figures
    are each seat's busts; its length, the rounds."""
    players = len(levels)
    bots = [make_bot(level, seed * 7 + seat) for seat, level in enumerate(levels)]
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    times: list[list[float]] = [[] for _ in range(players)]
    while not state.is_over():
        if state.is_chance_node():
            state = play_chance(state, rng)
            continue
        p = state.current_player
        assert p is not None
        start = time.perf_counter()
        action = bots[p].choose(state, p)
        times[p].append(time.perf_counter() - start)
        try:
            state = state.apply(action)
        except IllegalActionError as error:
            raise IllegalActionError(
                f"{levels[p]} bot in seat {p}: {error}", code=error.code, details=error.details
            ) from None
    outcome = state.outcome()
    assert outcome is not None
    wins = tuple(1 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(players))
    busts = tuple(
        (sum(1 for score in state.round_scores() if score.seats[p].status is Status.BUSTED),)
        for p in range(players)
    )
    decisions = tuple(tuple(seat) for seat in times)
    return BotGame(levels, wins, False, state.round_number, busts, decisions)


class ButtonsTournament(Tournament):
    figures = ("busts",)
    measures_efficiency = True

    def play(
        self, levels: tuple[str, ...], seed: int, options: BotOptions | None = None
    ) -> BotGame:
        return play_game(levels, seed)

    def efficiency(
        self,
        seats: Sequence[str],
        rounds: int,
        seed: int,
        jobs: int,
        as_json: bool,
        progress: Meter | None = None,
    ) -> int:
        from . import efficiency

        return efficiency.efficiency_command(seats, rounds, seed, jobs, as_json, progress)
