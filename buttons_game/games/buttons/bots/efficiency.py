"""Solo-round efficiency: a bot's mean stars over seeded solo rounds ÷ the exact optimum.

A solo round is a seat rolling alone until it opts out or busts, as the last
player in a round does. The positions are fixed (seeded, listed by
``solo_positions``) and span 2 to 5 black dice, star-filled boards and rounds
already under way. The same dice seeds are used for every bot.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from buttons_game.core.tournament import Meter

from ..engine import (
    COLOUR_MASKS,
    COLOURS,
    LAYOUT_NAMES,
    GameState,
    Status,
    new_game,
    play_chance,
)
from .base import Bot
from .solver import SoloSolver, open_spaces


@dataclass(frozen=True)
class SoloPosition:
    """Seat 0 alone in a round with ``black_dice`` black dice (the gold one included)."""

    black_dice: int
    layout: str
    cards: tuple[str, ...]
    stars: int
    buttons: int

    def solver(self) -> SoloSolver:
        held = [c in self.cards for c in COLOURS]
        return SoloSolver(self.stars, COLOUR_MASKS[self.layout], held, self.black_dice)

    def state(self) -> GameState:
        """An engine state for the position: the other seats are out with empty boards."""
        players = 2 if len(self.cards) == 2 else 4
        others = [c for c in COLOURS if c not in self.cards]
        if players == 2:
            cards: tuple[tuple[str, ...], ...] = (self.cards, tuple(others))
        else:
            cards = (self.cards, *((c,) for c in others))
        layouts = [self.layout] + [n for n in LAYOUT_NAMES if n != self.layout][: players - 1]
        state = new_game(players, layouts=tuple(layouts), cards=cards)
        plain_out = 5 - self.black_dice
        depot = [0] * players
        for i in range(plain_out):
            depot[1 + i % (players - 1)] += 1
        return state._replace(
            buttons=(self.buttons,) + (0,) * (players - 1),
            stars=(self.stars,) + (0,) * (players - 1),
            depot=tuple(depot),
            status=(Status.IN_ROUND,) + (Status.BUSTED,) * (players - 1),
            active=0,
        )


# (black dice, stars, buttons, cards held): rounds from the start and rounds under way.
_SHAPES = (
    (5, 6, 0, 2),
    (5, 3, 1, 1),
    (5, 1, 2, 2),
    (4, 7, 0, 1),
    (4, 3, 1, 2),
    (4, 1, 2, 1),
    (3, 6, 0, 2),
    (3, 3, 1, 1),
    (3, 1, 2, 2),
    (2, 5, 0, 2),
    (2, 2, 1, 1),
    (2, 0, 2, 2),
)


def solo_positions(seed: int = 2015) -> tuple[SoloPosition, ...]:
    """The fixed set of solo-round positions (random stars and legal buttons from ``seed``)."""
    rng = random.Random(seed)
    positions = []
    for dice, star_count, button_count, card_count in _SHAPES:
        stars = 0
        for i in rng.sample(range(36), star_count):
            stars |= 1 << i
        buttons = 0
        for _ in range(button_count):
            free = open_spaces(buttons, stars)
            buttons |= 1 << rng.choice([i for i in range(36) if free >> i & 1])
        layout = rng.choice(LAYOUT_NAMES)
        cards = tuple(sorted(rng.sample(COLOURS, card_count), key=COLOURS.index))
        positions.append(SoloPosition(dice, layout, cards, stars, buttons))
    return tuple(positions)


def play_solo_round(bot: Bot, position: SoloPosition, rng: random.Random) -> int:
    """Stars the bot earns playing the position alone (0 on a bust); dice drawn from ``rng``."""
    state = position.state()
    while state.status(0) is Status.IN_ROUND and not state.round_scores():
        if state.is_chance_node():
            state = play_chance(state, rng)
        else:
            state = state.apply(bot.choose(state, 0))
    # A bust ends the round at once (everyone else is out): the round is scored 0.
    return state.round_scores()[-1].seats[0].total


@dataclass(frozen=True)
class Efficiency:
    level: str
    rounds: int
    stars: float  # the bot's mean stars per round
    optimum: float  # the solver's exact expected stars, averaged the same way

    @property
    def ratio(self) -> float:
        return self.stars / self.optimum


def solo_stars(
    make: Callable[[int], Bot],
    rounds: range,
    positions: tuple[SoloPosition, ...],
    seed: int = 0,
    done: Callable[[int], None] | None = None,
) -> int:
    """The stars of solo rounds ``rounds`` (round i: position i mod their count, dice seed
    i), added up; ``done(1)`` after each."""
    total = 0
    for i in rounds:
        bot = make(seed * 1_000_003 + i)
        total += play_solo_round(
            bot, positions[i % len(positions)], random.Random(seed * 1_000_003 + i)
        )
        if done is not None:
            done(1)
    return total


def expected_stars(rounds: int, optimum: list[float]) -> float:
    """The optimum's mean over ``rounds`` rounds spread as ``solo_stars`` spreads them."""
    expected = 0.0
    for i in range(rounds):
        expected += optimum[i % len(optimum)]
    return expected / rounds


