"""Kopf oder Knopf's actions: small frozen, hashable values with a repr you can paste back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True, slots=True)
class Move:
    """Move the own piece on (from_row, from_col) in a straight line to (to_row, to_col)."""

    from_row: int
    from_col: int
    to_row: int
    to_col: int


@dataclass(frozen=True, slots=True)
class Remove:
    """Punish: take the opponent's piece on (row, col) out of one of its forbidden groups."""

    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Pass:
    """No own piece can move: the turn passes."""


Action = Union[Move, Remove, Pass]
PASS = Pass()
