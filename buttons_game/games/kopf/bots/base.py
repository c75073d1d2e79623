"""The bot interface, the uniformly random bot, and what every level shares."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.actions import Action, Move, Remove
from ..engine.board import index
from ..engine.state import KopfState
from .search import RootAction


class Bot(Protocol):
    level: str

    def choose(self, state: KopfState, player: int | None = None) -> Action:
        """A legal action for the player to move (``player``, if given, must be that player)."""
        ...


def decider(state: KopfState, player: int | None) -> int:
    """The player a bot decides for, checked to have the decision now."""
    current = state.current_player
    if current is None:
        raise ValueError("the game is over: nobody has a decision to make")
    if player is not None and player != current:
        raise ValueError(f"player {player} has no decision now: player {current} is to move")
    return current


def root_action(action: Action) -> RootAction:
    """An engine action as the search names it: (from, to), a square index, or None."""
    if type(action) is Move:
        return (index(action.from_row, action.from_col), index(action.to_row, action.to_col))
    if type(action) is Remove:
        return index(action.row, action.col)
    return None


class RandomBot:
    """Uniformly random legal actions."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: KopfState, player: int | None = None) -> Action:
        decider(state, player)
        actions = state.legal_actions()
        return actions[int(self.rng.random() * len(actions))]
