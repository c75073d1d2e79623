"""Undo for people: take back a placement, a skip or a star, never a roll of the dice.

Only decisions made since the last roll can be taken back, and only those of a
human seat. Bot decisions made after it are taken back with it (the bots decide
again). Anything else in between (a roll, its dice, an opt-out) stops undo, so
the dice that were rolled always stay in the history.
"""

from __future__ import annotations

from collections.abc import Sequence

from buttons_game.engine import Action, GameState, Place, PlaceStar, Skip
from buttons_game.game import Game, Seat

_DECISIONS = (Place, Skip, PlaceStar)


def undo_point(actions: Sequence[Action], seats: Sequence[Seat]) -> int | None:
    """The index of the human decision that undo would take back, or None.

    Scans back from the end over placements, skips and stars; the first one by a
    human seat is the answer. A roll, dice or opt-out on the way means there is
    nothing to undo.
    """
    for i in range(len(actions) - 1, -1, -1):
        action = actions[i]
        if not isinstance(action, _DECISIONS):
            return None
        if seats[action.player].is_human:
            return i
    return None


def can_undo(game: Game) -> bool:
    """True when a human decision made since the last roll can be taken back."""
    return undo_point(game.state.history(), game.seats) is not None


def undo(game: Game) -> Game:
    """The game just before its last undoable human decision.

    Raises ValueError when there is none (see ``can_undo``).
    """
    actions = game.state.history()
    point = undo_point(actions, game.seats)
    if point is None:
        raise ValueError("there is no decision to undo since the last roll")
    state = GameState(game.state.setup)
    for action in actions[:point]:
        # These actions were checked when they were first applied.
        state = state.apply_unchecked(action)
    return Game(game.seats, state, game.game_id)
