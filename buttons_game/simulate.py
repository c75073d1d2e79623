"""Headless all-random games with a summary: rounds, busts, wins by seat, speed.

Each game is a ``Match`` of random bots: the dice come from the game's own seeded stream
(as at the table) and every action goes through the engine's checked path."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from .core.control import bot_control
from .core.match import Match
from .core.seats import Seat
from .games.buttons.bots import make_bot
from .games.buttons.engine import GameState, Status
from .games.buttons.game import Game
from .progress import Progress


@dataclass(frozen=True)
class SimulationSummary:
    players: int
    games: int
    seed: int
    rounds: tuple[int, ...]
    busts: tuple[int, ...]
    wins: tuple[float, ...]  # a shared win counts 1/k for each of k winners
    seconds: float

    def report(self) -> str:
        rounds = self.rounds
        lines = [
            f"{self.games} random {self.players}-player games (seed {self.seed})",
            f"rounds per game: mean {statistics.fmean(rounds):.2f}, "
            f"median {statistics.median(rounds):g}, min {min(rounds)}, max {max(rounds)}",
            f"busts per game: mean {statistics.fmean(self.busts):.2f}",
            "wins by seat: "
            + ", ".join(
                f"seat {p + 1} {w:.1f} ({100 * w / self.games:.1f}%)"
                for p, w in enumerate(self.wins)
            ),
            f"speed: {self.games / self.seconds:.1f} games per second "
            f"({self.seconds:.2f} s in all)",
        ]
        return "\n".join(lines)


def random_match(players: int, seed: int) -> GameState:
    """One game of random bots dealt and rolled from ``seed`` (bot of seat p: ``seed * 7 + p``),
    played through a ``Match``; its final state."""
    seats = tuple(Seat(f"Random {p + 1}", "random") for p in range(players))
    controls = [bot_control(make_bot("random", seed * 7 + p)) for p in range(players)]
    match = Match(Game.new(seats, seed=seed), controls, strict_bots=True)
    match.run()
    state: GameState = match.state
    return state


def run_simulation(
    players: int, games: int, seed: int, progress: Progress | None = None
) -> SimulationSummary:
    """``games`` random games from ``seed``; ``progress`` is told of each game played."""
    rng = random.Random(seed)
    rounds, busts = [], []
    wins = [0.0] * players
    start = time.perf_counter()
    for game in range(games):
        final = random_match(players, rng.randrange(2**32) + game)
        rounds.append(final.round_number)
        busts.append(
            sum(
                1
                for score in final.round_scores()
                for seat in score.seats
                if seat.status is Status.BUSTED
            )
        )
        outcome = final.outcome()
        assert outcome is not None
        for p in outcome.winners:
            wins[p] += 1 / len(outcome.winners)
        if progress is not None:
            progress.advance()
    seconds = time.perf_counter() - start
    return SimulationSummary(
        players, games, seed, tuple(rounds), tuple(busts), tuple(wins), seconds
    )
