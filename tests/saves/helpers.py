"""Random games with seats, and checks that a save file was left untouched."""

from __future__ import annotations

import os
import random
from pathlib import Path

from buttons_game.games.buttons.bots import LEVELS
from buttons_game.games.buttons.engine import random_action, replay, sample_dice
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.engine import replay as replay_kopf
from buttons_game.games.kopf.game import KopfGame

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


def assert_legal(game: Game | KopfGame) -> None:
    """A loaded game is exactly its set-up plus its history replayed by the checked path."""
    if isinstance(game, KopfGame):
        assert len(game.seats) == 2
        assert replay_kopf(game.state.setup, game.state.history()) == game.state
        return
    assert len(game.seats) == game.state.players
    assert replay(game.state.setup, game.state.history()) == game.state


def assert_same_kopf_game(loaded: Game | KopfGame, game: KopfGame) -> None:
    """A game of Kopf oder Knopf loaded as saved, undo stack included."""
    assert isinstance(loaded, KopfGame) and loaded.kind == "kopf"
    assert loaded == game
    assert loaded.seats == game.seats and loaded.game_id == game.game_id
    assert loaded.state.setup == game.state.setup
    assert loaded.state.history() == game.state.history()
    assert loaded.state.outcome() == game.state.outcome()
    assert loaded.state.legal_actions() == game.state.legal_actions()
    assert loaded.undo_stack == game.undo_stack and loaded.last_actor == game.last_actor
    assert loaded.undo_seat == game.undo_seat and loaded.turn_number == game.turn_number


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` with its bytes and modification time."""
    return {
        str(p): (p.read_bytes(), os.stat(p).st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }
