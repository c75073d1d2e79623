"""What one action did in a game of BUTTONS, worked out once for everyone who follows the
game: the move log's notes, the sound it makes, the seat it busted, the round it scored
and the stars it placed. The table, the log, speech and a replay read this one value.

Pure: it reads engine states only.
"""

from __future__ import annotations

from dataclasses import dataclass

from buttons_game.core.events import Happened

from .engine import Action, GameState, OptOut, Place, PlaceStar, Roll, RoundScore
from .narration import busted_seat, notes_of

# The sound of the game's end: the table plays its celebration's own.
OVER = "over"

Space = tuple[int, int, int]
"""A seat's board space: (seat, row, col)."""


@dataclass(frozen=True)
class ButtonsHappened(Happened):
    """``Happened`` with BUTTONS' own marks: the seat the dice busted (None: nobody), the
    round the action scored (None: none) and the stars it placed, each (seat, row, col)."""

    busted: int | None = None
    scored: RoundScore | None = None
    stars: tuple[Space, ...] = ()


def happened(before: GameState, action: Action, after: GameState) -> ButtonsHappened:
    """What ``action`` did, taking ``before`` to ``after``."""
    busted = busted_seat(before, action)
    scores = after.round_scores()
    scored = scores[-1] if len(scores) > len(before.round_scores()) else None
    stars = (action.player, action.row, action.col) if isinstance(action, PlaceStar) else None
    return ButtonsHappened(
        notes_of(before, action, after, busted),
        _cue(before, action, after, busted),
        busted,
        scored,
        () if stars is None else (stars,),
    )


def _cue(before: GameState, action: Action, after: GameState, busted: int | None) -> str | None:
    """The one sound of the change, the weightiest: the game's end, a bust, else the
    action's own (a skip and a roll that busts nobody make none)."""
    if after.is_over() and not before.is_over():
        return OVER
    if busted is not None:
        return "bust"
    if isinstance(action, Roll):
        return "roll"
    if isinstance(action, Place):
        return "place"
    if isinstance(action, PlaceStar):
        return "star"
    if isinstance(action, OptOut):
        return "opt_out"
    return None


__all__ = ["OVER", "ButtonsHappened", "Space", "happened"]
