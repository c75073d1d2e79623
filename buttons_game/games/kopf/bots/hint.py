"""Hints for a person: what the hard bot would play, and why, as data the screen words.

Pure: the reason comes from what the move would build and expose (``threats_after``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action, Move, Remove
from ..engine.state import KopfState

LETTERS = "abcdefghij"


def name_of(square: tuple[int, int]) -> str:
    """A square in the game's notation: column a-j, then row 1-10 (row 1 at the top)."""
    row, col = square
    return f"{LETTERS[col - 1]}{row}"


@dataclass(frozen=True)
class KopfHint:
    """The advice: an action, a reason key (``kopf_hint.<why>``) and the reason's values."""

    action: Action
    why: str
    values: tuple[tuple[str, object], ...]


def explain(state: KopfState, action: Action) -> KopfHint:
    """Why ``action`` is good for the player to move, in one of a few plain reasons."""
    if isinstance(action, Remove):
        return KopfHint(action, "remove", (("square", name_of((action.row, action.col))),))
    if not isinstance(action, Move):
        return KopfHint(action, "pass", ())
    me = state.to_move
    start, end = (action.from_row, action.from_col), (action.to_row, action.to_col)
    move = (("from", name_of(start)), ("to", name_of(end)))
    built, exposed = state.threats_after(action)
    if built:
        squares = ", ".join(name_of(s) for s in sorted(built))
        return KopfHint(action, "threaten", (*move, ("squares", squares), ("count", len(built))))
    in_danger = state.threatened(me)
    saved = {end if s == start else s for s in in_danger} - exposed
    if in_danger and saved:
        squares = ", ".join(name_of(s) for s in sorted(in_danger))
        return KopfHint(action, "save", (*move, ("squares", squares), ("count", len(in_danger))))
    if not exposed:
        return KopfHint(action, "safe", move)
    return KopfHint(action, "best", move)


def kopf_hint(state: KopfState, seat: int, bot: Any) -> KopfHint:
    """The hard bot's choice for ``seat`` (the player to move), with its reason."""
    assert state.current_player == seat
    return explain(state, bot.choose(state, seat))
