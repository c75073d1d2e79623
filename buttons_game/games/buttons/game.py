"""A game of BUTTONS being played: who sits in each seat, and the engine state with its
history.

This is what the screens show, what save files store and what ``--seats`` builds.
It keeps the undo stack and draws the dice from the game's own seed.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from typing import Any, ClassVar

from buttons_game.core.game import Game as CoreGame
from buttons_game.core.game import UndoStack
from buttons_game.core.seats import Seat

from .engine import Dice, GameState, Roll, Setup, make_setup, sample_dice

DEFAULT_LEVEL = "medium"


@dataclass(frozen=True)
class Game(CoreGame[GameState]):
    """Seats and state; equality and save files look at these and the game_id only.

    Undo takes back a human seat's own decisions (Place, Skip, PlaceStar, OptOut)
    made since the last roll, one per call, and never another seat's: it serves
    ``last_actor``, the seat that decided last, and stops at an entry of any
    other seat. The stack empties at every roll, new round and the game's end.
    """

    kind: ClassVar[str] = "buttons"
    chance_key: ClassVar[str] = "buttons-dice"
    nothing_to_undo: ClassVar[str] = "there is no decision of this seat to undo since the last roll"

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
    def start_state(cls, setup: Setup) -> GameState:
        return GameState(setup)

    def actor(self, before: GameState, action: Any) -> int | None:
        # Roll and OptOut are the active seat's; Place, Skip and PlaceStar name their seat;
        # the dice are chance: nobody decided them.
        if type(action) is Dice:
            return None
        return int(getattr(action, "player", before.active_player))

    def _stack_after(
        self, before: GameState, action: Any, after: GameState, actor: int | None
    ) -> UndoStack:
        if actor is None or type(action) is Roll:
            return ()
        if after.round_number != before.round_number or after.is_over():
            return ()
        return self.undo_stack + ((actor, before),)

    def _undo_entry(self, people: Container[int]) -> int | None:
        seat = self.last_actor
        if seat is None or not self.undo_stack or seat not in people:
            return None
        return len(self.undo_stack) - 1 if self.undo_stack[-1][0] == seat else None

    def roll_dice(self) -> Dice:
        """The next roll, from the game's own randomness only.

        With a seed, roll n of the game is drawn from ``(seed, n)`` alone, so the
        same seed gives the same dice whatever the frame rate, undo or a reload;
        without one, from the operating system's randomness.
        """
        state = self.state
        if not state.is_chance_node():
            raise ValueError("the dice are rolled only after a Roll")
        rolls = sum(1 for action in state.history() if type(action) is Dice)
        return sample_dice(state, self.chance_rng(rolls))


__all__ = ["DEFAULT_LEVEL", "Game", "Seat"]
