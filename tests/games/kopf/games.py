"""Games of Kopf oder Knopf with seats: random play, and a position where punishing comes up."""

from __future__ import annotations

import random

from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.engine import Move
from buttons_game.games.kopf.game import KopfGame

from .helpers import position

ANNA, BEN = Seat("Anna"), Seat("Ben")
BOT = Seat("Bot", "easy")
NAMES = ("Emma", "Jürgen", "Zoë", "さくら", "O'Brien", "Würfel 🎲")
LEVELS = ("random", "easy", "medium", "hard")


def random_seats(rng: random.Random) -> tuple[Seat, Seat]:
    """Two seats with random names; about half are people, the rest bots."""
    red, blue = (
        Seat(rng.choice(NAMES), None if rng.random() < 0.5 else rng.choice(LEVELS))
        for _ in range(2)
    )
    return red, blue


def play_on(game: KopfGame, rng: random.Random, steps: int | None = None) -> KopfGame:
    """``game`` continued with random legal actions by ``steps`` actions (or to the end)."""
    for _ in range(steps if steps is not None else 100_000):
        if game.state.is_over():
            break
        game = game.apply(rng.choice(game.state.legal_actions()))
    return game


def random_game(
    rng: random.Random, steps: int | None = None, *, target: int = 10, seats=None
) -> KopfGame:
    game = KopfGame.new(seats or random_seats(rng), target=target)
    return play_on(game, rng, steps)


def punishing_start(seats=(ANNA, BEN), to_move: int = 0) -> KopfGame:
    """Red (seat 0) to move: ``GROUP_MOVE`` makes a red group of three that blue then
    punishes; after a removal nothing is struck (every square has 1 hole)."""
    red = [(5, 5), (5, 6), (7, 7)]
    return KopfGame(seats, position(red, [(8, 2)], to_move=to_move))


GROUP_MOVE = Move(7, 7, 6, 7)
RED_QUIET = Move(10, 1, 9, 1)  # a red filler piece, far from everything
BLUE_QUIET = Move(8, 2, 8, 3)
BLUE_BACK = Move(8, 3, 8, 2)
