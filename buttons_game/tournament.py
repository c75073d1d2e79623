"""Bot tournaments, headless: ``buttons-game tournament --players 2 --seats hard,medium``.

Every deal (the seed of the game and its bots) is played once in each distinct seat
order, so the start seat's edge cancels out. Prints per level the win rate with a 95%
Wilson interval, wins, draws and losses, the mean length of a game (rounds or turns)
and the game's own figures per game (BUTTONS: busts), and decision times; ``--json``
prints the same as one JSON object. ``--game`` picks any registered game that offers a
tournament (``GameKind.tournament``); ``--efficiency`` measures solo-round efficiency
instead, for a game that measures it. Every bot action goes through the engine's
checked ``apply``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations

from .arguments import positive_int, whole_number
from .core.errors import RulesError
from .core.kind import GameKind, find_kind, kinds
from .core.seats import LEVELS
from .core.tournament import BotGame, BotOptions, worker_pool
from .progress import Progress

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


def tournament_kinds() -> tuple[GameKind, ...]:
    """The registered games that offer a tournament, in menu order."""
    return tuple(kind for kind in kinds() if kind.tournament() is not None)


def _seats(text: str) -> tuple[str, ...]:
    levels = tuple(part.strip() for part in text.split(","))
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown bot level {level!r}: levels are {', '.join(LEVELS)}"
            )
    return levels


def _counts(counts: Sequence[int]) -> str:
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def add_tournament_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``tournament`` subcommand to a CLI's subparsers."""
    offered = tournament_kinds()
    parser = subparsers.add_parser(
        "tournament",
        help="play bot-only games headless and compare the bot levels",
        description="Play bot-only games headless, every deal in every seat order, "
        "and print each level's win rate (95% Wilson interval), wins, draws and losses, "
        "the mean length of a game, the game's own figures and decision times.",
    )
    parser.add_argument(
        "--game",
        choices=tuple(kind.id for kind in offered),
        default=offered[0].id,
        help="the game: " + ", ".join(f"{k.id} ({k.title})" for k in offered),
    )
    parser.add_argument(
        "--players", type=positive_int, default=2, help="seats at the table (default 2)"
    )
    parser.add_argument(
        "--seats",
        type=_seats,
        default=None,
        help=f"one level per seat, comma separated ({', '.join(LEVELS)}); default: hard, "
        "then medium in the other seats; with --efficiency: the levels to measure (default all)",
    )
    parser.add_argument(
        "--games",
        type=positive_int,
        default=None,
        help="games to play, rounded up to whole sets of seat orders (default 100); "
        "with --efficiency: solo rounds per level (default 2400)",
    )
    parser.add_argument("--seed", type=whole_number, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help="worker processes, at most one per CPU (default 1)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--efficiency",
        action="store_true",
        help="measure each level's solo-round efficiency against the exact solver instead "
        "(" + " and ".join(k.title for k in _measured()) + ")",
    )
    parser.set_defaults(tournament_parser=parser)
    return parser


def _measured() -> tuple[GameKind, ...]:
    """The games whose bots ``--efficiency`` measures."""
    found = []
    for kind in tournament_kinds():
        tournament = kind.tournament()
        if tournament is not None and tournament.measures_efficiency:
            found.append(kind)
    return tuple(found)


@dataclass
class LevelStats:
    """Totals for one bot level over the seats it played."""

    seat_games: int = 0
    wins: float = 0.0  # a shared win counts 1/k for each of k winners
    draws: int = 0
    losses: int = 0
    length: int = 0  # rounds or turns, added up over its games
    figures: dict[str, int] = field(default_factory=dict)
    decision_s: list[float] = field(default_factory=list)


