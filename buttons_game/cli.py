"""Command line: ``buttons-game`` starts the game; ``buttons-game simulate`` plays headless.

Bad flags print a clear message and exit with code 2 (argparse's convention).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def player_count(text: str) -> int:
    value = positive_int(text)
    if value not in (2, 3, 4):
        raise argparse.ArgumentTypeError(f"BUTTONS is played by 2, 3 or 4 players, not {value}")
    return value


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="buttons-game",
        description="BUTTONS, the dice board game: hot-seat play and bots.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = commands.add_parser(
        "simulate",
        help="play all-random games headless and print a summary",
        description="Play all-random games headless and print a summary.",
    )
    sim.add_argument("--players", type=player_count, default=4, help="2, 3 or 4 (default 4)")
    sim.add_argument("--games", type=positive_int, default=100, help="games to play (default 100)")
    sim.add_argument("--seed", type=whole_number, default=0, help="random seed (default 0)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        from buttons_game.simulate import run_simulation

        print(run_simulation(args.players, args.games, args.seed).report())
        return 0
    from buttons_game.app import run_app

    return run_app(args)


if __name__ == "__main__":
    sys.exit(main())
