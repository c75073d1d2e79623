"""Actions: small frozen, hashable values with a repr you can paste back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True, slots=True)
class Roll:
    """The active player rolls all dice in front of them."""


@dataclass(frozen=True, slots=True)
class OptOut:
    """The active player leaves the round, putting a plain black die in their depot."""


@dataclass(frozen=True, slots=True)
class Place:
    """``player`` places a button on (row, col) of their own board."""

    player: int
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Skip:
    """``player`` declines the optional placement on the gold space."""

    player: int


@dataclass(frozen=True, slots=True)
class PlaceStar:
    """``player`` puts one earned star on (row, col), a space holding their button."""

    player: int
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Dice:
    """A chance outcome: the white die, the gold black die and the plain black dice.

    The order of ``plain`` carries no meaning; it is kept sorted so equal rolls
    compare and hash equal.
    """

    white: int
    gold: int
    plain: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "plain", tuple(sorted(self.plain)))


Action = Union[Roll, OptOut, Place, Skip, PlaceStar, Dice]

ROLL = Roll()
OPT_OUT = OptOut()

# Every Place, Skip and PlaceStar a game can need, made once: legal_actions hands
# out these shared values instead of building new ones on every call.
PLACES = tuple(tuple(tuple(Place(p, r, c) for c in range(7)) for r in range(7)) for p in range(4))
STARS = tuple(
    tuple(tuple(PlaceStar(p, r, c) for c in range(7)) for r in range(7)) for p in range(4)
)
SKIPS = tuple(Skip(p) for p in range(4))
