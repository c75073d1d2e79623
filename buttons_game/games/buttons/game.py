"""A game being played: who sits in each seat, and the engine state with its history.

This is what the screens show, what save files store and what ``--seats`` builds.
It also keeps the undo stack and draws the dice from the game's own seed.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import ClassVar

from .bots import LEVELS
from .engine import (
    Action,
    Dice,
    GameState,
    IllegalActionError,
    Roll,
    Setup,
    make_setup,
    sample_dice,
)

DEFAULT_LEVEL = "medium"

# One entry per decision since the last roll: the seat that decided and the state before it.
UndoStack = tuple[tuple[int, GameState], ...]


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
    """Seats and state; equality and save files look at these and the game_id only.

    Undo takes back a human seat's own decisions (Place, Skip, PlaceStar, OptOut)
    made since the last roll, one per call, and never another seat's: it serves
    ``last_actor``, the seat that decided last, and stops at an entry of any
    other seat. The stack empties at every roll, new round and the game's end.
    """

    kind: ClassVar[str] = "buttons"

    seats: tuple[Seat, ...]
    state: GameState
    # Names the game's autosave file; kept across save and load (see saves.load_game).
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    undo_stack: UndoStack = field(default=(), compare=False, repr=False)
    last_actor: int | None = field(default=None, compare=False)

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

    @classmethod
    def replayed(
        cls,
        seats: tuple[Seat, ...],
        setup: Setup,
        actions: Iterable[Action],
        game_id: str | None = None,
    ) -> Game:
        """The game rebuilt by applying ``actions`` through ``Game.apply`` (the checked path).

        Undo then works as it did before saving. An illegal action raises
        IllegalActionError naming its index, like ``engine.replay``.
        """
        game = cls(seats, GameState(setup))
        if game_id is not None:
            game = replace(game, game_id=game_id)
        for i, action in enumerate(actions):
            try:
                game = game.apply(action)
            except IllegalActionError as error:
                raise IllegalActionError(
                    f"action {i} ({action!r}): {error}",
                    code=error.code,
                    details={**error.details, "action_index": i},
                ) from None
        return game

    def apply(self, action: Action) -> Game:
        """Apply an action through the engine's checked path and keep the undo stack."""
        before = self.state
        after = before.apply(action)
        kind = type(action)
        if kind is Dice:
            return replace(self, state=after, undo_stack=())
        # Roll and OptOut are the active seat's; Place, Skip and PlaceStar name their seat.
        actor: int = getattr(action, "player", before.active_player)
        if kind is Roll or after.round_number != before.round_number or after.is_over():
            stack: UndoStack = ()
        else:
            stack = self.undo_stack + ((actor, before),)
        return replace(self, state=after, undo_stack=stack, last_actor=actor)

    @property
    def undo_seat(self) -> int | None:
        """The seat whose decision ``undo`` would take back, or None when there is none."""
        seat = self.last_actor
        if seat is None or not self.undo_stack or not self.seats[seat].is_human:
            return None
        return seat if self.undo_stack[-1][0] == seat else None

    @property
    def can_undo(self) -> bool:
        return self.undo_seat is not None

    def undo(self) -> Game:
        """The game before ``undo_seat``'s latest decision; ValueError when there is none."""
        if self.undo_seat is None:
            raise ValueError("there is no decision of this seat to undo since the last roll")
        state = self.undo_stack[-1][1]
        return replace(self, state=state, undo_stack=self.undo_stack[:-1])

    def fork(self) -> Game:
        """The same game under a new game_id, so it gets its own autosave file."""
        return replace(self, game_id=uuid.uuid4().hex)

    def roll_dice(self) -> Dice:
        """The next roll, from the game's own randomness only.

        With a seed, roll n of the game is drawn from ``(seed, n)`` alone, so the
        same seed gives the same dice whatever the frame rate, undo or a reload;
        without one, from the operating system's randomness.
        """
        state = self.state
        if not state.is_chance_node():
            raise ValueError("the dice are rolled only after a Roll")
        seed = state.setup.seed
        if seed is None:
            return sample_dice(state, random.SystemRandom())
        rolls = sum(1 for action in state.history() if type(action) is Dice)
        return sample_dice(state, random.Random(f"buttons-dice:{seed}:{rolls}"))

    def seat_name(self, player: int) -> str:
        return self.seats[player].name
