"""Engine speed: random whole games, legal_actions, exact bust probability.

    python benchmarks/engine.py [--repeats 5]

Prints the median of several repeats for each figure. Targets (issue 2):
>= 200 random 4-player games per second, <= 50 us per bust probability.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from buttons_game.games.buttons.engine import (
    bust_probability,
    new_game,
    random_action,
    random_game,
    sample_dice,
)
from buttons_game.games.buttons.engine.state import GameState


def games_per_second(players: int, games: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for g in range(games):
        random_game(players, rng, seed=seed * 10_000 + g)
    return games / (time.perf_counter() - start)


def sample_states(count: int, seed: int) -> list[GameState]:
    """Decision states met in random 4-player games."""
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        state = new_game(4, seed=rng.randrange(1 << 30))
        while not state.is_over() and len(states) < count:
            if state.is_chance_node():
                state = state.apply_unchecked(sample_dice(state, rng))
            else:
                states.append(state)
                state = state.apply_unchecked(random_action(state, rng))
    return states


def legal_actions_per_second(states: list[GameState]) -> float:
    start = time.perf_counter()
    for state in states:
        state.legal_actions()
    return len(states) / (time.perf_counter() - start)


def bust_probability_us(states: list[GameState]) -> float:
    start = time.perf_counter()
    for state in states:
        bust_probability(state, 0)
    return (time.perf_counter() - start) / len(states) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    r = args.repeats
    g2 = [games_per_second(2, 200, seed) for seed in range(r)]
    g4 = [games_per_second(4, 200, seed) for seed in range(r)]
    states = sample_states(20_000, 1)
    la = [legal_actions_per_second(states) for _ in range(r)]
    # bust probability with all 5 black dice in hand: states at the start of a turn
    full_hand = [s for s in states if s.plain_dice_in_hand == 4 and s.button_mask(0)]
    bp = [bust_probability_us(full_hand) for _ in range(r)]
    print(f"random 2-player games per second: {statistics.median(g2):8.1f}  (median of {r})")
    print(f"random 4-player games per second: {statistics.median(g4):8.1f}  (target >= 200)")
    print(f"legal_actions calls per second:   {statistics.median(la):8.0f}")
    print(
        f"bust_probability, 5 black dice:   {statistics.median(bp):8.2f} us per call"
        f"  (target <= 50; {len(full_hand)} positions)"
    )


if __name__ == "__main__":
    main()
