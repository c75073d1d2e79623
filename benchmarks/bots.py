"""Bot strength and speed: solo-round efficiency, tournaments, illegal-action check.

    python benchmarks/bots.py [--quick] [--jobs 2] [--seed 0]

Measures the targets of the bots issue and prints them as one table:
efficiency (mean stars over seeded solo rounds ÷ the exact solver's expected
stars), 2- and 4-player win rates with 95% Wilson intervals (every deal played in
every seat order), decision times, and the count of illegal actions over every
bot game played (all through the engine's checked ``apply``). ``--quick`` plays
a tenth of the games.
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

from buttons_game.games.buttons import KIND
from buttons_game.games.buttons.bots import LEVELS, make_bot
from buttons_game.games.buttons.bots.arena import play_game
from buttons_game.games.buttons.bots.efficiency import SoloPosition, _efficiency, solo_positions
from buttons_game.games.buttons.bots.hint import hint
from buttons_game.games.buttons.engine import new_game, play_chance
from buttons_game.tournament import run_tournament, summary

EFFICIENCY_TARGETS = {"hard": 0.95, "medium": 0.75, "easy": 0.5}
MATCHES = (
    (("hard", "medium"), "hard", 0.65),
    (("medium", "easy"), "medium", 0.60),
    (("easy", "random"), "easy", 0.75),
    (("hard", "medium", "medium", "medium"), "hard", 0.40),
)
FILLER_SEATS = (
    ("random", "easy", "medium"),
    ("medium", "easy", "random", "medium"),
    ("easy", "medium"),
)


def _timed_exact(position: SoloPosition) -> tuple[float, int, float]:
    """(exact expected stars, states solved, seconds) for one position."""
    solver = position.solver()
    start = time.perf_counter()
    value = solver.value(position.buttons)
    return value, len(solver.exact), time.perf_counter() - start


def _filler(job: tuple[tuple[str, ...], int]) -> int:
    play_game(*job)
    return 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    global QUICK
    QUICK = args.quick
    scale = 10 if args.quick else 1
    rounds = 2400 // scale
    games = 1000 // scale
    lines = []
    start = time.perf_counter()

    positions = solo_positions()
    with Pool(args.jobs) as pool:
        solved = pool.map(_timed_exact, positions)
        optimum = [value for value, _, _ in solved]
        effs = pool.map(_efficiency, [(lv, rounds, args.seed, optimum) for lv in LEVELS])
    lines.append(f"solo-round efficiency, {rounds} rounds per level, {len(positions)} positions")
    for e in effs:
        target = EFFICIENCY_TARGETS.get(e.level)
        verdict = "" if target is None else f"target >= {target:.2f}: " + _ok(e.ratio >= target)
        lines.append(f"  {e.level:7} {e.ratio:6.3f}  ({e.stars:.3f} / {e.optimum:.3f})  {verdict}")
    lines.append("exact solves of the positions (black dice, stars, buttons: value, states, s):")
    lines.append(
        "  "
        + "; ".join(
            f"{p.black_dice},{p.stars.bit_count()},{p.buttons.bit_count()}: {v:.3f} {n} {s:.1f}"
            for p, (v, n, s) in zip(positions, solved)
        )
    )
    print("\n".join(lines), flush=True)

    played = 0
    hard_ms: list[float] = []
    medium_ms: list[float] = []
    for seats, level, target in MATCHES:
        stats, n = run_tournament(seats, games, args.seed, args.jobs, KIND)
        played += n
        table = summary(stats, KIND)
        row = table[level]
        print(
            f"{len(seats)}-player {','.join(seats)}: {level} wins {100 * row['win_rate']:.1f}% "
            f"(95% CI {100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f}, {n} games, "
            f"mean rounds {row['mean_rounds']:.2f}) target >= {100 * target:.0f}%: "
            + _ok(row["win_rate"] >= target),
            flush=True,
        )
        for lv, r in table.items():
            print(
                f"    {lv:7} win {100 * r['win_rate']:5.1f}%  busts/game "
                f"{r['busts_per_game']:.2f}  decision ms median {r['decision_ms_median']:.2f} "
                f"mean {r['decision_ms_mean']:.2f} p99 {r['decision_ms_p99']:.1f}"
            )
        hard_ms += [t * 1000 for t in stats["hard"].decision_s] if "hard" in stats else []
        medium_ms += [t * 1000 for t in stats["medium"].decision_s] if "medium" in stats else []

    hard_ms.sort()
    medium_ms.sort()
    hard_median, hard_p99 = _q(hard_ms, 0.5), _q(hard_ms, 0.99)
    medium_median = _q(medium_ms, 0.5)
    print(
        f"decision time, all games: hard median {hard_median:.1f} ms (target <= 100: "
        f"{_ok(hard_median <= 100)}), p99 {hard_p99:.1f} ms (target <= 500: "
        f"{_ok(hard_p99 <= 500)}), max {hard_ms[-1]:.1f} ms; medium median "
        f"{medium_median:.2f} ms (target <= 5: {_ok(medium_median <= 5)})",
        flush=True,
    )

    hint_ms = sorted(hint_times(200 // scale, args.seed))
    print(
        f"hint: median {_q(hint_ms, 0.5):.1f} ms, p99 {_q(hint_ms, 0.99):.1f} ms, "
        f"max {hint_ms[-1]:.1f} ms over {len(hint_ms)} decisions (target ~300 ms)",
        flush=True,
    )

    filler = max(0, 10_000 // scale - played)
    rng = random.Random(args.seed)
    jobs = [(FILLER_SEATS[i % len(FILLER_SEATS)], rng.randrange(1 << 32)) for i in range(filler)]
    with Pool(args.jobs) as pool:
        played += sum(pool.map(_filler, jobs, chunksize=64))
    print(
        f"illegal actions: 0 in {played} bot games ({played - filler} tournament games above, "
        f"{filler} more of random/easy/medium); an illegal action would have stopped the run",
    )
    print(f"total {time.perf_counter() - start:.0f} s")


def hint_times(count: int, seed: int) -> list[float]:
    """Milliseconds per hint at decisions met in medium-bot 3-player games."""
    rng = random.Random(seed)
    bot = make_bot("medium", seed)
    times: list[float] = []
    while len(times) < count:
        state = new_game(3, seed=rng.randrange(1 << 30))
        while not state.is_over() and len(times) < count:
            if state.is_chance_node():
                state = play_chance(state, rng)
                continue
            p = state.current_player
            start = time.perf_counter()
            hint(state, p)
            times.append((time.perf_counter() - start) * 1000)
            state = state.apply(bot.choose(state, p))
    return times


def _q(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


QUICK = False


def _ok(passed: bool) -> str:
    verdict = "met" if passed else "MISSED"
    return f"{verdict} (quick run: indicative only)" if QUICK else verdict


if __name__ == "__main__":
    main()
