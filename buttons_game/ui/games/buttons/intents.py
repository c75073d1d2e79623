"""What a player means at the BUTTONS table: its own intents beside the shared ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

import pygame

from buttons_game.ui.play import intents as shared
from buttons_game.ui.play.intents import *  # noqa: F403 (the shared intents, too)

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


Intent = Union[Roll, OptOut, Gold, Space, Column, shared.SharedIntent]

KEYS: dict[int, Intent] = {
    **shared.KEYS,
    pygame.K_r: Roll(),
    pygame.K_o: OptOut(),
    pygame.K_p: Gold(place=True),
    pygame.K_s: Gold(place=False),
    pygame.K_a: shared.Ask("other"),  # speech's question keys: another player's board
    pygame.K_d: shared.Ask("dice"),  # ... the dice in hand and the depots
    pygame.K_c: shared.Ask("score"),  # ... the stars and the score
}
KEYS.update({pygame.K_1 + i: Column(i + 1) for i in range(6)})
KEYS.update({pygame.K_KP1 + i: Column(i + 1) for i in range(6)})
TUTORIAL_KEYS: dict[int, Intent] = {**KEYS, **shared.TUTORIAL_KEYS}


def _click(button: int, space: Any) -> Intent | None:
    return Space(*space) if button == 1 and space else None


def intent_for(
    event: pygame.event.Event, layout: TableLayout, tutorial: bool = False
) -> Intent | None:
    """The intent of a key, a click, a wheel turn or a mouse move at the table (in the
    tutorial, H shows the step and U starts it again)."""
    keys = TUTORIAL_KEYS if tutorial else KEYS
    return shared.intent_for(event, keys, layout.space_at, _click)  # type: ignore[no-any-return]
