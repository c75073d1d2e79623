"""Reproducible mid-game positions for screenshots, the render benchmark and UI tests."""

from __future__ import annotations

import random

from buttons_game.games.buttons.engine import Phase, random_action, sample_dice
from buttons_game.games.buttons.game import Game, Seat


def seats(players: int, humans: int) -> tuple[Seat, ...]:
    names = ("Anna", "Ben", "Carla", "Deniz")
    return tuple(Seat(names[p], None if p < humans else "medium") for p in range(players))


def mid_game(
    players: int,
    *,
    humans: int | None = None,
    seed: int = 7,
    min_round: int = 3,
    phase: Phase = Phase.PLACING,
) -> Game:
    """A game played randomly to round ``min_round`` or later, stopped at ``phase``
    with buttons on the active board (and a human deciding, when there are humans)."""
    humans = players if humans is None else humans
    rng = random.Random(seed)
    game = Game.new(seats(players, humans), seed=seed)
    state = game.state
    while True:
        if state.is_over():
            return mid_game(players, humans=humans, seed=seed + 1, min_round=min_round, phase=phase)
        if (
            state.round_number >= min_round
            and state.phase is phase
            and (phase is not Phase.PLACING or state.active_player in state.pending_players)
            and state.button_mask(state.active_player).bit_count() >= 3
        ):
            return Game(game.seats, state, game.game_id)
        if state.is_chance_node():
            state = state.apply(sample_dice(state, rng))
        else:
            # lean towards rolling so boards fill up
            legal = state.legal_actions()
            action = (
                legal[0]
                if state.phase is Phase.TURN and rng.random() < 0.8
                else random_action(state, rng)
            )
            state = state.apply(action)  # type: ignore[arg-type]