def measure(
    make: Callable[[int], Bot],
    level: str,
    rounds: int,
    optimum: list[float],
    positions: tuple[SoloPosition, ...],
    seed: int = 0,
) -> Efficiency:
    """Play ``rounds`` solo rounds spread evenly over ``positions`` (round i uses dice seed i)."""
    total = solo_stars(make, range(rounds), positions, seed)
    return Efficiency(level, rounds, total / rounds, expected_stars(rounds, optimum))


def _exact(position: SoloPosition) -> float:
    return position.solver().value(position.buttons)


def _efficiency(job: tuple[str, int, int, list[float]]) -> Efficiency:
    from .levels import make_bot

    level, rounds, seed, optimum = job
    return measure(lambda s: make_bot(level, s), level, rounds, optimum, solo_positions(), seed)


CHUNK = 25  # solo rounds per job on a pool: a bar that moves, little to send back and forth


def _chunk(job: tuple[str, int, int, int]) -> tuple[str, int, int]:
    """A level's stars over rounds ``start``..``stop`` - 1, and how many rounds that was."""
    from .levels import make_bot

    level, start, stop, seed = job
    stars = solo_stars(partial(make_bot, level), range(start, stop), solo_positions(), seed)
    return level, stars, stop - start


def _measure_all(
    levels: list[str], rounds: int, seed: int, jobs: int, progress: Meter | None
) -> tuple[int, list[Efficiency]]:
    """Solve the positions, then play every level's rounds (on ``jobs`` processes), telling
    ``progress`` of each position solved and each round played; the positions' count and
    each level's efficiency, the same whatever ``jobs``."""
    from buttons_game.core.tournament import worker_pool

    from .levels import make_bot

    positions = solo_positions()
    done = progress.advance if progress is not None else None
    if progress is not None:
        progress.stage(len(positions), "positions")
    stars = dict.fromkeys(levels, 0)
    if jobs > 1:
        work = [
            (level, start, min(rounds, start + CHUNK), seed)
            for level in levels
            for start in range(0, rounds, CHUNK)
        ]
        with worker_pool(jobs) as pool:
            optimum = []
            for value in pool.imap(_exact, positions):
                optimum.append(value)
                if done is not None:
                    done(1)
            if progress is not None:
                progress.stage(len(levels) * rounds, "rounds")
            for level, level_stars, played in pool.imap_unordered(_chunk, work):
                stars[level] += level_stars
                if done is not None:
                    done(played)
    else:
        optimum = []
        for position in positions:
            optimum.append(_exact(position))
            if done is not None:
                done(1)
        if progress is not None:
            progress.stage(len(levels) * rounds, "rounds")
        for level in levels:
            make = partial(make_bot, level)
            stars[level] = solo_stars(make, range(rounds), positions, seed, done)
    mean = expected_stars(rounds, optimum)
    return len(positions), [Efficiency(lv, rounds, stars[lv] / rounds, mean) for lv in levels]


def efficiency_command(
    seats: Sequence[str],
    rounds: int,
    seed: int,
    jobs: int,
    as_json: bool,
    progress: Meter | None = None,
) -> int:
    """Print each level's solo-round efficiency: its mean stars ÷ the exact optimum
    (``buttons-game tournament --efficiency``); ``progress`` counts the positions solved,
    then the rounds played."""
    levels = list(dict.fromkeys(seats))
    start = time.perf_counter()
    count, results = _measure_all(levels, rounds, seed, jobs, progress)
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
        print(json.dumps({"positions": count, "seed": seed, "levels": table}))
        return 0
    print(
        f"solo-round efficiency: {rounds} seeded rounds per level over {count} "
        f"fixed positions (seed {seed}; {time.perf_counter() - start:.0f} s)"
    )
    print(f"{'level':8} {'efficiency':>10} {'mean stars':>10} {'optimum':>8}")
    for e in results:
        print(f"{e.level:8} {e.ratio:10.3f} {e.stars:10.3f} {e.optimum:8.3f}")
    return 0
