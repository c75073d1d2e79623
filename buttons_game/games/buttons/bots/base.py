"""The bot interface and the uniformly random bot."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine import Action, GameState


class Bot(Protocol):
    level: str

    def choose(self, state: GameState, player: int | None = None) -> Action:
        """A legal action for ``player`` (default: ``state.current_player``)."""
        ...


def decider(state: GameState, player: int | None) -> int:
    """The seat a bot decides for, checked to have a decision now."""
    if player is None:
        player = state.current_player
    if player is None:
        raise ValueError("nobody has a decision to make in this state")
    return player


class RandomBot:
    """Uniformly random legal actions."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, player: int | None = None) -> Action:
        actions = state.legal_actions(decider(state, None) if player is None else player)
        if not actions:
            raise ValueError(f"seat {player} has no legal action")
        return actions[int(self.rng.random() * len(actions))]
