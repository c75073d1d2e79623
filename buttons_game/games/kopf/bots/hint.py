"""Hints for a person: what the hard bot would play, and why, as data the screen words.

Pure: the reason comes from what the move would build and expose. Every hint carries its
claims as squares (``HintClaims``), so what its words say can be checked against the rules:
a piece "out of danger" cannot be taken at the start of the opponent's next turn, whatever
the opponent punishes first; a piece that "stays in danger" can; a piece that "cannot be
saved" can after every legal move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Action, Move, Remove
from ..engine.board import Square
from ..engine.state import KopfState

LETTERS = "abcdefghij"
Values = tuple[tuple[str, object], ...]


def name_of(square: tuple[int, int]) -> str:
    """A square in the game's notation: column a-j, then row 1-10 (row 1 at the top)."""
    row, col = square
    return f"{LETTERS[col - 1]}{row}"


def names_of(squares: frozenset[Square]) -> str:
    return ", ".join(name_of(s) for s in sorted(squares))


@dataclass(frozen=True)
class HintClaims:
    """What a hint says about the position, square by square. Own pieces are named where
    they stand before the move (the moved piece by its starting square)."""

    threatens: frozenset[Square] = frozenset()  # opponent pieces threatened right after it
    saves: frozenset[Square] = frozenset()  # own pieces in danger that the move saves
    stays: frozenset[Square] = frozenset()  # ... that stay in danger (another move saves them)
    lost: frozenset[Square] = frozenset()  # ... that no legal move can save
    safe: bool = False  # after the move, no own piece can be taken at the opponent's start


@dataclass(frozen=True)
class KopfHint:
    """The advice: an action, a reason key (``kopf_hint.<why>``) and the reason's values,
    then further sentences (``kopf_hint_more.<key>`` with values), and the claims made."""

    action: Action
    why: str
    values: Values
    more: tuple[tuple[str, Values], ...] = ()
    claims: HintClaims = field(default_factory=HintClaims)


def in_danger(state: KopfState) -> frozenset[Square]:
    """The pieces of the player to move that the opponent could take at the start of its
    next turn if nothing changed: those its pairs threaten, and those in forbidden groups."""
    me = state.to_move
    grouped = frozenset().union(*state.forbidden_groups(me))
    return state.threatened(me) | grouped


def at_risk(state: KopfState, move: Move) -> frozenset[Square]:
    """The mover's pieces (where they stand after ``move``) that the opponent may take at
    the start of its turn: by punishing (any piece of each forbidden group, its choice) or
    by the strike that follows, whichever pieces it chooses to punish."""
    me = state.to_move
    start, end = (move.from_row, move.from_col), (move.to_row, move.to_col)
    mine = (state.pieces(me) - {start}) | {end}
    taken: set[Square] = set()
    frontier = [state.apply_unchecked(move)]
    while frontier:
        s = frontier.pop()
        if s.punishing and not s.is_over():
            frontier.extend(s.apply_unchecked(a) for a in s.legal_actions())
        else:
            taken |= mine - s.pieces(me)
    return frozenset(taken)


def _moved(move: Move, square: Square) -> Square:
    start = (move.from_row, move.from_col)
    return (move.to_row, move.to_col) if square == start else square


def _sentence(key: str, squares: frozenset[Square]) -> tuple[str, Values]:
    return key, (("squares", names_of(squares)), ("count", len(squares)))


def explain(state: KopfState, action: Action) -> KopfHint:
    """Why ``action`` is good for the player to move, in one of a few plain reasons, saying
    which pieces in danger it saves and which it cannot."""
    if isinstance(action, Remove):
        return KopfHint(action, "remove", (("square", name_of((action.row, action.col))),))
    if not isinstance(action, Move):
        return KopfHint(action, "pass", ())
    start, end = (action.from_row, action.from_col), (action.to_row, action.to_col)
    move: Values = (("from", name_of(start)), ("to", name_of(end)))
    built = state.threats_after(action)[0]
    danger = in_danger(state)
    risk = at_risk(state, action)
    saves = frozenset(s for s in danger if _moved(action, s) not in risk)
    staying = danger - saves
    lost = _unsaveable(state, staying)
    stays = staying - lost
    more: list[tuple[str, Values]] = []
    if built and saves:
        more.append(_sentence("also_saves", saves))
    if stays:
        more.append(_sentence("stays", stays))
    if lost:
        more.append(_sentence("lost", lost))
    claims = HintClaims(built, saves, stays, lost)
    if built:
        values: Values = (*move, ("squares", names_of(built)), ("count", len(built)))
        return KopfHint(action, "threaten", values, tuple(more), claims)
    if saves:
        values = (*move, ("squares", names_of(saves)), ("count", len(saves)))
        return KopfHint(action, "save", values, tuple(more), claims)
    if not risk:
        return KopfHint(action, "safe", move, (), HintClaims(safe=True))
    return KopfHint(action, "best", move, tuple(more), claims)


def _unsaveable(state: KopfState, pieces: frozenset[Square]) -> frozenset[Square]:
    """Of ``pieces`` (the mover's, in danger), those in danger after every legal move."""
    left = set(pieces)
    for action in state.legal_actions():
        if not left:
            break
        if isinstance(action, Move):
            risk = at_risk(state, action)
            left = {s for s in left if _moved(action, s) in risk}
    return frozenset(left)


def kopf_hint(state: KopfState, seat: int, bot: Any) -> KopfHint:
    """The hard bot's choice for ``seat`` (the player to move), with its reason."""
    assert state.current_player == seat
    return explain(state, bot.choose(state, seat))
