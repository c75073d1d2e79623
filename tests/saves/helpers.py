"""Random games with seats, and checks that a save file was left untouched."""

from __future__ import annotations

import os
import random
from pathlib import Path

from buttons_game.bots import LEVELS
from buttons_game.engine import random_action, replay, sample_dice
from buttons_game.game import Game, Seat

NAMES = ("Emma", "Jürgen", "Zoë", "さくら", "Ole", "Mia-Sophie", "O'Brien", "Würfel 🎲")


def random_seats(rng: random.Random, players: int) -> tuple[Seat, ...]:
    """Seats with random names; about half are people, the rest bots of any level."""
    return tuple(
        Seat(rng.choice(NAMES), None if rng.random() < 0.5 else rng.choice(LEVELS))
        for _ in range(players)
    )


def random_game(rng: random.Random, players: int, steps: int | None = None) -> Game:
    """A game of random legal moves and dice, ``steps`` actions long (or played to the end)."""
    game = Game.new(random_seats(rng, players), seed=rng.randrange(2**32))
    return play_on(game, rng, steps)


def play_on(game: Game, rng: random.Random, steps: int | None = None) -> Game:
    """``game`` continued with random legal moves and dice by ``steps`` actions (or to the end)."""
    goal = None if steps is None else len(game.state.history()) + steps
    while not game.state.is_over() and (goal is None or len(game.state.history()) < goal):
        state = game.state
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        game = game.apply(action)  # type: ignore[arg-type]
    return game


def assert_same_game(loaded: Game, game: Game) -> None:
    assert loaded == game
    assert loaded.seats == game.seats
    assert loaded.game_id == game.game_id
    assert loaded.state.setup == game.state.setup
    assert loaded.state.history() == game.state.history()
    assert loaded.state.round_scores() == game.state.round_scores()
    assert loaded.state.outcome() == game.state.outcome()
    assert loaded.state.legal_actions() == game.state.legal_actions()


def assert_legal(game: Game) -> None:
    """A loaded game is exactly its set-up plus its history replayed by the checked path."""
    assert len(game.seats) == game.state.players
    assert replay(game.state.setup, game.state.history()) == game.state


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` with its bytes and modification time."""
    return {
        str(p): (p.read_bytes(), os.stat(p).st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }
