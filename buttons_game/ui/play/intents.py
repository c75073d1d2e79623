"""What a player means at any table, whatever the key, click or button that said it.

These intents are the same for every game; a game's own (BUTTONS' Roll, Kopf oder
Knopf's Square ...) stand beside them in ``ui/games/<game>/intents.py``, which also
gives its keys on top of ``KEYS`` and what a click on its board means.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Union

import pygame


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
    """The mouse moved: what it is over (tooltips, the hover ghost); ``space`` is the
    game's own name of a place on its board, or None."""

    pos: tuple[int, int]
    space: tuple[int, ...] | None


@dataclass(frozen=True)
class ShowMe:
    """A tutorial: the game does the step (or the lesson's solution) for the player."""


@dataclass(frozen=True)
class Restart:
    """A tutorial: the step (or the lesson) again from its start."""


@dataclass(frozen=True)
class NextLesson:
    """A tutorial: on to the next lesson, once this one is done."""


@dataclass(frozen=True)
class Ask:
    """A question key of speech: ``what`` is asked ("where", "moves", "board", "log" or a
    game's own); ``shifted`` with Shift (the board: only the cursor's row)."""

    what: str
    shifted: bool = False


SharedIntent = Union[
    Undo, Hint, Menu, Proceed, MoveCursor, ScrollLog, Point, ShowMe, Restart, NextLesson, Ask
]

KEYS: dict[int, Any] = {
    pygame.K_u: Undo(),
    pygame.K_h: Hint(),
    pygame.K_RETURN: Proceed(),
    pygame.K_KP_ENTER: Proceed(),
    pygame.K_SPACE: Proceed(),
    pygame.K_UP: MoveCursor(-1, 0),
    pygame.K_DOWN: MoveCursor(1, 0),
    pygame.K_LEFT: MoveCursor(0, -1),
    pygame.K_RIGHT: MoveCursor(0, 1),
    pygame.K_PAGEUP: ScrollLog(5),
    pygame.K_PAGEDOWN: ScrollLog(-5),
    pygame.K_w: Ask("where"),  # speech's question keys: where am I and whose turn
    pygame.K_l: Ask("moves"),  # ... my legal moves, counted and listed
    pygame.K_b: Ask("board"),  # ... my board (Shift: the cursor's row)
    pygame.K_v: Ask("log"),  # ... the move log, further back on each press
}
"""The keys of every table (a game adds its own)."""

TUTORIAL_KEYS: dict[int, Any] = {
    pygame.K_h: ShowMe(),
    pygame.K_u: Restart(),
    pygame.K_n: NextLesson(),
}
"""The keys of every tutorial, in place of Hint and Undo: H show me, U restart, N next."""


def intent_for(
    event: pygame.event.Event,
    keys: Mapping[int, Any],
    space_at: Callable[[tuple[int, int]], tuple[int, ...] | None],
    click: Callable[[int, tuple[int, ...] | None], Any],
    escape: Any = None,
) -> Any:
    """The intent of a key, a click, a wheel turn or a mouse move at a table.

    ``keys``: the table's keys; ``space_at``: the board place under a point;
    ``click``: what a press of a mouse button on a place means (or None); ``escape``:
    what Esc means now (the menu unless the game says otherwise).
    """
    if event.type == pygame.KEYDOWN:
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return None
        if event.key == pygame.K_ESCAPE:
            return Menu() if escape is None else escape
        intent = keys.get(event.key)
        if isinstance(intent, Ask) and event.mod & pygame.KMOD_SHIFT:
            return Ask(intent.what, shifted=True)
        return intent
    if event.type == pygame.MOUSEMOTION:
        return Point(event.pos, space_at(event.pos))
    if event.type == pygame.MOUSEBUTTONDOWN:
        return click(event.button, space_at(event.pos))
    if event.type == pygame.MOUSEWHEEL:
        return ScrollLog(event.y)  # the log is a table's only scrolling part
    return None


__all__ = [  # what a game's intents module takes in with ``import *``: the intents
    "Ask",
    "Hint",
    "Menu",
    "MoveCursor",
    "NextLesson",
    "Point",
    "Proceed",
    "Restart",
    "ScrollLog",
    "SharedIntent",
    "ShowMe",
    "Undo",
]
