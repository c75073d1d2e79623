"""A game being played, of any kind: its seats, its state, undo, and its own chance.

Each game subclasses ``Game`` with its rules of undo (``_stack_after``, ``_undo_entry``)
and its start (``start_state``); the rest is shared: applying an action through the
engine's checked path, rebuilding a game from a save by replay, forking a copy and
drawing chance outcomes from the game's own seed.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .errors import RulesError
from .seats import Seat

A = TypeVar("A")


class State(Protocol):
    """What the core needs of an engine state: the engine keeps the rest."""

    @property
    def setup(self) -> Any: ...
    def apply(self, action: Any) -> Any: ...
    def is_over(self) -> bool: ...
    def history(self) -> Sequence[Any]: ...


S = TypeVar("S", bound=State)
T = TypeVar("T", bound="Applies")
G = TypeVar("G", bound="Game[Any]")


class Applies(Protocol):
    """Anything an action is applied to through the checked path: a state or a game."""

    def apply(self, action: Any) -> Any: ...


UndoStack = tuple[tuple[int, Any], ...]
"""One entry per decision (or turn) that undo can go back to: the seat, the state before."""


def replay_states(first: T, actions: Iterable[Any]) -> list[T]:
    """``first`` and what each action makes of it through the checked ``apply``: a state
    per action (or a game, for a ``Game``). An illegal action raises the game's
    RulesError naming the action and its index (``details["action_index"]``)."""
    states = [first]
    for i, action in enumerate(actions):
        try:
            states.append(states[-1].apply(action))
        except RulesError as error:
            raise type(error)(
                f"action {i} ({action!r:.80}): {error}",
                code=error.code,
                details={**error.details, "action_index": i},
            ) from None
    return states


def new_game_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Game(Generic[S]):
    """Seats and state; equality and save files look at these and the game_id only."""

    kind: ClassVar[str]
    chance_key: ClassVar[str] = "chance"  # names the stream of chance outcomes
    nothing_to_undo: ClassVar[str] = "there is no decision of a person to take back"

    seats: tuple[Seat, ...]
    state: S
    # Names the game's autosave file; kept across save and load.
    game_id: str = field(default_factory=new_game_id)
    undo_stack: UndoStack = field(default=(), compare=False, repr=False)
    last_actor: int | None = field(default=None, compare=False)

    # ------------------------------------------------------------------ the game's rules
    @classmethod
    def start_state(cls, setup: Any) -> S:
        """The state a game with ``setup`` begins in."""
        raise NotImplementedError

    def actor(self, before: S, action: Any) -> int | None:
        """The seat that decided ``action`` in ``before``; None for a chance outcome."""
        raise NotImplementedError

    def _stack_after(self, before: S, action: Any, after: S, actor: int | None) -> UndoStack:
        """The undo stack once ``action`` took ``before`` to ``after``."""
        raise NotImplementedError

    def _undo_entry(self) -> int | None:
        """The index in the undo stack that ``undo`` goes back to, or None."""
        raise NotImplementedError

    def _actor_after_undo(self, stack: UndoStack) -> int | None:
        return self.last_actor

    # ------------------------------------------------------------------ shared
    @classmethod
    def replayed(
        cls: type[G],
        seats: tuple[Seat, ...],
        setup: Any,
        actions: Iterable[Any],
        game_id: str | None = None,
    ) -> G:
        """The game rebuilt by applying ``actions`` through ``apply`` (the checked path).

        Undo then works as it did before saving. An illegal action raises the game's
        RulesError naming its index.
        """
        game = cls(seats, cls.start_state(setup))
        if game_id is not None:
            game = replace(game, game_id=game_id)
        return replay_states(game, actions)[-1]

    def apply(self: G, action: Any) -> G:
        """Apply an action through the engine's checked path and keep the undo stack."""
        before = self.state
        after = before.apply(action)
        actor = self.actor(before, action)
        stack = self._stack_after(before, action, after, actor)
        last = self.last_actor if actor is None else actor
        return replace(self, state=after, undo_stack=stack, last_actor=last)

    @property
    def undo_seat(self) -> int | None:
        """The seat whose decision ``undo`` would take back, or None when there is none."""
        entry = self._undo_entry()
        return None if entry is None else int(self.undo_stack[entry][0])

    @property
    def can_undo(self) -> bool:
        return self._undo_entry() is not None

    def undo(self: G) -> G:
        """The game before ``undo_seat``'s latest decision; ValueError when there is none."""
        entry = self._undo_entry()
        if entry is None:
            raise ValueError(self.nothing_to_undo)
        stack = self.undo_stack[:entry]
        return replace(
            self,
            state=self.undo_stack[entry][1],
            undo_stack=stack,
            last_actor=self._actor_after_undo(stack),
        )

    def fork(self: G) -> G:
        """The same game under a new game_id, so it gets its own autosave file."""
        return replace(self, game_id=new_game_id())

    def seat_name(self, player: int) -> str:
        return self.seats[player].name

    def chance_rng(self, draw: int) -> random.Random:
        """The randomness of the game's ``draw``-th chance event: from ``(seed, draw)`` alone,
        so a seed gives the same game whatever the frame rate, undo or a reload; without a
        seed, from the operating system."""
        seed = getattr(self.state.setup, "seed", None)
        if seed is None:
            return random.SystemRandom()
        return random.Random(f"{self.chance_key}:{seed}:{draw}")
