"""Bot tournaments, headless: ``buttons-game tournament --players 2 --seats hard,medium``.

Every deal (layouts, cards, dice seed) is played once in each distinct seat order,
so the start seat's edge cancels out. Prints per level the win rate with a 95%
Wilson interval, mean rounds, busts per game and decision times; ``--json`` prints
the same as one JSON object; ``--efficiency`` measures solo-round efficiency
instead. ``--game kopf`` plays Kopf oder Knopf instead: two bots, every deal (the
bots' seeds) with each colour, wins, draws and losses, mean turns. Every bot action
goes through the engine's checked ``apply``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations
from multiprocessing import Pool

from .arguments import player_count, positive_int, whole_number
from .games.buttons.bots import LEVELS, make_bot
from .games.buttons.bots.efficiency import Efficiency, SoloPosition, measure, solo_positions
from .games.buttons.engine import IllegalActionError, Status, new_game, play_chance
from .games.kopf.bots.arena import GameRecord as KopfRecord
from .games.kopf.bots.arena import play_game as play_kopf_game
from .games.kopf.engine import IllegalActionError as KopfIllegalActionError

GAMES = ("buttons", "kopf")


def _seats(text: str) -> tuple[str, ...]:
    levels = tuple(part.strip() for part in text.split(","))
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown bot level {level!r}: levels are {', '.join(LEVELS)}"
            )
    return levels


def add_tournament_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``tournament`` subcommand to a CLI's subparsers."""
    parser = subparsers.add_parser(
        "tournament",
        help="play bot-only games headless and compare the bot levels",
        description="Play bot-only games headless, every deal in every seat order, "
        "and print each level's win rate (95% Wilson interval), mean rounds, "
        "busts per game and decision times. With --game kopf: Kopf oder Knopf, two bots, "
        "every deal with each colour; wins, draws, losses and mean turns.",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="buttons",
        help="buttons (default) or kopf (Kopf oder Knopf, 2 players)",
    )
    parser.add_argument("--players", type=player_count, default=2, help="2, 3 or 4 (default 2)")
    parser.add_argument(
        "--seats",
        type=_seats,
        default=None,
        help=f"one level per seat, comma separated ({', '.join(LEVELS)}); default: hard, "
        "then medium in the other seats; with --efficiency: the levels to measure (default all); "
        "with --game kopf: red's level, then blue's (colours are swapped for every deal)",
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
        help="measure each level's solo-round efficiency against the exact solver instead",
    )
    parser.set_defaults(tournament_parser=parser)
    return parser


@dataclass
class LevelStats:
    """Totals for one bot level over the seats it played."""

    seat_games: int = 0
    wins: float = 0.0  # a shared win counts 1/k for each of k winners
    busts: int = 0
    rounds: int = 0
    decision_s: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class GameRecord:
    levels: tuple[str, ...]
    wins: tuple[float, ...]
    busts: tuple[int, ...]
    rounds: int
    decision_s: tuple[tuple[float, ...], ...]


