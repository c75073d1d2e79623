"""What a player means at the Kopf oder Knopf table: its own intents beside the shared ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Union

import pygame

from buttons_game.ui.play import intents as shared
from buttons_game.ui.play.intents import *  # noqa: F403 (the shared intents, too)


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


Intent = Union[Square, Cancel, ToggleThreats, shared.SharedIntent]
LessonIntent = Intent  # a lesson's intents are the table's, with the tutorial keys

KEYS: dict[int, Intent] = {
    **shared.KEYS,
    pygame.K_t: ToggleThreats(),
    pygame.K_BACKSPACE: Cancel(),
    pygame.K_i: shared.Ask("mine"),  # speech's question keys: my pieces
    pygame.K_d: shared.Ask("danger"),  # ... my pieces in danger
    pygame.K_e: shared.Ask("reach"),  # ... the opponent's pieces in reach
    pygame.K_g: shared.Ask("groups"),  # ... the groups of three
    pygame.K_a: shared.Ask("other"),  # ... the opponent's pieces
    pygame.K_c: shared.Ask("score"),  # ... the captures
}
LESSON_KEYS: dict[int, LessonIntent] = {**KEYS, **shared.TUTORIAL_KEYS}
"""A lesson: as at the table, with the tutorial keys (H show me, U restart, N next)."""


def _click(button: int, square: Any) -> Intent | None:
    if button == 3:
        return Cancel()
    return Square(*square) if button == 1 and square else None


def intent_for(
    event: pygame.event.Event,
    square_at: Callable[[tuple[int, int]], tuple[int, int] | None],
    choosing: bool,
    lesson: bool = False,
) -> LessonIntent | None:
    """The intent of a key, a click, a wheel turn or a mouse move; ``choosing`` when a piece
    is picked up (then Esc puts it down instead of opening the menu)."""
    keys = LESSON_KEYS if lesson else KEYS
    escape = Cancel() if choosing else None
    return shared.intent_for(event, keys, square_at, _click, escape)  # type: ignore[no-any-return]


__all__ = ["Cancel", "Intent", "LessonIntent", "Square", "ToggleThreats", "intent_for"]
