"""The checked way in: why an action is illegal in a state, as a code, details and English words."""

from __future__ import annotations

from typing import Protocol

from .actions import Dice, OptOut, Place, PlaceStar, Roll, Skip
from .board import bit, legal_mask
from .records import IllegalActionError, Phase


class GameState(Protocol):
    """What the checks read of a state (``state.GameState``, which calls them)."""

    _phase: Phase
    _active: int
    _buttons: tuple[int, ...]
    _stars: tuple[int, ...]
    _pending: tuple[int, ...]
    _dice: Dice | None
    _due: tuple[int, ...]

    @property
    def players(self) -> int: ...
    @property
    def plain_dice_in_hand(self) -> int: ...


def _error(code: str, message: str, **details: int) -> IllegalActionError:
    return IllegalActionError(message, code=code, details=details)


def _problem(state: GameState, action: object) -> IllegalActionError | None:
    """Why ``action`` is illegal in ``state``, or None when it is legal."""
    phase = state._phase
    if phase is Phase.OVER:
        return _error("game_over", "the game is over")
    kind = type(action)
    if phase is Phase.ROLLING:
        if kind is not Dice:
            return _error(
                "dice_expected",
                f"the dice are being rolled: expected a Dice outcome, got {action!r}",
            )
        return _dice_problem(state, action)  # type: ignore[arg-type]
    if kind is Dice:
        return _error("no_roll_waiting", "no roll is waiting for its dice")
    if phase is Phase.TURN:
        a = state._active
        if kind is Roll:
            return None
        if kind is OptOut:
            if not state._buttons[a]:
                return _error(
                    "opt_out_needs_button",
                    f"seat {a} cannot opt out without a button on their board",
                    seat=a,
                )
            return None
        return _error(
            "must_roll_or_opt_out", f"seat {a} must roll or opt out, not {action!r}", seat=a
        )
    if phase is Phase.STARS and kind is not PlaceStar:
        waiting = ", ".join(f"seat {p} ({state._due[p]})" for p in state._pending)
        return _error("stars_first", f"earned stars must be placed first: {waiting}")
    if kind not in (Place, Skip, PlaceStar):
        return _error("not_now", f"{action!r} is not a decision for this moment ({phase.value})")
    player = action.player  # type: ignore[attr-defined]
    if type(player) is not int or not 0 <= player < state.players:
        seat = {"seat": player} if type(player) is int else {}
        return _error("no_such_seat", f"there is no seat {player!r}", **seat)
    if player not in state._pending:
        return _error("no_decision", f"seat {player} has no decision to make now", seat=player)
    if phase is Phase.STARS:
        where = _space_problem(action)
        if where:
            return where
        row, col = action.row, action.col  # type: ignore[attr-defined]
        if not state._buttons[player] & bit(row, col):
            return _error(
                "star_needs_button",
                f"a star goes on a space holding one of this round's buttons; "
                f"({row}, {col}) holds none of seat {player}'s",
                seat=player,
                row=row,
                col=col,
            )
        return None
    # Phase.PLACING
    dice = state._dice
    assert dice is not None
    if kind is PlaceStar:
        return _error("stars_at_round_end", "stars are placed at the end of the round")
    active = player == state._active
    if kind is Skip:
        if active:
            return _error(
                "must_place", f"seat {player} rolled and must place a button", seat=player
            )
        return None
    where = _space_problem(action)
    if where:
        return where
    row, col = action.row, action.col  # type: ignore[attr-defined]
    if row != dice.white:
        return _error(
            "wrong_row",
            f"the button must go in row {dice.white} (the white die), not row {row}",
            row=dice.white,
        )
    if active:
        if col != dice.gold and col not in dice.plain:
            return _error("not_rolled", f"column {col} was not rolled by any black die", col=col)
    elif col != dice.gold:
        return _error(
            "gold_only",
            f"seat {player} may only use the gold space ({dice.white}, {dice.gold})",
            seat=player,
            row=dice.white,
            col=dice.gold,
        )
    b = bit(row, col)
    if state._buttons[player] & b:
        return _error("holds_button", f"({row}, {col}) already holds a button", row=row, col=col)
    if state._stars[player] & b:
        return _error("holds_star", f"({row}, {col}) holds a star", row=row, col=col)
    if not legal_mask(state._buttons[player], state._stars[player]) & b:
        return _error("next_to_button", f"({row}, {col}) is next to a button", row=row, col=col)
    return None


def _space_problem(action: object) -> IllegalActionError | None:
    row, col = action.row, action.col  # type: ignore[attr-defined]
    for value in (row, col):
        if type(value) is not int or not 1 <= value <= 6:
            return _error(
                "not_a_space",
                f"({row!r}, {col!r}) is not a space: rows and columns run from 1 to 6",
            )
    return None


def _dice_problem(state: GameState, dice: Dice) -> IllegalActionError | None:
    values = (dice.white, dice.gold, *dice.plain)
    expected = state.plain_dice_in_hand
    for v in values:
        if type(v) is not int or not 1 <= v <= 6:
            return _error("bad_dice", f"dice show 1 to 6: {dice!r}", plain=expected)
    if len(dice.plain) != expected:
        return _error(
            "bad_dice",
            f"{expected} plain black dice are rolled, not {len(dice.plain)}",
            plain=expected,
        )
    return None
