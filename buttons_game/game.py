"""A game being played: who sits in each seat, and the engine state with its history.

This is what the screens show, what save files store and what ``--seats`` builds.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace

from buttons_game.bots import LEVELS
from buttons_game.engine import Action, GameState, make_setup

DEFAULT_LEVEL = "medium"


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a name, and a bot level or None for a person."""

    name: str
    bot: str | None = None

    def __post_init__(self) -> None:
        if self.bot is not None and self.bot not in LEVELS:
            raise ValueError(f"unknown bot level {self.bot!r}: levels are {', '.join(LEVELS)}")

    @property
    def is_human(self) -> bool:
        return self.bot is None


@dataclass(frozen=True)
class Game:
    seats: tuple[Seat, ...]
    state: GameState
    # Names the game's autosave file; kept across save and load.
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)

    def __post_init__(self) -> None:
        if len(self.seats) != self.state.players:
            raise ValueError(f"{len(self.seats)} seats for a {self.state.players}-player game")

    @classmethod
    def new(
        cls,
        seats: tuple[Seat, ...],
        *,
        layouts: object = None,
        cards: object = None,
        seed: int | None = None,
    ) -> Game:
        setup = make_setup(len(seats), layouts=layouts, cards=cards, seed=seed)
        return cls(seats, GameState(setup))

    def apply(self, action: Action) -> Game:
        """Apply an action through the engine's checked path."""
        return replace(self, state=self.state.apply(action))

    def seat_name(self, player: int) -> str:
        return self.seats[player].name
