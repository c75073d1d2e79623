"""Bot-only games of BUTTONS, as ``buttons-game tournament`` plays them.

Each game is a ``Match`` of bots: the dice from the game's own seeded stream (as at the
table), every bot action through the engine's checked ``apply``, so a bot that breaks a
rule stops the game with ``IllegalActionError`` naming the level and seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from buttons_game.core.headless import play_bots
from buttons_game.core.seats import Seat
from buttons_game.core.tournament import BotGame, BotOptions, Meter, Tournament

from ..engine import Status
from ..game import Game
from .levels import make_bot


def play_game(levels: tuple[str, ...], seed: int) -> BotGame:
    """One bot-only game on a ``Match``, dealt and rolled from ``seed`` (the app's dice),
    bot of seat p seeded ``seed * 7 + p``; raises IllegalActionError if a bot breaks a
    rule. Its figures are each seat's busts; its length, the rounds."""
    players = len(levels)
    seats = tuple(Seat(f"{level} {p + 1}", level) for p, level in enumerate(levels))
    bots = [make_bot(level, seed * 7 + seat) for seat, level in enumerate(levels)]
    final, decisions = play_bots(
        Game.new(seats, seed=seed), bots, lambda p: f"{levels[p]} bot in seat {p}"
    )
    state = final.state
    outcome = state.outcome()
    assert outcome is not None
    wins = tuple(1 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(players))
    busts = tuple(
        (sum(1 for score in state.round_scores() if score.seats[p].status is Status.BUSTED),)
        for p in range(players)
    )
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
