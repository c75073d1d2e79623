"""The ``stats`` command: the statistics and the dice-fairness figures.

    buttons-game stats [--json]

Brings the statistics file up to date with the finished saves (building it if it
is missing or broken, as the Statistics screen does) and prints each game's table
of people and the dice faces with the chi-square test; ``--json`` prints one
object. A folder that cannot be used exits with code 2 and a one-line message.
"""

from __future__ import annotations

import argparse
import json
import sys


def add_stats_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``stats`` subcommand to a CLI's subparsers."""
    parser = subparsers.add_parser(
        "stats",
        help="print the players' statistics and how fair the dice were",
        description="Print each person's statistics per game (games, wins, win rate, "
        "against each bot level and the game's own figures) and, for every die rolled "
        "in the finished BUTTONS games, how often each face came up with a chi-square "
        "test of fairness.",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(stats_parser=parser)
    return parser


def run_stats_command(args: argparse.Namespace) -> int:
    """Run the ``stats`` subcommand from parsed arguments; returns the exit code."""
    from .report import stats_text, stats_to_json
    from .store import refresh

    parser: argparse.ArgumentParser = args.stats_parser
    try:
        refreshed = refresh()
    except OSError as error:
        parser.error(f"cannot read the statistics: {error}")
    if refreshed.broken:
        print(
            f"buttons-game: the statistics file could not be read ({refreshed.broken}); "
            f"it was rebuilt from the saves and the old file kept as {refreshed.kept_as}",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(stats_to_json(refreshed.stats), ensure_ascii=False))
    else:
        print(stats_text(refreshed.stats))
    return 0
