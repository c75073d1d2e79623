"""Kopf oder Knopf engine and bots: speed, decision times, strength, illegal actions.

    python benchmarks/kopf.py [--games 400] [--jobs 2] [--seed 0] [--quick]
                              [--frozen 100] [--no-matches] [--illegal-check 2000]

Prints random games per second and ``legal_actions`` calls per second; nodes per
second at depth 4 of the frozen hard bot and of the shipped one on the same tree
(quiescence off), and of the shipped one as it plays; the shipped hard bot's
decision times, nodes per second, depth reached per move and share of its budget
used, and, with the frozen bot asked in the same positions, the moves a two-ply
material check finds losing material another move keeps (and how many still do
at four plies), per 1,000 moves, over positions from its games against medium;
with ``--frozen N``, N games of hard against the frozen copy of the earlier hard
bot (``benchmarks/kopf_frozen``), ``--jobs`` at a time, with hard's decision times
in them; then the tournament table: hard against medium, medium against easy,
easy against random, each over ``--games`` games with the colours swapped for
every deal (a draw is not a win), and the count of illegal actions over every bot
game played (every action goes through the engine's checked ``apply``).
``--quick`` plays 40 games a match and times 30 hard decisions; ``--decisions 0``
skips the timed decisions.
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
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.kopf_frozen import FrozenHardBot  # noqa: E402
from buttons_game.games.kopf import KIND  # noqa: E402
from buttons_game.games.kopf.bots import make_bot  # noqa: E402
from buttons_game.games.kopf.bots.base import root_action  # noqa: E402
from buttons_game.games.kopf.bots.position import node_of, tables  # noqa: E402
from buttons_game.games.kopf.bots.search import material_losses  # noqa: E402
from buttons_game.games.kopf.engine import Action, KopfState, new_game  # noqa: E402
from buttons_game.tournament import percentile, run_tournament, summary, wilson  # noqa: E402

ILLEGAL_CHECK = 2000  # bot games in all, the matches' and the filler's
FILLER = (("random", "easy"), ("easy", "medium"), ("medium", "random"), ("hard", "easy"))
FILLER_OPTIONS = {"hard": {"seconds": 0.05}}  # a quick hard: the check is about legality

MATCHES = (
    (("hard", "medium"), 0.75),
    (("medium", "easy"), 0.75),
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


def losses(state: KopfState, action: Action) -> tuple[bool, bool]:
    """Whether ``action`` loses material within two plies that another action would keep,
    and whether it still does at four plies (if not, the piece given is won back: an
    exchange, not a blunder). Pieces alone, every reply searched."""
    actions = state.legal_actions()
    args = (tables(state.setup.board), state.target, node_of(state))
    roots = [root_action(a) for a in actions]
    k = actions.index(action)
    if not material_losses(*args, roots)[k]:
        return False, False
    return True, material_losses(*args, roots, plies=4)[k]


def same_tree_speed(count: int, depth: int, seed: int) -> tuple[float, float, float, int]:
    """Nodes per second of a fixed-depth search over ``count`` middle-game positions (from
    medium-against-medium games): the frozen bot, the shipped one with quiescence off (the
    same tree, node for node: the speed of its move generation and evaluation alone), and
    the shipped one as it plays; and the nodes of the first two (equal if the trees are)."""
    rng = random.Random(seed)
    one, two = make_bot("medium", seed), make_bot("medium", seed + 1)
    positions: list[KopfState] = []
    while len(positions) < count:
        state = new_game(to_move=0)
        while not state.is_over() and len(positions) < count:
            if len(state.history()) > 6 and not state.punishing and rng.random() < 0.1:
                positions.append(state)
            state = state.apply((one if state.to_move == 0 else two).choose(state))

    def rate(make: object) -> tuple[float, int]:
        nodes, seconds = 0, 0.0
        for k, state in enumerate(positions):
            bot = make(k)  # type: ignore[operator]
            start = time.perf_counter()
            bot.choose(state)
            seconds += time.perf_counter() - start
            nodes += bot.last.nodes
        return nodes / seconds, nodes

    frozen, frozen_nodes = rate(lambda k: FrozenHardBot(k, seconds=None, max_depth=depth))
    plain, plain_nodes = rate(
        lambda k: make_bot("hard", k, seconds=None, max_depth=depth, quiescence=0, safety=0)
    )
    shipped, _ = rate(lambda k: make_bot("hard", k, seconds=None, max_depth=depth))
    return frozen, plain, shipped, frozen_nodes - plain_nodes


class Decisions(NamedTuple):
    """The shipped hard bot's decisions over positions of its games against medium."""

    times: list[float]
    nodes: list[int]
    depths: list[int]
    shares: list[float]  # share of the budget used
    lost: Counter[str]  # "new 2", "new 4", "frozen 2", "frozen 4": moves losing material


def hard_decisions(count: int, seed: int) -> Decisions:
    """The shipped hard bot's decisions over positions of hard-against-medium games, and how
    many of its moves (and of the frozen bot's, asked in the same positions) lose material
    within two plies that another move would have kept, and still within four."""
    rng = random.Random(seed)
    hard = make_bot("hard", seed)
    frozen = FrozenHardBot(seed)
    medium = make_bot("medium", seed + 1)
    found = Decisions([], [], [], [], Counter())
    while len(found.times) < count:
        state = new_game(to_move=0)
        hard_side = rng.randrange(2)
        while not state.is_over() and len(found.times) < count:
            if state.to_move == hard_side and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                action = hard.choose(state)
                found.times.append(time.perf_counter() - start)
                assert hard.last is not None
                found.nodes.append(hard.last.nodes)
                found.depths.append(hard.last.depth)
                if hard.seconds:
                    found.shares.append(hard.last.seconds / hard.seconds)
                for who, chosen in (("new", action), ("frozen", frozen.choose(state))):
                    two, four = losses(state, chosen)
                    found.lost[f"{who} 2"] += two
                    found.lost[f"{who} 4"] += four
            else:
                action = (hard if state.to_move == hard_side else medium).choose(state)
            state = state.apply(action)
    return found


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


class Tally:
    """A match's progress, a line every tenth of its games (long matches run for an hour)."""

    def __init__(self, name: str, games: int) -> None:
        self.name, self.games, self.done = name, games, 0
        self.start = time.perf_counter()

    def advance(self) -> None:
        self.done += 1
        if self.done % max(1, self.games // 10) == 0:
            seconds = time.perf_counter() - self.start
            print(f"  {self.name}: {self.done}/{self.games} games, {seconds:.0f} s", flush=True)


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

    frozen, plain, shipped, differ = same_tree_speed(12, 4, args.seed)
    print(
        f"nodes/s at depth 4:  frozen {frozen:.0f}; shipped, quiescence off "
        f"{plain:.0f} ({'the same tree' if not differ else f'{differ} nodes apart'}); "
        f"shipped {shipped:.0f}"
    )
    if decisions:
        times, nodes, depths, shares, lost = hard_decisions(decisions, args.seed)
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
        per = 1000 / len(times)
        for who in ("new", "frozen"):
            print(
                f"2-ply losses ({who + ')':7} {per * lost[who + ' 2']:4.0f} avoidable immediate "
                f"losses per 1,000 moves ({lost[who + ' 2']} in {len(times)}); "
                f"{per * lost[who + ' 4']:.0f} still lost at 4 plies"
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
        stats, count = run_tournament(
            seats, games, args.seed, args.jobs, KIND, progress=Tally(" v ".join(seats), games)
        )
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
