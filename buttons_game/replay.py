"""A saved game laid out for the replay viewer: the state after every action, the move
log with where each action's notes begin, and the landmarks to jump between (the start
of each round of BUTTONS, each capture of Kopf oder Knopf).

Pure: it reads engine states only. The states are rebuilt once from the game's set-up
and history through the engine's checked path; the viewer then only looks them up.

replay = Replay.of(game)             # a Game or a KopfGame, e.g. saves.read_save(path).game
replay.states[n]                     # the state after the first n actions (0: the set-up)
replay.log(n), replay.current(n)     # the log up to position n; where action n's notes begin
replay.later(n), replay.earlier(n)   # the next / previous landmark
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .games.buttons import narration
from .games.buttons.engine import GameState, IllegalActionError
from .games.buttons.game import Game, Seat
from .games.buttons.narration import Note
from .games.kopf import narration as kopf_narration
from .games.kopf.engine import Move, Pass, Reason, start
from .games.kopf.game import KopfGame


@dataclass(frozen=True)
class Replay:
    """Every position of one game, from the set-up (position 0) to its last action."""

    kind: str  # "buttons" or "kopf", as Game.kind / KopfGame.kind
    seats: tuple[Seat, ...]
    game_id: str
    actions: tuple[Any, ...]
    states: tuple[Any, ...]  # states[n]: after the first n actions
    notes: tuple[Note, ...]  # the whole move log, oldest first
    note_ends: tuple[int, ...]  # note_ends[n]: how many notes positions 0..n made
    landmarks: tuple[int, ...]  # positions to jump between, ascending, 0 and the end included
    sections: tuple[int, ...]  # per position: the round (BUTTONS) or the turn (Kopf oder Knopf)

    @classmethod
    def of(cls, game: Any) -> Replay:
        """Lay out ``game`` (a Game or a KopfGame). A ValueError if its history cannot be
        replayed: IllegalActionError naming a bad action, or a state built without it."""
        replay = _kopf(game) if game.kind == KopfGame.kind else _buttons(game)
        if replay.states[-1] != game.state:
            raise ValueError("this state was built without its history and cannot be replayed")
        return replay

    @property
    def last(self) -> int:
        """The final position: every action applied."""
        return len(self.actions)

    def log(self, n: int) -> list[Note]:
        """The move log at position ``n``: the notes of the first ``n`` actions."""
        return list(self.notes[: self.note_ends[n]])

    def current(self, n: int) -> int:
        """The index in the log of the first note of the action that led to position ``n``
        (equal to ``len(log(n))`` when that action said nothing, as a roll before its dice)."""
        return self.note_ends[n - 1] if n > 0 else self.note_ends[0]

    def later(self, n: int) -> int:
        """The first landmark after position ``n`` (the end, when there is none)."""
        return next((mark for mark in self.landmarks if mark > n), self.last)

    def earlier(self, n: int) -> int:
        """The last landmark before position ``n`` (the set-up, when there is none)."""
        return next((mark for mark in reversed(self.landmarks) if mark < n), 0)

    def game_at(self, n: int) -> Any:
        """The game at position ``n``, seats and state, as the tables' models read it."""
        if self.kind == KopfGame.kind:
            return KopfGame((self.seats[0], self.seats[1]), self.states[n], self.game_id)
        return Game(self.seats, self.states[n], self.game_id)


def _replayed(
    first: Any, actions: Sequence[Any], narrate: Callable[[Any, Any, Any], tuple[Note, ...]]
) -> tuple[list[Any], list[Note], list[int]]:
    """Every state from ``first`` on through the checked ``apply``, the notes each action
    made, and the count of notes so far at each position."""
    states = [first]
    notes: list[Note] = []
    ends = []
    for i, action in enumerate(actions):
        before = states[-1]
        try:
            after = before.apply(action)
        except IllegalActionError as error:
            raise IllegalActionError(
                f"action {i} ({action!r:.80}): {error}",
                code=error.code,
                details={**error.details, "action_index": i},
            ) from None
        notes.extend(narrate(before, action, after))
        ends.append(len(notes))
        states.append(after)
    return states, notes, ends


def _buttons(game: Game) -> Replay:
    actions = tuple(game.state.history())
    states, notes, ends = _replayed(GameState(game.state.setup), actions, narration.narrate)
    rounds = tuple(state.round_number for state in states)
    starts = [n for n in range(1, len(states)) if rounds[n] > rounds[n - 1]]
    return Replay(
        kind=Game.kind,
        seats=game.seats,
        game_id=game.game_id,
        actions=actions,
        states=tuple(states),
        notes=tuple(notes),
        note_ends=(0, *ends),
        landmarks=_landmarks(starts, len(actions)),
        sections=rounds,
    )


def _kopf(game: KopfGame) -> Replay:
    actions = tuple(game.state.history())
    first = start(game.state.setup)
    opening = list(kopf_narration.narrate_start(first))
    states, notes, ends = _replayed(first, actions, kopf_narration.narrate)
    notes = opening + notes
    ends = [len(opening) + end for end in ends]
    taken = [state.captured(0) + state.captured(1) for state in states]
    captures = [n for n in range(1, len(states)) if taken[n] > taken[n - 1]]
    turns = []
    moves = 0
    for n, state in enumerate(states):
        if n and type(actions[n - 1]) in (Move, Pass):
            moves += 1
        outcome = state.outcome()
        drawn = outcome is not None and outcome.reason is Reason.NO_CAPTURES
        turns.append(moves + (0 if drawn else 1))  # as KopfGame.turn_number counts
    return Replay(
        kind=KopfGame.kind,
        seats=game.seats,
        game_id=game.game_id,
        actions=actions,
        states=tuple(states),
        notes=tuple(notes),
        note_ends=(len(opening), *ends),
        landmarks=_landmarks(captures, len(actions)),
        sections=tuple(turns),
    )


def _landmarks(marks: list[int], last: int) -> tuple[int, ...]:
    return tuple(sorted({0, *marks, last}))


__all__ = ["Replay"]