def seat_orders(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct arrangement of the levels over the seats, in a fixed order."""
    return sorted(set(permutations(seats)))


def games_to_play(seats: Sequence[str], games: int) -> int:
    """``games`` rounded up to whole sets of seat orders: what a tournament plays."""
    orders = len(seat_orders(seats))
    return -(-games // orders) * orders


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(seed * 1_000_003 + deal).randrange(1 << 32)


def _play(job: tuple[str, tuple[str, ...], int, BotOptions]) -> BotGame:
    kind_id, levels, seed, options = job
    kind = find_kind(kind_id)
    tournament = kind.tournament() if kind is not None else None
    assert tournament is not None, f"{kind_id} offers no tournament"
    return tournament.play(levels, seed, options)


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run_tournament(
    seats: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    kind: GameKind,
    options: BotOptions | None = None,
    progress: Progress | None = None,
) -> tuple[dict[str, LevelStats], int]:
    """Play games of ``kind`` (rounded up to whole sets of seat orders); per-level stats and
    the game count. ``options`` gives bot options per level, e.g. ``{"hard": {"seconds":
    0.2}}``; ``progress`` is told of each game as it ends. The game's RulesError, naming
    the bot, stops it at an illegal action."""
    tournament = kind.tournament()
    assert tournament is not None, f"{kind.title} offers no tournament"
    orders = seat_orders(seats)
    deals = -(-games // len(orders))
    work = [
        (kind.id, order, deal_seed(seed, d), options or {})
        for d in range(deals)
        for order in orders
    ]
    records: list[BotGame] = []
    if jobs > 1:
        with worker_pool(jobs) as pool:
            chunks = max(1, len(work) // (jobs * 8))
            for record in pool.imap(_play, work, chunksize=chunks):
                records.append(record)
                if progress is not None:
                    progress.advance()
    else:
        for job in work:
            records.append(_play(job))
            if progress is not None:
                progress.advance()
    stats: dict[str, LevelStats] = {level: LevelStats() for level in dict.fromkeys(seats)}
    for record in records:
        for p, level in enumerate(record.levels):
            s = stats[level]
            s.seat_games += 1
            s.wins += record.wins[p]
            s.draws += record.drawn
            s.losses += not record.drawn and record.wins[p] == 0
            s.length += record.length
            for name, count in zip(tournament.figures, record.figures[p]):
                s.figures[name] = s.figures.get(name, 0) + count
            s.decision_s.extend(record.decision_s[p])
    return stats, len(records)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _whole(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def summary(stats: dict[str, LevelStats], kind: GameKind) -> dict[str, dict[str, float | int]]:
    """The figures of each level, as printed and as ``--json`` gives them (a draw is not
    a win): ``mean_rounds`` or ``mean_turns`` by the game's unit, and each of the
    tournament's own figures per game (``busts_per_game``)."""
    tournament = kind.tournament()
    figures = tournament.figures if tournament is not None else ()
    out: dict[str, dict[str, float | int]] = {}
    for level, s in stats.items():
        low, high = wilson(s.wins, s.seat_games)
        ms = [t * 1000 for t in s.decision_s]
        row: dict[str, float | int] = {
            "win_rate": s.wins / s.seat_games,
            "ci_low": low,
            "ci_high": high,
            "games": s.seat_games,
            "wins": _whole(s.wins),
            "draws": s.draws,
            "losses": s.losses,
            f"mean_{kind.unit}s": s.length / s.seat_games,
        }
        row.update((f"{name}_per_game", s.figures.get(name, 0) / s.seat_games) for name in figures)
        row.update(
            decisions=len(ms),
            decision_ms_median=statistics.median(ms) if ms else 0.0,
            decision_ms_mean=statistics.fmean(ms) if ms else 0.0,
            decision_ms_p99=percentile(ms, 0.99),
        )
        out[level] = row
    return out


def report(
    kind: GameKind, players: int, seats: Sequence[str], games: int, seed: int, table: dict
) -> str:
    orders = len(seat_orders(seats))
    tournament = kind.tournament()
    figures = tournament.figures if tournament is not None else ()
    lines = [
        f"{games} {players}-player games of {kind.title}, seats {','.join(seats)} "
        f"({orders} seat orders, seed {seed}); win rates are per seat, chance is "
        f"{100 / players:.1f}%; a draw is not a win",
        f"{'level':8} {'win rate':>9} {'95% CI':>15} {'seat-games':>10} {'wins':>7} "
        f"{'draws':>5} {'losses':>6} {kind.unit + 's':>7}"
        + "".join(f" {name + '/game':>10}" for name in figures)
        + f" {'ms median':>9} {'ms mean':>8} {'ms p99':>8}",
    ]
    for level, row in table.items():
        lines.append(
            f"{level:8} {100 * row['win_rate']:8.1f}% "
            f"{100 * row['ci_low']:6.1f}-{100 * row['ci_high']:5.1f}% {row['games']:10d} "
            f"{row['wins']:7g} {row['draws']:5d} {row['losses']:6d} "
            f"{row[f'mean_{kind.unit}s']:7.2f}"
            + "".join(f" {row[f'{name}_per_game']:10.2f}" for name in figures)
            + f" {row['decision_ms_median']:9.2f} {row['decision_ms_mean']:8.2f} "
            f"{row['decision_ms_p99']:8.1f}"
        )
    lines.append("illegal actions: 0 (every action went through the checked apply)")
    return "\n".join(lines)


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity where the system tells), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except OSError:
            pass
    return max(1, os.cpu_count() or 1)


