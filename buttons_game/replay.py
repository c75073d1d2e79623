"""A saved game laid out for the replay viewer: the state after every action, the move
log with where each action's notes begin, and the landmarks to jump between (as the
game's kind says: the start of each round of BUTTONS, each capture of Kopf oder Knopf).

Pure: it reads engine states only. The states are rebuilt once from the game's set-up
and history through the engine's checked path; the viewer then only looks them up.

replay = Replay.of(game)             # a game of any kind, e.g. saves.read_save(path).game
replay.states[n]                     # the state after the first n actions (0: the set-up)
replay.log(n), replay.current(n)     # the log up to position n; where action n's notes begin
replay.later(n), replay.earlier(n)   # the next / previous landmark
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core.game import replay_states
from .core.kind import find_kind, kind_of
from .core.notes import Note
from .core.seats import Seat


@dataclass(frozen=True)
class Replay:
    """Every position of one game, from the set-up (position 0) to its last action."""

    kind: str  # the id of the game's kind, as ``game.kind``
    seats: tuple[Seat, ...]
    game_id: str
    actions: tuple[Any, ...]
    states: tuple[Any, ...]  # states[n]: after the first n actions
    notes: tuple[Note, ...]  # the whole move log, oldest first
    note_ends: tuple[int, ...]  # note_ends[n]: how many notes positions 0..n made
    landmarks: tuple[int, ...]  # positions to jump between, ascending, 0 and the end included
    sections: tuple[int, ...]  # per position: its round or turn (``GameKind.sections``)

    @classmethod
    def of(cls, game: Any) -> Replay:
        """Lay out ``game`` (of any registered kind). A ValueError if its history cannot be
        replayed: the game's RulesError naming a bad action, or a state built without it."""
        kind = kind_of(game)
        actions = tuple(game.state.history())
        states = replay_states(kind.first_state(game.state.setup), actions)
        notes = list(kind.opening_notes(states[0]))
        ends = [len(notes)]
        for n, action in enumerate(actions):
            notes.extend(kind.narrate(states[n], action, states[n + 1]))
            ends.append(len(notes))
        marks = {0, *kind.landmarks(actions, states), len(actions)}
        replay = cls(
            kind=kind.id,
            seats=game.seats,
            game_id=game.game_id,
            actions=actions,
            states=tuple(states),
            notes=tuple(notes),
            note_ends=tuple(ends),
            landmarks=tuple(sorted(marks)),
            sections=kind.sections(actions, states),
        )
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
        kind = find_kind(self.kind)
        assert kind is not None, "a replay is made of a registered game"
        return kind.game_at(self.seats, self.states[n], self.game_id)


__all__ = ["Replay"]
