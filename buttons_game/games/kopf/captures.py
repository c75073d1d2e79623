"""What one action captured in a game of Kopf oder Knopf, worked out once: the narration
tells it, the table flies each piece to its captor's tray, and ``happened`` carries it.

Pure: it reads engine states only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine.actions import Action, Move
from .engine.board import Square
from .engine.state import KopfState


@dataclass(frozen=True)
class Capture:
    """A piece taken: its square (as it stood when taken), its owner and its captor."""

    square: Square
    owner: int
    captor: int


def captures(before: KopfState, action: Action, after: KopfState) -> tuple[Capture, ...]:
    """The pieces ``action`` took (a punishment's removal, a strike), in the order the
    table flies them: red's pieces first, then blue's, each in reading order. A moved
    piece counts on the square it moved to."""
    taken: list[Capture] = []
    mover = before.to_move
    for owner in (0, 1):
        pieces = before.pieces(owner)
        if isinstance(action, Move) and owner == mover:
            start, end = (action.from_row, action.from_col), (action.to_row, action.to_col)
            pieces = (pieces - {start}) | {end}
        gone = pieces - after.pieces(owner)
        taken.extend(Capture(spot, owner, 1 - owner) for spot in sorted(gone))
    return tuple(taken)


__all__ = ["Capture", "captures"]