def capped_jobs(jobs: int) -> int:
    """``jobs``, or the CPU count if that is less, saying so on stderr."""
    cpus = available_cpus()
    if jobs <= cpus:
        return jobs
    print(
        f"buttons-game: --jobs {jobs} is more than the {cpus} CPU{'s' if cpus > 1 else ''} "
        f"here; using {cpus}",
        file=sys.stderr,
    )
    return cpus


def run_tournament_command(args: argparse.Namespace) -> int:
    """Run the ``tournament`` subcommand from parsed arguments; returns the exit code."""
    parser: argparse.ArgumentParser = args.tournament_parser
    kind = find_kind(args.game)
    tournament = kind.tournament() if kind is not None else None
    assert kind is not None and tournament is not None, "argparse offers these only"
    if args.efficiency and not tournament.measures_efficiency:
        measured = " and ".join(k.title for k in _measured())
        parser.error(f"--efficiency measures {measured} bots only, not --game {kind.id}")
    if args.players not in kind.seat_counts:
        parser.error(
            f"{kind.title} is played by {_counts(kind.seat_counts)} players, not {args.players}"
        )
    if args.seats is None:
        args.seats = LEVELS if args.efficiency else ("hard",) + ("medium",) * (args.players - 1)
    seats = tuple(args.seats)
    if args.efficiency:
        jobs = capped_jobs(args.jobs)
        rounds = args.games or 2400
        # The game names its stages (positions solved, rounds played); a bar as below.
        with Progress(0, shown=False if args.json else None) as stages:
            return tournament.efficiency(seats, rounds, args.seed, jobs, args.json, stages)
    if len(seats) != args.players:
        needs = NUMBERS.get(args.players, str(args.players))
        parser.error(
            f"--seats names {len(seats)} level(s) but --players is {args.players}: "
            f"give one level per seat ({kind.title} needs {needs} here)"
        )
    jobs = capped_jobs(args.jobs)
    games = args.games or 100
    # A bar on stderr when it is a terminal; never with --json.
    bar = Progress(games_to_play(seats, games), shown=False if args.json else None)
    try:
        with bar:
            stats, played = run_tournament(seats, games, args.seed, jobs, kind, None, bar)
    except RulesError as error:
        print(f"illegal action: {error}", file=sys.stderr)
        return 1
    table = summary(stats, kind)
    if args.json:
        print(
            json.dumps(
                {
                    "game": kind.id,
                    "players": args.players,
                    "games": played,
                    "seed": args.seed,
                    "levels": table,
                }
            )
        )
    else:
        print(report(kind, args.players, seats, played, args.seed, table))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m buttons_game.tournament ...``: the subcommand on its own, for tests."""
    parser = argparse.ArgumentParser(prog="buttons-game")
    add_tournament_command(parser.add_subparsers(dest="command", metavar="COMMAND"))
    args = parser.parse_args(["tournament", *(sys.argv[1:] if argv is None else argv)])
    return run_tournament_command(args)


if __name__ == "__main__":
    sys.exit(main())
