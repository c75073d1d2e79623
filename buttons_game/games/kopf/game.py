"""A game of Kopf oder Knopf being played: who sits in each seat, the state, and undo.

Seat 0 plays red, seat 1 blue. This is what the screens show and save files store,
like ``buttons_game.games.buttons.game.Game`` for BUTTONS.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from typing import Any, ClassVar

from buttons_game.core.game import Game
from buttons_game.core.game import UndoStack as UndoStack
from buttons_game.core.seats import Seat

from .engine.actions import Move, Pass
from .engine.state import KopfState, Reason, Setup, make_setup, start


@dataclass(frozen=True)
class KopfGame(Game[KopfState]):
    """Seats and state; equality and save files look at these and the game_id only.

    Undo goes back a whole turn (its removals and its move or pass), to the moment the
    seat had to decide. It serves the human seat whose turn ended last while the
    opponent has not acted since; against a bot, that seat's turn and the bot's reply
    (all or what is made of it) go together. A human in the middle of punishing takes
    back the removals of the turn so far. Nothing is undone once the game is over, nor
    past its start.
    """

    kind: ClassVar[str] = "kopf"
    nothing_to_undo: ClassVar[str] = "there is no turn of a person to take back"

    def __post_init__(self) -> None:
        if len(self.seats) != 2:
            raise ValueError(f"Kopf oder Knopf is for 2 seats, not {len(self.seats)}")

    @classmethod
    def new(cls, seats: tuple[Seat, Seat], *, target: int = 10) -> KopfGame:
        """A new game on the shipped board: red (seat 0) starts; ``target`` 10, or 8 short."""
        return cls(seats, start(make_setup(target=target)))

    @classmethod
    def start_state(cls, setup: Setup) -> KopfState:
        return start(setup)

    def actor(self, before: KopfState, action: Any) -> int:
        return before.to_move

    def _stack_after(
        self, before: KopfState, action: Any, after: KopfState, actor: int | None
    ) -> UndoStack:
        # One entry per turn begun: the seat whose turn it is and the state at its start
        # (after the automatic strike: where that seat had to decide).
        if after.is_over():
            return ()
        if self.undo_stack and self.undo_stack[-1][0] == actor:
            return self.undo_stack  # the same turn goes on (turns alternate)
        assert actor is not None
        return self.undo_stack + ((actor, before),)

    def _undo_entry(self, people: Container[int]) -> int | None:
        stack = self.undo_stack
        if not stack or self.state.is_over():
            return None
        last = len(stack) - 1
        if stack[last][0] in people:
            return last
        # A bot's turn, finished or begun: it goes with the human turn it answered.
        if last >= 1 and stack[last - 1][0] in people:
            return last - 1
        return None

    def _actor_after_undo(self, stack: UndoStack) -> int | None:
        return int(stack[-1][0]) if stack else None

    @property
    def turn_number(self) -> int:
        """The turn being played, from 1; when over, the last turn (a win comes during a
        turn, at its start; the draw right after a move)."""
        turns = sum(1 for action in self.state.history() if type(action) in (Move, Pass))
        outcome = self.state.outcome()
        return turns + (0 if outcome is not None and outcome.reason is Reason.NO_CAPTURES else 1)
