"""Headless play's speed: games per second of ``simulate`` and of tournament games.

    python benchmarks/headless.py [--runs 5]
    python benchmarks/headless.py --runs 7 --source . --source /tmp/old-bench

Workloads: ``simulate`` (3 random players), BUTTONS tournament games (2 players) at the
default levels (hard against medium) and at random, Kopf oder Knopf tournament games at
the default levels (hard at a fixed depth, so a game is the same whatever the machine,
against medium) and at random. Each figure is the median of ``--runs`` runs.

Without ``--source`` it measures this process's ``buttons_game``. With one or more
``--source`` checkouts it measures each in a child process (``PYTHONPATH`` set to the
checkout), the checkouts interleaved run by run so that a machine's changing load falls
on all of them alike, and prints the change from the first to each other.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KOPF_HARD = {"hard": {"seconds": None, "max_depth": 2}}


def _simulate(games: int) -> None:
    from buttons_game.simulate import run_simulation

    run_simulation(3, games, 1)


def _tournament(
    kind_id: str, levels: tuple[str, ...], options: dict | None
) -> Callable[[int], None]:
    def play(games: int) -> None:
        from buttons_game.core.kind import find_kind

        kind = find_kind(kind_id)
        assert kind is not None
        tournament = kind.tournament()
        assert tournament is not None
        for seed in range(games):
            tournament.play(levels, seed, options)

    return play


WORKLOADS: dict[str, tuple[Callable[[int], None], int]] = {
    # name: (play that many games, games per run)
    "simulate-3p": (_simulate, 300),
    "buttons-random": (_tournament("buttons", ("random", "random"), None), 300),
    "buttons-default": (_tournament("buttons", ("hard", "medium"), None), 4),
    "kopf-random": (_tournament("kopf", ("random", "random"), None), 200),
    "kopf-default": (_tournament("kopf", ("hard", "medium"), KOPF_HARD), 1),
}


def measure(names: list[str], scale: float) -> dict[str, float]:
    """One run of each workload here: its games per second."""
    figures = {}
    for name in names:
        play, games = WORKLOADS[name]
        games = max(1, round(games * scale))
        start = time.perf_counter()
        play(games)
        figures[name] = games / (time.perf_counter() - start)
    return figures


def measure_in(source: str, names: list[str], scale: float) -> dict[str, float]:
    """One run of each workload in a child process importing ``buttons_game`` from ``source``."""
    env = {**os.environ, "PYTHONPATH": str(Path(source).resolve())}
    argv = [sys.executable, str(Path(__file__).resolve()), "--child"]
    argv += ["--workloads", ",".join(names), "--scale", str(scale)]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def table(runs: dict[str, list[dict[str, float]]], names: list[str]) -> str:
    sources = list(runs)
    medians = {s: {n: statistics.median(r[n] for r in runs[s]) for n in names} for s in sources}
    count = len(next(iter(runs.values())))
    lines = [f"headless play, games per second (median of {count} runs)"]
    head = f"{'workload':<17}" + "".join(f"{Path(s).resolve().name:>16}" for s in sources)
    if len(sources) > 1:
        head += "".join(f"{'change ' + str(i + 2):>12}" for i in range(len(sources) - 1))
    lines.append(head)
    for name in names:
        row = f"{name:<17}" + "".join(f"{medians[s][name]:>16.2f}" for s in sources)
        base = medians[sources[0]][name]
        for other in sources[1:]:
            row += f"{100 * (medians[other][name] / base - 1):>+11.1f}%"
        lines.append(row)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument(
        "--source",
        action="append",
        default=[],
        help="a checkout to measure (repeat to compare; the first is the base)",
    )
    parser.add_argument(
        "--workloads", default=",".join(WORKLOADS), help="comma separated (default: all)"
    )
    parser.add_argument(
        "--scale", type=float, default=1.0, help="games per run times this (default 1)"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    names = [name for name in args.workloads.split(",") if name]
    unknown = [name for name in names if name not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workload {unknown[0]!r}: {', '.join(WORKLOADS)}")
    if args.child:
        print(json.dumps(measure(names, args.scale)))
        return 0
    sources = args.source or [str(ROOT)]
    runs: dict[str, list[dict[str, float]]] = {source: [] for source in sources}
    for _ in range(args.runs):
        for source in sources:
            if args.source:
                runs[source].append(measure_in(source, names, args.scale))
            else:
                runs[source].append(measure(names, args.scale))
    print(table(runs, names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
