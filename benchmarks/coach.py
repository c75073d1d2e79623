"""The coach's speed: reviewing one seat of a whole 4-player game loaded from a save.

    python benchmarks/coach.py [--games 5] [--seed 0]

Plays 4-player bot games (hard, medium, easy, random, seated by the seed), saves each
to a temporary folder, loads it with ``saves.load_game`` as ``buttons-game review``
does, and times ``review_game`` for every seat (each review starts with no solved
positions). Prints the median and the slowest review of one seat, and the
median of a whole game's four seats. Target: one seat well under a few seconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buttons_game.core.control import bot_control  # noqa: E402
from buttons_game.core.match import Match  # noqa: E402
from buttons_game.games.buttons.bots import make_bot  # noqa: E402
from buttons_game.games.buttons.coach import review_game  # noqa: E402
from buttons_game.games.buttons.game import Game, Seat  # noqa: E402
from buttons_game.saves import load_game, save_game  # noqa: E402

LEVELS = ("hard", "medium", "easy", "random")


def bot_game(seed: int) -> Game:
    """A whole 4-player bot game, the levels seated in an order drawn from ``seed``."""
    levels = list(LEVELS)
    random.Random(seed).shuffle(levels)
    seats = tuple(Seat(f"{level.title()} {i + 1}", level) for i, level in enumerate(levels))
    bots = [bot_control(make_bot(level, seed * 7 + i)) for i, level in enumerate(levels)]
    match = Match(Game.new(seats, seed=seed), bots, strict_bots=True)
    match.run()
    game: Game = match.game
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="saved games to review (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    seat_s: list[float] = []
    game_s: list[float] = []
    decisions = 0
    with tempfile.TemporaryDirectory() as folder:
        for g in range(args.games):
            path = Path(folder) / f"game-{g}.json"
            save_game(bot_game(args.seed * 1000 + g), path)
            game = load_game(path)
            assert isinstance(game, Game)
            whole = 0.0
            for seat in range(game.state.players):
                start = time.perf_counter()
                review = review_game(game, seat)
                elapsed = time.perf_counter() - start
                seat_s.append(elapsed)
                whole += elapsed
                decisions += len(review.decisions)
            game_s.append(whole)
            print(
                f"game {g + 1}: {game.state.round_number} rounds, "
                f"{len(game.state.history())} actions, four seats reviewed in {whole:.2f} s"
            )
    print(
        f"review of one seat: median {statistics.median(seat_s):.2f} s, "
        f"max {max(seat_s):.2f} s over {len(seat_s)} seats ({decisions} decisions); "
        f"all four seats of a game: median {statistics.median(game_s):.2f} s"
    )


if __name__ == "__main__":
    main()
