"""Kopf oder Knopf engine and bots: speed, decision times, strength, illegal actions.

    python benchmarks/kopf.py [--games 400] [--jobs 2] [--seed 0] [--quick]

Prints random games per second, ``legal_actions`` calls per second, the hard
bot's nodes per second and decision times (over positions from real games, with
its shipped time budget), then the tournament table: hard against medium, medium
against easy, easy against random, each over ``--games`` games with the colours
swapped for every deal (a draw is not a win), and the count of illegal actions
over every bot game played (every action goes through the engine's checked
``apply``). ``--quick`` plays 40 games a match and times 30 hard decisions.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.kopf_frozen import FrozenHardBot  # noqa: E402
from buttons_game.games.kopf import KIND  # noqa: E402
from buttons_game.games.kopf.bots import make_bot  # noqa: E402
from buttons_game.games.kopf.bots.base import root_action  # noqa: E402
from buttons_game.games.kopf.bots.evaluate import PIECE, Weights  # noqa: E402
from buttons_game.games.kopf.bots.position import node_of, tables  # noqa: E402
from buttons_game.games.kopf.bots.search import WIN, Search  # noqa: E402
from buttons_game.games.kopf.engine import Action, KopfState, new_game  # noqa: E402
from buttons_game.tournament import percentile, run_tournament, summary, wilson  # noqa: E402

ILLEGAL_CHECK = 2000  # bot games in all, the matches' and the filler's
FILLER = (("random", "easy"), ("easy", "medium"), ("medium", "random"), ("hard", "easy"))
FILLER_OPTIONS = {"hard": {"seconds": 0.05}}  # a quick hard: the check is about legality

MATCHES = (
    (("hard", "medium"), 0.75),
    (("medium", "easy"), 0.70),
    (("easy", "random"), 0.90),
)


def random_games(seconds: float, seed: int) -> tuple[float, float, float]:
    """(games per second, legal_actions per second, mean turns) of uniformly random play."""
    rng = random.Random(seed)
    games = calls = turns = 0
    legal_time = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game()
        while not state.is_over():
            t0 = time.perf_counter()
            actions = state.legal_actions()
            legal_time += time.perf_counter() - t0
            calls += 1
            state = state.apply(rng.choice(actions))
            turns += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, calls / legal_time, turns / games


# Pure material, two plies (the move and the reply, with the strikes they bring).
MATERIAL = Weights(
    race=0, danger=0, first_danger=0, pair=0, mobility=0, holes=0, stuck=0, escape=False
)


def avoidable_loss(state: KopfState, action: Action) -> bool:
    """Whether ``action`` loses material within two plies that another action would keep."""
    if state.punishing:
        return False
    search = Search(
        tables(state.setup.board), state.target, MATERIAL, use_table=False, quiescence=0
    )
    node = node_of(state)
    search.killers = [[] for _ in range(4)]
    values = {
        a: search._child_value(node, root_action(a), 2, -WIN - 1, WIN + 1)
        for a in state.legal_actions()
    }
    return values[action] <= max(values.values()) - PIECE


def hard_decisions(
    count: int, seed: int
) -> tuple[list[float], list[int], list[int], list[float], int]:
    """Decision seconds, nodes, depths and share of the budget used of the shipped hard bot
    over positions of hard-against-medium games, and how many of its moves lost material
    within two plies that another move would have kept."""
    rng = random.Random(seed)
    hard = make_bot("hard", seed)
    medium = make_bot("medium", seed + 1)
    times: list[float] = []
    nodes: list[int] = []
    depths: list[int] = []
    shares: list[float] = []
    losses = 0
    while len(times) < count:
        state = new_game(to_move=0)
        hard_side = rng.randrange(2)
        while not state.is_over() and len(times) < count:
            if state.to_move == hard_side and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                action = hard.choose(state)
                times.append(time.perf_counter() - start)
                assert hard.last is not None
                nodes.append(hard.last.nodes)
                depths.append(hard.last.depth)
                if hard.seconds:
                    shares.append(hard.last.seconds / hard.seconds)
                losses += avoidable_loss(state, action)
            else:
                action = (hard if state.to_move == hard_side else medium).choose(state)
            state = state.apply(action)
    return times, nodes, depths, shares, losses


def frozen_game(job: tuple[int, int]) -> tuple[float, list[float], int]:
    """One game of the shipped hard bot against the frozen one: (its score, the seconds of
    each of its decisions, plies)."""
    g, seed = job
    new_side = g % 2
    new = make_bot("hard", seed + g)
    bots = [FrozenHardBot(seed + g), new] if new_side == 1 else [new, FrozenHardBot(seed + g)]
    state = new_game(to_move=0)
    times: list[float] = []
    plies = 0
    while not state.is_over():
        bot = bots[state.current_player]
        start = time.perf_counter()
        action = bot.choose(state)
        if bot is new and len(state.legal_actions()) > 1:
            times.append(time.perf_counter() - start)
        state = state.apply(action)
        plies += 1
    outcome = state.outcome()
    assert outcome is not None
    score = 0.5 if outcome.winner is None else float(outcome.winner == new_side)
    return score, times, plies


def frozen_match(games: int, seed: int, jobs: int) -> tuple[float, int, list[float], float]:
    """(score, games, the shipped bot's decision seconds, mean plies) of the shipped hard bot
    against the frozen one, colours swapped: a win 1, a draw 1/2. ``jobs`` games at once."""
    work = [(g, seed) for g in range(games)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(frozen_game, work, chunksize=1)
    else:
        results = [frozen_game(w) for w in work]
    score = sum(r[0] for r in results)
    times = [t for r in results for t in r[1]]
    return score, games, times, statistics.fmean(r[2] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games a match (default 400)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--decisions", type=int, default=150, help="hard decisions to time")
    parser.add_argument("--quick", action="store_true", help="40 games a match, 30 decisions")
    parser.add_argument(
        "--frozen", type=int, default=0, help="games of hard against the frozen old hard"
    )
    parser.add_argument("--no-matches", action="store_true", help="no ladder matches")
    parser.add_argument(
        "--illegal-check",
        type=int,
        default=ILLEGAL_CHECK,
        help=f"bot games in all to check for illegal actions (default {ILLEGAL_CHECK})",
    )
    args = parser.parse_args()
    games = 40 if args.quick else args.games
    decisions = 30 if args.quick else args.decisions

    per_s, legal_per_s, turns = random_games(5.0, args.seed)
    print(f"random games:        {per_s:8.1f} games/s ({turns:.1f} actions a game)")
    print(f"legal_actions:       {legal_per_s:8.0f} calls/s")

    times, nodes, depths, shares, losses = hard_decisions(decisions, args.seed)
    ms = sorted(t * 1000 for t in times)
    print(
        f"hard decisions:      {len(ms)} timed; median {statistics.median(ms):.0f} ms "
        f"(target <= 1000), p99 {percentile(ms, 0.99):.0f} ms (target <= 1500), "
        f"max {ms[-1]:.0f} ms"
    )
    print(
        f"hard search:         {sum(nodes) / sum(times):8.0f} nodes/s; "
        f"median depth {statistics.median(depths):.0f}, deepest {max(depths)}"
    )
    spread = Counter(depths)
    print(
        "hard depths:         "
        + ", ".join(f"{d}: {100 * spread[d] / len(depths):.0f}%" for d in sorted(spread))
    )
    if shares:
        print(
            f"hard budget used:    median {100 * statistics.median(shares):.0f}%, "
            f"mean {100 * statistics.fmean(shares):.0f}%"
        )
    print(
        f"2-ply losses:        {1000 * losses / len(times):.0f} avoidable immediate losses "
        f"per 1,000 hard moves ({losses} in {len(times)})"
    )
    if args.frozen:
        start = time.perf_counter()
        score, played, match_times, plies = frozen_match(args.frozen, args.seed, args.jobs)
        ms = sorted(t * 1000 for t in match_times)
        low, high = wilson(score, played)
        print(
            f"hard v frozen hard:  {score:.1f} / {played} ({100 * score / played:.1f}%, "
            f"95% CI {100 * low:.1f}-{100 * high:.1f}%; target >= 75%), "
            f"{plies:.0f} plies a game ({time.perf_counter() - start:.0f} s)"
        )
        print(
            f"  its decisions:     {len(ms)}; median {statistics.median(ms):.0f} ms "
            f"(target <= 1000), p99 {percentile(ms, 0.99):.0f} ms (target <= 1500), "
            f"max {ms[-1]:.0f} ms",
            flush=True,
        )
    if args.no_matches:
        return

    print()
    print(f"{'match':16} {'games':>5} {'win':>7} {'95% CI':>13} {'draws':>5} {'target':>7}  ok")
    played = 0
    for seats, target in MATCHES:
        start = time.perf_counter()
        stats, count = run_tournament(seats, games, args.seed, args.jobs, KIND)
        played += count
        row = summary(stats, KIND)[seats[0]]
        ok = "yes" if row["win_rate"] >= target else "NO"
        print(
            f"{' v '.join(seats):16} {count:5d} {100 * row['win_rate']:6.1f}% "
            f"{100 * row['ci_low']:5.1f}-{100 * row['ci_high']:5.1f}% {row['draws']:5d} "
            f"{100 * target:6.0f}%  {ok}   ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    filler = max(0, args.illegal_check - played) if not args.quick else 0
    for i, seats in enumerate(FILLER):
        count = filler // len(FILLER)
        if count:
            played += run_tournament(seats, count, args.seed + i, args.jobs, KIND, FILLER_OPTIONS)[
                1
            ]
    # run_tournament raises IllegalActionError, naming the bot, at the first illegal action
    print(f"illegal actions:     0 in {played} bot games (every action through the checked apply)")


if __name__ == "__main__":
    main()
