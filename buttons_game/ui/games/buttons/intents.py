"""What a player means at the table, whatever the key, click or button that said it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

import pygame

if TYPE_CHECKING:
    from .view import TableLayout


@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class OptOut:
    pass


@dataclass(frozen=True)
class Gold:
    """Place on or skip the gold space: for ``seat``, or the first person deciding if None."""

    place: bool
    seat: int | None = None


@dataclass(frozen=True)
class Space:
    """A board space chosen with the mouse or at the keyboard cursor."""

    seat: int
    row: int
    col: int


@dataclass(frozen=True)
class Column:
    """A number key: the rolling player's column in the white die's row."""

    col: int


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Hint:
    pass


@dataclass(frozen=True)
class Menu:
    pass


@dataclass(frozen=True)
class Proceed:
    """Enter or Space with no button focused: put the cursor on the board, or use it."""


@dataclass(frozen=True)
class MoveCursor:
    drow: int
    dcol: int


@dataclass(frozen=True)
class ScrollLog:
    lines: int  # positive: further back in time


@dataclass(frozen=True)
class Point:
    """The mouse moved: what it is over (tooltips, the hover ghost)."""

    pos: tuple[int, int]
    space: tuple[int, int, int] | None


Intent = Union[
    Roll, OptOut, Gold, Space, Column, Undo, Hint, Menu, Proceed, MoveCursor, ScrollLog, Point
]

KEYS: dict[int, Intent] = {
    pygame.K_r: Roll(),
    pygame.K_o: OptOut(),
    pygame.K_p: Gold(place=True),
    pygame.K_s: Gold(place=False),
    pygame.K_u: Undo(),
    pygame.K_h: Hint(),
    pygame.K_ESCAPE: Menu(),
    pygame.K_RETURN: Proceed(),
    pygame.K_KP_ENTER: Proceed(),
    pygame.K_SPACE: Proceed(),
    pygame.K_UP: MoveCursor(-1, 0),
    pygame.K_DOWN: MoveCursor(1, 0),
    pygame.K_LEFT: MoveCursor(0, -1),
    pygame.K_RIGHT: MoveCursor(0, 1),
    pygame.K_PAGEUP: ScrollLog(5),
    pygame.K_PAGEDOWN: ScrollLog(-5),
}
KEYS.update({pygame.K_1 + i: Column(i + 1) for i in range(6)})
KEYS.update({pygame.K_KP1 + i: Column(i + 1) for i in range(6)})


def intent_for(event: pygame.event.Event, layout: TableLayout) -> Intent | None:
    """The intent of a key, a click, a wheel turn or a mouse move at the table."""
    if event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return None
    if event.type == pygame.KEYDOWN:
        return KEYS.get(event.key)
    if event.type == pygame.MOUSEMOTION:
        return Point(event.pos, layout.space_at(event.pos))
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        space = layout.space_at(event.pos)
        return Space(*space) if space else None
    if event.type == pygame.MOUSEWHEEL:
        return ScrollLog(event.y)  # the log is the table's only scrolling part
    return None