def seat_orders(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct arrangement of the levels over the seats, in a fixed order."""
    return sorted(set(permutations(seats)))


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(seed * 1_000_003 + deal).randrange(1 << 32)


def play_game(levels: tuple[str, ...], seed: int) -> GameRecord:
    """One bot-only game; raises IllegalActionError if a bot breaks a rule."""
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
        sum(1 for score in state.round_scores() if score.seats[p].status is Status.BUSTED)
        for p in range(players)
    )
    return GameRecord(levels, wins, busts, state.round_number, tuple(map(tuple, times)))


def _play(job: tuple[tuple[str, ...], int]) -> GameRecord:
    return play_game(*job)


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run_tournament(
    seats: Sequence[str], games: int, seed: int, jobs: int = 1
) -> tuple[dict[str, LevelStats], int]:
    """Play the games (rounded up to whole sets of seat orders); per-level stats and game count."""
    orders = seat_orders(seats)
    deals = -(-games // len(orders))
    work = [(order, deal_seed(seed, d)) for d in range(deals) for order in orders]
    if jobs > 1:
        with Pool(jobs) as pool:
            records = pool.map(_play, work, chunksize=max(1, len(work) // (jobs * 8)))
    else:
        records = [_play(job) for job in work]
    stats: dict[str, LevelStats] = {level: LevelStats() for level in dict.fromkeys(seats)}
    for record in records:
        for p, level in enumerate(record.levels):
            s = stats[level]
            s.seat_games += 1
            s.wins += record.wins[p]
            s.busts += record.busts[p]
            s.rounds += record.rounds
            s.decision_s.extend(record.decision_s[p])
    return stats, len(records)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(stats: dict[str, LevelStats]) -> dict[str, dict[str, float | int]]:
    """The figures of each level, as printed and as ``--json`` gives them."""
    out: dict[str, dict[str, float | int]] = {}
    for level, s in stats.items():
        low, high = wilson(s.wins, s.seat_games)
        ms = [t * 1000 for t in s.decision_s]
        out[level] = {
            "win_rate": s.wins / s.seat_games,
            "ci_low": low,
            "ci_high": high,
            "games": s.seat_games,
            "mean_rounds": s.rounds / s.seat_games,
            "busts_per_game": s.busts / s.seat_games,
            "decisions": len(ms),
            "decision_ms_median": statistics.median(ms) if ms else 0.0,
            "decision_ms_mean": statistics.fmean(ms) if ms else 0.0,
            "decision_ms_p99": percentile(ms, 0.99),
        }
    return out


def report(players: int, seats: Sequence[str], games: int, seed: int, table: dict) -> str:
    orders = len(seat_orders(seats))
    lines = [
        f"{games} {players}-player games, seats {','.join(seats)} "
        f"({orders} seat orders, seed {seed}); win rates are per seat, chance is "
        f"{100 / players:.1f}%",
        f"{'level':8} {'win rate':>9} {'95% CI':>15} {'seat-games':>10} {'rounds':>7} "
        f"{'busts/game':>10} {'ms median':>9} {'ms mean':>8} {'ms p99':>8}",
    ]
    for level, row in table.items():
        lines.append(
            f"{level:8} {100 * row['win_rate']:8.1f}% "
            f"{100 * row['ci_low']:6.1f}-{100 * row['ci_high']:5.1f}% {row['games']:10d} "
            f"{row['mean_rounds']:7.2f} {row['busts_per_game']:10.2f} "
            f"{row['decision_ms_median']:9.2f} {row['decision_ms_mean']:8.2f} "
            f"{row['decision_ms_p99']:8.1f}"
        )
    lines.append("illegal actions: 0 (every action went through the checked apply)")
    return "\n".join(lines)


def _exact(position: SoloPosition) -> float:
    return position.solver().value(position.buttons)


def _efficiency(job: tuple[str, int, int, list[float]]) -> Efficiency:
    level, rounds, seed, optimum = job
    return measure(lambda s: make_bot(level, s), level, rounds, optimum, solo_positions(), seed)


def efficiency_command(
    seats: Sequence[str], rounds: int, seed: int, jobs: int, as_json: bool
) -> int:
    """Print each level's solo-round efficiency: its mean stars ÷ the exact optimum."""
    positions = solo_positions()
    levels = list(dict.fromkeys(seats))
    start = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            optimum = pool.map(_exact, positions)
            results = pool.map(_efficiency, [(lv, rounds, seed, optimum) for lv in levels])
    else:
        optimum = [_exact(p) for p in positions]
        results = [_efficiency((lv, rounds, seed, optimum)) for lv in levels]
    if as_json:
        table = {
            e.level: {
                "efficiency": e.ratio,
                "mean_stars": e.stars,
                "optimum": e.optimum,
                "rounds": e.rounds,
            }
            for e in results
        }
        print(json.dumps({"positions": len(positions), "seed": seed, "levels": table}))
        return 0
    print(
        f"solo-round efficiency: {rounds} seeded rounds per level over {len(positions)} "
        f"fixed positions (seed {seed}; {time.perf_counter() - start:.0f} s)"
    )
    print(f"{'level':8} {'efficiency':>10} {'mean stars':>10} {'optimum':>8}")
    for e in results:
        print(f"{e.level:8} {e.ratio:10.3f} {e.stars:10.3f} {e.optimum:8.3f}")
    return 0


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


@dataclass
class KopfLevelStats:
    """Totals for one Kopf oder Knopf bot level over the games it played."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    turns: int = 0
    decision_s: list[float] = field(default_factory=list)


def _play_kopf(job: tuple[tuple[str, ...], int, dict]) -> KopfRecord:
    (red, blue), seed, options = job
    return play_kopf_game((red, blue), seed, options=options)


def run_kopf_tournament(
    seats: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    options: dict[str, dict] | None = None,
) -> tuple[dict[str, KopfLevelStats], int]:
    """Kopf oder Knopf games, every deal with each colour order; per-level stats and game count.

    ``options`` gives bot options per level, e.g. ``{"hard": {"seconds": 0.2}}``.
    """
    orders = seat_orders(seats)
    deals = -(-games // len(orders))
    work = [(order, deal_seed(seed, d), options or {}) for d in range(deals) for order in orders]
    if jobs > 1:
        with Pool(jobs) as pool:
            records = pool.map(_play_kopf, work, chunksize=max(1, len(work) // (jobs * 8)))
    else:
        records = [_play_kopf(job) for job in work]
    stats = {level: KopfLevelStats() for level in dict.fromkeys(seats)}
    for record in records:
        for p, level in enumerate(record.levels):
            s = stats[level]
            s.games += 1
            if record.winner is None:
                s.draws += 1
            elif record.winner == p:
                s.wins += 1
            else:
                s.losses += 1
            s.turns += record.turns
            s.decision_s.extend(record.decision_s[p])
    return stats, len(records)


def kopf_summary(stats: dict[str, KopfLevelStats]) -> dict[str, dict[str, float | int]]:
    """Each level's figures, as printed and as ``--json`` gives them (a draw is not a win)."""
    out: dict[str, dict[str, float | int]] = {}
    for level, s in stats.items():
        low, high = wilson(s.wins, s.games)
        ms = [t * 1000 for t in s.decision_s]
        out[level] = {
            "win_rate": s.wins / s.games,
            "ci_low": low,
            "ci_high": high,
            "games": s.games,
            "wins": s.wins,
            "draws": s.draws,
            "losses": s.losses,
            "mean_turns": s.turns / s.games,
            "decisions": len(ms),
            "decision_ms_median": statistics.median(ms) if ms else 0.0,
            "decision_ms_mean": statistics.fmean(ms) if ms else 0.0,
            "decision_ms_p99": percentile(ms, 0.99),
        }
    return out


def kopf_report(seats: Sequence[str], games: int, seed: int, table: dict) -> str:
    lines = [
        f"{games} Kopf oder Knopf games, {' vs '.join(seats)} (each deal with both colour "
        f"orders, seed {seed}); a draw is not a win",
        f"{'level':8} {'win rate':>9} {'95% CI':>15} {'games':>6} {'wins':>5} {'draws':>5} "
        f"{'losses':>6} {'turns':>6} {'ms median':>9} {'ms mean':>8} {'ms p99':>8}",
    ]
    for level, row in table.items():
        lines.append(
            f"{level:8} {100 * row['win_rate']:8.1f}% "
            f"{100 * row['ci_low']:6.1f}-{100 * row['ci_high']:5.1f}% {row['games']:6d} "
            f"{row['wins']:5d} {row['draws']:5d} {row['losses']:6d} {row['mean_turns']:6.1f} "
            f"{row['decision_ms_median']:9.2f} {row['decision_ms_mean']:8.2f} "
            f"{row['decision_ms_p99']:8.1f}"
        )
    lines.append("illegal actions: 0 (every action went through the checked apply)")
    return "\n".join(lines)


def kopf_tournament_command(args: argparse.Namespace) -> int:
    """``tournament --game kopf``: two bot levels, every deal with each colour."""
    if args.efficiency:
        args.tournament_parser.error("--efficiency measures BUTTONS bots only, not --game kopf")
    if args.players != 2:
        args.tournament_parser.error(f"Kopf oder Knopf is played by 2 players, not {args.players}")
    seats = tuple(args.seats) if args.seats is not None else ("hard", "medium")
    if len(seats) != 2:
        args.tournament_parser.error(
            f"--seats names {len(seats)} level(s): Kopf oder Knopf needs two, red's and blue's"
        )
    jobs = capped_jobs(args.jobs)
    try:
        stats, played = run_kopf_tournament(seats, args.games or 100, args.seed, jobs)
    except KopfIllegalActionError as error:
        print(f"illegal action: {error}", file=sys.stderr)
        return 1
    table = kopf_summary(stats)
    if args.json:
        print(
            json.dumps(
                {"game": "kopf", "players": 2, "games": played, "seed": args.seed, "levels": table}
            )
        )
    else:
        print(kopf_report(seats, played, args.seed, table))
    return 0


def run_tournament_command(args: argparse.Namespace) -> int:
    """Run the ``tournament`` subcommand from parsed arguments; returns the exit code."""
    if args.game == "kopf":
        return kopf_tournament_command(args)
    if args.seats is None:
        args.seats = LEVELS if args.efficiency else ("hard",) + ("medium",) * (args.players - 1)
    seats = tuple(args.seats)
    if args.efficiency:
        jobs = capped_jobs(args.jobs)
        return efficiency_command(seats, args.games or 2400, args.seed, jobs, args.json)
    if len(seats) != args.players:
        args.tournament_parser.error(
            f"--seats names {len(seats)} level(s) but --players is {args.players}: "
            "give one level per seat"
        )
    jobs = capped_jobs(args.jobs)
    try:
        stats, played = run_tournament(seats, args.games or 100, args.seed, jobs)
    except IllegalActionError as error:
        print(f"illegal action: {error}", file=sys.stderr)
        return 1
    table = summary(stats)
    if args.json:
        print(
            json.dumps(
                {"players": args.players, "games": played, "seed": args.seed, "levels": table}
            )
        )
    else:
        print(report(args.players, seats, played, args.seed, table))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m buttons_game.tournament ...``: the subcommand on its own, for tests."""
    parser = argparse.ArgumentParser(prog="buttons-game")
    add_tournament_command(parser.add_subparsers(dest="command", metavar="COMMAND"))
    args = parser.parse_args(["tournament", *(sys.argv[1:] if argv is None else argv)])
    return run_tournament_command(args)


if __name__ == "__main__":
    sys.exit(main())
