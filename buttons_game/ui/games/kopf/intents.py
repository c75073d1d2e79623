"""What a player means at the Kopf oder Knopf table, whatever key or click said it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Union

import pygame

from ..buttons.intents import Hint, Menu, MoveCursor, Point, Proceed, ScrollLog, Undo


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


@dataclass(frozen=True)
class ShowMe:
    """A lesson: play its solution, move by move."""


@dataclass(frozen=True)
class Restart:
    """A lesson: back to its start."""


@dataclass(frozen=True)
class NextLesson:
    """A lesson solved: on to the next one (after the last, back to the menu)."""


Intent = Union[
    Square, Cancel, ToggleThreats, Hint, Menu, MoveCursor, Point, Proceed, ScrollLog, Undo
]
LessonIntent = Union[Intent, ShowMe, Restart, NextLesson]

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


LESSON_KEYS: dict[int, LessonIntent] = {
    pygame.K_s: ShowMe(),
    pygame.K_r: Restart(),
    pygame.K_n: NextLesson(),
}


def lesson_intent_for(
    event: pygame.event.Event,
    square_at: Callable[[tuple[int, int]], tuple[int, int] | None],
    choosing: bool,
) -> LessonIntent | None:
    """As at the table, with S, R and N for the lesson; a lesson has no undo and no hint."""
    if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        if event.key in LESSON_KEYS:
            return LESSON_KEYS[event.key]
    intent = intent_for(event, square_at, choosing)
    return None if isinstance(intent, (Hint, Undo)) else intent


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
