"""Positions of both shipped games, reached by random legal play, for the wire's tests."""

from __future__ import annotations

import random
from typing import Any

from buttons_game.core.kind import AnyKind, find_kind
from buttons_game.core.seats import Seat

KIND_IDS = ("buttons", "kopf")


def kind(kind_id: str) -> AnyKind:
    found = find_kind(kind_id)
    assert found is not None
    return found


def played(kind_id: str, steps: int, seed: int = 7) -> tuple[AnyKind, Any, list[Any]]:
    """A game of ``kind_id``: its set-up and up to ``steps`` random legal actions and dice."""
    game_kind = kind(kind_id)
    rng = random.Random(seed)
    seats = (Seat("Emma", None), Seat("さくら", "easy"))
    setup = game_kind.new_game(seats, seed=seed).state.setup
    state = game_kind.first_state(setup)
    actions: list[Any] = []
    while len(actions) < steps and not state.is_over():
        if state.is_chance_node():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            action = rng.choice(outcomes)
        else:
            seat = game_kind.deciders(state)[0]
            action = rng.choice(list(game_kind.legal_actions(state, seat)))
        actions.append(action)
        state = state.apply(action)
    return game_kind, setup, actions
