"""What a player means at the Kopf oder Knopf table, whatever key or click said it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Union

import pygame

from ..table.intents import Hint, Menu, MoveCursor, Point, Proceed, ScrollLog, Undo


@dataclass(frozen=True)
class Square:
    """A board square clicked, or chosen at the keyboard cursor."""

    row: int
    col: int


@dataclass(frozen=True)
class Cancel:
    """Put the chosen piece back down (right click, Backspace, or Esc while choosing)."""


@dataclass(frozen=True)
class ToggleThreats:
    """Show or hide the pairs' lines and the pieces in danger."""


Intent = Union[
    Square, Cancel, ToggleThreats, Hint, Menu, MoveCursor, Point, Proceed, ScrollLog, Undo
]

KEYS: dict[int, Intent] = {
    pygame.K_u: Undo(),
    pygame.K_h: Hint(),
    pygame.K_t: ToggleThreats(),
    pygame.K_BACKSPACE: Cancel(),
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


def intent_for(
    event: pygame.event.Event,
    square_at: Callable[[tuple[int, int]], tuple[int, int] | None],
    choosing: bool,
) -> Intent | None:
    """The intent of a key, a click, a wheel turn or a mouse move; ``choosing`` when a piece
    is picked up (then Esc puts it down instead of opening the menu)."""
    if event.type == pygame.KEYDOWN:
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return None
        if event.key == pygame.K_ESCAPE:
            return Cancel() if choosing else Menu()
        return KEYS.get(event.key)
    if event.type == pygame.MOUSEMOTION:
        spot = square_at(event.pos)
        return Point(event.pos, (0, *spot) if spot else None)
    if event.type == pygame.MOUSEBUTTONDOWN:
        if event.button == 3:
            return Cancel()
        spot = square_at(event.pos)
        return Square(*spot) if event.button == 1 and spot else None
    if event.type == pygame.MOUSEWHEEL:
        return ScrollLog(event.y)
    return None
