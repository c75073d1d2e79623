"""What the frozen hard bot needs of ``bots/base.py``: the decider check and root actions."""

from __future__ import annotations

from buttons_game.games.kopf.engine.actions import Action, Move, Remove
from buttons_game.games.kopf.engine.board import index
from buttons_game.games.kopf.engine.state import KopfState

from .search import RootAction


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
