"""A game of Kopf oder Knopf being played: who sits in each seat, the state, and undo.

Seat 0 plays red, seat 1 blue. This is what the screens show and save files store,
like ``buttons_game.games.buttons.game.Game`` for BUTTONS.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import ClassVar

from buttons_game.games.buttons.game import Seat

from .engine.actions import Action, Move, Pass
from .engine.state import IllegalActionError, KopfState, Reason, Setup, make_setup, start

# One entry per turn begun: the seat whose turn it is and the state at its start (after
# the automatic strike: where that seat had to decide).
UndoStack = tuple[tuple[int, KopfState], ...]


@dataclass(frozen=True)
class KopfGame:
    """Seats and state; equality and save files look at these and the game_id only.

    Undo goes back a whole turn (its removals and its move or pass), to the moment the
    seat had to decide. It serves the human seat whose turn ended last while the
    opponent has not acted since; against a bot, that seat's turn and the bot's reply
    (all or what is made of it) go together. A human in the middle of punishing takes
    back the removals of the turn so far. Nothing is undone once the game is over, nor
    past its start.
    """

    kind: ClassVar[str] = "kopf"

    seats: tuple[Seat, Seat]
    state: KopfState
    # Names the game's autosave file; kept across save and load (see saves.load_game).
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    undo_stack: UndoStack = field(default=(), compare=False, repr=False)
    last_actor: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if len(self.seats) != 2:
            raise ValueError(f"Kopf oder Knopf is for 2 seats, not {len(self.seats)}")

    @classmethod
    def new(cls, seats: tuple[Seat, Seat], *, target: int = 10) -> KopfGame:
        """A new game on the shipped board: red (seat 0) starts; ``target`` 10, or 8 short."""
        return cls(seats, start(make_setup(target=target)))

    @classmethod
    def replayed(
        cls,
        seats: tuple[Seat, Seat],
        setup: Setup,
        actions: Iterable[Action],
        game_id: str | None = None,
    ) -> KopfGame:
        """The game rebuilt by applying ``actions`` through ``apply`` (the checked path).

        Undo then works as it did before saving. An illegal action raises
        IllegalActionError naming its index, like ``kopf_oder_knopf.replay``.
        """
        game = cls(seats, start(setup))
        if game_id is not None:
            game = replace(game, game_id=game_id)
        for i, action in enumerate(actions):
            try:
                game = game.apply(action)
            except IllegalActionError as error:
                raise IllegalActionError(
                    f"action {i} ({action!r:.80}): {error}",
                    code=error.code,
                    details={**error.details, "action_index": i},
                ) from None
        return game

    def apply(self, action: Action) -> KopfGame:
        """Apply an action through the engine's checked path and keep the undo stack."""
        before = self.state
        after = before.apply(action)
        actor = before.to_move
        if after.is_over():
            stack: UndoStack = ()
        elif self.undo_stack and self.undo_stack[-1][0] == actor:
            stack = self.undo_stack  # the same turn goes on (turns alternate)
        else:
            stack = self.undo_stack + ((actor, before),)
        return replace(self, state=after, undo_stack=stack, last_actor=actor)

    def _undo_entry(self) -> int | None:
        """The index in the undo stack of the turn ``undo`` goes back to, or None."""
        stack = self.undo_stack
        if not stack or self.state.is_over():
            return None
        last = len(stack) - 1
        if self.seats[stack[last][0]].is_human:
            return last
        # A bot's turn, finished or begun: it goes with the human turn it answered.
        if last >= 1 and self.seats[stack[last - 1][0]].is_human:
            return last - 1
        return None

    @property
    def undo_seat(self) -> int | None:
        """The seat whose turn ``undo`` would take back, or None when there is none."""
        entry = self._undo_entry()
        return None if entry is None else self.undo_stack[entry][0]

    @property
    def can_undo(self) -> bool:
        return self._undo_entry() is not None

    def undo(self) -> KopfGame:
        """The game at the start of ``undo_seat``'s latest turn; ValueError when there is none."""
        entry = self._undo_entry()
        if entry is None:
            raise ValueError("there is no turn of a person to take back")
        stack = self.undo_stack[:entry]
        last_actor = stack[-1][0] if stack else None
        return replace(
            self, state=self.undo_stack[entry][1], undo_stack=stack, last_actor=last_actor
        )

    def fork(self) -> KopfGame:
        """The same game under a new game_id, so it gets its own autosave file."""
        return replace(self, game_id=uuid.uuid4().hex)

    @property
    def turn_number(self) -> int:
        """The turn being played, from 1; when over, the last turn (a win comes during a
        turn, at its start; the draw right after a move)."""
        turns = sum(1 for action in self.state.history() if type(action) in (Move, Pass))
        outcome = self.state.outcome()
        return turns + (0 if outcome is not None and outcome.reason is Reason.NO_CAPTURES else 1)

    def seat_name(self, player: int) -> str:
        return self.seats[player].name
