"""Set-ups and actions of Kopf oder Knopf as plain JSON values, and rebuilding by replay.

A saved game is its set-up (board, target, pieces, who moves) plus the list of
actions; loading replays them through the checked ``apply``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from buttons_game.core.game import replay_states

from .actions import PASS, Action, Move, Pass, Remove
from .state import KopfState, Setup, make_setup, start


class ActionFormatError(ValueError):
    """A stored action that is not well formed."""


def encode_action(action: Action) -> dict[str, Any]:
    if isinstance(action, Move):
        return {
            "type": "move",
            "from": [action.from_row, action.from_col],
            "to": [action.to_row, action.to_col],
        }
    if isinstance(action, Remove):
        return {"type": "remove", "at": [action.row, action.col]}
    if isinstance(action, Pass):
        return {"type": "pass"}
    raise TypeError(f"not an action: {action!r:.80}")


def _square(value: object, what: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(type(v) is not int or not -1000 < v < 1000 for v in value)
    ):
        raise ActionFormatError(f"{what} must be [row, col], not {value!r:.60}")
    return value[0], value[1]


_FIELDS = {"move": {"type", "from", "to"}, "remove": {"type", "at"}, "pass": {"type"}}


def decode_action(data: object) -> Action:
    """The action a JSON value describes; ActionFormatError if it is malformed."""
    if not isinstance(data, dict):
        raise ActionFormatError(f"an action is a JSON object, not {data!r:.60}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ActionFormatError(f"unknown action type {kind!r:.40}")
    if set(data) != _FIELDS[kind]:
        raise ActionFormatError(f"a {kind!r} action has the fields {sorted(_FIELDS[kind])}")
    if kind == "pass":
        return PASS
    if kind == "remove":
        return Remove(*_square(data["at"], "at"))
    return Move(*_square(data["from"], "from"), *_square(data["to"], "to"))


def encode_setup(setup: Setup) -> dict[str, Any]:
    return {
        "board": [list(row) for row in setup.board],
        "target": setup.target,
        "pieces": [sorted([r, c] for r, c in side) for side in setup.pieces],
        "to_move": setup.to_move,
    }


def decode_setup(data: object) -> Setup:
    """A set-up from its JSON value; a ValueError naming the problem if it is malformed."""
    if not isinstance(data, dict) or set(data) != {"board", "target", "pieces", "to_move"}:
        raise ValueError("a set-up has board, target, pieces and to_move")
    pieces = data["pieces"]
    if not isinstance(pieces, list) or len(pieces) != 2:
        raise ValueError("pieces must be [red_squares, blue_squares]")
    sides = []
    for side in pieces:
        if not isinstance(side, list):
            raise ValueError("each side's pieces must be a list of [row, col]")
        sides.append([_square(item, "a piece") for item in side])
    return make_setup(
        board=data["board"], target=data["target"], pieces=sides, to_move=data["to_move"]
    )


def replay(setup: Setup, actions: Sequence[Action]) -> KopfState:
    """Rebuild a state through the checked path; the error names the first bad action."""
    return replay_states(start(setup), actions)[-1]
