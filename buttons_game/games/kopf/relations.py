"""A piece's relations in Kopf oder Knopf, as the rules define them: the pairs it is part
of and what each pair threatens (for saying a square aloud: "c7, red piece, pair with
d7 threatens e7"). Pure: it reads an engine state only.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine.board import DIRECTIONS, SIZE, Square
from .engine.state import KopfState


@dataclass(frozen=True)
class Pair:
    """A pair of one colour on neighbouring squares: ``partner`` the other piece,
    ``reach`` the sum of the holes, ``threatens`` the opponent pieces it threatens."""

    partner: Square
    reach: int
    threatens: tuple[Square, ...]


def _step(square: Square, d: tuple[int, int]) -> Square | None:
    row, col = square[0] + d[0], square[1] + d[1]
    return (row, col) if 1 <= row <= SIZE and 1 <= col <= SIZE else None


def _first_hit(state: KopfState, start: Square, d: tuple[int, int], reach: int) -> Square | None:
    """Walking from ``start`` outward along ``d``: the opponent piece met first within
    ``reach`` (an own piece or the edge ends the line)."""
    owner = state.piece_at(*start)
    spot: Square | None = start
    for _ in range(reach):
        spot = _step(spot, d) if spot is not None else None
        if spot is None:
            return None
        there = state.piece_at(*spot)
        if there is None:
            continue
        return spot if there != owner else None
    return None


def pairs_of(state: KopfState, row: int, col: int) -> tuple[Pair, ...]:
    """The pairs the piece on (row, col) is part of, each with what it threatens (in
    reading order); none for an empty square."""
    owner = state.piece_at(row, col)
    if owner is None:
        return ()
    here = (row, col)
    pairs = []
    for d in DIRECTIONS:
        partner = _step(here, d)
        if partner is None or state.piece_at(*partner) != owner:
            continue
        reach = state.holes(row, col) + state.holes(*partner)
        back = (-d[0], -d[1])
        hits = {_first_hit(state, partner, d, reach), _first_hit(state, here, back, reach)}
        threatens = tuple(sorted(hit for hit in hits if hit is not None))
        pairs.append(Pair(partner, reach, threatens))
    return tuple(sorted(pairs, key=lambda pair: pair.partner))


__all__ = ["Pair", "pairs_of"]
