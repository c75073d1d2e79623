"""What one action did in a game of Kopf oder Knopf, worked out once for everyone who
follows the game: the move log's notes, the sound it makes and the pieces it captured.

Pure: it reads engine states only.
"""

from __future__ import annotations

from dataclasses import dataclass

from buttons_game.core.events import Happened

from .captures import Capture, captures
from .engine.actions import Action, Move
from .engine.state import KopfState
from .narration import notes_of

# The sound of the game's end: the table plays its celebration's own (a win, a draw).
OVER = "over"


@dataclass(frozen=True)
class KopfHappened(Happened):
    """``Happened`` with the pieces the action captured, in the order the table flies
    them to their captors' trays (``captures.captures``)."""

    captures: tuple[Capture, ...] = ()


def happened(before: KopfState, action: Action, after: KopfState) -> KopfHappened:
    """What ``action`` did, taking ``before`` to ``after``."""
    taken = captures(before, action, after)
    return KopfHappened(
        notes_of(before, action, after, taken), _cue(before, action, after, taken), taken
    )


def _cue(
    before: KopfState, action: Action, after: KopfState, taken: tuple[Capture, ...]
) -> str | None:
    """The one sound of the change, the weightiest: the game's end, a strike (pieces
    struck or punished, off to the tray), else a move (a pass makes none)."""
    if after.is_over() and not before.is_over():
        return OVER
    if taken:
        return "strike"
    return "move" if isinstance(action, Move) else None


__all__ = ["OVER", "KopfHappened", "happened"]
