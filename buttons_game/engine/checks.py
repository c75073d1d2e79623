"""The checked way in: why an action is illegal in a state, in words a person can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Dice, OptOut, Place, PlaceStar, Roll, Skip
from .board import bit, legal_mask
from .records import Phase

if TYPE_CHECKING:
    from .state import GameState


def _problem(state: GameState, action: object) -> str | None:
    """Why ``action`` is illegal in ``state``, or None when it is legal."""
    phase = state._phase
    if phase is Phase.OVER:
        return "the game is over"
    kind = type(action)
    if phase is Phase.ROLLING:
        if kind is not Dice:
            return f"the dice are being rolled: expected a Dice outcome, got {action!r}"
        return _dice_problem(state, action)  # type: ignore[arg-type]
    if kind is Dice:
        return "no roll is waiting for its dice"
    if phase is Phase.TURN:
        if kind is Roll:
            return None
        if kind is OptOut:
            if not state._buttons[state._active]:
                return f"seat {state._active} cannot opt out without a button on their board"
            return None
        return f"seat {state._active} must roll or opt out, not {action!r}"
    if phase is Phase.STARS and kind is not PlaceStar:
        waiting = ", ".join(f"seat {p} ({state._due[p]})" for p in state._pending)
        return f"earned stars must be placed first: {waiting}"
    if kind not in (Place, Skip, PlaceStar):
        return f"{action!r} is not a decision for this moment ({phase.value})"
    player = action.player  # type: ignore[attr-defined]
    if type(player) is not int or not 0 <= player < state.players:
        return f"there is no seat {player!r}"
    if player not in state._pending:
        return f"seat {player} has no decision to make now"
    if phase is Phase.STARS:
        where = _space_problem(action)
        if where:
            return where
        if not state._buttons[player] & bit(action.row, action.col):  # type: ignore[attr-defined]
            return (
                f"a star goes on a space holding one of this round's buttons; "
                f"({action.row}, {action.col}) holds none of seat {player}'s"  # type: ignore[attr-defined]
            )
        return None
    # Phase.PLACING
    dice = state._dice
    assert dice is not None
    if kind is PlaceStar:
        return "stars are placed at the end of the round"
    active = player == state._active
    if kind is Skip:
        if active:
            return f"seat {player} rolled and must place a button"
        return None
    where = _space_problem(action)
    if where:
        return where
    row, col = action.row, action.col  # type: ignore[attr-defined]
    if row != dice.white:
        return f"the button must go in row {dice.white} (the white die), not row {row}"
    if active:
        if col != dice.gold and col not in dice.plain:
            return f"column {col} was not rolled by any black die"
    elif col != dice.gold:
        return f"seat {player} may only use the gold space ({dice.white}, {dice.gold})"
    b = bit(row, col)
    if state._buttons[player] & b:
        return f"({row}, {col}) already holds a button"
    if state._stars[player] & b:
        return f"({row}, {col}) holds a star"
    if not legal_mask(state._buttons[player], state._stars[player]) & b:
        return f"({row}, {col}) is next to a button"
    return None


def _space_problem(action: object) -> str | None:
    row, col = action.row, action.col  # type: ignore[attr-defined]
    for value in (row, col):
        if type(value) is not int or not 1 <= value <= 6:
            return f"({row!r}, {col!r}) is not a space: rows and columns run from 1 to 6"
    return None


def _dice_problem(state: GameState, dice: Dice) -> str | None:
    values = (dice.white, dice.gold, *dice.plain)
    if any(type(v) is not int or not 1 <= v <= 6 for v in values):
        return f"dice show 1 to 6: {dice!r}"
    if len(dice.plain) != state.plain_dice_in_hand:
        return f"{state.plain_dice_in_hand} plain black dice are rolled, not {len(dice.plain)}"
    return None
